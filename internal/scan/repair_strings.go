package scan

// The repairs of strings: single-quoted strings and bare keys opened in
// one step, a closing quote that may be an inner one (oddString), invalid
// escapes.

// openSingle opens the single-quoted string (a key when key is set) whose
// quote b[i] is at off. When the whole string lies in b with nothing inside
// that needs attention, and the byte after its closing quote settles that
// the quote closes it (what stStrClose would decide on reading it), the
// string is read in one step, and one Repair replaces both quotes (see
// ClosingOffset) instead of one per quote. With SetRequote on, so is a
// whole string whose double quotes and \' its caller rewrites (see
// singleEnd).
func (s *Scanner) openSingle(b []byte, i int, off int64, key bool) (int, Event) {
	s.st, s.inKey, s.quote = stString, key, '\''
	open := s.here(off)
	j := skipPlainSingle(b, i+1)
	requote, plain := false, 0
	if j+1 >= len(b) || b[j] != '\'' || !s.settles(b[j+1]) {
		c := -1
		if s.requote {
			c = s.singleEnd(b, j)
		}
		if c < 0 {
			// The plain bytes before j are read: the careful path goes
			// on from j.
			return j, s.openOdd(s.repairAt(RepairSingleQuote, open, 1, `"`))
		}
		plain, j, requote = j-i-1, c, true
	}
	closing := off + int64(j-i)
	s.strQuote, s.strQuoteLen = s.here(closing), 1
	s.oddFixed = true
	s.stringDoneInside(closing + 1) // openSingle is called inside containers only
	r, ev := s.report(RepairSingleQuote, open, 1, `"`)
	r.Closing, r.Requote, r.Plain = closing, requote, plain
	return j + 1, ev
}

// openUnquotedKey begins the bare key whose first byte b[i] is at off.
// When the key ends in b, it is read in one step, and one Repair inserts
// both quotes (see ClosingOffset) instead of one per quote.
func (s *Scanner) openUnquotedKey(b []byte, i int, off int64) (int, Event) {
	s.digitKey = 0
	if digit[b[i]] {
		s.digitKey = off + 1
	}
	j := keyEnd(b, i)
	if j == len(b) { // the key goes on in the next chunk
		s.st = stUnquotedKey
		return j, s.openOdd(s.insertBefore(RepairUnquotedKey, s.here(off), `"`))
	}
	end := off + int64(j-i)
	s.keyEnd = s.here(end)
	s.bareKeyEnd = end + 1
	s.st = stColon
	s.oddFixed = true
	r, ev := s.report(RepairUnquotedKey, s.here(off), 0, `"`)
	r.Forward, r.Closing, r.Requote = true, end, false // as insertBefore
	return j, ev
}

// keyEnd returns the index of the first byte at or after i in b that does
// not belong to a bare key, or len(b).
func keyEnd(b []byte, i int) int {
	for i < len(b) && identClass[b[i]]&keyPart != 0 {
		i++
	}
	return i
}

// settles reports whether byte c, right after a quote that may close the
// current string, shows at once that it does: always without the
// inner-quote repair, and for ',' ':' '}' and ']' with it (reopens is false
// for them).
func (s *Scanner) settles(c byte) bool {
	return closesAtOnce(c) || !s.repairs.Has(RepairInnerQuote)
}

// closesAtOnce reports whether c, right after a quote, shows that the
// quote closes its string without a call to reopens (which is false for
// these bytes): ',' ':' '}' and ']'.
func closesAtOnce(c byte) bool { return c == ',' || c == ':' || c == '}' || c == ']' }

// closeString handles the quote at off that ends a string (it is consumed).
// With inner-quote repair on, a quote inside a container only may close
// its string: stStrClose looks at what follows before deciding.
func (s *Scanner) closeString(off int64) Event {
	return s.closeStringN(off, 1)
}

// closeStringN is closeString for a closing quote of n bytes (3 for a
// typographic one).
func (s *Scanner) closeStringN(off int64, n int) Event {
	if s.stack.depth == 0 && !s.inKey {
		return s.topStringClosed(off, n)
	}
	if s.repairs != 0 {
		s.strQuote, s.strQuoteLen = s.here(off), n
		if s.stack.depth > 0 && s.repairs.Has(RepairInnerQuote) {
			s.closeSpaces = 0
			s.st = stStrClose
			return None
		}
	}
	return s.stringDone(off + int64(n))
}

// stringDone ends the current string at end (exclusive), on the current
// line.
func (s *Scanner) stringDone(end int64) Event {
	if s.inKey || s.stack.depth > 0 {
		s.stringDoneInside(end)
		return None
	}
	ev := s.valueDone(end) // a top-level string: ValueEnd
	s.lastWasString = true
	return ev
}

// stringDoneInside is stringDone for a key, or a value inside a container,
// which is never an event; small enough to be inlined where a repair ends
// a string there (openSingle).
func (s *Scanner) stringDoneInside(end int64) {
	if s.inKey {
		s.keyEnd, s.st = s.here(end), stColon
		return
	}
	s.st, s.prevCommit = stAfterValue, s.commit // as valueDone
	s.setCommit(end)
	s.lastWasString = true
}

// reopens reports whether byte c, read after a quote that may close a
// string (and closeSpaces spaces), shows that the quote was inside the
// string: what follows cannot follow a string there.
func (s *Scanner) reopens(c byte) bool {
	if s.inKey {
		// A letter goes on the key; a digit is its value with the colon
		// missing ({"a"2}).
		return s.closeSpaces == 0 && isIdent(c) && !digit[c]
	}
	if c == '\\' && s.escDoc { // {\"a\": \"b\"\n}: an escaped line break
		return false
	}
	if c == 0xEF { // may be full-width punctuation
		return !s.repairs.Has(RepairFullWidth)
	}
	return reopensValue[c]
}

// oddString reads a single-quoted (s.quote is a single quote) or unquoted
// ('u') string from b[i]; these are rare, so they take this slower loop.
func (s *Scanner) oddString(b []byte, i int) (int, Event) {
	switch s.quote {
	case 'r':
		return s.regexString(b, i)
	case 'e':
		return s.escapedString(b, i)
	}
	base := s.base
	for i < len(b) {
		// Runs of bytes that need nothing are skipped in one step.
		switch s.quote {
		case '\'':
			i = skipPlainSingle(b, i)
		case 'T', 'S', 'L', 'W':
			i = skipPlain(b, i)
		default:
			j := i
			for j < len(b) && unquotedPlain[b[j]] {
				j++
			}
			for k := j; k > i; k-- {
				if b[k-1] != ' ' {
					s.uqEnd = s.here(base + int64(k))
					break
				}
			}
			i = j
		}
		if i == len(b) {
			break
		}
		c := b[i]
		off := base + int64(i)
		switch {
		case s.quote == '\'' && c == '\'':
			s.closeString(off)
			return i + 1, s.continueAt(RepairSingleQuote, s.here(off), 1, `"`)
		case s.quote == 'u' && (c == '{' || c == '['):
			if c == '{' {
				s.uqBraces++
			} else {
				s.uqBrackets++
			}
			s.uqEnd = s.here(off + 1)
			i++
		case s.quote == 'u' && (c == '}' && s.uqBraces > 0 || c == ']' && s.uqBrackets > 0 || c == ',' && s.uqBraces+s.uqBrackets > 0):
			// A closer of the value's own opener, or a comma between
			// them: words{a, b} is one value.
			if c == '}' {
				s.uqBraces--
			} else if c == ']' {
				s.uqBrackets--
			}
			s.uqEnd = s.here(off + 1)
			i++
		case s.quote == 'u' && (c == ',' || c == '}' || c == ']' || c == '\n' || c == '\r'):
			end := s.uqEnd
			s.st = stAfterValue
			s.prevCommit = s.commit
			s.commit = end
			s.lastWasString = false
			return i, s.continueAt(RepairUnquotedValue, end, 0, `"`)
		case c == '"' && (s.quote == 'T' || s.quote == 'S' || s.quote == 'L') && s.stack.depth > 0 && s.repairs.Has(RepairInnerQuote):
			// “key": an ASCII quote may close a typographic string:
			// stStrClose decides, as for any quote.
			s.closeString(off)
			return i + 1, None
		case c == '"' && s.quote == 'u' && s.uqEnd.off == off && s.can(RepairUnquotedValue):
			// foo", or foo" inside: see bareValueQuote.
			s.strQuote = s.here(off)
			if i+1 < len(b) {
				return i + 1, s.bareValueQuote(b[i+1], false)
			}
			s.st = stBareQuote
			return i + 1, None
		case c == '"':
			if s.quote == 'u' {
				s.uqEnd = s.here(off + 1)
			}
			i++
			r, ev := s.report(s.quoteRepair(), s.here(off), 1, `\"`)
			if r.Joins = s.oddFixed; ev == None { // queued: the string reads on
				continue
			}
			return i, Repair
		case c == '\\':
			if s.quote == 'u' {
				s.uqEnd = s.here(off + 1)
				return i + 1, s.continueAt(RepairUnquotedValue, s.here(off), 1, `\\`)
			}
			s.escOff = off
			if i+1 < len(b) && b[i+1] != 'u' {
				// The escape is read here, as stEscape would read it,
				// without a trip back through Next (It\'s, above all).
				if validEscape[b[i+1]] {
					i += 2
					continue
				}
				n, ev := s.badEscape(b[i+1], off+1)
				if i += 1 + n; ev != None {
					return i, ev
				}
				continue
			}
			s.st = stEscape
			return i + 1, None
		case c < 0x20:
			if s.quote == 'u' {
				// The byte is escaped in place: it belongs to the value,
				// whose closing quote must come after the escape.
				s.uqEnd = s.here(off + 1)
			}
			s.event(off, 1)
			if c == '\n' {
				s.newline(off)
			}
			return i + 1, ControlChar
		case c >= 0x80:
			r := checkUTF8(b[i:])
			switch {
			case r == 3 && s.closesTypographic(b[i:i+3]):
				s.closeStringN(off, 3)
				return i + 3, s.continueAt(s.quoteRepair(), s.here(off), 3, `"`)
			case r > 0:
				i += r
				if s.quote == 'u' {
					s.uqEnd = s.here(off + int64(r))
				}
			default:
				if r < 0 && s.quote == 'u' {
					s.uqEnd = s.here(off - int64(r))
				}
				return s.cutUTF8(b, i, off, r)
			}
		default:
			i++
			if s.quote == 'u' && c != ' ' {
				s.uqEnd = s.here(off + 1)
			}
		}
	}
	return i, None
}

// badEscape handles byte c at off that makes the current escape invalid.
// It returns how many bytes it consumed and the event.
func (s *Scanner) badEscape(c byte, off int64) (int, Event) {
	s.st = stString
	esc := s.here(s.escOff)
	if !s.repairs.Has(RepairInvalidEscape) {
		s.event(s.escOff, int(off-s.escOff))
		return 0, InvalidEscape
	}
	if c == '\'' && s.hexLeft == 0 {
		return 1, s.repairAt(RepairInvalidEscape, esc, 2, "'")
	}
	s.hexLeft = 0
	return 0, s.repairAt(RepairInvalidEscape, esc, 0, `\`)
}
