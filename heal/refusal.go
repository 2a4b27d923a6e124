package heal

import (
	"errors"
	"net/http"
)

// RefusesRun reports whether err (from Model.Complete, or a *GiveUpError
// wrapping it) means the provider refuses every request of the run:
// rejected credentials (401, 403), an unknown endpoint or model (404), or
// an exhausted quota. Retrying, or sending the next task, would fail the
// same way; a command should stop and say so rather than count a failure.
func RefusesRun(err error) bool {
	var te *TransportError
	if !errors.As(err, &te) {
		return false
	}
	switch {
	case te.StatusCode == http.StatusUnauthorized, te.StatusCode == http.StatusForbidden,
		te.StatusCode == http.StatusNotFound, te.Code == "insufficient_quota":
		return true
	}
	class, _ := classifyTransport(te)
	return class == ClassAuth
}
