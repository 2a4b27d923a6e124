package openai

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
)

func ask(t *testing.T, c *Client) (heal.Response, error) {
	t.Helper()
	return c.Complete(context.Background(), heal.Request{
		Messages:       []heal.Message{{Role: heal.RoleUser, Content: "give me JSON"}},
		IdempotencyKey: "key-1",
	})
}

func transportError(t *testing.T, err error) *heal.TransportError {
	t.Helper()
	var te *heal.TransportError
	require.ErrorAs(t, err, &te)
	return te
}

func TestPlainRequestBodyAndAnswer(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{APIKey: "sk-test", Script: []healtest.Step{
		{Content: `{"id":1}`, Usage: &heal.Usage{PromptTokens: 7, CompletionTokens: 3}},
	}})
	defer srv.Close()
	temp := 0.5
	c := New(srv.URL, "gpt-test", WithAPIKey("sk-test"), WithMaxTokens(64), WithTemperature(0.1),
		WithJSONSchema("thing", json.RawMessage(`{"type":"object"}`), true),
		WithExtra("seed", json.RawMessage(`42`)))
	resp, err := c.Complete(context.Background(), heal.Request{
		Messages:    []heal.Message{{Role: heal.RoleSystem, Content: "be terse"}, {Role: heal.RoleUser, Content: "go"}},
		Temperature: &temp, IdempotencyKey: "key-9",
		Extra: map[string]json.RawMessage{"top_p": json.RawMessage(`0.9`)},
	})
	require.NoError(t, err)
	assert.Equal(t, `{"id":1}`, resp.Content)
	assert.Equal(t, "stop", resp.FinishReason)
	assert.Equal(t, heal.Usage{PromptTokens: 7, CompletionTokens: 3}, resp.Usage)
	assert.Equal(t, "gpt-test", resp.Model)
	assert.Equal(t, "gpt-test", c.Name())

	rec := srv.Requests()[0]
	assert.Equal(t, "Bearer sk-test", rec.Header.Get("Authorization"))
	assert.Equal(t, "key-9", rec.IdempotencyKey)
	assert.Equal(t, 64, rec.MaxTokens)
	assert.Equal(t, `{"role":"system","content":"be terse"}`, string(rec.Messages[0]))
	assert.JSONEq(t, `{"type":"json_schema","json_schema":{"name":"thing","schema":{"type":"object"},"strict":true}}`, string(rec.ResponseFormat))
	assert.JSONEq(t, `0.5`, string(rec.Fields["temperature"]), "the request's temperature wins")
	assert.JSONEq(t, `42`, string(rec.Fields["seed"]))
	assert.JSONEq(t, `0.9`, string(rec.Fields["top_p"]))
	assert.NotContains(t, rec.Fields, "stream")
}

func TestMaxCompletionTokensKey(t *testing.T) {
	srv := healtest.New(healtest.Answer("{}"))
	defer srv.Close()
	_, err := New(srv.URL, "m", WithMaxTokens(10), WithMaxCompletionTokens()).Complete(context.Background(), heal.Request{})
	require.NoError(t, err)
	rec := srv.Requests()[0]
	assert.JSONEq(t, `10`, string(rec.Fields["max_completion_tokens"]))
	assert.NotContains(t, rec.Fields, "max_tokens")
}

func TestStreamedAnswerSplitAnywhere(t *testing.T) {
	content := "{\"na\\\"me\":\"caf\u00e9 \\u00e9\\n\",\"n\":12345}"
	for _, st := range []healtest.Step{
		{Content: content, ChunkBytes: 1},
		{Content: content, ChunkBytes: 2, CRLF: true, KeepAlive: true},
		{Content: content, ChunkBytes: 3, SplitFrames: true},
	} {
		srv := healtest.New(st)
		resp, err := ask(t, New(srv.URL, "m", WithStream(true)))
		srv.Close()
		require.NoError(t, err)
		assert.Equal(t, content, resp.Content)
		assert.Equal(t, "stop", resp.FinishReason)
		assert.NotZero(t, resp.Usage.PromptTokens, "usage-only chunk with empty choices is read")
		assert.Equal(t, len(content)/4+1, resp.Usage.CompletionTokens)
	}
}

func TestStreamRequestAsksForUsage(t *testing.T) {
	srv := healtest.New(healtest.Answer("{}"))
	defer srv.Close()
	_, err := ask(t, New(srv.URL, "m", WithStream(true)))
	require.NoError(t, err)
	rec := srv.Requests()[0]
	assert.True(t, rec.Stream)
	assert.True(t, rec.IncludeUsage)
	assert.Equal(t, "text/event-stream", rec.Header.Get("Accept"))
}

func TestStreamWithoutDoneIsTransportTruncation(t *testing.T) {
	srv := healtest.New(healtest.StreamWithoutDone(`{"a":1}`))
	defer srv.Close()
	_, err := ask(t, New(srv.URL, "m", WithStream(true)))
	te := transportError(t, err)
	assert.ErrorIs(t, err, heal.ErrStreamTruncated)
	assert.Equal(t, `{"a":1}`, te.Partial)
	class, retry := heal.ClassifyError(err)
	assert.Equal(t, heal.ClassTransient, class)
	assert.True(t, retry)
}

func TestStreamErrorFrameInside200(t *testing.T) {
	srv := healtest.New(healtest.StreamErrorFrame(`{"abc":1}`, 2))
	defer srv.Close()
	_, err := ask(t, New(srv.URL, "m", WithStream(true)))
	te := transportError(t, err)
	assert.ErrorIs(t, err, heal.ErrStreamError)
	assert.Equal(t, "server_error", te.Code)
	assert.Equal(t, `{"abc"`, te.Partial, "two 3-byte deltas before the frame")
}

func TestStreamResetMidway(t *testing.T) {
	srv := healtest.New(healtest.Step{Content: `{"abcdef":1}`, ForceStream: true, Reset: true, ResetAfter: 2})
	defer srv.Close()
	_, err := ask(t, New(srv.URL, "m", WithStream(true)))
	te := transportError(t, err)
	assert.NotErrorIs(t, err, heal.ErrStreamTruncated)
	assert.Equal(t, 0, te.StatusCode)
}

func TestStreamRefusalAndLength(t *testing.T) {
	srv := healtest.New(
		healtest.Step{Refusal: "I can't help with that.", ForceStream: true},
		healtest.Step{Content: `{"a":[1,2`, FinishReason: "length", ForceStream: true},
	)
	defer srv.Close()
	c := New(srv.URL, "m", WithStream(true))
	resp, err := ask(t, c)
	require.NoError(t, err)
	assert.Equal(t, "I can't help with that.", resp.Refusal)
	resp, err = ask(t, c)
	require.NoError(t, err)
	assert.Equal(t, "length", resp.FinishReason)
	assert.Equal(t, `{"a":[1,2`, resp.Content)
}

func TestDeltaHookCancelsStream(t *testing.T) {
	srv := healtest.New(healtest.Streamed(`{"status":"nope","more":"x"}`, 4))
	defer srv.Close()
	stop := errors.New("enum violation already certain")
	seen := ""
	c := New(srv.URL, "m", WithStream(true), WithDeltaHook(func(d string) error {
		seen += d
		if len(seen) >= 8 {
			return stop
		}
		return nil
	}))
	_, err := ask(t, c)
	assert.ErrorIs(t, err, stop)
	assert.Equal(t, `{"status`, transportError(t, err).Partial)
}

func TestPlainFaults(t *testing.T) {
	srv := healtest.New(
		healtest.Refusal("no"),
		healtest.Truncated(""),
		healtest.ContentFilter(""),
	)
	defer srv.Close()
	c := New(srv.URL, "m")
	resp, err := ask(t, c)
	require.NoError(t, err)
	assert.Equal(t, "no", resp.Refusal)
	assert.Empty(t, resp.Content)
	resp, err = ask(t, c)
	require.NoError(t, err)
	assert.Equal(t, "length", resp.FinishReason)
	assert.Empty(t, resp.Content)
	resp, err = ask(t, c)
	require.NoError(t, err)
	assert.Equal(t, "content_filter", resp.FinishReason)
}

func TestStatusErrors(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	srv := healtest.NewServer(healtest.Config{Now: func() time.Time { return now }, Script: []healtest.Step{
		healtest.RateLimited("3"),
		healtest.RateLimited(healtest.RetryAfterDate(now, 45*time.Second)),
		healtest.Unauthorized(),
		healtest.ContextLengthExceeded(),
		healtest.Status(503),
		healtest.Status(408),
	}})
	defer srv.Close()
	c := New(srv.URL, "m", WithClock(func() time.Time { return now }))

	_, err := ask(t, c)
	te := transportError(t, err)
	assert.Equal(t, 429, te.StatusCode)
	assert.True(t, te.HasRetryAfter)
	assert.Equal(t, 3*time.Second, te.RetryAfter)
	assert.Equal(t, "rate_limit_exceeded", te.Code)

	_, err = ask(t, c)
	te = transportError(t, err)
	assert.Equal(t, 45*time.Second, te.RetryAfter, "HTTP-date Retry-After read with the injected clock")

	_, err = ask(t, c)
	class, retry := heal.ClassifyError(err)
	assert.Equal(t, heal.ClassAuth, class)
	assert.False(t, retry)

	_, err = ask(t, c)
	te = transportError(t, err)
	assert.Equal(t, "context_length_exceeded", te.Code)
	class, retry = heal.ClassifyError(err)
	assert.Equal(t, heal.ClassFatal, class)
	assert.False(t, retry)

	for _, code := range []int{503, 408} {
		_, err = ask(t, c)
		assert.Equal(t, code, transportError(t, err).StatusCode)
		class, retry = heal.ClassifyError(err)
		assert.Equal(t, heal.ClassTransient, class)
		assert.True(t, retry)
	}
}

func TestResetAndStallAreTransient(t *testing.T) {
	srv := healtest.New(healtest.Reset(), healtest.Stall())
	defer srv.Close()
	c := New(srv.URL, "m")
	_, err := ask(t, c)
	class, retry := heal.ClassifyError(err)
	assert.Equal(t, heal.ClassTransient, class)
	assert.True(t, retry)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err = c.Complete(ctx, heal.Request{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	transportError(t, err)
}

func TestInvalidExtraIsRejectedBeforeSending(t *testing.T) {
	srv := healtest.New()
	defer srv.Close()
	_, err := New(srv.URL, "m", WithExtra("x", json.RawMessage(`{bad`))).Complete(context.Background(), heal.Request{})
	require.Error(t, err)
	assert.Equal(t, 0, srv.Calls())
}

// TestResponseBodyIsCapped: an answer past WithMaxResponseBytes fails the
// call with ErrResponseTooLarge, plain or streamed, instead of growing
// the client's memory with it; one within the cap is read whole.
func TestResponseBodyIsCapped(t *testing.T) {
	big := `"` + strings.Repeat("x", 200<<10) + `"`
	for _, stream := range []bool{false, true} {
		st := healtest.Answer(big)
		st.ChunkBytes = 4 << 10
		srv := healtest.New(st)
		_, err := ask(t, New(srv.URL, "m", WithStream(stream), WithMaxResponseBytes(64<<10)))
		srv.Close()
		assert.ErrorIs(t, err, ErrResponseTooLarge, "stream %v", stream)
		transportError(t, err)

		srv = healtest.New(st)
		resp, err := ask(t, New(srv.URL, "m", WithStream(stream), WithMaxResponseBytes(1<<20)))
		srv.Close()
		require.NoError(t, err, "stream %v", stream)
		assert.Equal(t, big, resp.Content)
	}
}
