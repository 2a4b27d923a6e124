package healtest

import (
	"encoding/json"
	"net/http"
)

// Request is one recorded call.
type Request struct {
	// Header is the request's header (Authorization, Idempotency-Key, ...).
	Header http.Header
	// Body is the raw request body.
	Body []byte
	// Fields holds every top-level body field, raw.
	Fields map[string]json.RawMessage
	// Messages holds each message exactly as sent, raw, so tests can check
	// that earlier turns stay byte-identical.
	Messages []json.RawMessage
	// Model, MaxTokens (max_tokens or max_completion_tokens), Stream and
	// IncludeUsage (stream_options.include_usage) are read from the body.
	Model        string
	MaxTokens    int
	Stream       bool
	IncludeUsage bool
	// ResponseFormat is the raw response_format field, if any.
	ResponseFormat json.RawMessage
	// IdempotencyKey is the Idempotency-Key header.
	IdempotencyKey string

	promptBytes int
	parseErr    error
}

// Message decodes message i.
func (r *Request) Message(i int) (role, content string) {
	var m struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	_ = json.Unmarshal(r.Messages[i], &m)
	return m.Role, m.Content
}

func parseRequest(r *http.Request, body []byte) Request {
	rec := Request{Header: r.Header.Clone(), Body: body, IdempotencyKey: r.Header.Get("Idempotency-Key")}
	if err := json.Unmarshal(body, &rec.Fields); err != nil {
		rec.parseErr = err
		return rec
	}
	var typed struct {
		Model               string            `json:"model"`
		Messages            []json.RawMessage `json:"messages"`
		MaxTokens           int               `json:"max_tokens"`
		MaxCompletionTokens int               `json:"max_completion_tokens"`
		Stream              bool              `json:"stream"`
		StreamOptions       struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
		ResponseFormat json.RawMessage `json:"response_format"`
	}
	if err := json.Unmarshal(body, &typed); err != nil {
		rec.parseErr = err
		return rec
	}
	rec.Model, rec.Messages, rec.Stream = typed.Model, typed.Messages, typed.Stream
	rec.MaxTokens = typed.MaxTokens
	if rec.MaxTokens == 0 {
		rec.MaxTokens = typed.MaxCompletionTokens
	}
	rec.IncludeUsage, rec.ResponseFormat = typed.StreamOptions.IncludeUsage, typed.ResponseFormat
	for _, m := range typed.Messages {
		rec.promptBytes += len(m)
	}
	return rec
}
