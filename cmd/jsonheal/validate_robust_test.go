package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/jsonl"
)

// TestValidateRefCycleExitsNoCompile: a schema whose $refs cycle without
// progress does not compile: exit 3 once, not exit 1 for every document.
func TestValidateRefCycleExitsNoCompile(t *testing.T) {
	dir := t.TempDir()
	for name, schema := range map[string]string{
		"self.json": `{"$ref":"#"}`,
		"ab.json":   `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`,
	} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(schema), 0o600))
		code, out, errOut := runCLI(t, "{}", "validate", "--schema", p)
		assert.Equal(t, exitNoCompile, code, name)
		assert.Empty(t, out, name)
		assert.Contains(t, errOut, "schema recursion without progress", name)
	}
	// Across files: a.json -> b.json -> a.json.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.json"), []byte(`{"$ref":"b.json"}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.json"), []byte(`{"anyOf":[{"$ref":"a.json"}]}`), 0o600))
	code, _, errOut := runCLI(t, "{}", "validate", "--schema", filepath.Join(dir, "a.json"))
	assert.Equal(t, exitNoCompile, code, errOut)
	assert.Contains(t, errOut, "schema recursion without progress")
}

// TestCleanTooDeepForTheValidatorRejectsDepth: with --schema, a record the
// sanitizer takes (up to 512 levels) but nested past the validator's 299
// is rejected as depth, naming the validator's limit and where the record
// crosses it, not as a schema failure of bytes that are "not JSON"; the
// record at the limit is written, and the summary counts the reject by
// its reason.
func TestCleanTooDeepForTheValidatorRejectsDepth(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "any.json")
	require.NoError(t, os.WriteFile(schema, []byte(`{}`), 0o600))
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	ok := `{"id":1,"deep":` + nest(298) + `}`
	deep := `{"id":2,"deep":` + nest(299) + `}`
	in := filepath.Join(dir, "d.jsonl")
	require.NoError(t, os.WriteFile(in, []byte(ok+"\n"+deep+"\n"), 0o600))
	rej := filepath.Join(dir, "r.jsonl")

	code, out, errOut := runCLI(t, "", "clean", in, "--schema", schema, "--rejects", rej)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, ok+"\n", out)
	assert.Contains(t, errOut, "rejected: depth 1")
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	var r jsonl.Reject
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, jsonl.Reject{File: in, Line: 2, Lines: 1, Offset: int64(len(ok) + 1), Size: int64(len(deep)), Reason: "depth",
		Error:   "1:314: nesting deeper than the schema validator's limit of 299 levels",
		Details: json.RawMessage(`{"record_offset":313,"record_line":1,"record_column":314,"message":"nesting deeper than the schema validator's limit of 299 levels"}`),
		Raw:     deep}, r)
}
