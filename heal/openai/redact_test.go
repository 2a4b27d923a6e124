package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
)

const leakyKey = "sk-live-0123456789abcdefSECRET"

// echoServer answers every call with what mode says, quoting the bearer key
// it received, as some proxies and mock servers do in their errors.
func echoServer(t *testing.T, mode string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		switch mode {
		case "json401":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s","type":"invalid_request_error %s","code":"bad_key_%s"}}`, key, key, key)
		case "text500":
			// The key straddles the 200-byte cut of plain error bodies.
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprintf(w, "%s key=%s and more", strings.Repeat("x", 185), key)
		case "stream":
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "data: {\"choices\":[{\"delta\":{\"content\":\"{\\\"k\\\":\\\"%s\"}}]}\n\n", key)
			fmt.Fprintf(w, "data: {\"error\":{\"message\":\"quota for %s exceeded\",\"type\":\"server_error\"}}\n\n", key)
		case "answer":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"model":"m","choices":[{"message":{"content":"{\"echo\":\"%s\"}"},"finish_reason":"stop"}]}`, key)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestServerTextNeverCarriesTheKey(t *testing.T) {
	for _, mode := range []string{"json401", "text500", "stream", "answer"} {
		t.Run(mode, func(t *testing.T) {
			c := New(echoServer(t, mode).URL, "m", WithAPIKey(leakyKey))
			resp, err := ask(t, c)
			assert.NotContains(t, resp.Content, "SECRET")
			if mode == "answer" {
				require.NoError(t, err)
				assert.Equal(t, `{"echo":"[redacted]"}`, resp.Content)
				return
			}
			te := transportError(t, err)
			for _, s := range []string{err.Error(), te.Message, te.Type, te.Code, te.Partial, fmt.Sprintf("%+v", te)} {
				assert.NotContains(t, s, "SECRET")
			}
			switch mode {
			case "json401":
				assert.Equal(t, http.StatusUnauthorized, te.StatusCode)
				assert.Equal(t, "Incorrect API key provided: [redacted]", te.Message)
				assert.Equal(t, "bad_key_[redacted]", te.Code)
			case "text500":
				assert.Contains(t, te.Message, "key=[redac", "redacted before the 200-byte cut")
			case "stream":
				assert.Equal(t, "quota for [redacted] exceeded", te.Message)
				assert.Equal(t, `{"k":"[redacted]`, te.Partial)
				assert.ErrorIs(t, err, heal.ErrStreamError)
			}
		})
	}
}

// TestDeadLetterAndTraceNeverCarryTheKey runs the whole loop against a
// server that echoes the key in its 401 body: the dead letter, the error and
// every trace event are free of it.
func TestDeadLetterAndTraceNeverCarryTheKey(t *testing.T) {
	var trace []heal.Event
	h := &heal.Healer{
		Model:    New(echoServer(t, "json401").URL, "m", WithAPIKey(leakyKey)),
		Observer: heal.ObserverFunc(func(e heal.Event) { trace = append(trace, e) }),
	}
	_, err := h.Heal(context.Background(), heal.Task{Messages: []heal.Message{{Role: heal.RoleUser, Content: "give me JSON"}}})
	require.Error(t, err)
	var gu *heal.GiveUpError
	require.ErrorAs(t, err, &gu)
	dl, mErr := json.Marshal(gu.DeadLetter)
	require.NoError(t, mErr)
	assert.Contains(t, string(dl), "[redacted]", "the server's text is kept, minus the key")
	assert.NotContains(t, string(dl), "SECRET")
	assert.NotContains(t, err.Error(), "SECRET")
	ev, mErr := json.Marshal(trace)
	require.NoError(t, mErr)
	require.NotEmpty(t, trace)
	assert.NotContains(t, string(ev), "SECRET")
}

func TestShortPlaceholderKeysLeaveAnswersAlone(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"choices":[{"message":{"content":"{\"status\":\"none\"}"},"finish_reason":"stop"}]}`)
	}))
	defer srv.Close()
	resp, err := ask(t, New(srv.URL, "m", WithAPIKey("none")))
	require.NoError(t, err)
	assert.Equal(t, `{"status":"none"}`, resp.Content, "a placeholder key is not a secret worth corrupting data for")
}

func TestRedactedErrorKeepsItsChain(t *testing.T) {
	base := errors.New("dial sk-live-0123456789abcdefSECRET failed")
	err := error(&redactedError{err: base, key: leakyKey})
	assert.Equal(t, "dial [redacted] failed", err.Error())
	assert.ErrorIs(t, err, base)
}
