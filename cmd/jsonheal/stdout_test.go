package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/jsonl"
)

// fullStdout runs the CLI with a stdout on which every write fails, as
// `> /dev/full` does.
func fullStdout(t *testing.T, stdin string, args ...string) (int, string) {
	t.Helper()
	e, errb := cleanEnv(strings.NewReader(stdin), &errWriter{limit: 0})
	code := run(context.Background(), e, args)
	return code, errb.String()
}

func TestWriteErrorOnStdoutIsExit2InEveryCommand(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{Script: []healtest.Step{healtest.Answer(`{"city":"Oslo","temp":1}`)}})
	defer srv.Close()
	dir := t.TempDir()
	valid := filepath.Join(dir, "valid.json")
	require.NoError(t, os.WriteFile(valid, []byte(`{"city":"Oslo","temp":1}`), 0o644))
	invalid := filepath.Join(dir, "invalid.json")
	require.NoError(t, os.WriteFile(invalid, []byte(`{"city":1}`), 0o644))
	schema := schemaFile(t, askSchema)
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"help"}},
		{"", []string{"version"}},
		{`{"a":1,}`, []string{"repair"}},
		{"", []string{"repair", "-kinds"}},
		{"{\"a\":1}\n", []string{"clean"}},
		{"", []string{"validate", "--schema", schema, "--output", "basic", valid}},
		{"", []string{"validate", "--schema", schema, "--output", "basic", invalid}},
		{"", []string{"validate", "--schema", schema, invalid}},
		{"", []string{"ask", "--schema", schema, "--model", "m", "--base-url", srv.URL, "weather"}},
	} {
		code, errOut := fullStdout(t, tc.stdin, tc.args...)
		assert.Equal(t, exitUsage, code, "%v: %s", tc.args, errOut)
		assert.Contains(t, errOut, "no space left on device", tc.args)
	}
	// A command that writes nothing to stdout is not affected.
	code, errOut := fullStdout(t, "", "validate", "--schema", schema, valid)
	assert.Equal(t, exitOK, code, errOut)
}

func TestStdoutWriterKeepsTheFirstError(t *testing.T) {
	w := &stdoutWriter{w: &errWriter{limit: 4}}
	n, err := w.Write([]byte("abc"))
	assert.Equal(t, 3, n)
	require.NoError(t, err)
	_, err = w.Write([]byte("defg"))
	require.EqualError(t, err, "no space left on device")
	_, err = w.Write([]byte("h"))
	assert.EqualError(t, err, "no space left on device", "later writes fail at once, even small ones")
	e, errb := cleanEnv(nil, nil)
	assert.Equal(t, exitUsage, w.exitCode(e, "jsonheal x", exitFailed))
	assert.Equal(t, "jsonheal x: writing stdout: no space left on device\n", errb.String())
	assert.Equal(t, exitNoCompile, w.exitCode(e, "jsonheal x", exitNoCompile), "a worse code stays")
}

func TestStdoutWriteErrorSaysHowFarTheCommandRead(t *testing.T) {
	w := &stdoutWriter{w: &errWriter{limit: 0}}
	_, err := w.Write([]byte("x"))
	require.Error(t, err)
	e, errb := cleanEnv(nil, nil)
	e.stop = newStopper(errb, func(int) { t.Error("no exit expected") })
	e.stop.setWhere(func() string { return "in b.json at input offset 10 (line 2)" })
	assert.Equal(t, exitUsage, w.exitCode(e, "jsonheal validate", exitOK))
	assert.Equal(t, "jsonheal validate: writing stdout: no space left on device (stopped in b.json at input offset 10 (line 2))\n", errb.String())
}

// TestOutputKeepsTheOrderOfSmallAndLargeWrites: a large write goes past
// the buffer, after what the buffer holds, so the bytes come out in the
// order they were written, to a file, to stdout and through a compressor.
func TestOutputKeepsTheOrderOfSmallAndLargeWrites(t *testing.T) {
	var want bytes.Buffer
	var writes [][]byte
	for i, n := range []int{10, directWriteBytes, 300, 5, 3 * directWriteBytes, directWriteBytes - 1, 1} {
		p := bytes.Repeat([]byte{byte('a' + i)}, n)
		writes = append(writes, p)
		want.Write(p)
	}
	dir := t.TempDir()
	for _, name := range []string{filepath.Join(dir, "out.jsonl"), "-", filepath.Join(dir, "out.jsonl.gz")} {
		var stdout bytes.Buffer
		e, _ := cleanEnv(strings.NewReader(""), &stdout)
		o, _, err := createOutputs(e, name, "", nil)
		require.NoError(t, err, name)
		for _, p := range writes {
			n, err := o.Write(p)
			require.NoError(t, err, name)
			require.Equal(t, len(p), n, name)
		}
		require.NoError(t, o.close(), name)
		got := stdout.Bytes()
		if name != "-" {
			f, err := os.Open(name)
			require.NoError(t, err)
			r, err := jsonl.NewReader(f, jsonl.ReaderOptions{})
			require.NoError(t, err)
			got, err = io.ReadAll(r)
			require.NoError(t, err)
			r.Close()
			f.Close()
		}
		assert.True(t, bytes.Equal(want.Bytes(), got), "%s: %d bytes out of %d, in another order or lost", name, len(got), want.Len())
	}
}

// TestPlanWriteErrorSaysThePlanWasBeingWritten: once the schema is
// loaded, a failed write of validate --plan names the plan, not the
// schema's loading.
func TestPlanWriteErrorSaysThePlanWasBeingWritten(t *testing.T) {
	schema := schemaFile(t, askSchema)
	e, errb := cleanEnv(strings.NewReader(""), &errWriter{limit: 0})
	e.stop = newStopper(errb, func(int) { t.Error("no exit expected") })
	code := run(context.Background(), e, []string{"validate", "--plan", "--schema", schema})
	assert.Equal(t, exitUsage, code, errb.String())
	assert.Contains(t, errb.String(), "no space left on device (stopped writing the plan of "+schema+")")
}

// TestCleanToAFullOutputWritesNothing: records the output's buffer held
// when its flush failed were not written, and the summary says so.
func TestCleanToAFullOutputWritesNothing(t *testing.T) {
	code, errOut := fullStdout(t, "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n", "clean")
	assert.Equal(t, exitUsage, code, errOut)
	assert.Contains(t, errOut, "out: 0 written + 0 rejected\n")
	assert.Contains(t, errOut, "not written: 3 records")
	assert.Contains(t, errOut, "writing output at a flush: no space left on device (stopped at input line 1, offset 0: every record before it was written; from there on, records are missing; the 3 records handed to it after its last successful flush are among them)")

	e, errb := cleanEnv(strings.NewReader("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n"), &errWriter{limit: 0})
	assert.Equal(t, exitUsage, run(context.Background(), e, []string{"clean", "--report", "json"}))
	var sum summary
	require.NoError(t, json.Unmarshal(errb.Bytes(), &sum), errb.String())
	assert.Zero(t, sum.Written)
	assert.Equal(t, int64(3), sum.NotWritten)

	if _, err := os.Stat("/dev/full"); err == nil {
		// The output is flushed all the same: its records count.
		code, out, errOut := runCLI(t, "{a:1}\n{\"a\":2}\n{a:3\n", "clean", "--rejects", "/dev/full")
		assert.Equal(t, exitUsage, code, errOut)
		assert.Equal(t, "{\"a\":1}\n{\"a\":2}\n", out)
		assert.Contains(t, errOut, "out: 2 written + 0 rejected\n")
		assert.Contains(t, errOut, "not written: 1 records")
		assert.Contains(t, errOut, "writing rejects at a flush")
	}
}
