//go:build unix

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateRefToDeviceRefused: $ref to /dev/zero, /dev/urandom or a
// directory fails to compile at once (exit 3), quoting no content; a
// --schema that is not a regular file is a usage error (exit 2).
func TestValidateRefToDeviceRefused(t *testing.T) {
	dir := t.TempDir()
	for _, target := range []string{"file:///dev/zero", "file:///dev/urandom", "/dev/zero", "file://" + filepath.ToSlash(dir)} {
		p := filepath.Join(dir, "s.json")
		require.NoError(t, os.WriteFile(p, []byte(`{"$ref":"`+target+`"}`), 0o600))
		code, out, errOut := runCLI(t, "{}", "validate", "--schema", p)
		assert.Equal(t, exitNoCompile, code, target)
		assert.Empty(t, out)
		assert.Contains(t, errOut, "not a regular file", target)
	}
	garbage := filepath.Join(dir, "garbage.json")
	require.NoError(t, os.WriteFile(garbage, []byte("\x00\x01SECRET"), 0o600))
	p := filepath.Join(dir, "g.json")
	require.NoError(t, os.WriteFile(p, []byte(`{"$ref":"garbage.json"}`), 0o600))
	code, _, errOut := runCLI(t, "{}", "validate", "--schema", p)
	assert.Equal(t, exitNoCompile, code)
	assert.NotContains(t, errOut, "SECRET")
	assert.NotContains(t, errOut, "\x00")

	for _, schema := range []string{"/dev/zero", dir} {
		code, _, errOut := runCLI(t, "{}", "validate", "--schema", schema)
		assert.Equal(t, exitUsage, code, schema)
		assert.Contains(t, errOut, "not a regular file", schema)
	}
}
