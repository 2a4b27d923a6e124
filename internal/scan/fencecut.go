package scan

// A closing fence right after a string's quote.
//
// `{"key": "value, value2"```` is a value cut by the fence that ends the
// model's code block: the quote closes the string, and the fence ends
// the input's JSON (the value is truncated there). Read the other way,
// the quote would be an inner quote and the fence part of the string.
// The quote that may close a value string (stStrClose) followed by
// optional spaces, three or more backticks, then only blanks up to the
// line's end or the input's end, closes the string; the fence is reported
// (Fence) and the value ends there, truncated (stFenceCut): only blanks
// may follow. A run of backticks with anything else after it on its line
// keeps the inner-quote reading, as before.

// closeFence reads b[i:] in stStrClose from the first backtick after the
// quote on: the fence that may close the string.
func (s *Scanner) closeFence(b []byte, i int) (int, Event) {
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c == '`' && !s.cutTail:
			if s.cutTicks == 0 {
				s.cutFence = s.here(s.base + int64(i))
			}
			s.cutTicks++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			s.cutTail = true
			continue
		case c == '\n' && s.cutTicks >= 3:
			ev := s.fenceCuts()
			s.newline(s.base + int64(i))
			return i + 1, ev
		}
		return i, s.fenceInString()
	}
	return i, None
}

// fenceCuts closes the string at its quote and reports the fence after
// it, which ends the value (stFenceCut).
func (s *Scanner) fenceCuts() Event {
	s.stringDone(s.strQuote.off + int64(s.strQuoteLen))
	s.st = stFenceCut
	s.event(s.cutFence.off, s.cutTicks)
	s.cutTicks, s.cutTail = 0, false
	s.inFence = false
	return Fence
}

// fenceInString reads the quote before the backticks as an inner quote:
// the backticks and blanks read since are the string's.
func (s *Scanner) fenceInString() Event {
	s.cutTicks, s.cutTail = 0, false
	s.st = stString
	return s.repairAt(RepairInnerQuote, s.strQuote, s.strQuoteLen, `\"`)
}

// readFenceCut reads b[i:] after a fence that cut the value: blanks, up to
// the end of the input.
func (s *Scanner) readFenceCut(b []byte, i int) (int, Event) {
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case ' ', '\t', '\r':
		case '\n':
			s.newline(s.base + int64(i))
		default:
			s.fail(s.base+int64(i), c, "after a closing fence that ended the value", "only blanks up to the end of the input")
			return i, Error
		}
	}
	return i, None
}

// endCloseFence is End in stStrClose once a backtick was read after the
// quote.
func (s *Scanner) endCloseFence() Event {
	if s.cutTicks >= 3 {
		return s.fenceCuts()
	}
	return s.fenceInString()
}
