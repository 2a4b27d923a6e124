package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refLevels writes a schema of n levels to a temporary file: each level
// applies the next through $ref, once (a chain of n+2 schemas) or twice
// (allOf of two $refs: 2^n evaluations unless results are remembered);
// the last level is {"type":"integer"}. extra is added to the root's
// keywords.
func refLevels(t *testing.T, n int, twice bool, extra string) string {
	var b strings.Builder
	b.WriteString(`{` + extra + `"$ref":"#/$defs/d0","$defs":{`)
	for i := range n {
		next := `{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}`
		if twice {
			next = `{"allOf":[` + next + `,` + next + `]}`
		}
		b.WriteString(`"d` + strconv.Itoa(i) + `":` + next + `,`)
	}
	b.WriteString(`"d` + strconv.Itoa(n) + `":{"type":"integer"}}}`)
	path := filepath.Join(t.TempDir(), "levels.json")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

// dynamicScope makes a schema use $dynamicRef, whose targets depend on
// the path: results of references are then never remembered.
const dynamicScope = `"$dynamicAnchor":"top","properties":{"p":{"$dynamicRef":"#top"}},`

// TestValidateLongRefChains: a chain of 998 $refs (1,000 schemas)
// validates a valid document as valid, the 4,800 do not compile
// (exit 3, saying why); a schema doubling its work at each of 40 levels
// finds a valid document valid and an invalid one invalid, at once, and
// where it cannot remember results (a dynamic scope) gives no verdict
// (exit 2, the evaluation budget) instead of running for hours.
func TestValidateLongRefChains(t *testing.T) {
	code, out, errOut := runCLI(t, "12", "validate", "--schema", refLevels(t, 998, false, ""))
	assert.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)

	code, _, errOut = runCLI(t, "12", "validate", "--schema", refLevels(t, 4800, false, ""))
	assert.Equal(t, exitNoCompile, code)
	assert.Contains(t, errOut, "chain of subschemas too long: more than 1000 subschemas")

	doubling := refLevels(t, 40, true, "")
	code, out, errOut = runCLI(t, "12", "validate", "--schema", doubling)
	assert.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)
	code, out, _ = runCLI(t, `"12"`, "validate", "--schema", doubling)
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "/: must be integer, got string \"12\" (remove the quotes: 12)\n"+
		"... only the first 1 diagnostics are listed; the document has more\n", out)

	code, out, errOut = runCLI(t, "12", "validate", "--schema", refLevels(t, 40, true, dynamicScope))
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "<stdin>: no verdict: validate: document: evaluation budget exceeded")
}

// TestCleanBudgetRejects: clean rejects a record whose evaluation goes
// past the budget, saying so, and goes on with the next.
func TestCleanBudgetRejects(t *testing.T) {
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := runCLI(t, "12\n\"x\"\n", "clean", "--schema", refLevels(t, 40, true, dynamicScope), "--rejects", rej)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Empty(t, out)
	b, err := os.ReadFile(rej)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	require.Len(t, lines, 2)
	var r jsonl.Reject
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &r))
	assert.Equal(t, int64(1), r.Line)
	assert.Equal(t, "schema", r.Reason)
	assert.Contains(t, r.Error, "evaluation budget exceeded")
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &r))
	assert.Equal(t, int64(2), r.Line)
	assert.Contains(t, r.Error, "must be integer")
}
