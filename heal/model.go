// Package heal is the self-healing loop of jsonheal: it asks a Model for a
// JSON answer, runs the answer through sanitize and validate, applies
// deterministic schema-guided fixes (package schemafix), and re-asks the
// model with compact diagnostics only when the fast layers could not repair
// the answer.
//
// A re-ask is written for the model, not for a log: what is wrong, where
// (for an answer that is not JSON, the JSON Pointer of the value being
// read, see sanitize.PointerAt, unless it is the whole value, then line,
// column and a short excerpt of the answer; the JSON Pointer of each
// schema diagnostic) and what JSON or the schema expects, e.g.
//
//	Your previous answer is not valid JSON: at /name (line 2, column 10),
//	near `"name": Ada Lovelace, "s`: a value without quotes; write strings
//	in double quotes (only numbers, true, false and null go bare).
//	Reply with the complete corrected JSON value only: no prose, no code fences.
//
// Decision.Reason keeps the library's wording (sentinels, confidence).
//
// Every step is classified (Class), decided (Action, with a reason), traced
// to an Observer and counted against one Budget shared by repair attempts and
// transport retries. Giving up returns a *GiveUpError carrying a replayable
// DeadLetter.
package heal

import (
	"context"
	"encoding/json"
)

// Role is the author of a Message in a chat conversation.
type Role string

// The roles of the chat-completions protocol used by the loop.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one turn of a chat conversation.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content"`
}

// Task is what the loop is asked to do: the conversation that produces the
// JSON answer, plus the request parameters. A Task is plain data: it
// serialises to JSON inside a DeadLetter and is replayed from there.
type Task struct {
	// ID names the task in traces and dead letters (e.g. a record id).
	ID string `json:"id,omitempty"`
	// Messages is the conversation; the loop never modifies it. Re-asks are
	// appended to a copy, so these turns stay byte-identical.
	Messages []Message `json:"messages"`
	// MaxTokens caps the answer; 0 leaves it to the server.
	MaxTokens int `json:"max_tokens,omitempty"`
	// Temperature, when non-nil, is sent as is.
	Temperature *float64 `json:"temperature,omitempty"`
	// ResponseFormat is passed through to the server verbatim (for example
	// {"type":"json_schema","json_schema":{...}}). The answer is validated
	// locally all the same.
	ResponseFormat json.RawMessage `json:"response_format,omitempty"`
	// Extra holds vendor body fields passed through verbatim.
	Extra map[string]json.RawMessage `json:"extra,omitempty"`
	// IdempotencyKey is the base key of the task's requests; empty means a
	// random one is drawn. Each attempt sends "<key>-<attempt>", the same
	// for every transport retry of that attempt.
	IdempotencyKey string `json:"idempotency_key,omitempty"`
}

// Request is one call to a Model.
type Request struct {
	Messages       []Message
	MaxTokens      int
	Temperature    *float64
	ResponseFormat json.RawMessage
	// IdempotencyKey is stable across the transport retries of one attempt.
	IdempotencyKey string
	// Extra holds vendor body fields passed through verbatim.
	Extra map[string]json.RawMessage
	// Watch, when non-nil, is called by streaming models with each content
	// delta as it arrives; a non-nil error cancels the stream, and Complete
	// returns a *TransportError wrapping it (Partial holds the content so
	// far). The loop sets it from Healer.Guard.
	Watch func(delta string) error
}

// Usage counts the tokens of one call, or of several summed.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Total returns prompt plus completion tokens.
func (u Usage) Total() int { return u.PromptTokens + u.CompletionTokens }

// Add returns u plus v.
func (u Usage) Add(v Usage) Usage {
	return Usage{u.PromptTokens + v.PromptTokens, u.CompletionTokens + v.CompletionTokens}
}

// Finish reasons as reported by chat-completions servers. Others may occur;
// the loop never trusts them alone (routers rewrite them).
const (
	FinishStop          = "stop"
	FinishLength        = "length"
	FinishContentFilter = "content_filter"
)

// Response is a model's answer to one Request.
type Response struct {
	// Content is the answer text as received.
	Content string
	// FinishReason is the server's finish_reason ("stop", "length", ...).
	FinishReason string
	// Usage is what the server reported for this call.
	Usage Usage
	// Refusal is the server's refusal text, if the model refused.
	Refusal string
	// Model is the model name the server reported, if any.
	Model string
}

// Model is a chat model. Implementations make exactly one call per
// Complete (no retries of their own: the loop owns retries) and report
// transport failures as *TransportError.
type Model interface {
	Complete(ctx context.Context, req Request) (Response, error)
}

// Named is implemented by models that can say which model they are; the name
// appears in traces and dead letters.
type Named interface {
	Name() string
}

func modelName(m Model) string {
	if n, ok := m.(Named); ok {
		return n.Name()
	}
	return ""
}
