package heal

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
)

// newIdempotencyKey draws a random base key.
func newIdempotencyKey() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return "jh-" + hex.EncodeToString(b[:])
}

// attemptKey is the key of one attempt: stable across its transport
// retries, distinct across attempts.
func attemptKey(base string, attempt int) string {
	return base + "-" + strconv.Itoa(attempt)
}
