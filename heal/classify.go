package heal

import (
	"context"
	"errors"
	"fmt"
	"net/http"
)

// ClassifyError returns the failure class of an error returned by
// Model.Complete, and whether a transport retry may help.
func ClassifyError(err error) (Class, bool) {
	if err == nil {
		return ClassNone, false
	}
	if errors.Is(err, ErrPolicyDenied) {
		return ClassPolicyDenied, false
	}
	if errors.Is(err, ErrBudget) {
		return ClassFatal, false
	}
	var ev *EarlyViolation
	if errors.As(err, &ev) {
		return ClassSchema, false
	}
	var te *TransportError
	if errors.As(err, &te) {
		return classifyTransport(te)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return ClassTransient, true
	}
	if errors.Is(err, context.Canceled) {
		return ClassFatal, false
	}
	return ClassFatal, false
}

func classifyTransport(te *TransportError) (Class, bool) {
	switch s := te.StatusCode; {
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		return ClassAuth, false
	case s == http.StatusTooManyRequests:
		if te.Code == "insufficient_quota" {
			return ClassFatal, false
		}
		return ClassRateLimit, true
	case s == http.StatusRequestTimeout || s == http.StatusConflict || s >= 500:
		return ClassTransient, true
	case s != 0:
		return ClassFatal, false
	}
	// No status: connection failures, timeouts, stream faults.
	switch te.Code {
	case "rate_limit_exceeded", "rate_limit_error":
		return ClassRateLimit, true
	case "content_filter", "content_policy_violation":
		return ClassContentFilter, false
	case "invalid_api_key", "authentication_error", "permission_denied":
		return ClassAuth, false
	case "context_length_exceeded", "invalid_request_error":
		return ClassFatal, false
	}
	return ClassTransient, true
}

// transportReason explains why a failed call is (not) retried.
func transportReason(err error, class Class) string {
	var te *TransportError
	if errors.As(err, &te) {
		switch {
		case te.StatusCode == http.StatusUnauthorized || te.StatusCode == http.StatusForbidden:
			return fmt.Sprintf("HTTP %d: credentials are never retried", te.StatusCode)
		case te.Code == "context_length_exceeded":
			return "context length exceeded: the same request cannot succeed"
		case errors.Is(te, ErrStreamTruncated):
			return "stream ended without [DONE]: transport truncation"
		case errors.Is(te, ErrStreamError):
			return "error frame inside the stream: " + te.Message
		case te.StatusCode != 0:
			return fmt.Sprintf("HTTP %d %s", te.StatusCode, te.Message)
		}
		return te.Error()
	}
	if class == ClassPolicyDenied {
		return "policy denied: never retried: " + err.Error()
	}
	return err.Error()
}
