// Package openai is a thin net/http client for OpenAI-compatible chat
// completions (OpenAI, vLLM, Ollama, llama.cpp server, SGLang, OpenRouter).
// It implements heal.Model: one HTTP call per Complete, no retries of its
// own (the heal loop owns them), failures reported as *heal.TransportError.
//
// Streaming reads server-sent events; a stream that ends without its
// [DONE] marker is a transport truncation (heal.ErrStreamTruncated), never a
// finish.
package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/jsonheal/jsonheal/heal"
)

// maxErrorBody caps how much of an error response is read.
const maxErrorBody = 64 << 10

// Client calls one model of one OpenAI-compatible server. It is safe for
// concurrent use once built.
type Client struct {
	baseURL        string
	model          string
	apiKey         string
	httpClient     *http.Client
	stream         bool
	temperature    *float64
	maxTokens      int
	completionKey  bool
	responseFormat json.RawMessage
	extra          map[string]json.RawMessage
	header         http.Header
	now            func() time.Time
	onDelta        func(string) error
	maxLine        int
	maxBody        int64
}

// Option configures a Client.
type Option func(*Client)

// New returns a client for model at baseURL (for example
// "https://api.openai.com/v1" or "http://localhost:8000/v1"); requests go to
// baseURL + "/chat/completions".
func New(baseURL, model string, opts ...Option) *Client {
	c := &Client{
		baseURL:    strings.TrimRight(baseURL, "/"),
		model:      model,
		httpClient: http.DefaultClient,
		header:     http.Header{},
		now:        time.Now,
		maxLine:    16 << 20,
		maxBody:    DefaultMaxResponseBytes,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// DefaultMaxResponseBytes is the most of a response body a Client reads
// unless WithMaxResponseBytes says otherwise.
const DefaultMaxResponseBytes = 64 << 20

// WithMaxResponseBytes caps the bytes read of one response body, plain or
// streamed (n <= 0: DefaultMaxResponseBytes). Past it the call fails with
// a *heal.TransportError wrapping ErrResponseTooLarge: a server that
// answers without end costs bounded memory.
func WithMaxResponseBytes(n int64) Option {
	return func(c *Client) {
		if n <= 0 {
			n = DefaultMaxResponseBytes
		}
		c.maxBody = n
	}
}

// ErrResponseTooLarge is the error of a response body past the cap of
// WithMaxResponseBytes.
var ErrResponseTooLarge = errors.New("response body larger than the cap")

// cappedBody reads r up to max bytes and fails past them.
type cappedBody struct {
	r    io.Reader
	left int64
	max  int64
}

// Read reads from r, failing with ErrResponseTooLarge once more than max
// bytes came.
func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One byte more tells a body of exactly max bytes from a longer one.
		var one [1]byte
		if n, _ := b.r.Read(one[:]); n > 0 {
			return 0, fmt.Errorf("%w (%d bytes)", ErrResponseTooLarge, b.max)
		}
		return b.r.Read(p[:0])
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// WithAPIKey sends "Authorization: Bearer key". The library never reads the
// environment; the CLI does.
func WithAPIKey(key string) Option { return func(c *Client) { c.apiKey = key } }

// WithHTTPClient replaces http.DefaultClient.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

// WithStream makes every call stream (SSE) with usage reporting.
func WithStream(on bool) Option { return func(c *Client) { c.stream = on } }

// WithTemperature sets the default temperature (a Request's wins).
func WithTemperature(t float64) Option { return func(c *Client) { c.temperature = &t } }

// WithMaxTokens sets the default max_tokens (a Request's wins).
func WithMaxTokens(n int) Option { return func(c *Client) { c.maxTokens = n } }

// WithMaxCompletionTokens sends the limit as max_completion_tokens instead
// of max_tokens (newer OpenAI models require it).
func WithMaxCompletionTokens() Option { return func(c *Client) { c.completionKey = true } }

// WithResponseFormat sets the default response_format, passed verbatim.
func WithResponseFormat(raw json.RawMessage) Option {
	return func(c *Client) { c.responseFormat = raw }
}

// WithJSONSchema sets response_format to a strict-or-not json_schema with
// the given name and schema text. The answer is still validated locally.
func WithJSONSchema(name string, schema json.RawMessage, strict bool) Option {
	return func(c *Client) {
		rf, _ := json.Marshal(map[string]any{
			"type":        "json_schema",
			"json_schema": map[string]any{"name": name, "schema": schema, "strict": strict},
		})
		c.responseFormat = rf
	}
}

// WithExtra adds a vendor body field (e.g. vLLM "structured_outputs",
// llama.cpp "grammar"), passed verbatim; a Request's Extra wins.
func WithExtra(name string, raw json.RawMessage) Option {
	return func(c *Client) {
		if c.extra == nil {
			c.extra = map[string]json.RawMessage{}
		}
		c.extra[name] = raw
	}
}

// WithHeader adds a request header (e.g. "OpenAI-Organization").
func WithHeader(name, value string) Option { return func(c *Client) { c.header.Add(name, value) } }

// WithClock replaces time.Now for reading Retry-After dates.
func WithClock(now func() time.Time) Option { return func(c *Client) { c.now = now } }

// WithDeltaHook calls f with every streamed content delta; a non-nil error
// cancels the stream and is returned from Complete (wrapped in a
// *heal.TransportError whose Partial holds the content so far).
func WithDeltaHook(f func(delta string) error) Option { return func(c *Client) { c.onDelta = f } }

// Name returns the model name.
func (c *Client) Name() string { return c.model }

// Complete makes one chat-completions call. The API key never comes back
// in what it returns: where the server echoed it (in an error body, a
// stream error or an answer), it is replaced by Redacted.
func (c *Client) Complete(ctx context.Context, req heal.Request) (heal.Response, error) {
	resp, err := c.complete(ctx, req)
	c.redact(&resp, err)
	return resp, err
}

func (c *Client) complete(ctx context.Context, req heal.Request) (heal.Response, error) {
	body, err := c.body(&req)
	if err != nil {
		return heal.Response{}, fmt.Errorf("openai: request body: %w", err)
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return heal.Response{}, fmt.Errorf("openai: %w", err)
	}
	// No GetBody: net/http then never resends the request on its own (it
	// would for a POST carrying an Idempotency-Key), so that every retry
	// is the loop's, visible and counted.
	hreq.GetBody = nil
	for k, vs := range c.header {
		hreq.Header[k] = append([]string(nil), vs...)
	}
	hreq.Header.Set("Content-Type", "application/json")
	if c.stream {
		hreq.Header.Set("Accept", "text/event-stream")
	} else {
		hreq.Header.Set("Accept", "application/json")
	}
	if c.apiKey != "" {
		hreq.Header.Set("Authorization", "Bearer "+c.apiKey)
	}
	if req.IdempotencyKey != "" {
		hreq.Header.Set("Idempotency-Key", req.IdempotencyKey)
	}
	resp, err := c.httpClient.Do(hreq)
	if err != nil {
		return heal.Response{}, &heal.TransportError{Message: "request failed", Err: err}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return heal.Response{}, c.statusError(resp)
	}
	capped := &cappedBody{r: resp.Body, left: c.maxBody, max: c.maxBody}
	if c.stream || strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		return c.readStream(ctx, capped, req.Watch)
	}
	// Not streamed: nothing to cancel, so Watch is not called; the loop
	// validates the whole answer.
	return c.readPlain(capped)
}

// body builds the JSON body: known fields, then extras (which may replace
// them). encoding/json writes map keys sorted, so bodies are deterministic.
func (c *Client) body(req *heal.Request) ([]byte, error) {
	fields := map[string]json.RawMessage{}
	set := func(name string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fields[name] = b
		return nil
	}
	if err := set("model", c.model); err != nil {
		return nil, err
	}
	msgs := req.Messages
	if msgs == nil {
		msgs = []heal.Message{}
	}
	if err := set("messages", msgs); err != nil {
		return nil, err
	}
	if n := cmp(req.MaxTokens, c.maxTokens); n > 0 {
		key := "max_tokens"
		if c.completionKey {
			key = "max_completion_tokens"
		}
		_ = set(key, n)
	}
	if t := req.Temperature; t != nil {
		_ = set("temperature", *t)
	} else if c.temperature != nil {
		_ = set("temperature", *c.temperature)
	}
	if rf := req.ResponseFormat; len(rf) > 0 {
		fields["response_format"] = rf
	} else if len(c.responseFormat) > 0 {
		fields["response_format"] = c.responseFormat
	}
	if c.stream {
		fields["stream"] = json.RawMessage("true")
		fields["stream_options"] = json.RawMessage(`{"include_usage":true}`)
	}
	for k, v := range c.extra {
		fields[k] = v
	}
	for k, v := range req.Extra {
		fields[k] = v
	}
	for k, v := range fields {
		if !json.Valid(v) {
			return nil, fmt.Errorf("field %q is not valid JSON", k)
		}
	}
	return json.Marshal(fields)
}

func cmp(a, b int) int {
	if a > 0 {
		return a
	}
	return b
}

// apiError is the "error" object of OpenAI-compatible servers.
type apiError struct {
	Message string          `json:"message"`
	Type    string          `json:"type"`
	Code    json.RawMessage `json:"code"`
}

func (e *apiError) code() string {
	if len(e.Code) == 0 || string(e.Code) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(e.Code, &s) == nil {
		return s
	}
	return string(e.Code)
}

func (c *Client) statusError(resp *http.Response) error {
	te := &heal.TransportError{StatusCode: resp.StatusCode}
	te.RetryAfter, te.HasRetryAfter = heal.RetryAfterFromHeader(resp.Header, c.now())
	data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	var wrapped struct {
		Error *apiError `json:"error"`
	}
	if json.Unmarshal(data, &wrapped) == nil && wrapped.Error != nil {
		te.Message, te.Type, te.Code = wrapped.Error.Message, wrapped.Error.Type, wrapped.Error.code()
	} else {
		// Redacted before the cut, so that no part of the key survives it.
		te.Message = redactKey(strings.TrimSpace(string(data)), c.apiKey)
		if len(te.Message) > 200 {
			te.Message = te.Message[:200] + "..."
		}
	}
	return te
}

type usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

func (u *usage) heal() heal.Usage {
	if u == nil {
		return heal.Usage{}
	}
	return heal.Usage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens}
}

func (c *Client) readPlain(r io.Reader) (heal.Response, error) {
	var out struct {
		Model   string `json:"model"`
		Choices []struct {
			Message struct {
				Content *string `json:"content"`
				Refusal *string `json:"refusal"`
			} `json:"message"`
			FinishReason *string `json:"finish_reason"`
		} `json:"choices"`
		Usage *usage    `json:"usage"`
		Error *apiError `json:"error"`
	}
	if err := json.NewDecoder(r).Decode(&out); err != nil {
		return heal.Response{}, &heal.TransportError{Message: "reading the response", Err: err}
	}
	if out.Error != nil {
		return heal.Response{}, &heal.TransportError{Err: heal.ErrStreamError, Code: out.Error.code(), Type: out.Error.Type, Message: out.Error.Message}
	}
	resp := heal.Response{Model: out.Model, Usage: out.Usage.heal()}
	if len(out.Choices) == 0 {
		return resp, &heal.TransportError{Message: "response has no choices", Usage: resp.Usage}
	}
	ch := out.Choices[0]
	if ch.Message.Content != nil {
		resp.Content = *ch.Message.Content
	}
	if ch.Message.Refusal != nil {
		resp.Refusal = *ch.Message.Refusal
	}
	if ch.FinishReason != nil {
		resp.FinishReason = *ch.FinishReason
	}
	return resp, nil
}
