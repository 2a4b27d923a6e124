package scan

// What follows a top-level string on its line.
//
// `"The TV has a 24" screen"` has two readings: a string, "The TV has a
// 24", then prose; or one string whose inner quote was not escaped, "The
// TV has a 24\" screen". Dropping ` screen"` as prose would lose text that
// may be data, so the quote that may close a top-level string is decided
// only at the end of its line (a bounded state, not a rescan):
//
//   - only blanks follow it: it closes the string;
//   - another value follows it ('"', '{' or '['): it closes the string,
//     and the next value begins there (`"a" "b"` is two values: refused
//     where one document is expected, see package sanitize);
//   - text without a quote follows it: it closes the string and the text
//     is prose (nothing in it can belong to the string: read as one, the
//     string would have no end on its line);
//   - text that ends with a quote follows it, with up to maxTailQuotes
//     quotes and only printable ASCII before the last one: the quotes were
//     inner quotes (RepairInnerQuote, a guess), and the string ends at the
//     last one;
//   - any other text with a quote: both readings stay open, a syntax error.

// maxTailQuotes is the most quotes the text after a top-level string may
// hold for the inner-quote reading.
const maxTailQuotes = 8

// topStringClosed handles the quote at off (n bytes) that may close a
// top-level string: what follows it on its line decides.
func (s *Scanner) topStringClosed(off int64, n int) Event {
	s.strQuote, s.strQuoteLen = s.here(off), n
	s.st = stTopStrEnd
	return None
}

// topStrEnd is the state after the quote that may close a top-level
// string, before any text on its line.
func (s *Scanner) topStrEnd(b []byte, i int) (int, Event) {
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case ' ', '\t', '\r':
		case '\n':
			return i, s.endTopString()
		case '"', '{', '[':
			s.quoteStartsValue = c == '"'
			return i, s.endTopString()
		case '+':
			if s.repairs.Has(RepairConcatenation) {
				// "a" + "b": the string goes on in the next one (stConcat).
				s.lastWasString = true
				s.st = stConcat
				return i + 1, None
			}
			fallthrough
		default:
			s.tailStart, s.tailFirst = s.here(s.base+int64(i)), c
			s.tailQuotes, s.tailDirty, s.tailEndsQuote, s.tailColon = 0, -1, false, colonSeek
			s.st = stTopTail
			return s.topTail(b, i)
		}
	}
	return i, None
}

// endTopString ends the top-level string at its quote.
func (s *Scanner) endTopString() Event {
	ev := s.valueDone(s.strQuote.off + int64(s.strQuoteLen))
	s.lastWasString = true
	return ev
}

// topTail reads the text after a top-level string up to its line's end.
func (s *Scanner) topTail(b []byte, i int) (int, Event) {
	base := s.base
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\n':
			return i, s.endTail()
		case c == '"':
			if s.tailQuotes < maxTailQuotes {
				s.tailQuote[s.tailQuotes] = base + int64(i)
			}
			s.tailQuotes++
			s.tailEndsQuote = true
		case c == ' ' || c == '\r':
		default:
			if (c < 0x20 || c == '\\' || c >= 0x7F) && s.tailDirty < 0 {
				s.tailDirty = base + int64(i) // cannot go into a string as it is
			}
			s.tailEndsQuote = false
			s.tailColonByte(c)
		}
	}
	return i, None
}

// endTail decides the text after a top-level string once its line (or
// the input) ends.
func (s *Scanner) endTail() Event {
	switch {
	case s.tailQuotes == 0:
		s.tailStep, s.tailInner = 0, 0
	case s.tailEndsQuote && s.tailQuotes <= maxTailQuotes && s.repairs.Has(RepairInnerQuote) &&
		(s.tailDirty < 0 || s.tailDirty > s.tailQuote[s.tailQuotes-1]):
		s.tailStep, s.tailInner = 0, s.tailQuotes // the closing quote and every tail quote but the last
	default:
		s.fail(s.tailStart.off, s.tailFirst, "after a top-level string, on its line",
			"only blanks, or another value (a quote there may be inside the string: two readings)")
		return Error
	}
	s.st = stTopTailEmit
	return s.emitTail()
}

// emitTail reports, one at a time, what endTail decided: the inner
// quotes escaped, then the string's end, then the prose (when the text
// is prose).
func (s *Scanner) emitTail() Event {
	for s.tailStep < s.tailInner {
		m := s.strQuote
		n := s.strQuoteLen
		if s.tailStep > 0 {
			m, n = s.here(s.tailQuote[s.tailStep-1]), 1
		}
		s.tailStep++
		if ev := s.repairAt(RepairInnerQuote, m, n, `\"`); ev != None {
			return ev
		}
	}
	if s.tailStep == s.tailInner {
		s.tailStep++
		end := s.strQuote.off + int64(s.strQuoteLen)
		if s.tailInner > 0 {
			end = s.tailQuote[s.tailInner-1] + 1
		}
		ev := s.valueDone(end)
		s.lastWasString = true
		if s.tailInner == 0 {
			s.st = stTopTailEmit // the prose is next
		}
		return ev
	}
	s.event(s.tailStart.off, 1)
	s.proseLikeValue = mayBeginScalar(s.tailFirst) || s.tailFirst == ':' || s.tailColon == colonFound
	s.gapDirty = true
	s.st = stProse
	return Prose
}

// A comma right after a top-level value, on its line.
//
// `{"a": "x"}, "b": 2}` reads as an object closed too early as much as an
// object and prose: what follows the comma may be members of the value.
// When a quote (a key, or a string) comes next on the line, the text is
// not dropped as prose but refused; anything else makes the comma prose
// as before ("{...}," at a line's end, "{...}, {...}" two values, "{...},
// and that is all").

// topValueComma handles the comma at off after a top-level value.
func (s *Scanner) topValueComma(off int64) Event {
	s.topComma = s.here(off)
	s.st = stTopComma
	return None
}

// afterTopComma is the state after that comma.
func (s *Scanner) afterTopComma(b []byte, i int) (int, Event) {
	for ; i < len(b); i++ {
		switch b[i] {
		case ' ', '\t', '\r':
		case '"', '\'':
			s.fail(s.topComma.off, ',', "after a top-level value, on its line",
				"no member after it (the value may have been closed too early)")
			return i, Error
		default:
			return i, s.topCommaIsProse(b[i] != '\n' && mayBeginScalar(b[i]))
		}
	}
	return i, None
}

// topCommaIsProse reports the comma as prose; what follows it is read as
// prose next (where '{' and '[' still begin a value). likeValue says that
// a number or a sign follows on the line: `{...}, 2` may be a second value,
// so the prose is no certain drop (ProseLikeValue).
func (s *Scanner) topCommaIsProse(likeValue bool) Event {
	s.event(s.topComma.off, 1)
	s.proseLikeValue = likeValue
	if !likeValue && s.proseWatch {
		s.colonWatch = colonSeek
	}
	s.gapDirty = true
	s.st = stProse
	return Prose
}

// contractState runs one step of the states of blank.go and toptail.go
// (for nextRepairState).
func (s *Scanner) contractState(b []byte, i int) (int, Event) {
	switch s.st {
	case stBlank:
		return s.readHeldBlank(b, i)
	case stTopStrEnd:
		return s.topStrEnd(b, i)
	case stTopTail:
		return s.topTail(b, i)
	case stTopTailEmit:
		return i, s.emitTail()
	case stTopComma:
		return s.afterTopComma(b, i)
	}
	return i, None
}
