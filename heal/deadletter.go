package heal

import (
	"encoding/json"
	"fmt"
	"time"
)

// DeadLetterVersion is the format version written in DeadLetter.Version.
const DeadLetterVersion = 1

// DeadLetter is everything needed to understand and replay a task the loop
// gave up on. It serialises to JSON (encoding/json) and Replay runs it again.
type DeadLetter struct {
	Version int `json:"version"`
	// Task is the original task, unmodified (no re-ask turns).
	Task Task `json:"task"`
	// SchemaID is the $id of the schema the answers were validated against.
	SchemaID string `json:"schema_id,omitempty"`
	// Class and Reason are those of the final decision.
	Class  Class  `json:"class"`
	Reason string `json:"reason"`
	// ModelAttempts counts attempts; TransportRetries counts retries within
	// them; Calls counts both (every request sent).
	ModelAttempts    int `json:"model_attempts"`
	TransportRetries int `json:"transport_retries"`
	Calls            int `json:"calls"`
	// Usage sums every call, failed ones included.
	Usage Usage   `json:"usage"`
	Cost  float64 `json:"cost,omitempty"`
	// IdempotencyKey is the task's base key.
	IdempotencyKey string `json:"idempotency_key"`
	// Attempts holds one record per model attempt, in order.
	Attempts []AttemptRecord `json:"attempts"`
	// Time is when the loop gave up.
	Time time.Time `json:"time"`
}

// AttemptRecord is one model attempt in a DeadLetter.
type AttemptRecord struct {
	Attempt        int    `json:"attempt"`
	Model          string `json:"model,omitempty"`
	IdempotencyKey string `json:"idempotency_key"`
	// Raw is the answer exactly as received; empty when no answer came.
	Raw          string `json:"raw"`
	FinishReason string `json:"finish_reason,omitempty"`
	Refusal      string `json:"refusal,omitempty"`
	// Decision is what the loop decided about this attempt.
	Decision Decision `json:"decision"`
	// Diagnostics is the compact diagnostics text (as sent in a re-ask).
	Diagnostics string `json:"diagnostics,omitempty"`
	// Error is the transport or sanitize error, if any.
	Error            string `json:"error,omitempty"`
	TransportRetries int    `json:"transport_retries"`
	Usage            Usage  `json:"usage"`
}

// ParseDeadLetter reads a dead letter written with encoding/json.
func ParseDeadLetter(data []byte) (*DeadLetter, error) {
	var dl DeadLetter
	if err := json.Unmarshal(data, &dl); err != nil {
		return nil, fmt.Errorf("heal: dead letter: %w", err)
	}
	if dl.Version != DeadLetterVersion {
		return nil, fmt.Errorf("heal: dead letter: unsupported version %d", dl.Version)
	}
	return &dl, nil
}
