package scan

// A value string missing its closing quote before the next member
// ({"a":"b,"c":"d"}) or element (["hello,"world"]) reads, quote by quote,
// as a string with inner quotes up to a ':' it cannot be followed by.
// RepairUnclosedString looks at a quote that may be inner, when a comma
// (and spaces) stood just before it: if a bare key follows, closed by a
// quote and a ':' (an element followed by ',' or ']' in an array), the
// string ended before that comma, and its closing quote is inserted there.
// Otherwise the quote is an inner quote, as before. The look is bounded
// (probeMax bytes) and carried across chunks as state (stKeyProbe), so
// time stays linear and any split gives the same result.

// probeMax bounds the bare key a probe reads.
const probeMax = 64

// probeState is a probe in progress (state stKeyProbe).
type probeState struct {
	n      int  // key bytes read
	closed bool // the key's closing quote was read (at q2)
	spaces int  // spaces read after it
	q2     mark
}

// commaBefore returns 1 + the offset of the comma that stands before the
// quote b[j], with only spaces between them, or 0. Bytes before b are
// those of earlier calls (see noteTail).
func (s *Scanner) commaBefore(b []byte, j int, base int64) int64 {
	k := j - 1
	for k >= 0 && b[k] == ' ' {
		k--
	}
	if k < 0 {
		if s.tailEnd == base {
			return s.tailComma
		}
		return 0
	}
	if b[k] == ',' {
		return base + int64(k) + 1
	}
	return 0
}

// noteTail records, for commaBefore, whether chunk b, read whole inside a
// string, ends with a comma and spaces: 1 + the comma's offset, or 0, and
// where b ends (tailEnd): what it records holds only for a quote there.
func (s *Scanner) noteTail(b []byte) {
	k := len(b) - 1
	for k >= 0 && b[k] == ' ' {
		k--
	}
	switch {
	case k < 0: // only spaces: the tail before them stands, if it ends here
		if s.tailEnd != s.base {
			s.tailComma = 0
		}
	case b[k] == ',':
		s.tailComma = s.base + int64(k) + 1
	default:
		s.tailComma = 0
	}
	s.tailEnd = s.base + int64(len(b))
}

// mayProbe reports whether the quote that may close the current string,
// followed by c that shows it does not close it as it stands, is to be
// probed as the opening quote of the next key or element.
func (s *Scanner) mayProbe() bool {
	return s.strComma != 0 && s.closeSpaces == 0 && !s.inKey && s.quote == '"' && s.can(RepairUnclosedString)
}

// probeKeyByte reports whether c may be part of the bare key a probe reads.
func probeKeyByte(c byte) bool { return isIdent(c) || c == ' ' || c == '-' || c == '.' }

// readProbe runs the probe from b[i] (state stKeyProbe).
func (s *Scanner) readProbe(b []byte, i int) (int, Event) {
	p := &s.probe
	obj := s.stack.topIsObject()
	for i < len(b) {
		c := b[i]
		off := s.base + int64(i)
		switch {
		case !p.closed && c == '"' && p.n > 0:
			p.closed, p.q2 = true, s.here(off)
		case !p.closed && probeKeyByte(c) && p.n < probeMax:
			p.n++
		case p.closed && c == ' ' && p.spaces < probeMax:
			p.spaces++
		case p.closed && obj && c == ':':
			return i, s.probeKey()
		case p.closed && !obj && (c == ',' || c == ']'):
			return i, s.probeElement()
		default:
			return i, s.probeFail()
		}
		i++
	}
	return i, None
}

// probeKey ends a probe that found a key: the string ended before the
// comma, and the scanner stands before the key's ':'.
func (s *Scanner) probeKey() Event {
	comma := s.here(s.strComma - 1)
	s.prevCommit = s.commit
	s.commit, s.comma = comma, comma
	s.keyEnd = s.here(s.probe.q2.off + 1)
	s.inKey, s.st = false, stColon
	s.strComma = 0
	return s.repairAt(RepairUnclosedString, comma, 0, `"`)
}

// probeElement ends a probe that found an element of an array: the string
// ended before the comma, and the element after it is read.
func (s *Scanner) probeElement() Event {
	comma := s.here(s.strComma - 1)
	s.comma = comma
	s.prevCommit = comma
	s.setCommit(s.probe.q2.off + 1)
	s.st, s.lastWasString = stAfterValue, true
	s.strComma = 0
	return s.repairAt(RepairUnclosedString, comma, 0, `"`)
}

// probeFail ends a probe that found no key: the quote it began at is an
// inner quote after all, and a quote the probe read may close the string.
func (s *Scanner) probeFail() Event {
	q := s.strQuote
	s.strComma = 0
	s.st = stString
	if s.probe.closed {
		s.strQuote, s.strQuoteLen, s.closeSpaces = s.probe.q2, 1, s.probe.spaces
		s.st = stStrClose
	}
	return s.repairAt(RepairInnerQuote, q, 1, `\"`)
}
