package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
