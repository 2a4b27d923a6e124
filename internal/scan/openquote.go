package scan

import "strings"

// A string missing its opening quote: a bare key or value ends with a
// double quote ({a":"foo"}, {"a":foo","b":1}, [a",b"]). That quote is the
// closing quote the repair of the bare word inserts anyway: for a key it
// is dropped (the key is quoted once), for a value it closes the value
// when ',', '}' or ']' follows it at once. Otherwise it stays an inner
// quote of the value, escaped, as before. Both are part of the bare
// word's fix (unquoted_key, unquoted_value).

// bareKeyQuote handles the '"' at off, b[i], right after a bare key.
func (s *Scanner) bareKeyQuote(off int64, i int) (int, Event) {
	s.bareKeyEnd = 0
	return i + 1, s.continueAt(RepairUnquotedKey, s.here(off), 1, "")
}

// closesBareValue reports whether c, right after a '"' that follows a
// bare value with nothing between them, shows that the quote closes it.
func closesBareValue(c byte) bool { return c == ',' || c == '}' || c == ']' }

// bareValueQuote decides the '"' at s.strQuote that follows a bare value,
// on reading c after it (or at the end of input, end). It returns the
// Repair: the quote closes the value, or is escaped inside it.
func (s *Scanner) bareValueQuote(c byte, end bool) Event {
	q := s.strQuote
	if end || closesBareValue(c) {
		s.st = stAfterValue
		s.prevCommit = s.commit
		s.commit = s.here(q.off + 1)
		s.lastWasString = false
		return s.continueAt(RepairUnquotedValue, q, 1, `"`)
	}
	s.st = stString
	s.uqEnd = s.here(q.off + 1)
	return s.continueAt(s.quoteRepair(), q, 1, `\"`)
}

// specialWords are the bare words endWord reads as something else than
// text: a bare word the input ended in that begins one of them may be it,
// cut.
var specialWords = [...]string{
	"true", "false", "null", "True", "False", "None", "TRUE", "FALSE", "NULL", "Null",
	"undefined", "NaN", "Infinity", "-Infinity",
	"ObjectId", "ISODate", "NumberLong", "NumberInt", "NumberDecimal", "Date", "UUID",
}

// bareText reports whether the bare word being read (state stWord) is text
// whatever follows it: no special word begins with it.
func (s *Scanner) bareText() bool {
	if s.wordLen > len(s.word) {
		return true
	}
	w := string(s.word[:s.wordLen])
	for _, sw := range specialWords {
		if strings.HasPrefix(sw, w) {
			return false
		}
	}
	return true
}
