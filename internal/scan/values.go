package scan

import (
	"encoding/binary"
	"math/bits"
)

// What Next does around its loop: spaces, the start and end of values and
// containers, text outside values, fences, numbers.

func (s *Scanner) ret(b []byte, n int, ev Event) (int, Event) {
	if s.cmtGap != 0 {
		s.checkGap(b, n)
	}
	s.base += int64(n)
	return n, ev
}

// skipSpace skips JSON whitespace from b[i], counting lines. It is small
// enough to inline, for the common case of no whitespace at all.
func (s *Scanner) skipSpace(b []byte, i int, base int64) int {
	if i < len(b) && !space[b[i]] {
		return i
	}
	return s.skipSpaceRun(b, i, base)
}

// skipSpaceRun is skipSpace's loop. Runs of ' ' (indentation) are skipped 8
// bytes at a time.
func (s *Scanner) skipSpaceRun(b []byte, i int, base int64) int {
	if oneSpace(b, i) { // the usual gap, as before a comment after a value
		return i + 1
	}
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:]) ^ spaces8
		if x&0xFF == '\n'^' ' {
			// A newline and the indentation after it, in one step.
			s.newline(base + int64(i))
			x &^= 0xFF
		}
		if x == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(x) >> 3
		switch b[i] {
		case '\n':
			s.newline(base + int64(i))
		case '\t', '\r':
		default:
			return i
		}
		i++
	}
	for i < len(b) && space[b[i]] {
		if b[i] == '\n' {
			s.newline(base + int64(i))
		}
		i++
	}
	return i
}

// beginValue starts a value inside a container with its first byte c at
// off. It reports false when c cannot start a value (or the depth cap was
// hit, in which case the scanner is in the error state).
func (s *Scanner) beginValue(c byte, off int64) bool {
	switch c {
	case '{', '[':
		if s.stack.depth >= s.maxDepth {
			s.failDepth(off, c)
			return false
		}
		s.stack.push(c == '{')
		if c == '{' {
			s.st = stObjectFirst
		} else {
			s.st = stArrayFirst
		}
		s.setCommit(off + 1)
	case '"':
		s.st, s.inKey, s.quote = stString, false, '"'
	case '-':
		s.st, s.num = stNumber, numMinus
		s.numStart = s.here(off)
	case '0':
		s.st, s.num = stNumber, numZero
		s.numStart = s.here(off)
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		s.st, s.num = stNumber, numInt
		s.numStart = s.here(off) // for a token glued to the number (see glued)
	case 't':
		s.st, s.lit, s.litPos = stLiteral, "true", 1
	case 'f':
		s.st, s.lit, s.litPos = stLiteral, "false", 1
	case 'n':
		s.st, s.lit, s.litPos = stLiteral, "null", 1
	default:
		return false
	}
	return true
}

// valueDone is called when a value ends at off (exclusive). At the top
// level it returns ValueEnd.
func (s *Scanner) valueDone(off int64) Event {
	if s.stack.depth == 0 {
		if s.st == stAfterValue && s.holdRootCloser(off) {
			return None // {"a": 1}, "b": 2}: the closer may come too early
		}
		s.event(off, 0)
		s.st = stMidLine
		s.gapDirty = false
		s.afterTopValue = true
		return ValueEnd
	}
	s.st = stAfterValue
	s.prevCommit = s.commit
	s.setCommit(off)
	s.lastWasString = false
	return None
}

// containersAllowed reports whether '{' or '[' outside a value begins one.
func (s *Scanner) containersAllowed() bool { return !s.fenceSeen || s.inFence }

// startContainer begins a top-level container at off.
func (s *Scanner) startContainer(c byte, off int64) Event {
	s.stack.push(c == '{')
	if c == '{' {
		s.st = stObjectFirst
	} else {
		s.st = stArrayFirst
	}
	s.valueStart = off
	s.valueLine, s.valueBreak = s.line, s.lineBreak
	s.setCommit(off + 1)
	s.values++
	s.escDoc, s.escFixed = false, false
	s.wrapClean = true
	s.wholeAt = off + 2
	s.event(off, 1)
	return ValueStart
}

// outside classifies byte c at off outside any value; atLineStart says
// whether only blanks precede it on its line. c is consumed.
func (s *Scanner) outside(c byte, off int64, atLineStart bool) Event {
	afterValue := s.afterTopValue && !atLineStart
	if s.afterTopValue {
		s.afterTopValue = false
		if c == ',' && !atLineStart {
			return s.topValueComma(off)
		}
	}
	if c == '{' || c == '[' {
		if s.containersAllowed() {
			return s.startContainer(c, off)
		}
	} else if c == '"' && s.quoteStartsValue {
		// A string right after a top-level string on its line: a value.
		s.quoteStartsValue = false
		s.st, s.inKey, s.quote = stString, false, '"'
		s.valueStart = off
		s.valueLine, s.valueBreak = s.line, s.lineBreak
		s.values++
		s.event(off, 1)
		return ValueStart
	} else if atLineStart && !s.gapDirty {
		switch c {
		case '"':
			s.st, s.inKey, s.quote = stString, false, '"'
			s.valueStart = off
			s.valueLine, s.valueBreak = s.line, s.lineBreak
			s.values++
			s.event(off, 1)
			return ValueStart
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 't', 'f', 'n':
			s.beginValue(c, off)
			s.tentative = true
			s.valueStart = off
			s.valueLine, s.valueBreak = s.line, s.lineBreak
			return None
		}
	}
	s.event(off, 1)
	if afterValue {
		s.proseAfterValue(c)
	}
	s.gapDirty = true
	s.st = stProse
	return Prose
}

// mayBeginScalar reports whether c may begin a number or a quoted string
// in a dialect we repair: a digit, a sign, a dot or a quote. Letters are
// left out: prose after a value begins with a word far more often than
// with a bare literal ("that's all" against "true").
func mayBeginScalar(c byte) bool {
	switch c {
	case '"', '\'', '-', '+', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

// ProseLikeValue reports, for a Prose event, whether the prose begins on
// the line a top-level value ended on with a byte that may begin a value
// ("[1] 2", "[1] \"x\"") or with a ':' ("\"score\": 5"), or holds there
// a ':' followed by such a byte ("{...} total: 2"; see prosecolon.go):
// read as prose it may drop data.
func (s *Scanner) ProseLikeValue() bool { return s.proseLikeValue }

// confirm turns the tentative top-level scalar into a value ending at end.
func (s *Scanner) confirm(end int64) Event {
	s.tentative = false
	s.values++
	s.event(s.valueStart, 0)
	s.endOff = end
	s.st = stTopEnd
	return ValueStart
}

// abandon turns the tentative top-level scalar into prose.
func (s *Scanner) abandon() Event {
	s.tentative = false
	s.event(s.valueStart, 1)
	s.gapDirty = true
	s.st = stProse
	return Prose
}

// fenceTagByte advances the reading of an opening fence's info string
// over c: it reports whether the line so far is blanks and a JSON tag
// ("json", "JSON", "jsonc", "json5"), so that a value may follow on it.
func (s *Scanner) fenceTagByte(c byte) bool {
	switch {
	case c == ' ' || c == '\t' || c == '\r':
		return s.fenceTagLen == 0 || s.fenceTagLen >= 4
	case s.fenceTagLen < 4:
		if c|0x20 != "json"[s.fenceTagLen] {
			return false
		}
	case !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9'):
		return false
	}
	if s.fenceTagLen < 255 {
		s.fenceTagLen++
	}
	return true
}

// endFenceMarker decides a run of backticks or tildes at a line start.
func (s *Scanner) endFenceMarker() Event {
	s.event(s.fenceStart, s.fenceCount)
	if s.fenceCount >= 3 {
		s.fenceSeen = true
		s.inFence = !s.inFence
		s.fenceTag, s.fenceTagLen = s.inFence, 0
		s.st = stFenceInfo
		return Fence
	}
	s.gapDirty = true
	s.st = stProse
	return Prose
}

// scanNumber's results.
const (
	numMore      = iota // the chunk ended inside the number
	numEnded            // the number ended before b[i]
	numBad              // b[i] cannot continue the number
	numZeroDigit        // a digit b[i] follows a leading zero
)

// scanNumber advances through a number from b[i].
func (s *Scanner) scanNumber(b []byte, i int) (int, int) {
	for i < len(b) {
		c := b[i]
		switch s.num {
		case numMinus:
			switch {
			case c == '0':
				s.num = numZero
			case c >= '1' && c <= '9':
				s.num = numInt
			default:
				return i, numBad
			}
			i++
		case numZero:
			switch c {
			case '.':
				s.num = numDot
			case 'e', 'E':
				s.num = numExp
			default:
				if digit[c] {
					return i, numZeroDigit
				}
				return i, numEnded
			}
			i++
		case numInt, numFrac, numExpDigits:
			i = skipDigits(b, i)
			if i == len(b) {
				return i, numMore
			}
			switch c := b[i]; {
			case c == '.' && s.num == numInt:
				s.num = numDot
			case (c == 'e' || c == 'E') && s.num != numExpDigits:
				s.num = numExp
			default:
				return i, numEnded
			}
			i++
		case numDot, numExpSign, numSep: // a digit is required
			if !digit[c] {
				return i, numBad
			}
			switch s.num {
			case numDot:
				s.num = numFrac
			case numSep:
				s.num = s.numAfterSep
			default:
				s.num = numExpDigits
			}
			i++
		case numExp:
			switch {
			case c == '+' || c == '-':
				s.num = numExpSign
			case digit[c]:
				s.num = numExpDigits
			default:
				return i, numBad
			}
			i++
		}
	}
	return i, numMore
}

func isHex(c byte) bool {
	return digit[c] || (c|0x20 >= 'a' && c|0x20 <= 'f')
}

// setCommit records off (on the current line) as the commit point of the
// innermost container.
func (s *Scanner) setCommit(off int64) {
	s.commit = mark{off, s.line, s.lineBreak}
}

// closeContainer pops the innermost container, whose closer is at off, and
// ends it as a value.
func (s *Scanner) closeContainer(off int64) Event {
	s.stack.pop()
	if s.stack.depth == s.tupleWatch {
		s.tupleElementEnded(off + 1)
	}
	return s.valueDone(off + 1)
}
