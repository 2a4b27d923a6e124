package heal

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Sentinel errors. Errors returned by this package and by Model
// implementations wrap them; use errors.Is.
var (
	// ErrGaveUp: the loop stopped without an accepted answer. The error is a
	// *GiveUpError carrying the DeadLetter.
	ErrGaveUp = errors.New("heal: gave up")
	// ErrStreamTruncated: a streamed answer ended without its [DONE] marker:
	// a transport truncation, not a finish.
	ErrStreamTruncated = errors.New("stream ended without [DONE]")
	// ErrStreamError: the server sent an error frame inside a 200 stream.
	ErrStreamError = errors.New("error frame in stream")
	// ErrPolicyDenied: a policy (the caller's or the provider's) refused the
	// request. Never retried. Models and wrappers may return an error
	// wrapping it.
	ErrPolicyDenied = errors.New("policy denied")
	// ErrBudget: a Budget limit was reached (calls, tokens, wall time or
	// cost): the *GiveUpError of such a stop matches it.
	ErrBudget = errors.New("budget exhausted")
)

// TransportError is a failed call: an HTTP status other than 200, a
// connection failure, a timeout, a stream cut short or an error frame in a
// stream.
type TransportError struct {
	// StatusCode is the HTTP status; 0 when no status applies (connection
	// failure, timeout, stream fault).
	StatusCode int
	// Code and Type are the provider's error code and type, when given
	// (e.g. "context_length_exceeded", "invalid_request_error").
	Code, Type string
	// Message is the provider's error message or a description of the fault.
	Message string
	// RetryAfter is the server's requested delay (Retry-After or
	// retry-after-ms); valid when HasRetryAfter.
	RetryAfter    time.Duration
	HasRetryAfter bool
	// Partial is the content received before a stream fault, if any.
	Partial string
	// Usage is what the call used before it failed, if the server said.
	Usage Usage
	// Err is the underlying error (ErrStreamTruncated, a net error, ...).
	Err error
}

// Error describes the failure.
func (e *TransportError) Error() string {
	var b strings.Builder
	b.WriteString("transport: ")
	if e.StatusCode != 0 {
		fmt.Fprintf(&b, "HTTP %d", e.StatusCode)
		if t := http.StatusText(e.StatusCode); t != "" {
			b.WriteString(" " + t)
		}
	} else if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("failed")
	}
	if e.Code != "" {
		b.WriteString(" (" + e.Code + ")")
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if e.HasRetryAfter {
		b.WriteString(", retry after " + e.RetryAfter.String())
	}
	return b.String()
}

// Unwrap returns the underlying error.
func (e *TransportError) Unwrap() error { return e.Err }

// ParseRetryAfter reads a Retry-After header value: delay-seconds or an HTTP
// date (relative to now). It reports false when the value is absent or not
// readable. Dates in the past give 0.
func ParseRetryAfter(value string, now time.Time) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0, false
	}
	if secs, err := strconv.ParseFloat(value, 64); err == nil {
		if secs < 0 || secs > 1e9 {
			return 0, false
		}
		return time.Duration(secs * float64(time.Second)), true
	}
	t, err := http.ParseTime(value)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now)
	if d < 0 {
		d = 0
	}
	return d, true
}

// RetryAfterFromHeader reads retry-after-ms, then Retry-After, from h.
func RetryAfterFromHeader(h http.Header, now time.Time) (time.Duration, bool) {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && ms >= 0 && ms < 1e12 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	return ParseRetryAfter(h.Get("Retry-After"), now)
}

// GiveUpError is returned when the loop stops without an accepted answer.
// It matches ErrGaveUp and, through Unwrap, the last underlying failure
// (for example a *TransportError).
type GiveUpError struct {
	DeadLetter *DeadLetter
	cause      error
}

// Error summarises the dead letter.
func (e *GiveUpError) Error() string {
	dl := e.DeadLetter
	return fmt.Sprintf("heal: gave up after %d attempt(s) and %d transport retr(ies): %s: %s",
		dl.ModelAttempts, dl.TransportRetries, dl.Class, dl.Reason)
}

// Is reports whether target is ErrGaveUp.
func (e *GiveUpError) Is(target error) bool { return target == ErrGaveUp }

// Unwrap returns the last underlying failure, if any.
func (e *GiveUpError) Unwrap() error { return e.cause }
