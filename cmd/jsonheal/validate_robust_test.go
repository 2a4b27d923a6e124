package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
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

// TestValidateTooDeepHasNoVerdict: a document nested past the validator's
// limit (validate.MaxDepth, 299 levels) is neither valid nor invalid: exit
// 2, as for the other limits (--max-document-bytes, the evaluation
// budget), naming the file, the offset where the limit was crossed and the
// limit, with nothing on stdout, whatever the schema and the output; one
// at the limit gets its verdict.
func TestValidateTooDeepHasNoVerdict(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	anySchema := write("any.json", `{}`)
	strSchema := write("string.json", `{"type":"string"}`)
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	deep := write("deep.json", nest(300))
	limit := write("limit.json", nest(299))
	const tooDeep = ": no verdict: validate: document at offset 299: nesting too deep: more than 299 levels, the validator's nesting limit\n"

	for _, schema := range []string{anySchema, strSchema} {
		for _, output := range []string{"text", "basic"} {
			code, out, errOut := runCLI(t, "", "validate", "--schema", schema, "--output", output, deep)
			assert.Equal(t, exitUsage, code, "%s %s: %s", schema, output, errOut)
			assert.Empty(t, out, "%s %s", schema, output)
			assert.Equal(t, "jsonheal validate: "+deep+tooDeep, errOut, "%s %s", schema, output)
		}
	}

	code, out, errOut := runCLI(t, "", "validate", "--schema", anySchema, limit)
	assert.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)
	assert.Empty(t, errOut)
	code, out, errOut = runCLI(t, "", "validate", "--schema", strSchema, limit)
	assert.Equal(t, exitFailed, code, "299 levels get a verdict: %s", errOut)
	assert.Equal(t, "/: must be string, got array\n", out)

	// A root object streamed member by member, pretty-printed, on stdin:
	// the offset is the opener of level 300.
	prefix := "{\n  \"id\": 1,\n  \"deep\": "
	doc := prefix + nest(299) + "\n}\n"
	code, out, errOut = runCLI(t, doc, "validate", "--schema", anySchema)
	assert.Equal(t, exitUsage, code, errOut)
	assert.Empty(t, out)
	assert.Equal(t, "jsonheal validate: <stdin>: no verdict: validate: document at offset "+
		strconv.Itoa(len(prefix)+298)+": nesting too deep: more than 299 levels, the validator's nesting limit\n", errOut)
	code, _, errOut = runCLI(t, prefix+nest(298)+"\n}\n", "validate", "--schema", anySchema)
	assert.Equal(t, exitOK, code, errOut)

	// The usage says so.
	_, _, errOut = runCLI(t, "", "validate", "-h")
	assert.Contains(t, errOut, "nested deeper than the validator's 299 levels")
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
