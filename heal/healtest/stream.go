package healtest

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"unicode/utf8"
)

// stream answers with server-sent events, shaped by st.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, rec *Request, st *Step, n int) {
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	eol := "\n"
	if st.CRLF {
		eol = "\r\n"
	}
	id := fmt.Sprintf("chatcmpl-healtest-%d", n)
	created := s.now().Unix()
	model := s.modelName(rec)
	write := func(line string) bool {
		if st.KeepAlive {
			if _, err := fmt.Fprint(w, ": keep-alive"+eol+eol); err != nil {
				return false
			}
		}
		frame := line + eol + eol
		if st.SplitFrames && len(frame) > 2 {
			half := len(frame) / 2
			if _, err := fmt.Fprint(w, frame[:half]); err != nil {
				return false
			}
			if flusher != nil {
				flusher.Flush()
			}
			frame = frame[half:]
		}
		if _, err := fmt.Fprint(w, frame); err != nil {
			return false
		}
		if flusher != nil {
			flusher.Flush()
		}
		return true
	}
	chunk := func(delta map[string]any, finish any) string {
		b, _ := json.Marshal(map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": created, "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}},
		})
		return "data: " + string(b)
	}
	if !write(chunk(map[string]any{"role": "assistant", "content": ""}, nil)) {
		return
	}
	if st.Refusal != "" {
		if !write(chunk(map[string]any{"refusal": st.Refusal}, nil)) {
			return
		}
	}
	for i, part := range splitRunes(st.Content, st.ChunkBytes) {
		switch {
		case st.Stall && i == st.StallAfter:
			s.stall(r)
			return
		case st.Reset && i == st.ResetAfter:
			resetConn(w)
			return
		case st.ErrorFrame && i == st.ErrorAfter:
			b, _ := json.Marshal(map[string]any{"error": errorObject(st)})
			write("data: " + string(b))
			return
		}
		if !write(chunk(map[string]any{"content": part}, nil)) {
			return
		}
	}
	switch {
	case st.Stall:
		s.stall(r)
		return
	case st.Reset:
		resetConn(w)
		return
	case st.ErrorFrame:
		b, _ := json.Marshal(map[string]any{"error": errorObject(st)})
		write("data: " + string(b))
		return
	}
	if !write(chunk(map[string]any{}, finishReason(st))) {
		return
	}
	if (rec.IncludeUsage || st.UsageChunk) && !st.NoUsageChunk {
		b, _ := json.Marshal(map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": created, "model": model,
			"choices": []any{}, "usage": usageFor(rec, st),
		})
		if !write("data: " + string(b)) {
			return
		}
	}
	if !st.NoDone {
		write("data: [DONE]")
	}
}

// splitRunes cuts s into parts of about size bytes, never inside a rune.
func splitRunes(s string, size int) []string {
	if size <= 0 {
		size = 3
	}
	var parts []string
	for len(s) > 0 {
		n := min(size, len(s))
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n++
		}
		parts = append(parts, s[:n])
		s = s[n:]
	}
	return parts
}

// resetConn aborts the connection with a TCP reset.
func resetConn(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = conn.Close()
}
