package sanitize

import "github.com/jsonheal/jsonheal/scanner"

// Kind names one kind of change the sanitizer made. Every change it makes is
// recorded as a Fix of some Kind.
type Kind uint8

// The kinds of fixes. The zero Kind is invalid.
const (
	// KindFence: a markdown fence line (```json, ```, ~~~) was removed.
	KindFence Kind = iota + 1
	// KindProse: text outside any JSON value was removed (or, between two
	// values, replaced by a single newline).
	KindProse
	// KindControlChar: a raw control byte inside a string was escaped.
	KindControlChar
	// KindInvalidUTF8: an invalid UTF-8 sequence inside a string was replaced
	// by U+FFFD.
	KindInvalidUTF8
	// KindDropIncomplete: a truncated number, literal, key or dangling comma
	// at the end of truncated input was dropped, so that it is never emitted
	// as a different whole value. The fixes of what was dropped (a bare key
	// quoted, a comma inserted before it) go with it: this fix stands for
	// them.
	KindDropIncomplete
	// KindCloseTruncated: closers (quote, brackets, braces) were appended to
	// truncated input because Options.CloseTruncated asked for it.
	KindCloseTruncated
	// KindSeparator: a newline was put between two top-level values that
	// had nothing between them.
	KindSeparator
	// KindValues: the top-level values were reshaped as Options.Values
	// asked: every value after the first dropped (ValuesFirst, one fix at
	// the second value), or the values wrapped in one array (ValuesArray,
	// one fix at the first value). Made only when the caller asked for it.
	KindValues

	// The repairs of broken syntax, in the order of scanner.RepairKind.

	KindTrailingComma     // a comma before a closer was dropped: [1,2,]
	KindExtraComma        // a leading or doubled comma was dropped: [,1] [1,,2]
	KindMissingComma      // a comma was inserted between two elements or members
	KindComment           // // line, /* block */ or # line comments were dropped (one fix per run with only whitespace between them)
	KindSingleQuote       // a single-quoted string was double-quoted (one fix per string)
	KindTypographicQuote  // “…”, ‘…’, „…“ or ＂…＂ used as delimiters became "…" (one fix per string)
	KindUnquotedKey       // a bare identifier used as a key was quoted (one fix per key)
	KindUnquotedValue     // a bare word or phrase used as a value was quoted (one fix per value)
	KindInnerQuote        // a double quote inside a string was escaped (heuristic)
	KindPythonLiteral     // True, False, None became true, false, null
	KindNonFinite         // undefined, NaN, Infinity, -Infinity became null (or strings)
	KindMismatchedBracket // a missing closer was inserted or a wrong one replaced
	KindMissingColon      // a colon was inserted between a key and its value
	KindMissingValue      // null was inserted for a key with no value
	KindWrapper           // a MongoDB constructor call around a value was stripped
	KindConcatenation     // "a" + "b" became "ab"
	KindEllipsis          // a ... placeholder was dropped
	KindNumber            // a number with one certain reading was completed: .5 1. +1
	KindLeadingZero       // a number with leading zeros became a string: 007 became "007"
	KindInvalidEscape     // an invalid escape's backslash was escaped, or dropped before '
	KindBOM               // a byte order mark was dropped
	KindFullWidth         // full-width punctuation used as syntax (，：［］｛｝) became ASCII
	KindWhitespace        // a Unicode blank (U+00A0, U+2000-U+200B, U+3000, ...) between tokens was dropped
	KindValueComment      // a # comment where a value belongs was dropped (#fff, #1 may be data)
	KindUnclosedString    // a value string's missing closing quote was inserted before the next member: {"a":"b,"c":"d"}
	KindRegex             // a regular-expression literal where a value belongs was quoted: /ab+c/gi became "/ab+c/gi"
	KindInnerFence        // a markdown fence where a value or closer belongs inside a container was dropped: [```json {"a":1} ```]
	KindEscapedQuotes     // a document whose quotes were all escaped, with no outer quotes, was unescaped one level: {\"a\": 1} (one fix per document)
	// KindEscapedDocument: a top-level string holding a whole document
	// ("{\"a\": 1}") was replaced by that document. Applied only when the
	// string's content is by itself a valid object or array.
	KindEscapedDocument
	// KindStringBackoff: a string the input ended in, whose last bytes
	// were closers of the open containers ({"url":"https://x.com/}), was
	// closed before them, and they closed the containers, instead of
	// being kept in the string (only with Options.CloseTruncated).
	KindStringBackoff
	// KindProseValue: text after a top-level value, on the value's line,
	// that begins like a number or a string ("[1] 2", "[1] "x""), that
	// begins with a colon (`"score": 5`: the value was a member's name),
	// or that holds a colon followed by what may begin a value
	// (`{"a":1} total: 2`), was removed as prose. It may be a second
	// value or data: a guess, where KindProse is certain.
	KindProseValue

	kindCount // number of kinds + 1; keep last
)

// kindFirstRepair is the Kind of scanner.RepairKind 1.
const kindFirstRepair = KindTrailingComma

var kindNames = [...]string{
	KindFence:           "fence",
	KindProse:           "prose",
	KindControlChar:     "control_char",
	KindInvalidUTF8:     "invalid_utf8",
	KindDropIncomplete:  "drop_incomplete",
	KindCloseTruncated:  "close_truncated",
	KindSeparator:       "separator",
	KindValues:          "values",
	KindEscapedDocument: "escaped_document",
	KindStringBackoff:   "string_backoff",
	KindProseValue:      "prose_value",
}

// confidences gives each kind's confidence. The base kinds are certain;
// repairs are certain where only one reading exists, likely where the usual
// reading has rare exceptions, and a guess where several readings compete.
var confidences = [kindCount]Confidence{
	KindFence: Certain, KindProse: Certain, KindControlChar: Certain,
	KindInvalidUTF8: Certain, KindDropIncomplete: Certain, KindCloseTruncated: Certain,
	KindSeparator: Certain, KindValues: Certain,

	KindTrailingComma:     Certain,
	KindExtraComma:        Likely,
	KindMissingComma:      Likely,
	KindComment:           Certain,
	KindSingleQuote:       Likely,
	KindTypographicQuote:  Likely,
	KindUnquotedKey:       Likely,
	KindUnquotedValue:     Guess,
	KindInnerQuote:        Guess,
	KindPythonLiteral:     Certain,
	KindNonFinite:         Likely,
	KindMismatchedBracket: Guess,
	KindMissingColon:      Likely,
	KindMissingValue:      Guess,
	KindWrapper:           Likely,
	KindConcatenation:     Likely,
	KindEllipsis:          Likely,
	KindNumber:            Certain,
	KindLeadingZero:       Likely,
	KindInvalidEscape:     Likely,
	KindBOM:               Certain,
	KindFullWidth:         Likely,
	KindWhitespace:        Certain,
	KindValueComment:      Guess,
	KindUnclosedString:    Guess,
	KindRegex:             Guess,
	KindInnerFence:        Guess,
	KindEscapedQuotes:     Likely,
	KindEscapedDocument:   Likely,
	KindStringBackoff:     Likely,
	KindProseValue:        Guess,
}

// Kinds returns every kind, in order.
func Kinds() []Kind {
	ks := make([]Kind, 0, kindCount-1)
	for k := Kind(1); k < kindCount; k++ {
		ks = append(ks, k)
	}
	return ks
}

// ParseKind returns the kind named name (as printed by String).
func ParseKind(name string) (Kind, bool) {
	for k := Kind(1); k < kindCount; k++ {
		if k.String() == name {
			return k, true
		}
	}
	return 0, false
}

// Confidence returns how sure a fix of kind k is.
func (k Kind) Confidence() Confidence {
	if k > 0 && k < kindCount {
		return confidences[k]
	}
	return Guess
}

// String returns the stable snake_case name of k, as used in reports.
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	if k >= kindFirstRepair && k < KindEscapedDocument {
		return scanner.RepairKind(k - kindFirstRepair + 1).String()
	}
	return "unknown"
}

// kindOfRepair returns the Kind of a scanner repair.
func kindOfRepair(r scanner.RepairKind) Kind { return kindFirstRepair + Kind(r) - 1 }

// repairOfKind returns the scanner repair behind kind k, or 0.
func repairOfKind(k Kind) scanner.RepairKind {
	if k >= kindFirstRepair && k < KindEscapedDocument {
		return scanner.RepairKind(k - kindFirstRepair + 1)
	}
	return 0
}

// KindSet is a set of kinds, one bit per Kind.
type KindSet uint64

// Has reports whether k is in the set.
func (s KindSet) Has(k Kind) bool { return s&(1<<k) != 0 }

// With returns the set plus k.
func (s KindSet) With(k Kind) KindSet { return s | 1<<k }

// Without returns the set less k.
func (s KindSet) Without(k Kind) KindSet { return s &^ (1 << k) }

// RepairKinds is the set of the syntax repairs (every kind from
// KindTrailingComma on): what Options.Strict turns off.
var RepairKinds = func() (s KindSet) {
	for k := kindFirstRepair; k < kindCount; k++ {
		s = s.With(k)
	}
	return s
}()

// MarshalText returns the kind's name, for JSON reports.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Confidence says how sure a fix is to restore what the writer meant.
type Confidence uint8

// Confidence levels, from the weakest to the strongest. A policy floor keeps
// fixes at or above a level.
const (
	// Guess: one plausible reading among several.
	Guess Confidence = iota + 1
	// Likely: the usual reading, with rare exceptions.
	Likely
	// Certain: only one reading is possible.
	Certain
)

// String returns "guess", "likely" or "certain".
func (c Confidence) String() string {
	switch c {
	case Guess:
		return "guess"
	case Likely:
		return "likely"
	case Certain:
		return "certain"
	}
	return "unknown"
}

// OrDefault returns c, or DefaultMinConfidence when c is zero: the floor a
// zero MinConfidence field stands for, here and in packages heal, jsonl
// and schemafix.
func (c Confidence) OrDefault() Confidence {
	if c == 0 {
		return DefaultMinConfidence
	}
	return c
}

// MarshalText returns the confidence's name, for JSON reports.
func (c Confidence) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Fix records one change: what kind, where in the input, and how sure.
type Fix struct {
	Kind       Kind       `json:"kind"`
	Confidence Confidence `json:"confidence"`
	// Offset is the byte offset in the input where the change starts.
	Offset int64 `json:"offset"`
	// Line and Column (both 1-based; Column counts bytes) locate Offset.
	Line   int `json:"line"`
	Column int `json:"column"`
}
