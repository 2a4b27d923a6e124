package openai

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/jsonheal/jsonheal/heal"
)

// chunk is one streamed event payload.
type chunk struct {
	Model   string `json:"model"`
	Choices []struct {
		Delta struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *usage    `json:"usage"`
	Error *apiError `json:"error"`
}

// readStream reads server-sent events until [DONE]. Comments (keep-alive),
// CRLF line ends, multi-line data and usage-only chunks are handled; an
// error frame or an end without [DONE] is a *heal.TransportError.
func (c *Client) readStream(ctx context.Context, body io.Reader, watch func(string) error) (heal.Response, error) {
	br := bufio.NewReaderSize(body, 32<<10)
	var (
		resp    heal.Response
		content strings.Builder
		refusal strings.Builder
		data    []byte // the current event's data lines, joined by '\n'
		hasData bool
		event   string
	)
	fail := func(te *heal.TransportError) (heal.Response, error) {
		te.Partial, te.Usage = content.String(), resp.Usage
		resp.Content, resp.Refusal = content.String(), refusal.String()
		return resp, te
	}
	dispatch := func() (done bool, err *heal.TransportError) {
		defer func() { data, hasData, event = data[:0], false, "" }()
		if !hasData {
			return false, nil
		}
		if string(bytes.TrimSpace(data)) == "[DONE]" {
			return true, nil
		}
		var ch chunk
		if e := json.Unmarshal(data, &ch); e != nil {
			return false, &heal.TransportError{Message: "malformed stream chunk", Err: e}
		}
		if ch.Error != nil || event == "error" {
			te := &heal.TransportError{Err: heal.ErrStreamError, Message: "error event"}
			if ch.Error != nil {
				te.Code, te.Type, te.Message = ch.Error.code(), ch.Error.Type, ch.Error.Message
			}
			return false, te
		}
		if ch.Model != "" {
			resp.Model = ch.Model
		}
		if ch.Usage != nil {
			resp.Usage = ch.Usage.heal()
		}
		for _, choice := range ch.Choices {
			if d := choice.Delta.Content; d != nil && *d != "" {
				content.WriteString(*d)
				if c.onDelta != nil {
					if e := c.onDelta(*d); e != nil {
						return false, &heal.TransportError{Message: "stream cancelled by the delta hook", Err: e}
					}
				}
				if watch != nil {
					if e := watch(*d); e != nil {
						return false, &heal.TransportError{Message: "stream cancelled by the watcher", Err: e}
					}
				}
			}
			if r := choice.Delta.Refusal; r != nil {
				refusal.WriteString(*r)
			}
			if f := choice.FinishReason; f != nil && *f != "" {
				resp.FinishReason = *f
			}
		}
		return false, nil
	}
	for {
		line, err := readLine(br, c.maxLine)
		if err != nil {
			if errors.Is(err, io.EOF) {
				if done, te := dispatch(); te != nil {
					return fail(te)
				} else if done {
					break
				}
				return fail(&heal.TransportError{Err: heal.ErrStreamTruncated, Message: "the stream ended without [DONE]"})
			}
			if ctx.Err() != nil {
				err = fmt.Errorf("%w (%w)", err, ctx.Err())
			}
			return fail(&heal.TransportError{Message: "reading the stream", Err: err})
		}
		switch {
		case len(line) == 0: // end of an event
			done, te := dispatch()
			if te != nil {
				return fail(te)
			}
			if done {
				resp.Content, resp.Refusal = content.String(), refusal.String()
				return resp, nil
			}
		case line[0] == ':': // comment: keep-alive, ping
		default:
			field, value, _ := bytes.Cut(line, []byte(":"))
			value = bytes.TrimPrefix(value, []byte(" "))
			switch string(field) {
			case "data":
				if hasData {
					data = append(data, '\n')
				}
				data, hasData = append(data, value...), true
			case "event":
				event = string(value)
			}
		}
	}
	resp.Content, resp.Refusal = content.String(), refusal.String()
	return resp, nil
}

// readLine returns the next line without its "\n" or "\r\n", or io.EOF
// at the end (a last unterminated line is returned first).
func readLine(br *bufio.Reader, maxLine int) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		line = append(line, frag...)
		if len(line) > maxLine {
			return nil, fmt.Errorf("stream line longer than %d bytes", maxLine)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if errors.Is(err, io.EOF) && len(line) > 0 {
				return bytes.TrimRight(line, "\r\n"), nil
			}
			return nil, err
		}
		line = line[:len(line)-1]
		return bytes.TrimSuffix(line, []byte("\r")), nil
	}
}
