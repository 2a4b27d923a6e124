package heal

import (
	"encoding/json"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
)

// Result describes an accepted answer and how it was obtained.
type Result struct {
	// JSON is the validated document: one JSON value.
	JSON []byte `json:"json"`
	// Outcome says whether it was valid as received, after sanitize
	// repairs, or after schema-guided fixes (of the last attempt).
	Outcome Outcome `json:"outcome"`
	// Attempts is the number of model attempts made (the accepted one
	// included); TransportRetries and Calls count all requests.
	Attempts         int `json:"attempts"`
	TransportRetries int `json:"transport_retries"`
	Calls            int `json:"calls"`
	// Usage sums every call, failed ones included; Cost prices it.
	Usage Usage   `json:"usage"`
	Cost  float64 `json:"cost,omitempty"`
	// Model names the model that gave the accepted answer, if known.
	Model string `json:"model,omitempty"`
	// SanitizeFixes and SchemaFixes are the repairs applied to the accepted
	// answer.
	SanitizeFixes []sanitize.Fix `json:"sanitize_fixes,omitempty"`
	SchemaFixes   []SchemaFix    `json:"schema_fixes,omitempty"`
	// IdempotencyKey is the task's base key.
	IdempotencyKey string `json:"idempotency_key"`
	// Trace holds every event of the task, in order.
	Trace []Event `json:"trace,omitempty"`
}

// MarshalJSON encodes r with snake_case keys, as the dead letter and the
// trace events are; the accepted document is embedded as JSON ("json"),
// not as base64.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	return json.Marshal(struct {
		JSON json.RawMessage `json:"json"`
		plain
	}{r.JSON, plain(r)})
}

// SchemaFix is one schema-guided fix applied to an answer. It moved to
// package schemafix: SchemaFix is schemafix.Fix.
type SchemaFix = schemafix.Fix
