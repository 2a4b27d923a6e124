package main

import (
	"encoding/json"
	"os"
	"path/filepath"
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
