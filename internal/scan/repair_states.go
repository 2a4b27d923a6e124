package scan

import (
	"strings"

	"github.com/jsonheal/jsonheal/internal/blank"
)

// reopensValue marks the bytes that, read after a quote that may close a
// value string, show that the quote was inside it: anything above ' '
// but digits and what may follow a value or begin the next one.
var reopensValue = func() (t [256]bool) {
	for c := '!'; c < 256; c++ {
		t[c] = !digit[c] && !strings.ContainsRune(",}]:\"'{[/#+)-", c)
	}
	return t
}()

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
	if blank.Lead[c] && s.can(RepairWhitespace) {
		if j, ev, ok := s.openBlank(b, i, off); ok {
			return j, ev
		}
	}
	obj := s.stack.depth > 0 && s.stack.topIsObject()
	switch {
	case c == '`' && s.can(RepairInnerFence):
		return s.openInnerFence(b, i, off) // [```json {"a":1} ```]
	case c == '\\' && s.escapesHere():
		return s.openEscapeOutside(b, i, off) // [\"a\"]
	case c == '/' && i+1 < len(b) && regexStarts(b[i+1]) && s.can(RepairRegex):
		return i + 1, s.openRegex(s.here(off)) // {"re": /ab+c/gi}
	case (c == '/' || c == '#' && s.can(RepairValueComment)) && s.can(RepairComment):
		return s.openComment(b, i, off)
	case (c == ']' || (c == '}' || c == ')') && s.can(RepairMismatchedBracket)) && s.st == stValue && !obj && s.commaRead() && s.can(RepairTrailingComma):
		s.st = stAfterValue // [2,} (1,): the comma goes, then the closer is mismatched
		return i, s.repairAt(RepairTrailingComma, s.comma, 1, "")
	case c == '}' && s.st == stArrayFirst && s.can(RepairMismatchedBracket):
		s.st = stAfterValue // [}
		return s.mismatched(c, off, i)
	case c == '(' && s.stack.depth < s.maxDepth && s.can(RepairMismatchedBracket):
		// (1, 2): a Python tuple, read as an array; (1) is 1 (see tuple.go).
		return s.openTuple(off, i)
	case c == ')' && s.st == stArrayFirst && s.can(RepairMismatchedBracket):
		return s.closeReplaced(off, i, "]") // ()
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
	wrap := s.wrapClean // nothing but ASCII blanks since the top-level opener
	s.wrapClean = false
	if blank.Lead[c] && s.can(RepairWhitespace) {
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
	case c == '\\' && s.escapesHere():
		return s.openEscapeOutside(b, i, off) // {\"a\": 1}
	case c == '`' && wrap && s.st == stObjectFirst && s.stack.depth == 1 && s.lineBreak < s.valueStart && s.can(RepairInnerFence):
		return s.openInnerFence(b, i, off) // {```json ... ```}: see endInnerFence
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
	if blank.Lead[c] && s.can(RepairWhitespace) {
		if j, ev, ok := s.openBlank(b, i, off); ok {
			return j, ev
		}
	}
	switch {
	case (c == '/' || c == '#') && s.can(RepairComment):
		return s.openComment(b, i, off)
	case c == 0xEF && s.can(RepairFullWidth):
		return s.openWide(b, i, off)
	case c == '\\' && s.escDoc:
		return s.openEscapeOutside(b, i, off) // {\"a\"\n:1}
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
	if blank.Lead[c] && s.can(RepairWhitespace) {
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
	case c == '`' && s.can(RepairInnerFence):
		return s.openInnerFence(b, i, off) // {"a":1} ```]
	case c == '\\' && s.escDoc:
		return s.openEscapeOutside(b, i, off) // {\"a\": 1\n}
	case c == ')' && s.wrapDepth == s.stack.depth && s.can(RepairWrapper):
		s.wrapDepth = 0
		return i + 1, s.repairAt(RepairWrapper, s.here(off), 1, "")
	case c == ')' && !obj && s.can(RepairMismatchedBracket):
		return s.closeTuple(off, i)
	case c == '.' && s.can(RepairEllipsis):
		// [1, 2 ...]: the placeholder follows a value with no comma.
		return i + 1, s.beginDot(off)
	case c == '+' && s.lastWasString && s.can(RepairConcatenation):
		s.st = stConcat
		return i + 1, None
	case c == ':' && !obj && s.lastWasString && s.stack.depth < s.maxDepth && s.can(RepairMismatchedBracket):
		return i + 1, s.memberInArray()
	case (c == '}' || c == ']') && s.can(RepairMismatchedBracket):
		return s.mismatched(c, off, i)
	case c == '{' && obj && s.objectInArray() && s.can(RepairMismatchedBracket) && s.can(RepairMissingComma):
		// [{"i":1{"i":2}]: the object's closer (and a comma) are missing
		// before the next object.
		s.stack.pop()
		s.valueDone(off)
		s.tupleClosedInto(off)
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
			s.tupleClosedInto(off)
			return i, s.repairAt(RepairMismatchedBracket, s.here(off), 0, want)
		}
	}
	return s.closeReplaced(off, i, want)
}

// closeReplaced closes the innermost container at the byte at off (b[i]),
// which a Repair replaces by the closer repl: a mismatched closer, or a
// tuple's ')'.
func (s *Scanner) closeReplaced(off int64, i int, repl string) (int, Event) {
	m := s.here(off)
	s.stack.pop()
	if s.stack.depth == 0 {
		s.endOff = off + 1
		s.st = stTopEnd
	} else {
		s.valueDone(off + 1)
		s.tupleClosedInto(off + 1)
	}
	return i + 1, s.repairAt(RepairMismatchedBracket, m, 1, repl)
}

// memberInArray reads the ':' after a string element of an array
// (["key": "value"]) as a member of an object whose '{' is missing: the
// '{' goes before the string, which becomes the object's key, and the
// object's '}' is missing too (mismatched() inserts it at the array's
// closer or the next object's start).
func (s *Scanner) memberInArray() Event {
	at := s.prevCommit // after '[' for the first element
	if s.comma.off >= at.off {
		at = mark{s.comma.off + 1, s.comma.line, s.comma.lineBreak} // after its comma
	}
	s.commit = at // the object's content begins after its '{'
	s.stack.push(true)
	s.st = stValue
	return s.repairAt(RepairMismatchedBracket, at, 0, "{")
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

// specialWordStart marks the first bytes of the bare words endWord
// replaces or unwraps; any other word is a value to quote.
var specialWordStart = func() (t [256]bool) {
	for _, c := range "TFNuI-ODU" {
		t[c] = true
	}
	return t
}()

// wideTwinAfter maps the last two bytes of full-width punctuation, EF BC xx
// (first row) or EF BD xx (second), to its ASCII twin, or 0.
var wideTwinAfter = func() (t [2][256]byte) {
	for _, c := range []rune{'，', '：', '［', '］', '｛', '｝'} {
		e := string(c)
		t[e[1]&1][e[2]] = byte(c - 0xFEE0)
	}
	return t
}()

var wideTwins = [128]string{',': ",", ':': ":", '[': "[", ']': "]", '{': "{", '}': "}"}
