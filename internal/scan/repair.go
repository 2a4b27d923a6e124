package scan

// RepairKind names a repair the scanner can make where the strict grammar would
// stop with an error. Repairs are off by default; SetRepairs turns them on.
type RepairKind uint8

// The repairs. Each is reported as a Repair event with the input range it
// replaces and the replacement (see Scanner.Replacement).
const (
	// RepairTrailingComma drops a comma before a closer: [1,2,] {"a":1,}.
	RepairTrailingComma RepairKind = iota + 1
	// RepairExtraComma drops a leading or doubled comma: [,1] [1,,2].
	RepairExtraComma
	// RepairMissingComma inserts a comma between two elements or members.
	RepairMissingComma
	// RepairComment drops a // line, /* block */ or # line comment.
	RepairComment
	// RepairSingleQuote turns a single-quoted string into a double-quoted one.
	RepairSingleQuote
	// RepairTypographicQuote turns “…”, ‘…’, „…“ or full-width ＂…＂ used
	// as delimiters into "…".
	RepairTypographicQuote
	// RepairUnquotedKey quotes a bare identifier used as a key.
	RepairUnquotedKey
	// RepairUnquotedValue quotes a bare word or phrase used as a value.
	RepairUnquotedValue
	// RepairInnerQuote escapes a double quote that does not end its string
	// (a heuristic: what follows it cannot follow a string).
	RepairInnerQuote
	// RepairPythonLiteral turns True, False and None into true, false, null.
	RepairPythonLiteral
	// RepairNonFinite turns undefined, NaN, Infinity and -Infinity into
	// null (or into strings, see SetNonFiniteAsString).
	RepairNonFinite
	// RepairMismatchedBracket inserts a missing closer, or replaces a closer
	// that matches no open container. A closer that matches an outer
	// container closes the inner ones first: right for a closer forgotten
	// at the end of a value ({"a": [1, 2}), wrong for a typo in the middle
	// of one ({"a": [1, 2}, "b": 3}), which then usually stops at a later
	// syntax error. Hence its confidence: a guess. It also reads a Python
	// tuple where a value belongs as an array, '(' and ')' replaced by '['
	// and ']', but for a tuple of one element and no comma, which is that
	// element: its second Repair removes the '[' again (EventOffset) and
	// the ')' (ClosingOffset), and joins the first. And it drops the closer
	// of a top-level object followed, on its line, by a comma and a quoted
	// key with its colon: {"a": 1}, "b": 2} (see StableOffset).
	RepairMismatchedBracket
	// RepairMissingColon inserts the colon between a key and its value.
	RepairMissingColon
	// RepairMissingValue inserts null for a key with no value.
	RepairMissingValue
	// RepairWrapper strips a MongoDB constructor: ObjectId("..."),
	// ISODate("..."), NumberLong(...), NumberInt(...), NumberDecimal(...).
	RepairWrapper
	// RepairConcatenation joins "a" + "b" into "ab".
	RepairConcatenation
	// RepairEllipsis drops a ... placeholder inside an array or object.
	RepairEllipsis
	// RepairNumber completes a number with one certain reading: .5, -.5,
	// 1., +1.
	RepairNumber
	// RepairLeadingZero quotes a number with leading zeros as a string,
	// which keeps every digit (a zip code, an id): 007 becomes "007".
	RepairLeadingZero
	// RepairInvalidEscape escapes the backslash of an invalid escape
	// (\x becomes \\x), or drops it before a single quote (\' becomes ').
	RepairInvalidEscape
	// RepairBOM drops a byte order mark at the start of the input.
	RepairBOM
	// RepairFullWidth turns full-width punctuation used as JSON syntax
	// (，：［］｛｝) into its ASCII twin. Inside strings it stays as it is.
	RepairFullWidth
	// RepairWhitespace drops a Unicode blank where JSON syntax belongs
	// (U+00A0, U+1680, U+2000-U+200B, U+202F, U+205F, U+3000, U+FEFF): it
	// is whitespace there, never the start of a bare value. Inside strings
	// it stays as it is.
	RepairWhitespace
	// RepairValueComment drops a # comment that stands where a value
	// belongs ([#1, 2], {"color": #fff}): a guess, as what it drops may be
	// data (a hex color, a hashtag, an issue number). Elsewhere a #
	// comment is a RepairComment.
	RepairValueComment
	// RepairUnclosedString inserts the closing quote a value string is
	// missing before the next member or element: {"a":"b,"c":"d"},
	// ["hello,"world"] (see unclosed.go).
	RepairUnclosedString
	// RepairRegex quotes a regular-expression literal where a value
	// belongs: {"re": /ab+c/gi} becomes {"re": "/ab+c/gi"} (see regex.go).
	RepairRegex
	// RepairInnerFence drops a markdown fence (three or more backticks and
	// a language tag) where a value or a closer belongs inside a
	// container: [```json {"a":1} ```] becomes [ {"a":1} ] (see fence.go).
	RepairInnerFence
	// RepairEscapedQuotes unescapes one level a document whose quotes are
	// all escaped, as inside a JSON string, without the string's own
	// quotes around it: {\"a\": 1} becomes {"a": 1} (see escdoc.go).
	RepairEscapedQuotes

	repairCount // keep last
)

var repairNames = [...]string{
	RepairTrailingComma:     "trailing_comma",
	RepairExtraComma:        "extra_comma",
	RepairMissingComma:      "missing_comma",
	RepairComment:           "comment",
	RepairSingleQuote:       "single_quote",
	RepairTypographicQuote:  "typographic_quote",
	RepairUnquotedKey:       "unquoted_key",
	RepairUnquotedValue:     "unquoted_value",
	RepairInnerQuote:        "inner_quote",
	RepairPythonLiteral:     "python_literal",
	RepairNonFinite:         "non_finite",
	RepairMismatchedBracket: "mismatched_bracket",
	RepairMissingColon:      "missing_colon",
	RepairMissingValue:      "missing_value",
	RepairWrapper:           "wrapper",
	RepairConcatenation:     "concatenation",
	RepairEllipsis:          "ellipsis",
	RepairNumber:            "number",
	RepairLeadingZero:       "leading_zero",
	RepairInvalidEscape:     "invalid_escape",
	RepairBOM:               "bom",
	RepairFullWidth:         "full_width",
	RepairWhitespace:        "whitespace",
	RepairValueComment:      "value_comment",
	RepairUnclosedString:    "unclosed_string",
	RepairRegex:             "regex",
	RepairInnerFence:        "inner_fence",
	RepairEscapedQuotes:     "escaped_quotes",
}

// String returns the repair's snake_case name.
func (r RepairKind) String() string {
	if r > 0 && r < repairCount {
		return repairNames[r]
	}
	return "unknown"
}

// NumRepairs is one more than the largest Repair value.
const NumRepairs = int(repairCount)

// RepairSet is a set of repairs, one bit per Repair.
type RepairSet uint64

// AllRepairs holds every repair.
const AllRepairs = RepairSet(1<<repairCount - 2)

// Has reports whether r is in the set.
func (s RepairSet) Has(r RepairKind) bool { return s&(1<<r) != 0 }

// With returns the set plus r.
func (s RepairSet) With(r RepairKind) RepairSet { return s | 1<<r }

// Without returns the set less r.
func (s RepairSet) Without(r RepairKind) RepairSet { return s &^ (1 << r) }

// SetRepairs chooses the repairs the scanner makes; the others stay syntax
// errors. Reset keeps the set.
func (s *Scanner) SetRepairs(set RepairSet) { s.repairs = set }

// SetNonFiniteAsString makes RepairNonFinite produce strings ("NaN") rather
// than null. Reset keeps the choice.
func (s *Scanner) SetNonFiniteAsString(on bool) { s.nonFiniteStrings = on }

// RepairKind returns the repair behind the last Repair event.
func (s *Scanner) RepairKind() RepairKind { return s.last.Kind }

// Replacement returns the bytes that replace the input range of the last
// Repair event ([EventOffset, EventOffset+EventLen), all consumed already).
func (s *Scanner) Replacement() string { return s.last.Repl }

// insertBefore reports a Repair inserting repl at m that belongs to what
// follows m (an opening quote, a comma between elements).
func (s *Scanner) insertBefore(k RepairKind, m mark, repl string) Event {
	r, ev := s.report(k, m, 0, repl)
	r.Forward = true
	return ev
}

// openOdd reports the Repair that opens a single-quoted, typographic or
// unquoted string: the repairs inside it and its closing quote join it.
func (s *Scanner) openOdd(ev Event) Event {
	s.oddFixed = true
	return ev
}

// continueAt is repairAt for an edit inside or at the end of an odd string
// (its closing quote, a quote escaped inside it): when the string's opening
// was reported as a repair, this edit is part of the same fix.
func (s *Scanner) continueAt(k RepairKind, m mark, n int, repl string) Event {
	r, ev := s.report(k, m, n, repl)
	r.Joins = s.oddFixed
	return ev
}

// RepairJoins reports whether the last Repair event continues the repair
// before it, so that a caller counting fixes counts them once: the closing
// quote of a string whose opening was repaired, or a quote escaped inside
// it (a single-quoted string is one fix, not one per quote), and a comment
// that follows the last dropped comment with only whitespace between them
// (a block of comments is one fix, not one per comment), and the removal
// of the brackets of a one-element tuple, which continues the repair that
// wrote its '[' (other repairs may come between them).
func (s *Scanner) RepairJoins() bool { return s.last.Joins }

// ClosingOffset returns, after a Repair that changed both delimiters of a
// string at once (a single-quoted string read in one step), the offset of
// the closing one, which gets the same Replacement in place of EventLen
// bytes as the opening one at EventOffset; otherwise 0. Whether a string
// comes as one such Repair or as one per delimiter depends on how the input
// was split; the edits are the same.
func (s *Scanner) ClosingOffset() int64 { return s.last.Closing }

// RepairLeansForward reports whether the last Repair event inserted text
// that belongs to what follows its offset, rather than to what precedes
// it: a cut at that offset drops it.
func (s *Scanner) RepairLeansForward() bool { return s.last.Forward }

// mark is an input offset with the line it lies on, so that an event can be
// reported there later.
type mark struct {
	off       int64
	line      int
	lineBreak int64 // offset of the line break before that line; -1 on the first
}

// here returns a mark for absolute offset off on the current line.
func (s *Scanner) here(off int64) mark { return mark{off, s.line, s.lineBreak} }

// repairAt reports a Repair replacing n input bytes from m with repl: into
// the queue when it can wait there (the event is then None), otherwise as
// the last event (see report).
func (s *Scanner) repairAt(k RepairKind, m mark, n int, repl string) Event {
	_, ev := s.report(k, m, n, repl)
	return ev
}

// fill sets every field of r for a Repair of kind k replacing n input
// bytes from m with repl (Forward, Joins and Closing cleared), one field
// at a time, in place (see report for why not as a whole record).
func (r *QueuedRepair) fill(k RepairKind, m mark, n int, repl string) {
	r.Forward, r.Joins, r.Closing = false, false, 0
	r.Kind, r.Repl = k, repl
	r.Offset, r.Len = m.off, n
	r.Line, r.Column = m.line, int(m.off-m.lineBreak)
}

// can reports whether repair r is on and the scanner is inside a container
// (the top level is prose territory, where nothing is repaired).
func (s *Scanner) can(r RepairKind) bool {
	return s.repairs.Has(r) && s.stack.depth > 0
}

// isIdentStart reports whether c can begin a bare identifier.
func isIdentStart(c byte) bool { return identClass[c]&identStart != 0 }

// isIdent reports whether c can go on a bare identifier.
func isIdent(c byte) bool { return identClass[c]&identPart != 0 }

// The classes of identClass.
const (
	identStart = 1 << iota // a letter, '_' or '$'
	identPart              // those and digits
	keyPart                // those and '-' and '.', inside a bare key
)

// identClass classes every byte for bare words and keys, in one load.
var identClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		start := c|0x20 >= 'a' && c|0x20 <= 'z' || c == '_' || c == '$'
		if start {
			t[c] |= identStart | identPart | keyPart
		}
		if c >= '0' && c <= '9' {
			t[c] |= identPart | keyPart
		}
		if c == '-' || c == '.' {
			t[c] |= keyPart
		}
	}
	return t
}()
