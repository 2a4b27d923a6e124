package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal/healtest"
)

// refFixture is a folder holding a schema whose "id" is defined in a $ref'd
// file, and inputs for clean (records) and replay (rejects).
type refFixture struct {
	dir, schema, ref, records, rejects string
}

const (
	refSchemaText = `{"type":"object","required":["id"],"properties":{"id":{"$ref":"defs/id.json"}}}`
	refIDText     = `{"type":"integer"}`
	refRecords    = "{\"id\":1}\n{\"id\":\"x\"}\n{\"id\":3}\n"
	refRejects    = `{"line":1,"reason":"schema","error":"x","raw":"{\"id\":2}"}` + "\n" +
		`{"line":2,"reason":"schema","error":"x","raw":"{\"id\":\"y\"}"}` + "\n"
)

func newRefFixture(t *testing.T) refFixture {
	t.Helper()
	dir := t.TempDir()
	f := refFixture{
		dir:     dir,
		schema:  filepath.Join(dir, "s.json"),
		ref:     filepath.Join(dir, "defs", "id.json"),
		records: filepath.Join(dir, "m.jsonl"),
		rejects: filepath.Join(dir, "old-rejects.jsonl"),
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "defs"), 0o700))
	for p, text := range map[string]string{f.schema: refSchemaText, f.ref: refIDText, f.records: refRecords, f.rejects: refRejects} {
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	}
	return f
}

// TestEveryCommandResolvesTheSameLocalRef: validate, clean, replay and ask
// load a schema whose $ref names a local file with one loader, and agree
// on what it means (issue 39.6).
func TestEveryCommandResolvesTheSameLocalRef(t *testing.T) {
	f := newRefFixture(t)

	code, out, errOut := runCLI(t, `{"id":"x"}`, "validate", "--schema", f.schema)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Contains(t, out, "/id")
	code, _, errOut = runCLI(t, `{"id":7}`, "validate", "--schema", f.schema)
	assert.Equal(t, exitOK, code, errOut)

	rej := filepath.Join(f.dir, "rejects.jsonl")
	code, out, errOut = runCLI(t, "", "clean", "--schema", f.schema, "--rejects", rej, f.records)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, "{\"id\":1}\n{\"id\":3}\n", out)
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(b), "\n"))
	assert.Contains(t, string(b), `"reason":"schema"`)

	code, out, errOut = runCLI(t, "", "replay", "--schema", f.schema, f.rejects)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, "{\"id\":2}\n", out)

	srv := healtest.NewServer(healtest.Config{Script: []healtest.Step{healtest.Answer(`{"id":"x"}`), healtest.Answer(`{"id":5}`)}})
	defer srv.Close()
	code, out, errOut = askCLI(t, nil, "", "--schema", f.schema, "--model", "m", "--base-url", srv.URL, "an id")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "{\"id\":5}\n", out)
}

// snapshot holds the bytes of files, to check a refused command left each
// of them byte-identical.
type snapshot map[string]string

func takeSnapshot(t *testing.T, paths ...string) snapshot {
	t.Helper()
	s := snapshot{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		s[p] = string(b)
	}
	return s
}

func (s snapshot) assertUnchanged(t *testing.T) {
	t.Helper()
	for p, want := range s {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.Equal(t, want, string(b), "%s must be byte-identical", p)
	}
}

// assertRefused runs the CLI with stdin and stdout on the given files
// (see fileEnv) and checks it exits 2 with want in its message, every
// file of s left byte-identical.
func (s snapshot) assertRefused(t *testing.T, stdin, stdout *os.File, want string, args ...string) {
	t.Helper()
	code, errOut := fileEnv(t, stdin, stdout, args...)
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, want)
	s.assertUnchanged(t)
}

// TestOutputsNeverOverwriteWhatIsRead: for clean and replay, every shape
// of issue 39.1-2 is refused with exit 2 before anything is written: an
// output that is the schema or a file its $ref loaded, stdout and a named
// output being one file, two outputs on stdout. Every file is left
// byte-identical, the file behind stdout included (opened without
// truncation, as `1<> F` would, so that any write would show).
func TestOutputsNeverOverwriteWhatIsRead(t *testing.T) {
	for _, cmd := range []string{"clean", "replay"} {
		f := newRefFixture(t)
		input := f.records
		if cmd == "replay" {
			input = f.rejects
		}
		named := filepath.Join(f.dir, "named.jsonl")
		require.NoError(t, os.WriteFile(named, []byte(precious), 0o600))
		for _, tc := range []struct {
			name   string
			stdout string // the file behind stdout ("": a buffer)
			args   []string
			want   string
		}{
			{"--rejects r > r", named, []string{"--rejects", named}, "stdout and --rejects " + named + " name the same file"},
			{"-o F --rejects - > F", named, []string{"-o", named, "--rejects", "-"}, "-o " + named + " and stdout name the same file"},
			{"-o - --rejects -", "", []string{"-o", "-", "--rejects", "-"}, "-o - and --rejects - name the same file"},
			{"-o the schema", "", []string{"-o", f.schema}, "(the same file as --schema " + f.schema + ") is both an input and an output"},
			{"--rejects the schema", "", []string{"--rejects", f.schema}, "is both an input and an output"},
			{"-o the $ref'd file", "", []string{"-o", f.ref}, "(the same file as " + f.ref + ", read by --schema " + f.schema + ")"},
			{"--rejects the $ref'd file", "", []string{"-o", named, "--rejects", f.ref}, "read by --schema"},
			{"stdout appended to the schema", f.schema, nil, "stdout (the same file as --schema " + f.schema + ")"},
			{"stdout on the $ref'd file", f.ref, []string{"--rejects", named}, "stdout (the same file as " + f.ref},
		} {
			t.Run(cmd+" "+tc.name, func(t *testing.T) {
				snap := takeSnapshot(t, f.schema, f.ref, f.records, f.rejects, named)
				var stdout *os.File
				if tc.stdout != "" {
					var err error
					stdout, err = os.OpenFile(tc.stdout, os.O_WRONLY, 0)
					require.NoError(t, err)
					defer stdout.Close()
				}
				args := append([]string{cmd, "--schema", f.schema}, tc.args...)
				snap.assertRefused(t, nil, stdout, tc.want, append(args, input)...)
			})
		}
	}
}

// TestValidateAndAskRefuseStdoutOnWhatTheyRead: validate's report and
// ask's answer never land in the schema, a $ref'd file or (validate) a
// document it reads; ask's --dead-letter is never the schema.
func TestValidateAndAskRefuseStdoutOnWhatTheyRead(t *testing.T) {
	f := newRefFixture(t)
	doc := filepath.Join(f.dir, "doc.json")
	require.NoError(t, os.WriteFile(doc, []byte(`{"id":"x"}`), 0o600))
	for _, target := range []string{f.schema, f.ref, doc} {
		snap := takeSnapshot(t, f.schema, f.ref, doc)
		stdout, err := os.OpenFile(target, os.O_WRONLY|os.O_APPEND, 0)
		require.NoError(t, err)
		code, errOut := fileEnv(t, nil, stdout, "validate", "--schema", f.schema, doc)
		stdout.Close()
		assert.Equal(t, exitUsage, code, errOut)
		assert.Contains(t, errOut, "stdout (the same file as ")
		snap.assertUnchanged(t)
	}

	snap := takeSnapshot(t, f.schema, f.ref)
	for _, args := range [][]string{
		{"--dead-letter", f.schema},
		{"--dead-letter", f.ref},
	} {
		code, _, errOut := askCLI(t, nil, "", append([]string{"--schema", f.schema, "--model", "m", "--base-url", "http://127.0.0.1:1"}, append(args, "prompt")...)...)
		assert.Equal(t, exitUsage, code, errOut)
		assert.Contains(t, errOut, "is both an input and an output")
	}
	stdout, err := os.OpenFile(f.ref, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	defer stdout.Close()
	code, errOut := fileEnv(t, nil, stdout, "ask", "--schema", f.schema, "--model", "m", "--base-url", "http://127.0.0.1:1", "prompt")
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "stdout (the same file as "+f.ref)
	snap.assertUnchanged(t)
}

// TestAskEarlyStopThroughALocalRef: --early-stop watches the stream with
// the schema as loaded, $ref'd files included.
func TestAskEarlyStopThroughALocalRef(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "ask.json"), []byte(askSchema), 0o600))
	root := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(root, []byte(`{"$ref":"ask.json"}`), 0o600))
	srv := healtest.New(
		healtest.Streamed(`{"city":"x","weather":"`+strings.Repeat("sunny ", 300)+`","temp":1}`, 6),
		healtest.Streamed(`{"city":"x","temp":1}`, 6))
	defer srv.Close()
	code, out, errOut := askCLI(t, nil, "",
		"--schema", root, "--model", "m1", "--base-url", srv.URL, "--stream", "--early-stop", "-v", "go")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"city":"x","temp":1}`+"\n", out)
	assert.Contains(t, errOut, "stream cancelled early: /weather")
}
