package validate

import (
	"github.com/jsonheal/jsonheal/scanner"
)

// This file is the document reader: the scanner, run strictly (no repairs),
// checks the bytes as they come and says where the top-level value and the
// items of a streamed root array begin and end. Every byte a Stream is
// given, and every byte of a root array in Validate, goes through the
// scanner exactly once, whatever the chunking. Validate reads any other
// document straight into the tape, which checks its syntax (ReadStrict),
// and comes here only for one the tape refuses, to report the error.

// reader is the syntax side of one validation: the scanner and what it has
// told so far.
type reader struct {
	sc      scanner.Scanner
	started bool  // the top-level value began
	ended   bool  // the top-level value ended
	start   int64 // absolute offset of the top-level value
	end     int64 // absolute offset just past it (when ended)
	err     *DocumentError
}

func (r *reader) reset() {
	r.sc.Reset(MaxDepth)
	r.started, r.ended, r.start, r.end, r.err = false, false, 0, 0, nil
}

// feed runs the scanner over b, which begins at absolute offset base, and
// returns how many bytes it consumed: all of them, unless stopAtStart is
// set and the top-level value began (then it stops just after the event), or
// an error was found (r.err).
func (r *reader) feed(b []byte, stopAtStart bool) int {
	i := 0
	for i < len(b) && r.err == nil {
		n, ev := r.sc.Next(b[i:])
		i += n
		if r.event(ev) && stopAtStart {
			return i
		}
	}
	for r.err == nil && r.sc.HasPending() {
		_, ev := r.sc.Next(nil)
		r.event(ev)
	}
	return i
}

// finish tells the scanner the input is over and records what that
// decides: a top-level scalar confirmed, a value left open, or no value.
func (r *reader) finish() {
	for r.err == nil {
		ev := r.sc.End()
		if ev == scanner.EOF {
			break
		}
		if ev == scanner.Truncated {
			r.err = syntaxErr64(r.sc.EventOffset(), "unexpected end of input")
			return
		}
		r.event(ev)
	}
	if r.err == nil && !r.started {
		r.err = syntaxErr64(r.sc.Offset(), "unexpected end of input")
	}
}

// event records one scanner event; it reports whether the top-level value
// began with it.
func (r *reader) event(ev scanner.Event) bool {
	off := r.sc.EventOffset()
	switch ev {
	case scanner.None:
	case scanner.ValueStart:
		if r.started {
			r.err = syntaxErr64(off, "data after the value")
			return false
		}
		r.started, r.start = true, off
		return true
	case scanner.ValueEnd:
		r.ended, r.end = true, off
	case scanner.Error:
		se := r.sc.Err()
		if se.Err == scanner.ErrDepth {
			r.err = depthError(se.Offset)
			break
		}
		r.err = &DocumentError{Offset: se.Offset, Err: ErrNotJSON, Msg: se.Message()}
	case scanner.ControlChar:
		r.err = syntaxErr64(off, "control character in string")
	case scanner.InvalidUTF8:
		r.err = syntaxErr64(off, "invalid UTF-8")
	case scanner.InvalidEscape:
		r.err = syntaxErr64(off, "invalid escape")
	case scanner.Prose, scanner.Fence:
		if r.started {
			r.err = syntaxErr64(off, "data after the value")
		} else {
			r.err = syntaxErr64(off, "unexpected character")
		}
	default:
		r.err = syntaxErr64(off, "unexpected "+ev.String())
	}
	return false
}

// depthError is the error of a document nested deeper than MaxDepth, the
// opener of level MaxDepth+1 at offset off: the same whichever reader
// found it (the scanner, or the tape in ValidateJSON).
func depthError(off int64) *DocumentError {
	return &DocumentError{Offset: off, Err: ErrDepth, Msg: "more than " + itoa(MaxDepth) + " levels"}
}

func syntaxErr64(off int64, msg string) *DocumentError {
	return &DocumentError{Offset: off, Err: ErrNotJSON, Msg: msg}
}

// nextCloser returns the index of the first '}' or ']' at or after i, or
// len(b).
func nextCloser(b []byte, i int) int {
	for ; i < len(b); i++ {
		if c := b[i]; c == '}' || c == ']' {
			return i
		}
	}
	return len(b)
}

// checkJSON verifies that b is exactly one JSON value (RFC 8259: strict
// numbers, escapes and UTF-8, no control bytes in strings) nested at most
// MaxDepth deep, before fastjson (which is lenient) parses a schema
// document. It returns a *DocumentError.
func checkJSON(b []byte) error {
	var r reader
	r.reset()
	r.feed(b, false)
	if r.err == nil {
		r.finish()
	}
	if r.err != nil {
		return r.err
	}
	return nil
}

// blank reports whether b holds only JSON whitespace.
func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			return false
		}
	}
	return true
}

// trimQuotes returns a member name's text without its blanks and quotes.
func trimQuotes(b []byte) []byte {
	for len(b) > 0 && blank(b[:1]) {
		b = b[1:]
	}
	for len(b) > 0 && blank(b[len(b)-1:]) {
		b = b[:len(b)-1]
	}
	if len(b) >= 2 {
		b = b[1 : len(b)-1]
	}
	return b
}

// eachItem calls fn for each complete item (member) of a container whose
// items begin at win[from], up to win[to] (the container's closer is not
// in it): the item's text is win[start:end], end its comma, and colon is
// a member's colon (-1 for an item). It stops when fn returns false and
// returns where the item in progress begins and its colon (-1: not read).
func eachItem(win []byte, from, to int, object bool, fn func(start, colon, end int) bool) (int, int) {
	depth, inString, escaped := 0, false, false
	start, colon := from, -1
	for j := from; j < to; j++ {
		c := win[j]
		switch {
		case inString:
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case depth == 0 && c == ':' && object && colon < 0:
			colon = j
		case depth == 0 && c == ',':
			if !fn(start, colon, j) {
				return j + 1, -1
			}
			start, colon = j+1, -1
		}
	}
	return start, colon
}
