package sanitize

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
	// as a different whole value.
	KindDropIncomplete
	// KindCloseTruncated: closers (quote, brackets, braces) were appended to
	// truncated input because Options.CloseTruncated asked for it.
	KindCloseTruncated
	// KindSeparator: a newline was put between two top-level values that
	// had nothing between them.
	KindSeparator

	kindCount // number of kinds + 1; keep last
)

var kindNames = [...]string{
	KindFence:          "fence",
	KindProse:          "prose",
	KindControlChar:    "control_char",
	KindInvalidUTF8:    "invalid_utf8",
	KindDropIncomplete: "drop_incomplete",
	KindCloseTruncated: "close_truncated",
	KindSeparator:      "separator",
}

// String returns the stable snake_case name of k, as used in reports.
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "unknown"
}

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
