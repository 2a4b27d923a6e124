package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// untouchedStdin fails the test when it is read.
type untouchedStdin struct{ t *testing.T }

func (u untouchedStdin) Read([]byte) (int, error) {
	u.t.Error("stdin was read before the missing input was found")
	return 0, os.ErrClosed
}

// TestMissingInputAmongSeveralStopsBeforeAnyIsRead: `clean a missing b`
// processed a before it found missing. Every named input is now checked
// first: exit 2 naming the file, nothing read (stdin stands for the
// inputs before it), no output written or truncated.
func TestMissingInputAmongSeveralStopsBeforeAnyIsRead(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.jsonl")
	require.NoError(t, os.WriteFile(a, []byte("{\"a\":1}\n"), 0o644))
	missing := filepath.Join(dir, "missing.jsonl")
	folder := filepath.Join(dir, "folder")
	require.NoError(t, os.Mkdir(folder, 0o755))
	out := filepath.Join(dir, "out.jsonl.gz")
	rej := filepath.Join(dir, "rej.jsonl")
	for _, cmd := range []string{"clean", "replay", "report"} {
		for _, bad := range []struct{ name, says string }{
			{missing, "no such file or directory"},
			{folder, "is a directory"},
		} {
			require.NoError(t, os.WriteFile(out, []byte("precious"), 0o644))
			require.NoError(t, os.WriteFile(rej, []byte("precious"), 0o644))
			args := []string{cmd, "-", a, bad.name, a}
			if cmd != "report" {
				args = append(args, "-o", out, "--rejects", rej)
			}
			var stdout, stderr bytes.Buffer
			e := &env{stdin: untouchedStdin{t}, stdout: &stdout, stderr: &stderr,
				getenv: func(string) string { return "" }, isTerminal: isTerminal}
			code := run(context.Background(), e, args)
			assert.Equal(t, exitUsage, code, "%v: %s", args, stderr.String())
			assert.Equal(t, "jsonheal "+cmd+": open input: ", stderr.String()[:len("jsonheal "+cmd+": open input: ")], args)
			assert.Contains(t, stderr.String(), bad.name, args)
			assert.Contains(t, stderr.String(), bad.says, args)
			assert.Empty(t, stdout.String(), args)
			for _, f := range []string{out, rej} {
				b, err := os.ReadFile(f)
				require.NoError(t, err)
				assert.Equal(t, "precious", string(b), "%v: %s was written", args, f)
			}
		}
	}
}

// TestNoOutputIsLeftWhenTheRejectsCannotBeCreated: -o and --rejects are
// both opened before either is truncated; when the rejects cannot be, the
// command stops (exit 2) and a new -o, compressed or not, is not left
// behind (an existing one is kept as it was: files_test.go).
func TestNoOutputIsLeftWhenTheRejectsCannotBeCreated(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range []string{"clean", "replay"} {
		for _, name := range []string{"out.jsonl", "out.jsonl.gz", "out.jsonl.zst"} {
			out := filepath.Join(dir, name)
			code, _, errOut := runCLI(t, "", cmd, "-o", out, "--rejects", filepath.Join(dir, "no", "such", "r.jsonl"))
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, "create output (--rejects)")
			assert.NoFileExists(t, out, "%s %s", cmd, name)
		}
	}
}
