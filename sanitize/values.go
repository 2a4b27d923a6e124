package sanitize

import (
	"errors"
	"strconv"
	"strings"
)

// ValuesMode says what a sanitizer does with input that holds several
// top-level JSON values ("[][]", `{"a":1} // note` then `{"b":2}`, "1\n2").
type ValuesMode uint8

// The values modes.
const (
	// ValuesOne expects one document: input holding several values fails
	// with ErrMultipleValues (coordinates of the second value, a message
	// with how many there were and where each began) and the output is
	// dst alone. A call that fails for another reason (truncation, a
	// syntax error) after a second value began keeps that error, with dst
	// alone as well. The zero value.
	ValuesOne ValuesMode = iota
	// ValuesFirst keeps the first complete value and drops everything after
	// it, with one KindValues fix at the second value. What follows the
	// first value cannot fail the call (a syntax error, a truncated value
	// or a fix below the floor there is dropped with it), except
	// ErrTooLarge.
	ValuesFirst
	// ValuesArray wraps the values in one array, [v1,v2,...], even when
	// there is only one, with one KindValues fix at the first value. The
	// gaps between values (whitespace, prose, fences) become single
	// commas. The array adds one level of nesting beyond MaxDepth. On
	// error, the array holds the values completed before it (and a
	// truncated value closed by CloseTruncated).
	ValuesArray
	// ValuesLines keeps every value, each on its own line where prose,
	// fences or nothing separated them (KindSeparator): a sequence of JSON
	// texts, not one.
	ValuesLines
)

var valuesModeNames = [...]string{
	ValuesOne:   "one",
	ValuesFirst: "first",
	ValuesArray: "array",
	ValuesLines: "lines",
}

// String returns "one", "first", "array" or "lines".
func (m ValuesMode) String() string {
	if int(m) < len(valuesModeNames) {
		return valuesModeNames[m]
	}
	return "unknown"
}

// ParseValuesMode returns the mode named name (as printed by String).
func ParseValuesMode(name string) (ValuesMode, bool) {
	for m, n := range valuesModeNames {
		if n == name {
			return ValuesMode(m), true
		}
	}
	return 0, false
}

// Position is a place in the input.
type Position struct {
	// Offset is the byte offset (0-based).
	Offset int64 `json:"offset"`
	// Line and Column are 1-based; Column counts bytes.
	Line   int `json:"line"`
	Column int `json:"column"`
}

// maxListedStarts is how many value starts a sanitizer keeps for the
// ErrMultipleValues message: the count goes on past it.
const maxListedStarts = 8

// noteStart records that a top-level value begins at off (line:col).
func (z *Sanitizer) noteStart(off int64, line, col int) {
	z.begun++
	if len(z.starts) < maxListedStarts {
		z.starts = append(z.starts, Position{off, line, col})
	}
}

// settledPos returns the output position before which the output can no
// longer change, short of an error: the end of the last complete value,
// or inside the open top-level container, the end of its last element
// that nothing can change any more (see scan.Scanner.StableOffset); with
// ValuesFirst, no further than the first value.
func (z *Sanitizer) settledPos() int {
	pos := z.lastValue
	if in := z.sc.StableOffset(); in >= 0 {
		pos = z.cutPos(in)
	}
	if z.opts.Values == ValuesFirst && z.firstEnd >= 0 {
		pos = min(pos, z.firstEnd) // what follows the first value is dropped
	}
	return min(pos, len(z.out))
}

// refused reports whether the input can no longer give any output:
// ValuesOne has seen a second value begin.
func (z *Sanitizer) refused() bool { return z.opts.Values == ValuesOne && z.begun > 1 }

// wrapStart begins the array of ValuesArray: the gap before the value
// that begins at input offset off (chunk index i) becomes "[" before the
// first value and "," before the others.
func (z *Sanitizer) wrapStart(off int64, i int) {
	sep := ","
	if z.values == 0 {
		sep = "["
	}
	z.flush(i)
	start := z.gapOut
	gapLen := int(off - z.gapIn)
	tail := len(z.out) - start - gapLen // the value's bytes read so far
	if d := len(sep) - gapLen; d > 0 {
		z.out = append(z.out, sep[:d]...) // room; overwritten below
	}
	copy(z.out[start+len(sep):], z.out[start+gapLen:start+gapLen+tail])
	copy(z.out[start:], sep)
	z.out = z.out[:start+len(sep)+tail]
	z.delta += int64(len(sep) - gapLen)
	if z.values == 0 {
		z.arrayAt = start
		line, col := z.sc.EventPos()
		z.addFixAt(KindValues, off, line, col)
	}
}

// settleValues applies Options.Values to the output of a finished call
// whose error so far is err, and returns the call's error.
func (z *Sanitizer) settleValues(err error) error {
	switch z.opts.Values {
	case ValuesOne:
		if z.begun > 1 {
			z.cutOut(z.outStart)
			// A truncated last value does not make the input one
			// document: the refusal is for the values. Reporting
			// ErrTruncated with no output would tell a caller that
			// closing the input could save it.
			if err == nil || errors.Is(err, ErrTruncated) {
				z.report.Truncated, z.report.Truncation = false, Truncation{}
				return z.multipleValues()
			}
		}
	case ValuesFirst:
		if z.firstEnd < 0 || z.begun < 2 || errors.Is(err, ErrTooLarge) {
			return err
		}
		z.cutOut(z.firstEnd)
		second := z.starts[1]
		fixes := z.report.Fixes
		n := len(fixes)
		for n > 0 && fixes[n-1].Offset >= second.Offset {
			n--
		}
		z.report.Fixes = fixes[:n]
		z.report.Truncated, z.report.Truncation = false, Truncation{}
		if ferr := z.addFixAt(KindValues, second.Offset, second.Line, second.Column); ferr != nil {
			return ferr
		}
		return nil
	case ValuesArray:
		// The '[' stays when a value (or a truncated one, closed) follows
		// it: a Writer may have passed it on.
		if z.arrayAt >= 0 && z.values > 0 {
			if err == nil {
				z.cutOut(z.lastValue)
			}
			z.out = append(z.out, ']')
		}
	}
	return err
}

// multipleValues returns the ErrMultipleValues error of ValuesOne.
func (z *Sanitizer) multipleValues() error {
	var b strings.Builder
	b.WriteString(strconv.Itoa(z.begun))
	b.WriteString(" top-level JSON values where one document was expected, beginning at ")
	for k, p := range z.starts {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(p.Line))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(p.Column))
		b.WriteString(" (offset ")
		b.WriteString(strconv.FormatInt(p.Offset, 10))
		b.WriteByte(')')
	}
	if more := z.begun - len(z.starts); more > 0 {
		b.WriteString(" and ")
		b.WriteString(strconv.Itoa(more))
		b.WriteString(" more")
	}
	b.WriteString("; Options.Values can keep the first, wrap them in an array, or keep one per line")
	p := z.starts[1]
	return &Error{Err: ErrMultipleValues, Offset: p.Offset, Line: p.Line, Column: p.Column, Msg: b.String()}
}
