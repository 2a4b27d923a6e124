package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stdoutFixture is a folder with a document for repair, a rejects file
// for report and a prompt for ask, each with known bytes.
type stdoutFixture struct {
	dir, doc, rejects, other, prompt, schema string
}

const (
	repairDoc     = "```json\n{\"a\":1,}\n```\n"
	reportRejects = `{"line":1,"reason":"schema","error":"x","raw":"{\"id\":2}"}` + "\n"
	askPrompt     = "an id, please\n"
)

func newStdoutFixture(t *testing.T) stdoutFixture {
	t.Helper()
	dir := t.TempDir()
	f := stdoutFixture{
		dir:     dir,
		doc:     filepath.Join(dir, "f.json"),
		rejects: filepath.Join(dir, "r.jsonl"),
		other:   filepath.Join(dir, "other.jsonl"),
		prompt:  filepath.Join(dir, "prompt.txt"),
		schema:  filepath.Join(dir, "s.json"),
	}
	for p, text := range map[string]string{f.doc: repairDoc, f.rejects: reportRejects, f.other: reportRejects,
		f.prompt: askPrompt, f.schema: refIDText} {
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	}
	return f
}

// openAppend opens path as `>> path` does, and openRead as `< path`.
func openAppend(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

func openRead(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

// TestRepairReportAndAskRefuseStdoutOnWhatTheyRead: repair and report
// print to stdout only, and refuse (exit 2, before writing a byte) a
// stdout that is a file they read, named or as stdin, under any name;
// ask refuses stdout and --dead-letter on the prompt file it read as
// stdin (`-`). The message names the output and the file read; every file
// is left byte-identical.
func TestRepairReportAndAskRefuseStdoutOnWhatTheyRead(t *testing.T) {
	f := newStdoutFixture(t)
	link := filepath.Join(f.dir, "link.json")
	require.NoError(t, os.Link(f.doc, link))
	for _, tc := range []struct {
		name          string
		stdin, stdout string // files behind stdin and stdout ("": none)
		args          []string
		want          string
	}{
		{"repair f >> f", "", f.doc, []string{"repair", f.doc}, "stdout (the same file as " + f.doc + ") is both an input and an output"},
		{"repair link >> f", "", f.doc, []string{"repair", link}, "stdout (the same file as " + link + ")"},
		{"repair < f >> f", f.doc, f.doc, []string{"repair"}, "stdout (the same file as stdin)"},
		{"repair - < f >> link", f.doc, link, []string{"repair", "-"}, "stdout (the same file as stdin)"},
		{"report r >> r", "", f.rejects, []string{"report", f.other, f.rejects}, "stdout (the same file as " + f.rejects + ")"},
		{"report --format=json < r >> r", f.rejects, f.rejects, []string{"report", "--format=json"}, "stdout (the same file as stdin)"},
		{"ask - < p >> p", f.prompt, f.prompt, []string{"ask", "--schema", f.schema, "--model", "m", "--base-url", "http://127.0.0.1:1", "-"},
			"stdout (the same file as stdin)"},
		{"ask - < p --dead-letter p", f.prompt, "", []string{"ask", "--schema", f.schema, "--model", "m", "--base-url", "http://127.0.0.1:1",
			"--dead-letter", f.prompt, "-"}, f.prompt + " (the same file as stdin)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap := takeSnapshot(t, f.doc, f.rejects, f.other, f.prompt, f.schema)
			var stdin, stdout *os.File
			if tc.stdin != "" {
				stdin = openRead(t, tc.stdin)
			}
			if tc.stdout != "" {
				stdout = openAppend(t, tc.stdout)
			}
			snap.assertRefused(t, stdin, stdout, tc.want, tc.args...)
		})
	}
}

// TestRepairAndReportWriteStdoutToAnotherFile: the check refuses only
// what is read; stdout on another regular file gets the output.
func TestRepairAndReportWriteStdoutToAnotherFile(t *testing.T) {
	f := newStdoutFixture(t)
	out := filepath.Join(f.dir, "out")
	require.NoError(t, os.WriteFile(out, nil, 0o600))

	code, errOut := fileEnv(t, openRead(t, f.doc), openAppend(t, out), "repair")
	require.Equal(t, exitOK, code, errOut)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(b))

	require.NoError(t, os.WriteFile(out, nil, 0o600))
	code, errOut = fileEnv(t, nil, openAppend(t, out), "report", "--format=json", f.rejects, f.other)
	require.Equal(t, exitOK, code, errOut)
	b, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"records":2`)
	assert.Contains(t, string(b), `"rejects":2`)
}

// TestAskChecksTheDeadLetterFileAgainWhenItWrites: --dead-letter names no
// file when the run starts; while the model is asked, that name becomes a
// hard link to the schema. The dead letter is refused (exit 2, naming
// both) and the schema is left byte-identical.
func TestAskChecksTheDeadLetterFileAgainWhenItWrites(t *testing.T) {
	f := newRefFixture(t)
	dead := filepath.Join(f.dir, "dead.jsonl")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = os.Link(f.schema, dead)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"choices":[{"index":0,"message":{"role":"assistant","content":"no JSON here"},"finish_reason":"stop"}],`+
			`"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`)
	}))
	defer srv.Close()
	snap := takeSnapshot(t, f.schema, f.ref)
	code, _, errOut := askCLI(t, nil, "", "--schema", f.schema, "--model", "m", "--base-url", srv.URL,
		"--max-attempts", "1", "--dead-letter", dead, "an id")
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "--dead-letter: "+dead+" (the same file as --schema "+f.schema+") is both an input and an output")
	snap.assertUnchanged(t)
}
