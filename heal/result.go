package heal

import (
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
)

// Result describes an accepted answer and how it was obtained.
type Result struct {
	// JSON is the validated document: one JSON value.
	JSON []byte
	// Outcome says whether it was valid as received, after sanitize
	// repairs, or after schema-guided fixes (of the last attempt).
	Outcome Outcome
	// Attempts is the number of model attempts made (the accepted one
	// included); TransportRetries and Calls count all requests.
	Attempts         int
	TransportRetries int
	Calls            int
	// Usage sums every call, failed ones included; Cost prices it.
	Usage Usage
	Cost  float64
	// Model names the model that gave the accepted answer, if known.
	Model string
	// SanitizeFixes and SchemaFixes are the repairs applied to the accepted
	// answer.
	SanitizeFixes []sanitize.Fix
	SchemaFixes   []SchemaFix
	// IdempotencyKey is the task's base key.
	IdempotencyKey string
	// Trace holds every event of the task, in order.
	Trace []Event
}

// SchemaFix is one schema-guided fix applied to an answer. It moved to
// package schemafix: SchemaFix is schemafix.Fix.
type SchemaFix = schemafix.Fix
