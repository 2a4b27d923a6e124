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
)

const (
	llmSchema  = "../../testdata/schemas/llm.schema.json"
	llmValid   = "../../testdata/schemas/llm.valid.json"
	llmInvalid = "../../testdata/schemas/llm.invalid.json"
)

func TestValidateValidFileExitsZero(t *testing.T) {
	code, out, errOut := runCLI(t, "", "validate", "--schema", llmSchema, llmValid)
	assert.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)
}

func TestValidateInvalidStdinText(t *testing.T) {
	doc, err := os.ReadFile(llmInvalid)
	require.NoError(t, err)
	code, out, _ := runCLI(t, string(doc), "validate", "--schema", llmSchema)
	assert.Equal(t, exitFailed, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Contains(t, lines, `/priority: must be one of "low", "medium", "high", "urgent", got "High" (did you mean "high"?)`)
	assert.Contains(t, lines, `/: missing required property "reasoning"`)
	assert.Equal(t, 20, len(lines), out) // one line per diagnostic (no two extras share an object)
}

func TestValidateMaxBytes(t *testing.T) {
	code, out, _ := runCLI(t, "", "validate", "--schema", llmSchema, "--max-bytes", "200", llmInvalid)
	assert.Equal(t, exitFailed, code)
	assert.LessOrEqual(t, len(strings.TrimSuffix(out, "\n")), 200)
	assert.Contains(t, out, "more errors not shown")
}

func TestValidateBasicOutputPerDocument(t *testing.T) {
	code, out, _ := runCLI(t, "", "validate", "--schema", llmSchema, "--output=basic", llmValid, llmInvalid)
	assert.Equal(t, exitFailed, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	assert.Equal(t, `{"valid":true}`, lines[0])
	var basic struct {
		Valid  bool             `json:"valid"`
		Errors []map[string]any `json:"errors"`
	}
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &basic))
	assert.False(t, basic.Valid)
	assert.Len(t, basic.Errors, 20)
}

func TestValidateMultipleFilesLabelled(t *testing.T) {
	code, out, _ := runCLI(t, "", "validate", "--schema", llmSchema, llmValid, llmInvalid)
	assert.Equal(t, exitFailed, code)
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		assert.True(t, strings.HasPrefix(l, llmInvalid+": "), l)
	}
}

func TestValidateAssertFormat(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(schema, []byte(`{"format":"date"}`), 0o600))
	code, _, _ := runCLI(t, `"2021-02-30"`, "validate", "--schema", schema)
	assert.Equal(t, exitOK, code, "2020-12: format is an annotation")
	code, out, _ := runCLI(t, `"2021-02-30"`, "validate", "--schema", schema, "--assert-format")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "/: must be a valid date, got \"2021-02-30\"\n", out)
}

func TestValidateExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"$ref":"#/nowhere"}`), 0o600))
	code, _, errOut := runCLI(t, "{}", "validate", "--schema", bad)
	assert.Equal(t, exitNoCompile, code)
	assert.Contains(t, errOut, "unresolvable reference")

	code, _, _ = runCLI(t, "{}", "validate")
	assert.Equal(t, exitUsage, code, "--schema missing")
	code, _, _ = runCLI(t, "{}", "validate", "--schema", llmSchema, "--output=xml")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, "{}", "validate", "--schema", filepath.Join(dir, "none.json"))
	assert.Equal(t, exitUsage, code, "schema file missing")
	code, _, _ = runCLI(t, "", "validate", "--schema", llmSchema, filepath.Join(dir, "none.json"))
	assert.Equal(t, exitUsage, code, "input file missing")

	code, out, _ := runCLI(t, `{"a":`, "validate", "--schema", llmSchema)
	assert.Equal(t, exitFailed, code, "a document that is not JSON is invalid")
	assert.Contains(t, out, "not JSON")
}

func TestValidateLocalRefsAndDraft(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "defs.json"), []byte(`{"definitions":{"n":{"type":"integer","maximum":3,"exclusiveMaximum":true}}}`), 0o600))
	schema := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(schema, []byte(`{"properties":{"n":{"$ref":"defs.json#/definitions/n"}}}`), 0o600))
	code, out, errOut := runCLI(t, `{"n":3}`, "validate", "--schema", schema, "--draft", "4")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, "/n: must be < 3, got 3\n", out)
	code, _, _ = runCLI(t, `{"n":2}`, "validate", "--schema", schema, "--draft", "4")
	assert.Equal(t, exitOK, code)
	code, _, _ = runCLI(t, `{}`, "validate", "--schema", schema, "--draft", "5")
	assert.Equal(t, exitUsage, code)

	remote := filepath.Join(dir, "remote.json")
	require.NoError(t, os.WriteFile(remote, []byte(`{"$ref":"https://example.com/s.json"}`), 0o600))
	code, _, errOut = runCLI(t, `{}`, "validate", "--schema", remote)
	assert.Equal(t, exitNoCompile, code)
	assert.Contains(t, errOut, "only local files are loaded")
}

// TestValidateMaxDocumentBytes: a document the schema needs whole and
// that is larger than --max-document-bytes is refused (exit 2) with the
// cap in the message; the same bytes as a streamed root array pass, since
// only one item is held at a time, and so do they under a root anyOf whose
// branches stream.
func TestValidateMaxDocumentBytes(t *testing.T) {
	dir := t.TempDir()
	items := make([]string, 2000)
	for i := range items {
		items[i] = `{"id":1,"name":"a name of some length"}`
	}
	doc := "[" + strings.Join(items, ",") + "]" // about 82 KB
	streams := filepath.Join(dir, "stream.json")
	require.NoError(t, os.WriteFile(streams, []byte(`{"type":"array","items":{"type":"object"}}`), 0o644))
	whole := filepath.Join(dir, "whole.json")
	// unevaluatedItems inside a branch, over branches: held whole.
	require.NoError(t, os.WriteFile(whole, []byte(`{"type":"array","anyOf":[{"anyOf":[{"items":true}],"unevaluatedItems":false}]}`), 0o644))
	branches := filepath.Join(dir, "branches.json")
	require.NoError(t, os.WriteFile(branches, []byte(`{"anyOf":[{"type":"array","items":{"type":"object"}},{"type":"object"}]}`), 0o644))

	code, _, errOut := runCLI(t, doc, "validate", "--schema", whole, "--max-document-bytes", "64KiB")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "larger than --max-document-bytes (65536 bytes)")

	code, _, errOut = runCLI(t, doc, "validate", "--max-document-bytes", "64KiB", "--schema", streams)
	assert.Equal(t, exitOK, code, errOut)

	code, _, errOut = runCLI(t, doc, "validate", "--max-document-bytes", "64KiB", "--schema", branches)
	assert.Equal(t, exitOK, code, "a root anyOf of array schemas streams too: %s", errOut)

	code, _, errOut = runCLI(t, doc, "validate", "--schema", whole)
	assert.Equal(t, exitOK, code, "the default cap (256 MiB) holds it: %s", errOut)

	code, _, errOut = runCLI(t, doc, "validate", "--schema", whole, "--max-document-bytes", "0")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "not a size")

	// The smallest cap ends too (it used to read 0 bytes at a time forever).
	for _, schema := range []string{whole, streams, branches} {
		code, _, errOut = runCLI(t, doc, "validate", "--schema", schema, "--max-document-bytes", "1")
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, errOut, "larger than --max-document-bytes (1 bytes)")
	}
}

// TestValidateMaxDiagnostics: a document failing on every item lists the
// first --max-diagnostics errors, in document order, then one line saying
// the list is incomplete; the exit code is still 1, and a syntax error
// further on still wins.
func TestValidateMaxDiagnostics(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(schema, []byte(`{"items":{"type":"string"}}`), 0o600))
	var b strings.Builder
	b.WriteByte('[')
	for i := range 3000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(i))
	}
	doc := b.String() + "]"

	code, out, _ := runCLI(t, doc, "validate", "--max-diagnostics", "5", "--schema", schema)
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "/0: must be string, got integer 0\n/1: must be string, got integer 1\n"+
		"/2: must be string, got integer 2\n/3: must be string, got integer 3\n/4: must be string, got integer 4\n"+
		"... only the first 5 diagnostics are listed; the document has more\n", out)

	code, out, _ = runCLI(t, doc, "validate", "--schema", schema)
	assert.Equal(t, exitFailed, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Len(t, lines, 1001, "1000 by default, then the line saying so")

	code, out, _ = runCLI(t, doc, "validate", "--schema", schema, "--max-diagnostics=3000")
	assert.Equal(t, exitFailed, code)
	assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 3000, "all of them, under the cap")

	code, out, _ = runCLI(t, doc[:len(doc)-1]+",]", "validate", "--schema", schema, "--max-diagnostics", "5")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, out, "not JSON")
	assert.NotContains(t, out, "must be string")

	code, _, errOut := runCLI(t, doc, "validate", "--schema", schema, "--max-diagnostics", "0")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--max-diagnostics must be at least 1")
}
