// Package healtest is a loopback chat-completions server for tests: it
// speaks the OpenAI-compatible protocol (plain and SSE), answers each call
// from a script of Steps (answers, truncations, refusals, HTTP errors,
// stalls, resets, broken streams) and records every request.
//
//	srv := healtest.New(healtest.RateLimited("1"), healtest.Answer(`{"id":1}`))
//	defer srv.Close()
//	model := openai.New(srv.URL, "test-model")
package healtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"

	"github.com/jsonheal/jsonheal/heal"
)

// Config configures a Server. The zero value is usable.
type Config struct {
	// Script is the answer to each call, in order.
	Script []Step
	// Exhausted answers calls beyond the script; nil means a 500 error
	// saying the script is exhausted.
	Exhausted *Step
	// APIKey, when set, makes calls without "Authorization: Bearer <APIKey>"
	// fail with 401 (recorded, but no script step is used).
	APIKey string
	// Now is the server's clock (for "created" and Retry-After dates); nil
	// means time.Now.
	Now func() time.Time
	// Model is the model name reported when the request has none.
	Model string
}

// Server is a running test server. Its methods are safe for concurrent use.
type Server struct {
	// URL is the base URL, ending in "/v1"; the endpoint is
	// URL + "/chat/completions".
	URL string

	srv     *httptest.Server
	cfg     Config
	closing chan struct{}
	once    sync.Once

	mu       sync.Mutex
	script   []Step
	calls    int
	requests []Request
}

// New starts a server answering calls with steps, in order.
func New(steps ...Step) *Server { return NewServer(Config{Script: steps}) }

// NewServer starts a server with cfg.
func NewServer(cfg Config) *Server {
	s := &Server{cfg: cfg, closing: make(chan struct{}), script: append([]Step(nil), cfg.Script...)}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.handle)
	mux.HandleFunc("POST /chat/completions", s.handle)
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL + "/v1"
	return s
}

// Close releases stalled calls and shuts the server down.
func (s *Server) Close() {
	s.once.Do(func() { close(s.closing) })
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// Enqueue appends steps to the script.
func (s *Server) Enqueue(steps ...Step) {
	s.mu.Lock()
	s.script = append(s.script, steps...)
	s.mu.Unlock()
}

// Calls returns the number of calls received so far.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// Requests returns a copy of every request received, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Client returns an HTTP client for the server.
func (s *Server) Client() *http.Client { return s.srv.Client() }

func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

// RetryAfterDate formats now+d as an HTTP date for Step.RetryAfter.
func RetryAfterDate(now time.Time, d time.Duration) string {
	return now.Add(d).UTC().Format(http.TimeFormat)
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	// A Step.Handler can read the body too.
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := parseRequest(r, body)
	s.mu.Lock()
	s.calls++
	n := s.calls
	s.requests = append(s.requests, rec)
	authorized := s.cfg.APIKey == "" || r.Header.Get("Authorization") == "Bearer "+s.cfg.APIKey
	var step Step
	switch {
	case err != nil || rec.parseErr != nil:
		step = Status(http.StatusBadRequest)
		step.ErrorMessage = fmt.Sprintf("healtest: bad request body: %v%v", err, rec.parseErr)
	case !authorized:
		step = Unauthorized()
	case len(s.script) > 0:
		step, s.script = s.script[0], s.script[1:]
	case s.cfg.Exhausted != nil:
		step = *s.cfg.Exhausted
	default:
		step = Status(http.StatusInternalServerError)
		step.ErrorMessage = fmt.Sprintf("healtest: script exhausted at call %d", n)
	}
	s.mu.Unlock()
	s.answer(w, r, &rec, step, n)
}

func (s *Server) answer(w http.ResponseWriter, r *http.Request, rec *Request, st Step, n int) {
	if st.Handler != nil {
		st.Handler(w, r)
		return
	}
	for k, vs := range st.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("X-Request-Id", fmt.Sprintf("req-healtest-%d", n))
	if st.Reset && !(st.ForceStream || rec.Stream) {
		resetConn(w)
		return
	}
	if st.Stall && !(st.ForceStream || rec.Stream) {
		s.stall(r)
		return
	}
	if st.Status != 0 && st.Status != http.StatusOK {
		s.writeError(w, st)
		return
	}
	if st.ForceStream || rec.Stream {
		s.stream(w, r, rec, &st, n)
		return
	}
	s.writePlain(w, rec, &st, n)
}

func (s *Server) stall(r *http.Request) {
	select {
	case <-r.Context().Done():
	case <-s.closing:
	}
}

func (s *Server) writeError(w http.ResponseWriter, st Step) {
	if st.RetryAfter != "" {
		w.Header().Set("Retry-After", st.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(st.Status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": errorObject(&st)})
}

func errorObject(st *Step) map[string]any {
	var code any
	if st.ErrorCode != "" {
		code = st.ErrorCode
	}
	return map[string]any{"message": st.ErrorMessage, "type": st.ErrorType, "param": nil, "code": code}
}

func (s *Server) modelName(rec *Request) string {
	if rec.Model != "" {
		return rec.Model
	}
	if s.cfg.Model != "" {
		return s.cfg.Model
	}
	return "healtest"
}

func usageFor(rec *Request, st *Step) map[string]int {
	u := heal.Usage{PromptTokens: rec.promptBytes/4 + 1, CompletionTokens: len(st.Content)/4 + 1}
	if st.Usage != nil {
		u = *st.Usage
	}
	return map[string]int{"prompt_tokens": u.PromptTokens, "completion_tokens": u.CompletionTokens, "total_tokens": u.Total()}
}

func finishReason(st *Step) any {
	switch {
	case st.NullFinish:
		return nil
	case st.FinishReason != "":
		return st.FinishReason
	}
	return "stop"
}

func (s *Server) writePlain(w http.ResponseWriter, rec *Request, st *Step, n int) {
	msg := map[string]any{"role": "assistant", "content": st.Content, "refusal": nil}
	if st.Refusal != "" {
		msg["content"], msg["refusal"] = nil, st.Refusal
	}
	out := map[string]any{
		"id":      fmt.Sprintf("chatcmpl-healtest-%d", n),
		"object":  "chat.completion",
		"created": s.now().Unix(),
		"model":   s.modelName(rec),
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finishReason(st)}},
		"usage":   usageFor(rec, st),
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(out)
}
