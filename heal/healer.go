package heal

import (
	"math/rand/v2"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

// Healer runs the loop for tasks. Set its fields, then call Heal from any
// number of goroutines; a Healer must not be modified while in use.
type Healer struct {
	// Model is the primary model. Required.
	Model Model
	// Schema validates every answer; nil accepts any single JSON value.
	// Compile it once with validate.Compile and share it.
	Schema *validate.Schema
	// Policy says what the loop may do; the zero value is usable.
	Policy Policy
	// Guard, if non-nil, watches streamed answers and cancels a stream as
	// soon as a violation no fix can repair is certain (see NewGuard, and
	// NewGuardFor for a schema with a $ref to another document); the
	// model must stream and honour Request.Watch (heal/openai does).
	Guard *Guard
	// Sanitize configures the sanitize layer, except its confidence floor:
	// Sanitize.MinConfidence is not read, Policy.MinConfidence is the one
	// floor of the loop.
	Sanitize sanitize.Options
	// Observer, if non-nil, receives every trace Event.
	Observer Observer
	// Counters, if non-nil, counts every finished task.
	Counters *Counters
	// Clock, if non-nil, replaces the real clock (tests).
	Clock Clock
	// Rand, if non-nil, replaces the uniform [0,1) source of backoff jitter.
	Rand func() float64
}

// Outcome says how an accepted answer was obtained.
type Outcome uint8

// The outcomes of an accepted answer.
const (
	// OutcomeClean: valid as received.
	OutcomeClean Outcome = iota + 1
	// OutcomeSanitized: valid after sanitize repairs only.
	OutcomeSanitized
	// OutcomeFixed: valid after schema-guided fixes.
	OutcomeFixed
)

var outcomeNames = [...]string{"", "clean", "sanitized", "fixed"}

// String returns "clean", "sanitized" or "fixed".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) && o != 0 {
		return outcomeNames[o]
	}
	return "unknown"
}

// MarshalText returns the name of o.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// run is the state of one task's loop.
type run struct {
	h         *Healer
	task      *Task
	clock     Clock
	spend     spend
	retries   int // transport retries over all attempts
	lastClass Class
	trace     []Event
}

func (r *run) random() float64 {
	if r.h.Rand != nil {
		return r.h.Rand()
	}
	return rand.Float64()
}

func (r *run) emit(e Event) {
	now := r.clock.Now()
	e.Time = now
	e.TaskID = r.task.ID
	e.Left = r.spend.left(now)
	r.trace = append(r.trace, e)
	if r.h.Observer != nil {
		r.h.Observer.Observe(e)
	}
}
