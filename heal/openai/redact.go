package openai

import (
	"errors"
	"strings"

	"github.com/jsonheal/jsonheal/heal"
)

// Redacted replaces the API key wherever a server echoed it back.
const Redacted = "[redacted]"

// minContentKey is the shortest key redacted in answers. Answers are data:
// a placeholder key such as "none" or "EMPTY" (common with local servers)
// must not rewrite a record that happens to contain that word. Error texts
// are redacted for any key.
const minContentKey = 8

// redact removes the client's API key from everything Complete returns that
// came from the server: error messages, types and codes, the partial answer
// of a failed stream, and the answer itself. Servers that echo the
// Authorization header in an error body would otherwise put the key into
// dead letters, traces and logs.
func (c *Client) redact(resp *heal.Response, err error) {
	key := c.apiKey
	if key == "" {
		return
	}
	if len(key) >= minContentKey {
		resp.Content = redactKey(resp.Content, key)
		resp.Refusal = redactKey(resp.Refusal, key)
	}
	var te *heal.TransportError
	if !errors.As(err, &te) {
		return
	}
	te.Message = redactKey(te.Message, key)
	te.Type = redactKey(te.Type, key)
	te.Code = redactKey(te.Code, key)
	if len(key) >= minContentKey {
		te.Partial = redactKey(te.Partial, key)
	}
	if te.Err != nil && strings.Contains(te.Err.Error(), key) {
		te.Err = &redactedError{err: te.Err, key: key}
	}
}

func redactKey(s, key string) string {
	if key == "" || !strings.Contains(s, key) {
		return s
	}
	return strings.ReplaceAll(s, key, Redacted)
}

// redactedError hides the key in the text of an error it wraps; errors.Is
// and errors.As still see the original.
type redactedError struct {
	err error
	key string
}

func (e *redactedError) Error() string { return redactKey(e.err.Error(), e.key) }
func (e *redactedError) Unwrap() error { return e.err }
