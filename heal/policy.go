package heal

import (
	"math"
	"time"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
)

// Defaults used for zero Policy fields.
const (
	// DefaultMaxAttempts: the first call and one correction.
	DefaultMaxAttempts = 2
	// DefaultMaxRetries is the number of transport retries per attempt.
	DefaultMaxRetries = 4
	// DefaultBaseDelay is the first backoff ceiling.
	DefaultBaseDelay = 500 * time.Millisecond
	// DefaultMaxDelay caps the backoff.
	DefaultMaxDelay = 20 * time.Second
	// DefaultMaxRetryAfter caps how long a server may ask us to wait; a
	// longer Retry-After stops the retries instead.
	DefaultMaxRetryAfter = 60 * time.Second
	// DefaultAttemptTimeout bounds one call (one transport try).
	DefaultAttemptTimeout = 2 * time.Minute
	// DefaultRaisedMaxTokens is the max_tokens of a raise_limit attempt when
	// the task set none.
	DefaultRaisedMaxTokens = 4096
	// DefaultDiagnosticsBytes caps the diagnostics text of a re-ask turn.
	DefaultDiagnosticsBytes = 1024
)

// Policy says what the loop may do. The zero value is ready to use: two
// attempts, re-asks allowed, one raise_limit on truncation, every schema
// fix enabled, DefaultMaxRetries transport retries per attempt.
type Policy struct {
	// MaxAttempts counts model attempts, not retries: 2 means the first call
	// and one correction. Transport retries are not attempts. 0 means
	// DefaultMaxAttempts. The loop may stop sooner: an answer with the same
	// diagnostics as the previous attempt's ends it (no progress: a re-ask
	// would get the same answer), escalated to the dead letter.
	MaxAttempts int
	// NoReask forbids re-asking the model with diagnostics.
	NoReask bool
	// NoRaiseLimit forbids the single raise_limit attempt on truncation:
	// a truncated answer then stops the loop.
	NoRaiseLimit bool
	// RaisedMaxTokens is the max_tokens of the raise_limit attempt; 0 means
	// twice the task's MaxTokens, or, when the task leaves the limit to the
	// model's client, twice the completion tokens the cut answer's usage
	// reports (DefaultRaisedMaxTokens when it reports none). A raise that
	// is not above that limit is not made: the loop stops.
	RaisedMaxTokens int
	// Fallback, when non-nil, is used for one attempt after the primary
	// model refused, was filtered, or kept failing at the transport level.
	Fallback Model
	// MinConfidence is the loop's one confidence floor: sanitize repairs
	// and schema fixes below it are not made, and the answer goes back to
	// the model with the refused repair named. Zero means
	// sanitize.DefaultMinConfidence (likely): a guess is accepted only when
	// set to sanitize.Guess. Healer.Sanitize.MinConfidence is not read.
	MinConfidence sanitize.Confidence
	// DisabledFixes switches off schema-guided fix rules.
	DisabledFixes FixRule
	// Retry is the transport retry policy.
	Retry RetryPolicy
	// Budget limits calls, tokens, wall time and cost across attempts and
	// transport retries together. A stop for any of its limits returns an
	// error matching ErrBudget (and the failure before it, if any); the
	// dead letter keeps the class of that failure and its reason names the
	// limit and the attempt that was not sent.
	Budget Budget
	// DiagnosticsBytes caps the diagnostics text sent in a re-ask; 0 means
	// DefaultDiagnosticsBytes.
	DiagnosticsBytes int
}

func (p *Policy) maxAttempts() int {
	if p.MaxAttempts <= 0 {
		return DefaultMaxAttempts
	}
	return p.MaxAttempts
}

func (p *Policy) diagnosticsBytes() int {
	if p.DiagnosticsBytes <= 0 {
		return DefaultDiagnosticsBytes
	}
	return p.DiagnosticsBytes
}

func (p *Policy) raisedMaxTokens(current int) int {
	if p.RaisedMaxTokens > 0 {
		return p.RaisedMaxTokens
	}
	if current <= 0 {
		return DefaultRaisedMaxTokens
	}
	return 2 * current
}

// RetryPolicy governs transport retries within one attempt: capped
// exponential backoff with full jitter, Retry-After honoured up to a cap,
// and a timeout per try. Zero fields take the defaults.
type RetryPolicy struct {
	// MaxRetries is the number of retries per attempt; 0 means
	// DefaultMaxRetries, negative means none.
	MaxRetries int
	// BaseDelay is the backoff ceiling of the first retry; it doubles per
	// retry up to MaxDelay. The delay is drawn uniformly in [0, ceiling).
	BaseDelay time.Duration
	MaxDelay  time.Duration
	// MaxRetryAfter caps a server's Retry-After; a longer one stops.
	MaxRetryAfter time.Duration
	// AttemptTimeout bounds each try; negative means none.
	AttemptTimeout time.Duration
}

func (r *RetryPolicy) maxRetries() int {
	switch {
	case r.MaxRetries < 0:
		return 0
	case r.MaxRetries == 0:
		return DefaultMaxRetries
	}
	return r.MaxRetries
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// backoff returns the full-jitter delay before retry number n (0-based);
// random is a uniform draw in [0, 1).
func (r *RetryPolicy) backoff(n int, random float64) time.Duration {
	base := orDefault(r.BaseDelay, DefaultBaseDelay)
	ceiling := orDefault(r.MaxDelay, DefaultMaxDelay)
	d := float64(base) * math.Pow(2, float64(n))
	if d > float64(ceiling) {
		d = float64(ceiling)
	}
	return time.Duration(random * d)
}

func (r *RetryPolicy) attemptTimeout() time.Duration {
	if r.AttemptTimeout < 0 {
		return 0
	}
	return orDefault(r.AttemptTimeout, DefaultAttemptTimeout)
}

// FixRule is a set of schema-guided fix rules (a bit mask). It moved to
// package schemafix: FixRule is schemafix.Rule.
type FixRule = schemafix.Rule

// The schema-guided fix rules; they moved to package schemafix (the
// constants of the same meaning there).
const (
	// FixRename is schemafix.Rename.
	FixRename = schemafix.Rename
	// FixEnumCase is schemafix.EnumCase.
	FixEnumCase = schemafix.EnumCase
	// FixCoerce is schemafix.Coerce.
	FixCoerce = schemafix.Coerce
	// FixWrapArray is schemafix.WrapArray.
	FixWrapArray = schemafix.WrapArray
	// FixDefault is schemafix.Default.
	FixDefault = schemafix.Default

	// AllFixes is every rule: schemafix.All.
	AllFixes = schemafix.All
)
