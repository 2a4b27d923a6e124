package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/jsonl"
)

// TestJobsPastTheCapAreRefused: -j past jsonl.MaxWorkers is a usage error
// (exit 2) that names the cap, in clean and replay, before any input is
// read; -j at the cap runs.
func TestJobsPastTheCapAreRefused(t *testing.T) {
	for _, cmd := range []string{"clean", "replay"} {
		for _, j := range []string{"257", "3000000"} {
			code, out, errOut := runCLI(t, "{}\n", cmd, "-j", j)
			assert.Equal(t, exitUsage, code, "%s -j %s: %s", cmd, j, errOut)
			assert.Contains(t, errOut, "-j must be between 0 and 256, not "+j, cmd)
			assert.Empty(t, out, cmd)
		}
	}
	code, out, errOut := runCLI(t, "{\"a\":1}\n", "clean", "-j", "256")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "{\"a\":1}\n", out)
}

// TestMaxDiagnosticsCapsTheRejectsDetails: clean --max-diagnostics N lists
// the first N schema errors of a reject and counts the rest in "more";
// less than 1 is a usage error.
func TestMaxDiagnosticsCapsTheRejectsDetails(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(schema, []byte(`{"required":["a","b","c","d","e"]}`), 0o644))
	rej := filepath.Join(dir, "r.jsonl")
	code, _, errOut := runCLI(t, "{}\n", "clean", "--schema", schema, "--rejects", rej, "--max-diagnostics", "2")
	require.Equal(t, exitFailed, code, errOut)
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	var r jsonl.Reject
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, 3, r.More)
	var basic struct{ Errors []json.RawMessage }
	require.NoError(t, json.Unmarshal(r.Details, &basic))
	assert.Len(t, basic.Errors, 2)

	code, _, errOut = runCLI(t, "{}\n", "clean", "--max-diagnostics", "0")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--max-diagnostics must be at least 1")
}

// endlessIncident is a reader of a rejects line whose raw field never
// ends (or a line of spaces, with raw false); it counts what it gives.
type endlessIncident struct {
	head   string
	filler byte
	read   int64
}

func newEndlessIncident(raw bool) *endlessIncident {
	if raw {
		return &endlessIncident{head: `{"line":1,"reason":"schema","error":"x","raw":"`, filler: 'a'}
	}
	return &endlessIncident{filler: ' '}
}

func (r *endlessIncident) Read(p []byte) (int, error) {
	n := copy(p, r.head)
	r.head = r.head[n:]
	for i := n; i < len(p); i++ {
		p[i] = r.filler
	}
	r.read += int64(len(p))
	return len(p), nil
}

// TestIncidentsAreCappedWhileRead: report and replay read an endless
// line (a raw field that never ends, spaces) only up to the incident cap
// (twice --max-record-bytes plus 1 MiB) and a read buffer, then refuse it
// with exit 2 and an error that names the line and the flag; the reader
// would never end, so returning at all is the bound.
func TestIncidentsAreCappedWhileRead(t *testing.T) {
	const maxRecord = 4 << 10
	limit := incidentCap(maxRecord)
	for _, cmd := range []string{"report", "replay"} {
		for _, raw := range []bool{true, false} {
			in := newEndlessIncident(raw)
			code, out, errOut := runWithStdin(t, in, cmd, "--max-record-bytes", "4KiB")
			assert.Equal(t, exitUsage, code, "%s: %s", cmd, errOut)
			assert.Contains(t, errOut, "stdin:1: a line of more than "+strconv.FormatInt(limit, 10)+" bytes", cmd)
			assert.Contains(t, errOut, "raise --max-record-bytes", cmd)
			assert.Empty(t, out, cmd)
			assert.Less(t, in.read, limit+4<<20, "%s read %d bytes", cmd, in.read)
		}
	}
}

// TestIncidentReaderRefusesByType: the reader's error is an
// *incidentTooLargeError with its coordinates, for a line past the cap
// (stopped there) and for a record of several lines past it (read to its
// end, not held); incidents under the cap before it are read.
func TestIncidentReaderRefusesByType(t *testing.T) {
	const maxRecord = 1 << 10
	limit := incidentCap(maxRecord)
	good := `{"line":7,"reason":"schema","error":"x","raw":"{}"}` + "\n"
	inputs := map[string]io.Reader{
		"line":   io.MultiReader(strings.NewReader(good), newEndlessIncident(true)),
		"record": strings.NewReader(good + "{\"line\":1,\n" + strings.Repeat("\"raw\":\"a\",\n", int(limit/10)) + "\"reason\":\"schema\",\"error\":\"x\"}\n"),
	}
	for name, r := range inputs {
		e, _ := cleanEnv(r, io.Discard)
		var lines []int64
		err := readIncidents(e, []string{"-"}, maxRecord, func(in *incident) error {
			lines = append(lines, in.reject.Line)
			return nil
		})
		var tl *incidentTooLargeError
		require.ErrorAs(t, err, &tl, name)
		assert.Equal(t, []int64{7}, lines, name)
		assert.Equal(t, "stdin", tl.File, name)
		assert.Equal(t, int64(2), tl.Line, name)
		assert.Equal(t, limit, tl.Cap, name)
		if name == "record" {
			assert.Greater(t, tl.Size, limit, name)
		} else {
			assert.Zero(t, tl.Size, name)
			assert.Equal(t, int64(len(good))+limit, tl.Offset, name)
		}
	}
}
