package scanner

import "github.com/jsonheal/jsonheal/internal/scan"

// The types below are the scanner's own (internal/scan, which the
// sanitizer shares), named here so that a user of this package needs no
// other import. They are aliases: a value of one is a value of the other.

// Event is what Next or End stopped at. Its String method gives the
// event's snake_case name (value_start, repair, eof, ...).
type Event = scan.Event

// Events. Offsets are absolute input offsets, read with EventOffset.
const (
	// None: the chunk was consumed without an event.
	None = scan.None
	// ValueStart: a top-level value begins at EventOffset.
	ValueStart = scan.ValueStart
	// ValueEnd: the current top-level value ended; EventOffset is the
	// offset just past its last byte.
	ValueEnd = scan.ValueEnd
	// Prose: a run of prose outside any value begins at EventOffset. The
	// run goes on silently until the next line, fence or value.
	Prose = scan.Prose
	// Fence: a markdown fence line begins at EventOffset (its first
	// backtick or tilde); the line, through its newline, belongs to it.
	Fence = scan.Fence
	// ControlChar: a raw control byte (below 0x20) inside a string is at
	// EventOffset. The scanner treats it as string content.
	ControlChar = scan.ControlChar
	// InvalidUTF8: bytes [EventOffset, EventOffset+EventLen) inside a
	// string are a maximal invalid UTF-8 subpart (one U+FFFD replaces it).
	// They may begin in an earlier chunk.
	InvalidUTF8 = scan.InvalidUTF8
	// InvalidEscape: the escape sequence beginning with the backslash at
	// EventOffset is invalid; EventLen bytes of it were read. The byte
	// that made it invalid was not consumed and is read next as string
	// content.
	InvalidEscape = scan.InvalidEscape
	// Repair: the scanner repaired the input (see SetRepairs): replace the
	// input bytes [EventOffset, EventOffset+EventLen), all consumed
	// already, with Replacement, and do the same at ClosingOffset when it
	// is not zero. RepairKind says which repair.
	Repair = scan.Repair
	// Error: a syntax error at EventOffset; Err describes it. The scanner
	// stays in the error state until Reset.
	Error = scan.Error
	// Truncated: returned by End when the input ended inside a value;
	// Truncation describes what was open.
	Truncated = scan.Truncated
	// EOF: returned by End when nothing more is to be reported.
	EOF = scan.EOF
)

// RepairKind names a repair the scanner can make where the strict grammar
// would stop with an error. Repairs are off by default; SetRepairs turns
// them on. Its String method gives the snake_case name used in reports.
type RepairKind = scan.RepairKind

// The repairs, each reported as a Repair event (see the Repair event for
// how to apply one).
const (
	// RepairTrailingComma drops a comma before a closer: [1,2,] {"a":1,}.
	RepairTrailingComma = scan.RepairTrailingComma
	// RepairExtraComma drops a leading or doubled comma: [,1] [1,,2].
	RepairExtraComma = scan.RepairExtraComma
	// RepairMissingComma inserts a comma between two elements or members.
	RepairMissingComma = scan.RepairMissingComma
	// RepairComment drops a // line, /* block */ or # line comment.
	RepairComment = scan.RepairComment
	// RepairSingleQuote turns a single-quoted string into a double-quoted one.
	RepairSingleQuote = scan.RepairSingleQuote
	// RepairTypographicQuote turns “…”, ‘…’, „…“ or full-width ＂…＂ used
	// as delimiters into "…".
	RepairTypographicQuote = scan.RepairTypographicQuote
	// RepairUnquotedKey quotes a bare identifier used as a key.
	RepairUnquotedKey = scan.RepairUnquotedKey
	// RepairUnquotedValue quotes a bare word or phrase used as a value.
	RepairUnquotedValue = scan.RepairUnquotedValue
	// RepairInnerQuote escapes a double quote that does not end its string
	// (a heuristic: what follows it cannot follow a string).
	RepairInnerQuote = scan.RepairInnerQuote
	// RepairPythonLiteral turns True, False and None into true, false, null.
	RepairPythonLiteral = scan.RepairPythonLiteral
	// RepairNonFinite turns undefined, NaN, Infinity and -Infinity into
	// null (or into strings, see sanitize.Options.NonFiniteAsString).
	RepairNonFinite = scan.RepairNonFinite
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
	RepairMismatchedBracket = scan.RepairMismatchedBracket
	// RepairMissingColon inserts the colon between a key and its value.
	RepairMissingColon = scan.RepairMissingColon
	// RepairMissingValue inserts null for a key with no value.
	RepairMissingValue = scan.RepairMissingValue
	// RepairWrapper strips a MongoDB constructor: ObjectId("..."),
	// ISODate("..."), NumberLong(...), NumberInt(...), NumberDecimal(...).
	RepairWrapper = scan.RepairWrapper
	// RepairConcatenation joins "a" + "b" into "ab".
	RepairConcatenation = scan.RepairConcatenation
	// RepairEllipsis drops a ... placeholder inside an array or object.
	RepairEllipsis = scan.RepairEllipsis
	// RepairNumber completes a number with one certain reading: .5, -.5,
	// 1., +1.
	RepairNumber = scan.RepairNumber
	// RepairLeadingZero quotes a number with leading zeros as a string,
	// which keeps every digit (a zip code, an id): 007 becomes "007".
	RepairLeadingZero = scan.RepairLeadingZero
	// RepairInvalidEscape escapes the backslash of an invalid escape
	// (\x becomes \\x), or drops it before a single quote (\' becomes ').
	RepairInvalidEscape = scan.RepairInvalidEscape
	// RepairBOM drops a byte order mark at the start of the input.
	RepairBOM = scan.RepairBOM
	// RepairFullWidth turns full-width punctuation used as JSON syntax
	// (，：［］｛｝) into its ASCII twin. Inside strings it stays as it is.
	RepairFullWidth = scan.RepairFullWidth
	// RepairWhitespace drops a Unicode blank where JSON syntax belongs
	// (U+00A0, U+1680, U+2000-U+200B, U+202F, U+205F, U+3000, U+FEFF): it
	// is whitespace there, never the start of a bare value. Inside strings
	// it stays as it is.
	RepairWhitespace = scan.RepairWhitespace
	// RepairValueComment drops a # comment that stands where a value
	// belongs ([#1, 2], {"color": #fff}): a guess, as what it drops may be
	// data (a hex color, a hashtag, an issue number). Elsewhere a #
	// comment is a RepairComment.
	RepairValueComment = scan.RepairValueComment
	// RepairUnclosedString inserts the closing quote a value string is
	// missing before the next member or element: {"a":"b,"c":"d"},
	// ["hello,"world"].
	RepairUnclosedString = scan.RepairUnclosedString
	// RepairRegex quotes a regular-expression literal where a value
	// belongs: {"re": /ab+c/gi} becomes {"re": "/ab+c/gi"}.
	RepairRegex = scan.RepairRegex
	// RepairInnerFence drops a markdown fence where a value or a closer
	// belongs inside a container: [```json {"a":1} ```] becomes
	// [ {"a":1} ].
	RepairInnerFence = scan.RepairInnerFence
	// RepairEscapedQuotes unescapes one level a document whose quotes are
	// all escaped, without outer quotes: {\"a\": 1} becomes {"a": 1}.
	RepairEscapedQuotes = scan.RepairEscapedQuotes
)

// RepairSet is a set of repairs, one bit per RepairKind, with Has, With
// and Without.
type RepairSet = scan.RepairSet

// AllRepairs holds every repair.
const AllRepairs = scan.AllRepairs

// NumRepairs is one more than the largest RepairKind value, for tables
// indexed by kind.
const NumRepairs = scan.NumRepairs

// DefaultMaxDepth is the nesting cap used when New or Reset is given zero.
const DefaultMaxDepth = scan.DefaultMaxDepth

// SyntaxError is the error behind an Error event: where (Offset, Line,
// Column), the offending Byte, where it stood (Context) and what was
// Expected there. Its Err field, ErrSyntax or ErrDepth, is what Unwrap
// returns; Message gives the error without its coordinates.
type SyntaxError = scan.SyntaxError

// Sentinel errors wrapped by *SyntaxError, for errors.Is.
var (
	// ErrSyntax: the bytes inside a value break the JSON grammar.
	ErrSyntax = scan.ErrSyntax
	// ErrDepth: nesting went past the depth cap.
	ErrDepth = scan.ErrDepth
)

// Truncation describes what was open when the input ended inside a
// value. Its fields: Start (where the value began), Pending (what it was
// in the middle of, or waiting for), Depth (open containers), Commit with
// CommitLine and CommitColumn (the offset just past the last complete
// element of the innermost container: what follows it is incomplete) and
// Partial (the bytes at the very end that belong to an incomplete escape
// or UTF-8 sequence inside a string, to drop before closing it).
type Truncation = scan.Truncation

// Pending names what a truncated value was in the middle of, or waiting
// for. Its String and MarshalText give a stable name.
type Pending = scan.Pending

// What the input was in the middle of, or waiting for, when it ended.
const (
	// PendingNone: nothing; the input ended between values.
	PendingNone = scan.PendingNone
	// PendingValue: a value was expected (after '[', ':' or ',' in an
	// array).
	PendingValue = scan.PendingValue
	// PendingKey: an object key was expected, or was being read.
	PendingKey = scan.PendingKey
	// PendingColon: a complete key waits for its ':'.
	PendingColon = scan.PendingColon
	// PendingComma: a complete value waits for ',' or a closer.
	PendingComma = scan.PendingComma
	// PendingString: inside a string value.
	PendingString = scan.PendingString
	// PendingNumber: inside a number.
	PendingNumber = scan.PendingNumber
	// PendingLiteral: inside true, false or null.
	PendingLiteral = scan.PendingLiteral
)
