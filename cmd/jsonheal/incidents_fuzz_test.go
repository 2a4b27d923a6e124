package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// FuzzReport feeds arbitrary bytes to report and replay: they read
// incidents or refuse with exit 2 saying where, and never panic or hang.
func FuzzReport(f *testing.F) {
	f.Add([]byte(`{"line":1,"reason":"schema","error":"/a: must be <= 1, got 2","raw":"{\"a\":2}","details":{"errors":[{"keywordLocation":"/properties/a/maximum","instanceLocation":"/a","error":"must be <= 1"}]}}` + "\n"))
	f.Add([]byte(`{"line":2,"reason":"truncated","error":"x","raw":"{\"a\":"}` + "\n" + `{"version":1,"task":{"messages":[]},"class":"schema","attempts":[{"raw":"{}","diagnostics":"/: missing required property \"b\""}]}`))
	f.Add([]byte("{\"line\":1,\"reason\":\"syntax\",\"error\":\"e\",\"raw\":\"```json\\n{\\\"a\\\":1}\"}\n"))
	f.Add([]byte("prose\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		for _, args := range [][]string{{"report", "--format=json"}, {"replay", "--report=json"}} {
			var out, errb bytes.Buffer
			e := &env{stdin: bytes.NewReader(data), stdout: &out, stderr: &errb, getenv: func(string) string { return "" },
				isTerminal: func(io.Writer) bool { return false }}
			done := make(chan int, 1)
			go func() { done <- run(context.Background(), e, args) }()
			var code int
			select {
			case code = <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%v: no answer in 20 s on %q", args, data)
			}
			if code != exitOK && code != exitFailed && code != exitUsage {
				t.Fatalf("%v: exit %d: %s", args, code, errb.String())
			}
			if code == exitUsage && !strings.Contains(errb.String(), "not a rejects record or a dead letter") &&
				!strings.Contains(errb.String(), "stdin") {
				t.Fatalf("%v: exit 2 without saying where: %s", args, errb.String())
			}
		}
	})
}
