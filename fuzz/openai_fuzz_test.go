package fuzz

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"testing"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/openai"
)

type bodyTransport []byte

func (b bodyTransport) RoundTrip(*http.Request) (*http.Response, error) {
	return &http.Response{
		StatusCode: 200,
		Header:     http.Header{"Content-Type": {"text/event-stream"}},
		Body:       io.NopCloser(bytes.NewReader(b)),
	}, nil
}

// FuzzOpenAIStream feeds arbitrary bytes to the SSE reader of the openai
// client: it never panics, every failure is a *heal.TransportError, and a
// body without a [DONE] marker is never a successful answer.
func FuzzOpenAIStream(f *testing.F) {
	for _, seed := range []string{
		"data: {\"choices\":[{\"delta\":{\"content\":\"{}\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n",
		": keep-alive\r\n\r\ndata: {\"choices\":[],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":2}}\r\n\r\ndata: [DONE]\r\n\r\n",
		"data: {\"choices\":[{\"delta\":{\"content\":\"{\\\"a\"}}]}\n\n",
		"data: {\"error\":{\"message\":\"boom\",\"code\":500}}\n\n",
		"event: error\ndata: {}\n\n",
		"data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\ndata: [DONE]",
		"data: [DONE]",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		c := openai.New("http://fuzz.invalid/v1", "m", openai.WithStream(true),
			openai.WithHTTPClient(&http.Client{Transport: bodyTransport(body)}))
		_, err := c.Complete(context.Background(), heal.Request{})
		if err != nil {
			var te *heal.TransportError
			if !errors.As(err, &te) {
				t.Fatalf("not a transport error: %T %v", err, err)
			}
			return
		}
		if !bytes.Contains(body, []byte("[DONE]")) {
			t.Fatalf("a stream without [DONE] succeeded: %q", body)
		}
	})
}
