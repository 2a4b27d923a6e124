package sanitize

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

// Pending names the token the input was waiting for when it ended.
type Pending uint8

// What a truncated document was in the middle of, or waiting for.
const (
	PendingNone    Pending = iota // between values: nothing pending
	PendingValue                  // a value was expected (after '[', ',' in an array, or ':')
	PendingKey                    // an object key was expected, or was being read
	PendingColon                  // a complete key waits for its ':'
	PendingComma                  // a complete value waits for ',' or a closer
	PendingString                 // inside a string value
	PendingNumber                 // inside a number
	PendingLiteral                // inside true, false or null
)

var pendingNames = [...]string{
	PendingNone:    "none",
	PendingValue:   "value",
	PendingKey:     "key",
	PendingColon:   "colon",
	PendingComma:   "comma",
	PendingString:  "string",
	PendingNumber:  "number",
	PendingLiteral: "literal",
}

// String returns the stable name of p.
func (p Pending) String() string {
	if int(p) < len(pendingNames) {
		return pendingNames[p]
	}
	return "unknown"
}

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
