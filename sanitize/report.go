package sanitize

import "github.com/jsonheal/jsonheal/scanner"

// Report describes what Append or a Writer did to its input.
type Report struct {
	// Fixes lists every change, in input order. Empty when the output is
	// byte-identical to the input.
	Fixes []Fix
	// Values is the number of top-level JSON values in the output. Several
	// values come out one per line (a JSON Lines sequence).
	Values int
	// Truncated reports that the input ended inside a value. A truncated
	// document is never reported complete: the call also returns an error
	// that matches ErrTruncated, even when Options.CloseTruncated closed it.
	Truncated bool
	// Truncation says what was still open when the input ended. Meaningful
	// only when Truncated is true.
	Truncation Truncation
}

// Changed reports whether the output differs from the input.
func (r *Report) Changed() bool { return len(r.Fixes) > 0 }

// Pending names what a truncated value was in the middle of, or waiting
// for. It is the scanner's type; see the constants there (PendingKey, ...).
type Pending = scanner.Pending

// Truncation describes the state of a document cut off mid-value.
type Truncation struct {
	// Offset is the input offset where the input ended (its length).
	Offset int64
	// Line and Column (1-based) locate Offset.
	Line, Column int
	// Open lists the open containers from the outermost, as '{' and '['
	// bytes; for example "{[" for `{"a":[1,`.
	Open string
	// Pending is what the input was in the middle of, or waiting for.
	Pending Pending
	// Start is the input offset where the truncated top-level value began.
	Start int64
}

// The Pending values, re-exported from package scanner.
const (
	PendingNone    = scanner.PendingNone
	PendingValue   = scanner.PendingValue
	PendingKey     = scanner.PendingKey
	PendingColon   = scanner.PendingColon
	PendingComma   = scanner.PendingComma
	PendingString  = scanner.PendingString
	PendingNumber  = scanner.PendingNumber
	PendingLiteral = scanner.PendingLiteral
)
