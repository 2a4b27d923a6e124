package jsonl

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/jsonheal/jsonheal/internal/blank"
	"github.com/jsonheal/jsonheal/internal/swar"
)

// scan advances the lexical state from pos to the next '\n' or the end of
// the buffered data. It returns the index reached and whether it is a
// newline.
//
// The line end is found first (vectorised). Outside strings, only the bytes
// that change the grammar state are handled one by one; inside strings,
// short runs are tested eight bytes at a time and long ones with
// bytes.IndexByte, whose results are kept while they lie ahead, so that
// every byte is looked at a bounded number of times. content and last
// depend only on the bytes, so they are worked out once, at the end.
func (s *Splitter) scan() (int, bool) {
	b := s.buf[:s.end]
	st := &s.st
	i := s.pos
	lineEnd, nl := len(b), false
	if k := bytes.IndexByte(b[i:], s.nl); k >= 0 {
		lineEnd, nl = i+k, true
	}
	line := b[:lineEnd]
	seg := i
	if !st.inString && !st.escape && len(st.stack) == 0 && st.deep == 0 {
		if opened, ok := closedSegment(line[i:]); ok {
			// The common line: one or more whole values. The state after it
			// is known without replaying its bytes one by one.
			st.valueSeen = st.valueSeen || opened
			// The last byte that is not a blank set expectValue last: only a
			// ':' leaves it set (a ',' there has no open container).
			for k := lineEnd - 1; k >= seg; k-- {
				if c := b[k]; c != ' ' && c != '\t' && c != '\r' {
					st.expectValue = c == ':'
					break
				}
			}
			st.finishSegment(b[seg:lineEnd], false)
			if nl {
				return lineEnd, true
			}
			return len(b), false
		}
	}
	// The state lives in locals while scanning (registers), and goes back to
	// st at the end.
	inString, escape, expectValue := st.inString, st.escape, st.expectValue
	valueSeen := st.valueSeen
	stack := st.stack
	single, prev := st.single, st.last // prev: the last byte above ' ' outside strings
	nextQuote, nextBackslash := -1, -1 // cached IndexByte results (absolute)
	for {
		if inString && single {
			// A single-quoted string: rare, read byte by byte.
			for i < len(line) {
				c := line[i]
				i++
				switch {
				case escape:
					escape = false
				case c == '\\':
					escape = true
				case c == '\'':
					inString, single, expectValue, prev = false, false, false, '"'
				}
				if !inString {
					break
				}
			}
			if inString {
				break
			}
		}
		if inString {
			// Find the closing quote.
			for {
				if escape {
					if i >= len(line) {
						break
					}
					escape = false
					i++
				}
				j, found := i, false
				for k := 0; k < 2 && j+8 <= len(line); k++ {
					if m := swar.QuoteOrBackslash(binary.LittleEndian.Uint64(line[j:])); m != 0 {
						j += bits.TrailingZeros64(m) / 8
						found = true
						break
					}
					j += 8
				}
				if !found {
					if nextQuote < j {
						nextQuote = indexFrom(line, j, '"')
					}
					if nextBackslash < j {
						nextBackslash = indexFrom(line, j, '\\')
					}
					j = min(nextQuote, nextBackslash)
				}
				i = j
				if i >= len(line) {
					break
				}
				i++
				if line[j] == '"' {
					inString, expectValue, prev = false, false, '"'
					break
				}
				escape = true
			}
			if inString {
				break
			}
		}
		// Outside strings.
		for i < len(line) {
			c := line[i]
			i++
			switch c {
			case ' ', '\t', '\r':
			case '"':
				inString = true
			case '\'':
				// Where a value or a key is expected, a single quote opens
				// a string (an apostrophe in a bare word does not).
				if n := len(stack); n > 0 && (expectValue || stack[n-1] == '{' && (prev == '{' || prev == ',')) {
					inString, single = true, true
				} else {
					expectValue = false
				}
			case '{', '[':
				if len(stack) == 0 {
					valueSeen = true
				}
				stack = append(stack, c)
				expectValue = c == '['
			case '}', ']':
				if n := len(stack); n > 0 {
					stack = stack[:n-1]
				} else if st.deep > 0 {
					st.deep-- // past the size cap: see trimStack
				}
				expectValue = false
			case ':':
				expectValue = true
			case ',':
				n := len(stack)
				expectValue = n > 0 && stack[n-1] == '['
			default:
				expectValue = false
			}
			if c > ' ' {
				prev = c
			}
			if inString {
				break
			}
		}
		if !inString || i >= len(line) {
			break
		}
	}
	st.inString, st.escape, st.expectValue, st.single = inString, escape, expectValue, single
	st.valueSeen = valueSeen
	st.stack = stack
	st.finishSegment(b[seg:lineEnd], inString)
	if nl {
		return lineEnd, true
	}
	return len(b), false
}

// finishSegment works out content and last after the scan of seg: content
// is a byte other than a blank (space, tab, CR, blank.LineLen); last is
// the last byte above ' ' outside strings, a quote counting as '"' (inside
// a string it is the quote that opened it).
func (st *scanState) finishSegment(seg []byte, inString bool) {
	for k := 0; !st.content && k < len(seg); {
		switch c := seg[k]; {
		case c == ' ' || c == '\t' || c == '\r':
			k++
		case blank.Lead[c] && blank.LineLen(seg[k:]) > 0:
			k += blank.LineLen(seg[k:])
		default:
			st.content = true
		}
	}
	if inString {
		if len(seg) > 0 {
			st.last = '"'
		}
		return
	}
	for k := len(seg) - 1; k >= 0; k-- {
		if c := seg[k]; c > ' ' {
			st.last = c
			break
		}
	}
}

// closedSegment reports whether seg, scanned from the state outside
// strings with no container open, ends outside strings with no container
// open and never closes more containers than it opened; opened tells
// whether it opened any. Where the CPU allows, a segment of a few blocks
// is read 64 bytes at a time (closedBlocks); otherwise, and where that
// cannot settle it, eight bytes at a time (closedWords).
func closedSegment(seg []byte) (opened, ok bool) {
	if bytes.IndexByte(seg, '\'') >= 0 {
		// A single quote may open a string (scan reads it so): the exact
		// scan decides, as it does however the input's reads are cut.
		return false, false
	}
	if useClassify && len(seg) >= minClassifyBytes {
		if opened, ok, settled := closedBlocks(seg); settled {
			return opened, ok
		}
	}
	return closedWords(seg)
}

// closedWords is closedSegment eight bytes at a time: the quotes
// toggle the inside of strings (a prefix XOR of their flags), and only the
// brackets outside strings are visited; a word with a backslash is replayed
// byte by byte. When ok is false the caller scans seg exactly.
func closedWords(seg []byte) (opened, ok bool) {
	var inString, escape bool
	depth := 0
	pos := 0 // offset of rest in seg
	rest := seg
	for ; len(rest) >= 8; rest, pos = rest[8:], pos+8 {
		x := binary.LittleEndian.Uint64(rest)
		// Any backslash: the lowest flag of this borrowing test is exact,
		// so it is never set without one.
		if swar.ZeroBytes(x^swar.Broadcast('\\')) != 0 || escape {
			if depth, inString, escape, opened = bracketBytes(rest[:8], depth, inString, escape, opened); depth < 0 {
				return false, false
			}
			continue
		}
		q := swar.ExactZeroBytes(x ^ swar.Broadcast('"'))
		// Candidates for brackets: the bytes c with c&0xD9 == 0x59 are
		// '[' ']' '{' '}' and 'Y' '_' 'y' DEL. Most words have none: then
		// only the parity of the quotes matters (their flags summed into
		// the top byte).
		b := x&swar.Broadcast(0xD9) ^ swar.Broadcast(0x59)
		if swar.ZeroBytes(b) == 0 {
			inString = inString != ((q>>7)*swar.Ones>>56&1 != 0) // no branch
			continue
		}
		cand := swar.ExactZeroBytes(b)
		// inside: the high bit of each byte after an odd number of quotes
		// (prefix XOR over the bytes), flipped inside a string.
		inside := q ^ q<<8
		inside ^= inside << 16
		inside ^= inside << 32
		if inString {
			inside ^= swar.Highs
		}
		inString = inside>>63 != 0
		for m := cand &^ inside; m != 0; m &= m - 1 {
			switch seg[pos+bits.TrailingZeros64(m)/8] {
			case '{', '[':
				depth++
				opened = true
			case '}', ']':
				if depth--; depth < 0 {
					return false, false
				}
			}
		}
	}
	if depth, inString, _, opened = bracketBytes(rest, depth, inString, escape, opened); depth < 0 {
		return false, false
	}
	return opened, !inString && depth == 0
}

// bracketBytes is closedSegment's byte-by-byte scan of p from the given
// state; it returns the state after p, with a negative depth as soon as a
// closer has no opener.
func bracketBytes(p []byte, depth int, inString, escape, opened bool) (int, bool, bool, bool) {
	for _, c := range p {
		switch {
		case escape:
			escape = false
		case inString:
			escape = c == '\\'
			inString = c != '"'
		default:
			switch c {
			case '"':
				inString = true
			case '{', '[':
				depth++
				opened = true
			case '}', ']':
				if depth--; depth < 0 {
					return depth, inString, escape, opened
				}
			}
		}
	}
	return depth, inString, escape, opened
}

// indexFrom returns the index of the first c in b at or after i, or len(b).
func indexFrom(b []byte, i int, c byte) int {
	if k := bytes.IndexByte(b[i:], c); k >= 0 {
		return i + k
	}
	return len(b)
}
