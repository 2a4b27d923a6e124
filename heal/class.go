package heal

import "fmt"

// Class is the kind of a failure. The names follow the failure vocabulary of
// the design (transient, rate_limit, truncated, ...).
type Class uint8

// The failure classes. ClassNone means no failure.
const (
	ClassNone Class = iota
	// ClassTransient: a timeout, connection reset, 408, 409, 5xx, a stream
	// cut short or an error frame in a stream. Retried with backoff.
	ClassTransient
	// ClassRateLimit: HTTP 429. Retried, honouring Retry-After up to a cap.
	ClassRateLimit
	// ClassTruncated: the answer's JSON structure is cut off (decided from
	// the bytes, not only finish_reason). Never retried identically.
	ClassTruncated
	// ClassSyntax: the answer is not JSON the sanitizer can repair.
	ClassSyntax
	// ClassSchema: the answer is JSON that does not match the schema.
	ClassSchema
	// ClassRefusal: the model refused to answer.
	ClassRefusal
	// ClassContentFilter: the provider filtered the answer.
	ClassContentFilter
	// ClassMissingEvidence: the task lacks what the answer needs.
	ClassMissingEvidence
	// ClassStalePlan: the plan the task was built from is out of date.
	ClassStalePlan
	// ClassPolicyDenied: a policy refused the request. Never retried.
	ClassPolicyDenied
	// ClassPartialSideEffect: an attempt had external effects.
	ClassPartialSideEffect
	// ClassAuth: HTTP 401 or 403. Never retried.
	ClassAuth
	// ClassFatal: anything else that cannot heal (400, 404, context length
	// exceeded, cancelled context, budget exhausted before any call).
	ClassFatal

	classCount // keep last
)

var classNames = [...]string{
	ClassNone:              "none",
	ClassTransient:         "transient",
	ClassRateLimit:         "rate_limit",
	ClassTruncated:         "truncated",
	ClassSyntax:            "syntax",
	ClassSchema:            "schema",
	ClassRefusal:           "refusal",
	ClassContentFilter:     "content_filter",
	ClassMissingEvidence:   "missing_evidence",
	ClassStalePlan:         "stale_plan",
	ClassPolicyDenied:      "policy_denied",
	ClassPartialSideEffect: "partial_side_effect",
	ClassAuth:              "auth",
	ClassFatal:             "fatal",
}

// String returns the stable snake_case name of c.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "unknown"
}

// MarshalText returns the name of c.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a name written by MarshalText.
func (c *Class) UnmarshalText(b []byte) error {
	for i, n := range classNames {
		if n == string(b) {
			*c = Class(i)
			return nil
		}
	}
	return fmt.Errorf("heal: unknown class %q", b)
}

// Action is what the loop does about an answer or a failure.
type Action uint8

// The actions. Replan and Compensate are part of the vocabulary for workflow
// callers; the loop itself never takes them.
const (
	ActionNone Action = iota
	// ActionAccept: the answer is valid (possibly after repairs): return it.
	ActionAccept
	// ActionFix: deterministic schema-guided fixes made it valid.
	ActionFix
	// ActionRetry: a transport retry of the same attempt after a backoff.
	ActionRetry
	// ActionReask: a new attempt with the answer and its diagnostics
	// appended to the conversation.
	ActionReask
	// ActionRaiseLimit: a new attempt with a higher max_tokens (truncation).
	ActionRaiseLimit
	// ActionFallback: a new attempt with the fallback Model.
	ActionFallback
	// ActionReplan: rebuild the plan with new evidence.
	ActionReplan
	// ActionCompensate: undo a partial side effect.
	ActionCompensate
	// ActionEscalate: a healable failure ran out of attempts, budget or
	// progress: hand the dead letter over (to a person, or to a better
	// prompt or schema).
	ActionEscalate
	// ActionStop: no safe action for this failure (or the policy forbids
	// it): give up and dead-letter.
	ActionStop

	actionCount // keep last
)

var actionNames = [...]string{
	ActionNone:       "none",
	ActionAccept:     "accept",
	ActionFix:        "fix",
	ActionRetry:      "retry",
	ActionReask:      "reask",
	ActionRaiseLimit: "raise_limit",
	ActionFallback:   "fallback",
	ActionReplan:     "replan",
	ActionCompensate: "compensate",
	ActionEscalate:   "escalate",
	ActionStop:       "stop",
}

// String returns the stable snake_case name of a.
func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return "unknown"
}

// MarshalText returns the name of a.
func (a Action) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads a name written by MarshalText.
func (a *Action) UnmarshalText(b []byte) error {
	for i, n := range actionNames {
		if n == string(b) {
			*a = Action(i)
			return nil
		}
	}
	return fmt.Errorf("heal: unknown action %q", b)
}

// Decision is what the loop decided about one answer or failure, and why.
type Decision struct {
	Class  Class  `json:"class"`
	Action Action `json:"action"`
	Reason string `json:"reason"`
}

// String returns "class -> action: reason".
func (d Decision) String() string {
	return d.Class.String() + " -> " + d.Action.String() + ": " + d.Reason
}
