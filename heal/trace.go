package heal

import "time"

// Event is one step of the loop: a call's outcome and what was decided about
// it. The loop emits an Event before it acts on a decision.
type Event struct {
	Time   time.Time `json:"time"`
	TaskID string    `json:"task_id,omitempty"`
	// Attempt is the 1-based model attempt.
	Attempt int `json:"attempt"`
	// Retry is the transport retry within the attempt (0 = first try).
	Retry int    `json:"retry"`
	Model string `json:"model,omitempty"`
	// Decision is the class of what happened, the action taken, and why.
	Decision Decision `json:"decision"`
	// StatusCode is the HTTP status of a failed call, if any.
	StatusCode int `json:"status_code,omitempty"`
	// Delay is the backoff before a transport retry.
	Delay time.Duration `json:"delay_ns,omitempty"`
	// Usage is what this call used.
	Usage Usage `json:"usage"`
	// CallLatency is how long the call this event reports took (its last
	// try; backoff before it excluded), on the Healer's clock.
	CallLatency time.Duration `json:"call_latency_ns,omitempty"`
	// CheckLatency is how long the local layers (sanitize, validate,
	// schema fixes) took over the answer; zero when the call failed.
	CheckLatency time.Duration `json:"check_latency_ns,omitempty"`
	// Diagnostics is the number of schema diagnostics of the answer.
	Diagnostics int `json:"diagnostics,omitempty"`
	// Fixes is the number of repairs (sanitize and schema) applied.
	Fixes int `json:"fixes,omitempty"`
	// Left is the budget left after this call.
	Left BudgetLeft `json:"budget_left"`
}

// Observer receives every trace Event. Implementations must be safe for
// concurrent use when one Healer serves several goroutines, and must not
// block: they run on the loop's goroutine.
type Observer interface {
	Observe(Event)
}

// ObserverFunc adapts a function to Observer.
type ObserverFunc func(Event)

// Observe calls f(e).
func (f ObserverFunc) Observe(e Event) { f(e) }
