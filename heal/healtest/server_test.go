package healtest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func post(t *testing.T, s *Server, body string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("POST", s.URL+"/chat/completions", strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Idempotency-Key", "k-1")
	resp, err := s.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

const body = `{"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":20}`

func TestPlainAnswerAndRecording(t *testing.T) {
	s := New(Answer(`{"id":1}`))
	defer s.Close()
	resp, out := post(t, s, body)
	require.Equal(t, 200, resp.StatusCode)
	var got struct {
		Object  string `json:"object"`
		Choices []struct {
			Message      struct{ Role, Content string } `json:"message"`
			FinishReason string                         `json:"finish_reason"`
		} `json:"choices"`
		Usage struct {
			PromptTokens, CompletionTokens, TotalTokens int
		} `json:"usage"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	assert.Equal(t, "chat.completion", got.Object)
	assert.Equal(t, `{"id":1}`, got.Choices[0].Message.Content)
	assert.Equal(t, "stop", got.Choices[0].FinishReason)

	reqs := s.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, "m", reqs[0].Model)
	assert.Equal(t, 20, reqs[0].MaxTokens)
	assert.Equal(t, "k-1", reqs[0].IdempotencyKey)
	assert.Equal(t, `{"role":"user","content":"hi"}`, string(reqs[0].Messages[0]))
	role, content := reqs[0].Message(0)
	assert.Equal(t, "user", role)
	assert.Equal(t, "hi", content)
}

func TestScriptExhaustedIs500(t *testing.T) {
	s := New()
	defer s.Close()
	resp, out := post(t, s, body)
	assert.Equal(t, 500, resp.StatusCode)
	assert.Contains(t, out, "script exhausted")
}

func TestRateLimitRetryAfterDateFromInjectedClock(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s := NewServer(Config{Now: func() time.Time { return now }, Script: []Step{RateLimited(RetryAfterDate(now, 30*time.Second))}})
	defer s.Close()
	resp, out := post(t, s, body)
	assert.Equal(t, 429, resp.StatusCode)
	assert.Equal(t, "Fri, 02 Jan 2026 03:04:35 GMT", resp.Header.Get("Retry-After"))
	assert.Contains(t, out, `"code":"rate_limit_exceeded"`)
}

func TestAPIKeyRequired(t *testing.T) {
	s := NewServer(Config{APIKey: "secret", Script: []Step{Answer("{}")}})
	defer s.Close()
	resp, out := post(t, s, body)
	assert.Equal(t, 401, resp.StatusCode)
	assert.Contains(t, out, "invalid_api_key")
	assert.Equal(t, 1, s.Calls())
}

func TestStreamShape(t *testing.T) {
	content := `{"a\"b":"x\ny"}`
	s := New(Step{Content: content, ForceStream: true, ChunkBytes: 2, CRLF: true, KeepAlive: true, UsageChunk: true})
	defer s.Close()
	resp, out := post(t, s, body)
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	assert.Contains(t, out, ": keep-alive\r\n\r\n")
	assert.True(t, strings.HasSuffix(out, "data: [DONE]\r\n\r\n"))
	assert.Contains(t, out, `"choices":[],`, "usage-only chunk with empty choices")
	// Reassemble the deltas.
	var text strings.Builder
	for _, line := range strings.Split(out, "\r\n") {
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok || data == "[DONE]" {
			continue
		}
		var c struct {
			Choices []struct {
				Delta struct{ Content string } `json:"delta"`
			} `json:"choices"`
		}
		require.NoError(t, json.Unmarshal([]byte(data), &c))
		for _, ch := range c.Choices {
			text.WriteString(ch.Delta.Content)
		}
	}
	assert.Equal(t, content, text.String())
}

func TestStreamFaults(t *testing.T) {
	s := New(StreamWithoutDone(`{"a":1}`), StreamErrorFrame(`{"a":1}`, 1))
	defer s.Close()
	_, out := post(t, s, body)
	assert.NotContains(t, out, "[DONE]")
	assert.Contains(t, out, `"finish_reason":"stop"`)
	_, out = post(t, s, body)
	assert.Contains(t, out, `data: {"error":`)
	assert.NotContains(t, out, "[DONE]")
}

func TestResetAndStall(t *testing.T) {
	s := New(Reset(), Stall())
	defer s.Close()
	_, err := s.Client().Post(s.URL+"/chat/completions", "application/json", strings.NewReader(body))
	require.Error(t, err)

	// The stall holds the answer until the client gives up; the timeout is
	// generous so that a loaded machine still delivers the request first.
	client := s.Client()
	client.Timeout = 500 * time.Millisecond
	_, err = client.Post(s.URL+"/chat/completions", "application/json", strings.NewReader(body))
	require.Error(t, err)
	assert.Eventually(t, func() bool { return s.Calls() == 2 }, 2*time.Second, 10*time.Millisecond)
}

func TestSplitRunesNeverCutsARune(t *testing.T) {
	parts := splitRunes("aé€b", 1)
	assert.Equal(t, []string{"a", "é", "€", "b"}, parts)
	assert.Equal(t, "aé€b", strings.Join(parts, ""))
}

func TestContentHelpers(t *testing.T) {
	assert.Equal(t, "```json\n{}\n```", Fenced("{}"))
	assert.Contains(t, InProse("{}"), "\n{}\n")
	assert.Equal(t, "{\"a\":\"x\ny\"}", RawControlChars(`{"a":"x\ny"}`))
}
