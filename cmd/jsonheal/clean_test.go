package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const cleanInput = "{\"a\":1}\n" +
	"```json\n{\"b\":2}\n```\n" +
	"{\"c\":\"x\ny\"}\n" +
	"{\"d\":\"cut\n" +
	"{\"e\":5}\n"

func cleanEnv(stdin io.Reader, stdout io.Writer) (*env, *bytes.Buffer) {
	var errb bytes.Buffer
	return &env{
		stdin:      stdin,
		stdout:     stdout,
		stderr:     &errb,
		getenv:     func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false },
	}, &errb
}

func TestCleanStdinToStdoutWithRejects(t *testing.T) {
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := runCLI(t, cleanInput, "clean", "--rejects", rej)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, "{\"a\":1}\n{\"b\":2}\n{\"c\":\"x\\ny\"}\n{\"e\":5}\n", out)
	assert.Contains(t, errOut, "5 records")
	assert.Contains(t, errOut, "2 clean, 2 repaired, 1 rejected")
	assert.Contains(t, errOut, "truncated 1")
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	var r jsonl.Reject
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, "stdin", r.File)
	assert.Equal(t, int64(7), r.Line)
	assert.Equal(t, "truncated", r.Reason)
	assert.Equal(t, "{\"d\":\"cut", r.Raw)
}

// The tester's input: two bare members (`"key": value` without braces).
// clean (floor likely) writes neither record cut to its key: both go to
// the rejects as needs_model, and the exit says the run failed.
func TestCleanRejectsBareMembers(t *testing.T) {
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := runCLI(t, "\"result\": [1, 2]\n\"The answer\": 42\n", "clean", "--rejects", rej)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "0 clean, 0 repaired, 2 rejected")
	assert.Contains(t, errOut, "needs_model 2")
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	require.Len(t, lines, 2)
	for i, raw := range []string{`"result": [1, 2]`, `"The answer": 42`} {
		var r jsonl.Reject
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &r))
		assert.Equal(t, int64(i+1), r.Line)
		assert.Equal(t, "needs_model", r.Reason)
		assert.Equal(t, raw, r.Raw)
	}
}

func TestCleanFailOn(t *testing.T) {
	code, _, _ := runCLI(t, cleanInput, "clean", "--fail-on=never")
	assert.Equal(t, exitOK, code)
	code, _, _ = runCLI(t, "{\"a\":1}\n{\"b\":\"x\ny\"}\n", "clean")
	assert.Equal(t, exitOK, code, "repaired is fine by default")
	code, _, _ = runCLI(t, "{\"a\":1}\n{\"b\":\"x\ny\"}\n", "clean", "--fail-on=repaired")
	assert.Equal(t, exitFailed, code)
	code, _, _ = runCLI(t, "{\"a\":1}\n", "clean", "--fail-on=repaired")
	assert.Equal(t, exitOK, code)
}

func TestCleanCloseTruncatedAndStrict(t *testing.T) {
	code, out, _ := runCLI(t, cleanInput, "clean", "--close-truncated")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "{\"d\":\"cut\"}\n{\"e\":5}\n")
	code, out, _ = runCLI(t, "{\"a\":\"\xff\"}\n", "clean", "--strict")
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out)
}

func TestCleanReportJSON(t *testing.T) {
	code, _, errOut := runCLI(t, cleanInput, "clean", "--report=json")
	assert.Equal(t, exitFailed, code)
	var s summary
	require.NoError(t, json.Unmarshal([]byte(errOut), &s), errOut)
	assert.False(t, s.OK)
	assert.Equal(t, int64(5), s.Records)
	assert.Equal(t, int64(2), s.Clean)
	assert.Equal(t, map[string]int64{"fence": 1, "control_char": 1}, s.RepairedBy)
	assert.Equal(t, map[string]int64{"truncated": 1}, s.RejectedBy)
	assert.Equal(t, []string{"stdin"}, s.Inputs)
}

func TestCleanSchema(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(schema, []byte(`{"type":"object","required":["id"]}`), 0o644))
	code, out, errOut := runCLI(t, "{\"id\":1}\n{\"x\":2}\n", "clean", "--schema", schema)
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "{\"id\":1}\n", out)
	assert.Contains(t, errOut, "schema 1")

	require.NoError(t, os.WriteFile(schema, []byte(`{"type":"objekt"}`), 0o644))
	code, _, errOut = runCLI(t, "{}\n", "clean", "--schema", schema)
	assert.Equal(t, exitNoCompile, code)
	assert.Contains(t, errOut, "does not compile")

	code, _, errOut = runCLI(t, "{}\n", "clean", "--schema", filepath.Join(dir, "missing.json"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "read schema")
}

func TestCleanUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"clean", "-j", "-1"},
		{"clean", "--fail-on=sometimes"},
		{"clean", "--progress=maybe"},
		{"clean", "--report=xml"},
		{"clean", "--max-record-bytes=lots"},
		{"clean", "--no-such-flag"},
		{"clean", "-o", "same.jsonl", "--rejects", "same.jsonl"},
	} {
		code, _, errOut := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, errOut)
	}
	code, _, _ := runCLI(t, "", "clean", "-h")
	assert.Equal(t, exitOK, code)
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"100": 100, "64MiB": 64 << 20, "1G": 1 << 30, "10 KiB": 10 << 10, "2M": 2 << 20} {
		got, err := parseSize(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := parseSize("1.5M")
	assert.Error(t, err)
}

func TestCleanFilesCompressedInAndOut(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../testdata/corpus/llm_raw.jsonl")
	require.NoError(t, err)
	clean, err := os.ReadFile("../../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	for _, f := range []jsonl.Format{jsonl.Gzip, jsonl.Zstd} {
		var z bytes.Buffer
		w, err := jsonl.NewWriter(&z, f)
		require.NoError(t, err)
		_, err = w.Write(data)
		require.NoError(t, err)
		require.NoError(t, w.Close())
		in := filepath.Join(dir, "in."+f.String())
		require.NoError(t, os.WriteFile(in, z.Bytes(), 0o644))
		for _, suffix := range []string{".jsonl", ".jsonl.gz", ".jsonl.zst"} {
			out := filepath.Join(dir, "out"+suffix)
			code, _, errOut := runCLI(t, "", "clean", "-j", "2", "-o", out, in)
			require.Equal(t, exitOK, code, errOut)
			outFile, err := os.Open(out)
			require.NoError(t, err)
			r, err := jsonl.NewReader(outFile, jsonl.ReaderOptions{})
			require.NoError(t, err)
			got, err := io.ReadAll(r)
			require.NoError(t, err)
			r.Close()
			outFile.Close()
			assert.Equal(t, jsonl.FormatForName(out), r.Format())
			assert.True(t, bytes.HasPrefix(got, clean), "%s -> %s", in, out)
		}
	}
}

func TestCleanSeveralFilesAndStdin(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.jsonl")
	require.NoError(t, os.WriteFile(a, []byte("{\"a\":1}\n{\"bad\":\n"), 0o644))
	rej := filepath.Join(dir, "rej.jsonl")
	code, out, errOut := runCLI(t, "{\"s\":1}\n", "clean", "--rejects", rej, a, "-", a)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, "{\"a\":1}\n{\"s\":1}\n{\"a\":1}\n", out)
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(b), `"file":"`+a+`","line":2`))
}

func TestCleanIOErrors(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "", "clean", filepath.Join(dir, "missing.jsonl"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "open input")

	code, _, errOut = runCLI(t, "{}\n", "clean", "-o", filepath.Join(dir, "no", "such", "dir.jsonl"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "create output")

	// A truncated gzip stream: the records before the break are kept.
	var z bytes.Buffer
	w, _ := jsonl.NewWriter(&z, jsonl.Gzip)
	data, err := os.ReadFile("../../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	w.Write(data)
	w.Close()
	in := filepath.Join(dir, "cut.gz")
	require.NoError(t, os.WriteFile(in, z.Bytes()[:z.Len()/2], 0o644))
	code, out, errOut := runCLI(t, "", "clean", in)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "gzip stream broken after")
	assert.NotEmpty(t, out)
	assert.True(t, strings.HasPrefix(string(data), out))
}

// errWriter fails every write after limit bytes.
type errWriter struct {
	limit, n int
}

func (w *errWriter) Write(p []byte) (int, error) {
	if w.n+len(p) > w.limit {
		return 0, errors.New("no space left on device")
	}
	w.n += len(p)
	return len(p), nil
}

func TestCleanFullDiskIsAnError(t *testing.T) {
	data, err := os.ReadFile("../../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	// During the run (buffer flushes) and at the final flush.
	for _, limit := range []int{100 << 10, len(data) - 10} {
		e, errb := cleanEnv(bytes.NewReader(data), &errWriter{limit: limit})
		code := run(context.Background(), e, []string{"clean"})
		assert.Equal(t, exitUsage, code, "limit %d", limit)
		assert.Contains(t, errb.String(), "no space left on device")
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		code, _, errOut := runCLI(t, string(data), "clean", "-o", "/dev/full")
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, errOut, "no space left on device")
	}
}

// blockingReader serves data, then blocks (a quiet stdin) after signalling.
type blockingReader struct {
	data    *bytes.Reader
	reached chan struct{}
	once    sync.Once
}

func (b *blockingReader) Read(p []byte) (int, error) {
	if b.data.Len() == 0 {
		b.once.Do(func() { close(b.reached) })
		select {}
	}
	return b.data.Read(p)
}

// notifyWriter closes full once it has received want.
type notifyWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	full chan struct{}
}

func (w *notifyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.buf.String() == w.want {
		close(w.full)
	}
	return len(p), nil
}

func TestCleanInterruptFlushesAndSaysWhere(t *testing.T) {
	// The records of a quiet stdin come out before more input arrives;
	// SIGINT then stops the run, which says where.
	in := &blockingReader{data: bytes.NewReader([]byte("{\"a\":1}\n{\"b\":2}\n")), reached: make(chan struct{})}
	out := &notifyWriter{want: "{\"a\":1}\n{\"b\":2}\n", full: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-out.full; cancel() }()
	e, errb := cleanEnv(in, out)
	code := run(ctx, e, []string{"clean"})
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, out.want, out.buf.String())
	assert.Contains(t, errb.String(), "interrupted: stdin: stopped at line 3 (input offset 16)")
}

func TestCleanProgressAlways(t *testing.T) {
	code, _, errOut := runCLI(t, cleanInput, "clean", "--progress=always", "--report=none")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "5 records")
	assert.Contains(t, errOut, "1 rejected")
}

func TestCleanTheBundledSample(t *testing.T) {
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := runCLI(t, "", "clean", "--schema", "../../testdata/sample/schema.json",
		"--rejects", rej, "--report=json", "../../testdata/sample/outputs.jsonl")
	assert.Equal(t, exitFailed, code)
	var s summary
	require.NoError(t, json.Unmarshal([]byte(errOut), &s), errOut)
	assert.Equal(t, s.Records, s.Clean+s.Repaired+s.SchemaFixed+s.Rejected)
	assert.Greater(t, s.Records, int64(300))
	assert.Positive(t, s.SchemaFixed, "the sample holds records that schema-guided fixes save")
	for _, k := range []string{"fence", "prose", "control_char"} {
		assert.Positive(t, s.RepairedBy[k], k)
	}
	for _, k := range []string{"schema", "truncated", "syntax"} {
		assert.Positive(t, s.RejectedBy[k], k)
	}
	// What comes out is valid for the schema; what does not is in the
	// rejects with its raw text.
	schemaText, err := os.ReadFile("../../testdata/sample/schema.json")
	require.NoError(t, err)
	schema, err := validate.Compile(schemaText, validate.Options{})
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.Equal(t, s.Clean+s.Repaired+s.SchemaFixed, int64(len(lines)))
	for _, l := range lines {
		d, err := schema.Validate([]byte(l))
		require.NoError(t, err)
		require.Nil(t, d, l)
	}
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	assert.Equal(t, s.Rejected, int64(strings.Count(string(b), "\n")))
}

func TestCleanRefusesToOverwriteItsInput(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.jsonl")
	require.NoError(t, os.WriteFile(in, []byte("{\"a\":1}\n"), 0o644))
	for _, args := range [][]string{{"clean", "-o", in, in}, {"clean", "--rejects", in, in}} {
		code, _, errOut := runCLI(t, "", args...)
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, errOut, "both an input and an output")
	}
	b, err := os.ReadFile(in)
	require.NoError(t, err)
	assert.Equal(t, "{\"a\":1}\n", string(b))
}
