package scanner

import "strings"

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
	if c == 0xEF { // may be full-width punctuation
		return !s.repairs.Has(RepairFullWidth)
	}
	return reopensValue[c]
}

// reopensValue marks the bytes that, read after a quote that may close a
// value string, show that the quote was inside it: anything above ' '
// but digits and what may follow a value or begin the next one.
var reopensValue = func() (t [256]bool) {
	for c := '!'; c < 256; c++ {
		t[c] = !digit[c] && !strings.ContainsRune(",}]:\"'{[/#+)-", c)
	}
	return t
}()

// oddString reads a single-quoted (s.quote is a single quote) or unquoted
// ('u') string from b[i]; these are rare, so they take this slower loop.
func (s *Scanner) oddString(b []byte, i int) (int, Event) {
	base := s.base
	for i < len(b) {
		// Runs of bytes that need nothing are skipped in one step.
		switch s.quote {
		case '\'':
			i = skipPlainSingle(b, i)
		case 'T', 'S', 'L':
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
				return i + 3, s.continueAt(RepairTypographicQuote, s.here(off), 3, `"`)
			case r > 0:
				i += r
				if s.quote == 'u' {
					s.uqEnd = s.here(off + int64(r))
				}
			case r == 0:
				s.u8n = uint8(copy(s.u8[:], b[i:]))
				s.u8Off = off
				s.st = stUTF8
				return len(b), None
			default:
				if s.quote == 'u' {
					s.uqEnd = s.here(off - int64(r))
				}
				s.event(off, -r)
				return i - r, InvalidUTF8
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

// loosely reports whether c can begin a value once repairs apply.
func loosely(c byte) bool {
	switch c {
	case '"', '{', '[', '-', '\'', '.', '+':
		return true
	}
	return digit[c] || isIdentStart(c)
}

func (s *Scanner) wordsAllowed() bool {
	return s.can(RepairPythonLiteral) || s.can(RepairNonFinite) || s.can(RepairUnquotedValue) || s.can(RepairWrapper)
}

// beginWord starts a bare word at off whose first bytes are prefix.
func (s *Scanner) beginWord(off int64, prefix string) {
	s.wordStart = s.here(off)
	s.wordLen = copy(s.word[:], prefix)
	s.st = stWord
}

// beginComment starts a comment whose first byte c is at off.
func (s *Scanner) beginComment(c byte, off int64) Event {
	s.retState = s.st
	s.cmt = s.here(off)
	s.cmtValue = c == '#' && s.valuePlace()
	if c == '#' {
		s.st = stLineComment
	} else {
		s.st = stSlash
	}
	return None
}

// repairValue handles byte c at off where a value belongs but c cannot
// start one. It returns the new index and the event (None to go on).
func (s *Scanner) repairValue(b []byte, c byte, off int64, i int) (int, Event) {
	if blankLead[c] && s.can(RepairWhitespace) {
		if j, ev, ok := s.openBlank(b, i, off); ok {
			return j, ev
		}
	}
	obj := s.stack.depth > 0 && s.stack.topIsObject()
	switch {
	case (c == '/' || c == '#' && s.can(RepairValueComment)) && s.can(RepairComment):
		return s.openComment(b, i, off)
	case (c == ']' || c == '}' && s.can(RepairMismatchedBracket)) && s.st == stValue && !obj && s.commaRead() && s.can(RepairTrailingComma):
		s.st = stAfterValue // [2,}: the comma goes, then the closer is mismatched
		return i, s.repairAt(RepairTrailingComma, s.comma, 1, "")
	case c == '}' && s.st == stArrayFirst && s.can(RepairMismatchedBracket):
		s.st = stAfterValue // [}
		return s.mismatched(c, off, i)
	case c == ',' && !obj && s.can(RepairExtraComma):
		return i + 1, s.repairAt(RepairExtraComma, s.here(off), 1, "")
	case (c == ',' || c == '}') && obj && s.can(RepairMissingValue):
		s.st = stAfterValue
		s.prevCommit = s.commit
		s.commit = s.here(off)
		s.lastWasString = false
		return i, s.repairAt(RepairMissingValue, s.here(off), 0, "null")
	case c == '\'' && s.can(RepairSingleQuote):
		return s.openSingle(b, i, off, false)
	case c == '.' && (s.can(RepairNumber) || s.can(RepairEllipsis)):
		return i + 1, s.beginDot(off)
	case c == '+' && s.can(RepairNumber):
		s.st, s.num = stNumber, numMinus
		s.numStart = s.here(off)
		return i + 1, s.repairAt(RepairNumber, s.here(off), 1, "")
	case c == 0xE2 && s.can(RepairTypographicQuote):
		s.beginTypographic(off, false)
		return i + 1, None
	case c == 0xEF && s.can(RepairFullWidth):
		return s.openWide(b, i, off)
	case (isIdentStart(c) || c >= 0x80) && s.wordsAllowed():
		s.beginWord(off, "")
		return s.readWord(b, i) // at once, as stWord would next
	}
	if s.st == stArrayFirst {
		s.fail(off, c, "at the start of an array", "a value or ']'")
	} else {
		s.fail(off, c, "where a value belongs", "a value")
	}
	return i, Error
}

// repairKey handles byte c at off where a key belongs but c is not '"'.
func (s *Scanner) repairKey(b []byte, c byte, off int64, i int) (int, Event) {
	if blankLead[c] && s.can(RepairWhitespace) {
		if j, ev, ok := s.openBlank(b, i, off); ok {
			return j, ev
		}
	}
	switch {
	case (c == '/' || c == '#') && s.can(RepairComment):
		return s.openComment(b, i, off)
	case (c == '}' || c == ']' && s.can(RepairMismatchedBracket)) && s.st == stKey && s.commaRead() && s.can(RepairTrailingComma):
		s.st = stAfterValue // {"a":2,]: the comma goes, then the closer is mismatched
		return i, s.repairAt(RepairTrailingComma, s.comma, 1, "")
	case c == ']' && s.st == stObjectFirst && s.can(RepairMismatchedBracket):
		s.st = stAfterValue // {]
		return s.mismatched(c, off, i)
	case c == '{' && s.objectInArray() && s.can(RepairMismatchedBracket) && s.can(RepairMissingComma) &&
		(s.st == stObjectFirst || s.commaRead() && s.can(RepairTrailingComma)):
		// [{{]  [{"i":1,{"i":2}]: the object's closer is missing before
		// the next object; its comma, if any, goes before the closer.
		if s.st == stKey {
			s.st = stAfterValue
			return i, s.repairAt(RepairTrailingComma, s.comma, 1, "")
		}
		s.st = stAfterValue
		return s.repairAfterValue(b, c, off, i)
	case c == ',' && s.can(RepairExtraComma):
		return i + 1, s.repairAt(RepairExtraComma, s.here(off), 1, "")
	case c == '\'' && s.can(RepairSingleQuote):
		return s.openSingle(b, i, off, true)
	case c == '.' && s.can(RepairEllipsis):
		return i + 1, s.beginDot(off)
	case c == 0xE2 && s.can(RepairTypographicQuote):
		s.beginTypographic(off, true)
		return i + 1, None
	case c == 0xEF && s.can(RepairFullWidth):
		return s.openWide(b, i, off)
	case isIdent(c) && s.can(RepairUnquotedKey):
		return s.openUnquotedKey(b, i, off)
	}
	if s.st == stObjectFirst {
		s.fail(off, c, "at the start of an object", `'"' (a key) or '}'`)
	} else {
		s.fail(off, c, "after ',' in an object", `'"' (a key)`)
	}
	return i, Error
}

// repairColon handles byte c at off where the ':' after a key belongs.
func (s *Scanner) repairColon(b []byte, c byte, off int64, i int) (int, Event) {
	if blankLead[c] && s.can(RepairWhitespace) {
		if j, ev, ok := s.openBlank(b, i, off); ok {
			return j, ev
		}
	}
	switch {
	case (c == '/' || c == '#') && s.can(RepairComment):
		return s.openComment(b, i, off)
	case c == 0xEF && s.can(RepairFullWidth):
		return s.openWide(b, i, off)
	case c == '"' && s.bareKeyEnd == off+1 && s.can(RepairUnquotedKey):
		return s.bareKeyQuote(off, i) // {a":1}
	case (c == '}' || c == ',') && s.digitKey > s.commit.off:
		// {"price": 1,299.99}: a bare "key" of digits with no value is
		// the rest of a number written with a thousands separator, not a
		// member; which number is meant is not certain.
		s.fail(off, c, "after a bare key that is a number (a thousands separator?)", "':'")
		return i, Error
	case (c == '}' || c == ',') && s.can(RepairMissingValue):
		s.st = stAfterValue
		s.prevCommit = s.commit
		s.commit = s.keyEnd
		s.lastWasString = false
		return i, s.repairAt(RepairMissingValue, s.keyEnd, 0, ":null")
	case loosely(c) && s.can(RepairMissingColon):
		s.st = stValue
		return i, s.insertBefore(RepairMissingColon, s.keyEnd, ":")
	}
	s.fail(off, c, "after an object key", "':'")
	return i, Error
}

// repairAfterValue handles byte c at off after a value inside a container
// where ',' or the right closer belongs.
func (s *Scanner) repairAfterValue(b []byte, c byte, off int64, i int) (int, Event) {
	if blankLead[c] && s.can(RepairWhitespace) {
		if j, ev, ok := s.openBlank(b, i, off); ok {
			return j, ev
		}
	}
	obj := s.stack.topIsObject()
	if (c == '/' || c == '.') && s.commit.off == off && !s.lastWasString && s.can(RepairUnquotedValue) {
		if j, ev, ok := s.slashAfterNumber(b, off, i); ok {
			return j, ev
		}
	}
	if gluedToNumber(c) && s.commit.off == off && i > 0 && digit[b[i-1]] && !s.lastWasString && s.numEndSlow != off+1 {
		// 2024-10-18, 0x10, 1_000: the number read whole goes on.
		if j, ev, ok := s.gluedAfterFastNumber(b, c, off, i); ok {
			return j, ev
		}
	}
	switch {
	case (c == '/' || c == '#') && s.can(RepairComment):
		return s.openCommentAfterValue(b, i, off)
	case c == 0xEF && s.can(RepairFullWidth):
		return s.openWide(b, i, off)
	case c == ')' && s.wrapDepth == s.stack.depth && s.can(RepairWrapper):
		s.wrapDepth = 0
		return i + 1, s.repairAt(RepairWrapper, s.here(off), 1, "")
	case c == '.' && s.can(RepairEllipsis):
		// [1, 2 ...]: the placeholder follows a value with no comma.
		return i + 1, s.beginDot(off)
	case c == '+' && s.lastWasString && s.can(RepairConcatenation):
		s.st = stConcat
		return i + 1, None
	case (c == '}' || c == ']') && s.can(RepairMismatchedBracket):
		return s.mismatched(c, off, i)
	case c == '{' && obj && s.objectInArray() && s.can(RepairMismatchedBracket) && s.can(RepairMissingComma):
		// [{"i":1{"i":2}]: the object's closer (and a comma) are missing
		// before the next object.
		s.stack.pop()
		s.valueDone(off)
		return i, s.repairAt(RepairMismatchedBracket, s.here(off), 0, "}")
	case s.can(RepairMissingComma):
		if st, ok := commaBefore(c, obj); ok {
			s.st = st
			return i, s.insertBefore(RepairMissingComma, s.commit, ",")
		}
	}
	if obj {
		s.fail(off, c, "after an object member", "',' or '}'")
	} else {
		s.fail(off, c, "after an array element", "',' or ']'")
	}
	return i, Error
}

// objectInArray reports whether the innermost container is an object
// that is an element of an array.
func (s *Scanner) objectInArray() bool {
	d := s.stack.depth
	return d > 1 && s.stack.topIsObject() && !s.stack.isObject(d-2)
}

// commaBefore reports whether byte c, after a value in an object (obj) or
// an array, begins the next member or element with the comma between them
// missing, and returns the state after that comma.
func commaBefore(c byte, obj bool) (state, bool) {
	switch {
	case !obj && loosely(c):
		return stValue, true
	case obj && (c == '"' || c == '\'' || isIdentStart(c)):
		return stKey, true
	}
	return 0, false
}

// mismatched handles a closer c at off that does not match the innermost
// container: when c closes a container further out, the missing closer is
// inserted (c is read again); otherwise c is replaced by the right closer.
func (s *Scanner) mismatched(c byte, off int64, i int) (int, Event) {
	want := "]"
	if s.stack.topIsObject() {
		want = "}"
	}
	for d := s.stack.depth - 2; d >= 0; d-- {
		if s.stack.isObject(d) == (c == '}') {
			s.stack.pop()
			s.valueDone(off)
			return i, s.repairAt(RepairMismatchedBracket, s.here(off), 0, want)
		}
	}
	m := s.here(off)
	s.stack.pop()
	if s.stack.depth == 0 {
		s.endOff = off + 1
		s.st = stTopEnd
	} else {
		s.valueDone(off + 1)
	}
	return i + 1, s.repairAt(RepairMismatchedBracket, m, 1, want)
}

// repairNumber handles byte c at off that a number cannot take (status
// numBad or numZeroDigit). It returns None when the scanner should go on
// reading c.
func (s *Scanner) repairNumber(c byte, off int64, status int) Event {
	switch {
	case status == numZeroDigit && s.can(RepairLeadingZero):
		// 007 is not a number; as a string it keeps every digit.
		s.num = numInt
		if s.numQuoted {
			return None
		}
		s.numQuoted = true
		return s.insertBefore(RepairLeadingZero, s.numStart, `"`)
	case s.num == numMinus && c == '.' && s.can(RepairNumber):
		s.num = numInt
		return s.repairAt(RepairNumber, s.here(off), 0, "0")
	case s.num == numMinus && c == 'I' && s.wordsAllowed():
		s.wordStart = s.numStart
		s.wordLen = copy(s.word[:], "-")
		s.st = stWord
		return None
	case s.num == numDot && s.can(RepairNumber):
		s.num = numFrac
		return s.repairAt(RepairNumber, s.here(off), 0, "0")
	}
	if status == numZeroDigit {
		s.fail(off, c, "after a leading zero", "'.', 'e' or the end of the number")
	} else {
		s.fail(off, c, "in a number", "a digit")
	}
	return Error
}

// nextRepairState runs one step of a repair state from b[i].
func (s *Scanner) nextRepairState(b []byte, i int) (int, Event) {
	base := s.base
	c := b[i]
	off := base + int64(i)
	switch s.st {
	case stStrClose:
		if c == ' ' && s.closeSpaces < 64 {
			s.closeSpaces++
			return i + 1, None
		}
		if blankLead[c] && s.repairs.Has(RepairWhitespace) {
			if j, ev, ok := s.blankAfterQuote(b, i); ok {
				return j, ev
			}
		}
		if s.reopens(c) {
			if s.mayProbe() {
				s.st, s.probe = stKeyProbe, probeState{}
				return i, None
			}
			repl := `\"`
			switch {
			case s.strQuoteLen == 1 && s.quote != '\'':
				// an ASCII quote in a typographic string: see oddString
			case s.quote == '\'':
				repl = "'"
			case s.quote == 'T':
				repl = "\u201d"
			case s.quote == 'S':
				repl = "\u2019"
			case s.quote == 'L':
				repl = "\u201c"
			}
			s.st = stString
			return i, s.repairAt(RepairInnerQuote, s.strQuote, s.strQuoteLen, repl)
		}
		return i, s.stringDone(s.strQuote.off + int64(s.strQuoteLen))

	case stSlash:
		switch c {
		case '/':
			s.st = stLineComment
		case '*':
			s.st, s.cmtStar = stBlockComment, false
		default:
			if num := s.slashNum; num != 0 && digit[c] && s.retState == stAfterValue && s.cmt.off == s.commit.off {
				return i, s.fraction(num-1, off) // 1/3, the '/' read last
			}
			s.fail(off, c, "after '/'", "'/' or '*' (a comment)")
			return i, Error
		}
		s.slashNum = 0
		return i + 1, None

	case stLineComment:
		for i < len(b) && b[i] != '\n' {
			i++
		}
		if i == len(b) {
			return i, None
		}
		s.st = s.retState
		return i, s.dropComment(base + int64(i))

	case stBlockComment:
		for i < len(b) {
			c := b[i]
			i++
			if c == '\n' {
				s.newline(base + int64(i-1))
			}
			if s.cmtStar && c == '/' {
				s.st = s.retState
				return i, s.dropComment(base + int64(i))
			}
			s.cmtStar = c == '*'
		}
		return i, None

	case stDot:
		if num := s.slashNum; num != 0 && digit[c] && s.retState == stAfterValue && s.dot.off == s.commit.off {
			return i, s.fraction(num-1, off) // 0.0.1, the second '.' read last
		}
		s.slashNum = 0
		switch {
		case digit[c] && s.can(RepairNumber) && s.retState != stAfterValue && s.retState != stKey && s.retState != stObjectFirst:
			s.st, s.num = stNumber, numDot
			s.numStart = s.dot
			return i, s.insertBefore(RepairNumber, s.dot, "0")
		case c == '.' && s.can(RepairEllipsis):
			s.st, s.dots = stEllipsis, 2
			return i + 1, None
		}
		if s.retState == stAfterValue || s.retState == stKey || s.retState == stObjectFirst {
			s.fail(off, c, "after '.'", "'..' (an ellipsis)")
		} else {
			s.fail(off, c, "after '.'", "a digit or '..' (an ellipsis)")
		}
		return i, Error

	case stEllipsis:
		if c != '.' {
			s.fail(off, c, "in '...'", "'.'")
			return i, Error
		}
		i++
		if s.dots++; s.dots < 3 {
			return i, None
		}
		end := base + int64(i)
		obj := s.stack.topIsObject()
		if (s.retState == stKey || (s.retState == stValue && !obj)) && s.commaRead() {
			s.st = stAfterValue
			return i, s.repairAt(RepairEllipsis, s.comma, int(end-s.comma.off), "")
		}
		s.st = s.retState
		return i, s.repairAt(RepairEllipsis, s.dot, 3, "")

	case stWord:
		return s.readWord(b, i)

	case stUnquotedKey:
		if i = keyEnd(b, i); i == len(b) {
			return i, None
		}
		off = base + int64(i)
		s.keyEnd = s.here(off)
		s.bareKeyEnd = off + 1
		s.st = stColon
		return i, s.continueAt(RepairUnquotedKey, s.keyEnd, 0, `"`)

	case stConcat:
		i = s.skipSpace(b, i, base)
		if i == len(b) {
			return i, None
		}
		c, off = b[i], base+int64(i)
		switch {
		case (c == '/' || c == '#') && s.can(RepairComment):
			return s.openComment(b, i, off)
		case c == '"' || (c == '\'' && s.can(RepairSingleQuote)):
			s.st, s.inKey, s.quote = stString, false, c
			s.oddFixed = false // the string's opening quote is no repair of its own
			s.commit = s.prevCommit
			return i + 1, s.repairAt(RepairConcatenation, s.strQuote, int(off+1-s.strQuote.off), "")
		}
		s.fail(off, c, "after '+'", "a string")
		return i, Error

	case stTypoOpen, stWide:
		// A three-byte character that may be syntax, carried across chunks
		// so that a split anywhere gives the same result; the bytes of it
		// that are in b are read in one step.
		for s.u8n < 3 && i < len(b) {
			if b[i] == '\n' { // read as part of the character, still a line break
				s.newline(base + int64(i))
			}
			s.u8[s.u8n] = b[i]
			s.u8n++
			i++
		}
		if s.u8n < 3 {
			return i, None
		}
		if s.st == stWide {
			return i, s.endWide(base + int64(i))
		}
		return i, s.endTypographicOpen(base + int64(i))

	case stBlank, stTopStrEnd, stTopTail, stTopTailEmit, stTopComma:
		return s.contractState(b, i)

	case stRadix:
		return s.readRadix(b, i)

	case stKeyProbe:
		return s.readProbe(b, i)

	case stBareQuote:
		return i, s.bareValueQuote(c, false)

	case stBOM:
		if c != "\xEF\xBB\xBF"[s.bomN] {
			return i, s.bomIsProse()
		}
		s.bomN++
		i++
		if s.bomN < 3 {
			return i, None
		}
		s.st = stLineStart
		s.last.fill(RepairBOM, mark{0, 1, -1}, 3, "") // never queued
		return i, Repair
	}
	return i, None
}

// bomIsProse turns the start of a byte order mark that did not complete
// into prose.
func (s *Scanner) bomIsProse() Event {
	s.event(0, 1)
	s.last.Line, s.last.Column = 1, 1
	s.gapDirty = true
	s.st = stProse
	return Prose
}

// readWord reads the bare word going on at b[i] (state stWord) up to its
// end, and decides it there when the end is in b.
func (s *Scanner) readWord(b []byte, i int) (int, Event) {
	for i < len(b) && isIdent(b[i]) {
		if s.wordLen < len(s.word) {
			s.word[s.wordLen] = b[i]
		}
		s.wordLen++
		i++
	}
	if i == len(b) {
		return i, None
	}
	return s.endWord(b, b[i], s.base+int64(i), i)
}

// endWord decides a bare word ended by byte c, b[i], at off.
func (s *Scanner) endWord(b []byte, c byte, off int64, i int) (int, Event) {
	if s.wordLen <= len(s.word) && specialWordStart[s.word[0]] {
		w := s.word[:s.wordLen]
		kind, repl := RepairKind(0), ""
		switch string(w) {
		case "True", "TRUE":
			kind, repl = RepairPythonLiteral, "true"
		case "False", "FALSE":
			kind, repl = RepairPythonLiteral, "false"
		case "None", "NULL", "Null":
			kind, repl = RepairPythonLiteral, "null"
		case "undefined", "NaN", "Infinity", "-Infinity":
			kind, repl = RepairNonFinite, "null"
			if s.nonFiniteStrings {
				repl = nonFiniteString(string(w))
			}
		case "ObjectId", "ISODate", "NumberLong", "NumberInt", "NumberDecimal", "Date", "UUID":
			if c == '(' && s.wrapDepth == 0 && s.can(RepairWrapper) {
				s.wrapDepth = s.stack.depth
				s.st = stValue
				return i + 1, s.repairAt(RepairWrapper, s.wordStart, s.wordLen+1, "")
			}
		}
		if kind != 0 && s.can(kind) {
			m := s.wordStart
			s.valueDone(off)
			return i, s.repairAt(kind, m, s.wordLen, repl)
		}
	}
	if s.can(RepairUnquotedValue) && c != '(' {
		if j, end := unquotedEnd(b, i); j < len(b) {
			// The value ends in b with nothing inside that needs
			// attention: one Repair inserts both quotes.
			closing := s.here(off + int64(end-i))
			s.st = stAfterValue
			s.prevCommit = s.commit
			s.commit = closing
			s.lastWasString = false
			r, ev := s.report(RepairUnquotedValue, s.wordStart, 0, `"`)
			r.Forward, r.Closing, r.Requote = true, closing.off, false // as insertBefore
			return j, ev
		}
		s.st, s.inKey, s.quote = stString, false, 'u'
		s.uqEnd = s.here(off)
		return i, s.openOdd(s.insertBefore(RepairUnquotedValue, s.wordStart, `"`))
	}
	s.fail(s.wordStart.off, s.word[0], "where a value belongs", "a value (not a bare word)")
	return i, Error
}

// specialWordStart marks the first bytes of the bare words endWord
// replaces or unwraps; any other word is a value to quote.
var specialWordStart = func() (t [256]bool) {
	for _, c := range "TFNuI-ODU" {
		t[c] = true
	}
	return t
}()

// unquotedEnd looks from b[i], just past a bare word that begins an
// unquoted value, for the byte that ends the value: ',', '}', ']' or a
// line end, after bytes that need nothing. It returns that byte's index
// and the end of the value (its trailing spaces left out), or len(b) when
// it is not in b or something that needs attention comes first.
func unquotedEnd(b []byte, i int) (j, end int) {
	j = i
	for j < len(b) && unquotedPlain[b[j]] {
		j++
	}
	if j == len(b) {
		return j, j
	}
	switch b[j] {
	case ',', '}', ']', '\n', '\r':
		end = j
		for end > i && b[end-1] == ' ' {
			end--
		}
		return j, end
	}
	return len(b), len(b)
}

func nonFiniteString(w string) string {
	switch w {
	case "undefined":
		return `"undefined"`
	case "NaN":
		return `"NaN"`
	case "Infinity":
		return `"Infinity"`
	}
	return `"-Infinity"`
}

// endQuotedNumber closes, at off, a number quoted for its leading zeros.
func (s *Scanner) endQuotedNumber(off int64) Event {
	s.numQuoted = false
	s.quotedEnd = off + 1
	s.valueDone(off)
	return s.repairAt(RepairLeadingZero, s.here(off), 0, `"`)
}

// quoteRepair is the repair that rewrites the current odd string's quotes.
func (s *Scanner) quoteRepair() RepairKind {
	switch s.quote {
	case '\'':
		return RepairSingleQuote
	case 'T', 'S', 'L':
		return RepairTypographicQuote
	}
	return RepairUnquotedValue
}

// closesTypographic reports whether p (three bytes) is the closing quote of
// the current typographic string.
func (s *Scanner) closesTypographic(p []byte) bool {
	switch s.quote {
	case 'T':
		return string(p) == "\u201d"
	case 'S':
		return string(p) == "\u2019"
	case 'L': // „…“, as German writes it
		return string(p) == "\u201c"
	}
	return false
}

// beginTypographic starts reading what may be a typographic opening quote
// (its first byte, 0xE2, is at off) where a key or a value belongs.
func (s *Scanner) beginTypographic(off int64, key bool) {
	s.typoStart = s.here(off)
	s.inKey = key
	s.u8[0], s.u8n = 0xE2, 1
	s.st = stTypoOpen
}

// endTypographicOpen decides the three bytes read by stTypoOpen, which
// end at end.
func (s *Scanner) endTypographicOpen(end int64) Event {
	p := s.u8[:3]
	s.u8n = 0
	switch string(p) {
	case "\u201c":
		s.st, s.quote = stString, 'T'
		return s.openOdd(s.repairAt(RepairTypographicQuote, s.typoStart, 3, `"`))
	case "\u2018":
		s.st, s.quote = stString, 'S'
		return s.openOdd(s.repairAt(RepairTypographicQuote, s.typoStart, 3, `"`))
	case "\u201e": // low-9
		s.st, s.quote = stString, 'L'
		return s.openOdd(s.repairAt(RepairTypographicQuote, s.typoStart, 3, `"`))
	}
	// Another character: a bare word that begins with it.
	if !s.inKey && checkUTF8(p) == 3 && s.can(RepairUnquotedValue) {
		s.st, s.quote = stString, 'u'
		s.uqEnd = s.here(end)
		return s.openOdd(s.insertBefore(RepairUnquotedValue, s.typoStart, `"`))
	}
	s.failAt(s.typoStart, 0xE2, "where a value or key belongs", "a value")
	return Error
}

// beginWide starts reading what may be full-width punctuation (its first
// byte, 0xEF, is at off) where JSON syntax belongs.
func (s *Scanner) beginWide(off int64) {
	s.wideStart = s.here(off)
	s.wideRet = s.st
	s.u8[0], s.u8n = 0xEF, 1
	s.st = stWide
}

// openWide starts reading what may be full-width punctuation whose first
// byte, b[i] (0xEF), is at off; when its three bytes are all in b, they are
// decided at once.
func (s *Scanner) openWide(b []byte, i int, off int64) (int, Event) {
	if i+3 <= len(b) {
		if c := wideTwin(b[i : i+3]); c != 0 {
			// The usual case, decided without stWide's buffer.
			s.placeTwin(c, off+2)
			_, ev := s.report(RepairFullWidth, s.here(off), 3, wideTwins[c])
			return i + 3, ev
		}
	}
	s.beginWide(off)
	if i+3 > len(b) || b[i+1] == '\n' || b[i+2] == '\n' {
		return i + 1, None // stWide reads on, counting lines
	}
	s.u8[1], s.u8[2], s.u8n = b[i+1], b[i+2], 3
	return i + 3, s.endWide(off + 3)
}

// wideTwin returns the ASCII twin of the full-width punctuation p (three
// bytes), or 0. The six characters (U+FF0C, U+FF1A, U+FF3B, U+FF3D,
// U+FF5B, U+FF5D) are EF BC xx or EF BD xx: a table on the last two bytes
// decides in one load instead of a string switch.
func wideTwin(p []byte) byte {
	if p[0] != 0xEF || p[1]&^1 != 0xBC {
		return 0
	}
	return wideTwinAfter[p[1]&1][p[2]]
}

// wideTwinAfter maps the last two bytes of full-width punctuation, EF BC xx
// (first row) or EF BD xx (second), to its ASCII twin, or 0.
var wideTwinAfter = func() (t [2][256]byte) {
	for _, c := range []rune{'，', '：', '［', '］', '｛', '｝'} {
		e := string(c)
		t[e[1]&1][e[2]] = byte(c - 0xFEE0)
	}
	return t
}()

// endWide decides the three bytes read by stWide, which end at end. The
// ASCII twin is read next, as if it stood at the character's last byte.
func (s *Scanner) endWide(end int64) Event {
	s.u8n = 0
	s.st = s.wideRet
	if c := wideTwin(s.u8[:3]); c != 0 {
		s.placeTwin(c, end-1)
		return s.repairAt(RepairFullWidth, s.wideStart, 3, wideTwins[c])
	}
	if (s.wideRet == stValue || s.wideRet == stArrayFirst) && checkUTF8(s.u8[:3]) == 3 && s.can(RepairUnquotedValue) {
		s.st, s.inKey, s.quote = stString, false, 'u'
		s.uqEnd = s.here(end)
		return s.openOdd(s.insertBefore(RepairUnquotedValue, s.wideStart, `"`))
	}
	s.failAt(s.wideStart, 0xEF, "where JSON syntax belongs", "a value or punctuation")
	return Error
}

// placeTwin reads c, the ASCII twin of full-width punctuation, as if it
// stood at the character's last byte, at. A comma after a value, a colon
// after a key, an opener where a value belongs and a closer that matches
// inside a container are read here, as the structure fast path reads
// them; anything else (a closer that ends the top-level value, a closer
// that does not match, a comma or closer after a comma) is left as a
// virtual byte for Next to read the careful way.
func (s *Scanner) placeTwin(c byte, at int64) {
	switch {
	case c == ',' && s.st == stAfterValue:
		s.comma = s.here(at)
		if s.stack.topIsObject() {
			s.st = stKey
		} else {
			s.st = stValue
		}
	case c == ':' && s.st == stColon:
		s.st = stValue
	case (c == '[' || c == '{') && (s.st == stValue || s.st == stArrayFirst) && s.stack.depth < s.maxDepth:
		s.stack.push(c == '{')
		s.setCommit(at + 1)
		if c == '{' {
			s.st = stObjectFirst
		} else {
			s.st = stArrayFirst
		}
	case (c == ']' || c == '}') && s.st == stAfterValue && s.stack.depth > 1 && (c == '}') == s.stack.topIsObject():
		s.stack.pop()
		s.prevCommit = s.commit
		s.setCommit(at + 1)
		s.lastWasString = false
	default:
		s.virt, s.virtOff = c, at
	}
}

var wideTwins = [128]string{',': ",", ':': ":", '[': "[", ']': "]", '{': "{", '}': "}"}

// readVirtual reads the pending ASCII twin of full-width punctuation as if
// it stood at virtOff.
func (s *Scanner) readVirtual() Event {
	c := s.virt
	s.virt = 0
	saved := s.base
	s.base = s.virtOff
	s.virtBuf[0] = c
	queueOn := s.queueOn // the twin's own repair is returned, not queued
	s.queueOn = false
	n, ev := s.Next(s.virtBuf[:])
	s.queueOn = queueOn
	s.base = saved
	if n == 0 {
		s.virt = c // not read yet: an event came first
	}
	return ev
}

// commaRead reports whether the last comma was read after the last element
// of the innermost container (and not inserted by a missing-comma repair,
// which has no input byte to delete).
func (s *Scanner) commaRead() bool { return s.comma.off >= s.commit.off }

// beginDot starts reading a '.' at off where a number (.5) or an ellipsis
// (...) may follow.
func (s *Scanner) beginDot(off int64) Event {
	s.retState = s.st
	s.dot = s.here(off)
	s.st = stDot
	return None
}
