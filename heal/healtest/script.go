package healtest

import (
	"net/http"
	"strings"

	"github.com/jsonheal/jsonheal/heal"
)

// Step scripts the server's answer to one call. The zero Step answers an
// empty "stop" completion; set the fields to shape the answer or the fault.
// Whether the answer is streamed follows the request's "stream" field unless
// ForceStream is set.
type Step struct {
	// Content is the assistant's answer text.
	Content string
	// FinishReason defaults to "stop". Use "length", "content_filter", a
	// vendor value, or NullFinish for null.
	FinishReason string
	// NullFinish sends "finish_reason": null.
	NullFinish bool
	// Refusal, when set, is sent as the message's refusal (content null).
	Refusal string
	// Usage overrides the computed usage (prompt: message bytes / 4 + 1,
	// completion: content bytes / 4 + 1).
	Usage *heal.Usage

	// Status, when not 0 or 200, answers with an OpenAI-style error body.
	Status int
	// ErrorCode, ErrorType and ErrorMessage fill the error body (and the
	// error frame of ErrorFrame).
	ErrorCode, ErrorType, ErrorMessage string
	// RetryAfter, when set, is sent as the Retry-After header verbatim
	// (seconds or an HTTP date; see RetryAfterDate).
	RetryAfter string
	// Header adds response headers.
	Header http.Header

	// Stall blocks before answering (or, streamed, after StallAfter chunks)
	// until the client gives up or the server closes.
	Stall      bool
	StallAfter int
	// Reset closes the TCP connection abruptly (RST): before any byte, or,
	// streamed, after ResetAfter chunks.
	Reset      bool
	ResetAfter int

	// ForceStream streams even when the request did not ask to.
	ForceStream bool
	// ChunkBytes is the size of the content deltas of a stream (at rune
	// boundaries); 0 means 3, which splits inside keys, strings and escapes.
	ChunkBytes int
	// SplitFrames writes every SSE frame in two flushes, cut mid-line.
	SplitFrames bool
	// CRLF ends SSE lines with "\r\n".
	CRLF bool
	// KeepAlive interleaves ": keep-alive" comment lines between frames.
	KeepAlive bool
	// UsageChunk sends the usage-only chunk (empty choices) even when the
	// request did not set stream_options.include_usage; NoUsageChunk never
	// sends it.
	UsageChunk, NoUsageChunk bool
	// NoDone ends the stream without "data: [DONE]".
	NoDone bool
	// ErrorFrame sends an error frame (HTTP 200 already sent) after
	// ErrorAfter content chunks, then ends the stream.
	ErrorFrame bool
	ErrorAfter int

	// Handler, when set, answers the call instead of everything above. The
	// call is recorded first; the request body can still be read.
	Handler http.HandlerFunc
}

// Answer is a plain "stop" answer with the given content.
func Answer(content string) Step { return Step{Content: content} }

// Streamed is Answer, always streamed, with content deltas of chunkBytes.
func Streamed(content string, chunkBytes int) Step {
	return Step{Content: content, ForceStream: true, ChunkBytes: chunkBytes}
}

// Truncated is an answer cut off by the token limit: finish_reason length.
func Truncated(content string) Step { return Step{Content: content, FinishReason: "length"} }

// Refusal is a refusal with the given text.
func Refusal(text string) Step { return Step{Refusal: text} }

// ContentFilter is an answer filtered by the provider.
func ContentFilter(content string) Step {
	return Step{Content: content, FinishReason: "content_filter"}
}

// Status is an error answer with the given HTTP status.
func Status(code int) Step {
	return Step{Status: code, ErrorMessage: http.StatusText(code), ErrorType: errorType(code)}
}

// RateLimited is a 429 with the given Retry-After value ("" for none).
func RateLimited(retryAfter string) Step {
	s := Status(http.StatusTooManyRequests)
	s.RetryAfter = retryAfter
	s.ErrorCode = "rate_limit_exceeded"
	return s
}

// Unauthorized is a 401 invalid_api_key.
func Unauthorized() Step {
	s := Status(http.StatusUnauthorized)
	s.ErrorCode = "invalid_api_key"
	return s
}

// ContextLengthExceeded is a 400 context_length_exceeded.
func ContextLengthExceeded() Step {
	s := Status(http.StatusBadRequest)
	s.ErrorCode = "context_length_exceeded"
	s.ErrorMessage = "This model's maximum context length is 8192 tokens."
	return s
}

// Stall never answers until the client gives up.
func Stall() Step { return Step{Stall: true} }

// Reset closes the connection abruptly before answering.
func Reset() Step { return Step{Reset: true} }

// StreamWithoutDone streams content and ends without [DONE].
func StreamWithoutDone(content string) Step {
	return Step{Content: content, ForceStream: true, NoDone: true}
}

// StreamErrorFrame streams part of content, then an error frame.
func StreamErrorFrame(content string, afterChunks int) Step {
	return Step{Content: content, ForceStream: true, ErrorFrame: true, ErrorAfter: afterChunks,
		ErrorCode: "server_error", ErrorType: "server_error", ErrorMessage: "The server had an error while processing your request."}
}

// Fenced wraps JSON in a markdown fence, as models often do.
func Fenced(json string) string { return "```json\n" + json + "\n```" }

// InProse surrounds JSON with chatty prose.
func InProse(json string) string {
	return "Sure! Here is the JSON you asked for:\n\n" + json + "\n\nLet me know if you need anything else."
}

// RawControlChars turns the two-byte escapes \n and \t of a JSON text into
// raw control bytes, as models emit inside long strings.
func RawControlChars(json string) string {
	return strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(json)
}

func errorType(code int) string {
	switch {
	case code == http.StatusTooManyRequests:
		return "rate_limit_error"
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		return "authentication_error"
	case code >= 500:
		return "server_error"
	}
	return "invalid_request_error"
}
