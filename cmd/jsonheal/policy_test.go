package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAllowEmptyAllowsNoRepair(t *testing.T) {
	// --allow= is an empty list: every switchable repair off, not all on.
	code, out, errOut := runCLI(t, `[1,2,]`, "repair", "--allow=")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Empty(t, out)
	code, out, _ = runCLI(t, `[1,2,]`, "repair")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, `[1,2]`, out)
	code, out, _ = runCLI(t, `[1,2,]`, "repair", "--allow", " , ")
	assert.Equal(t, exitFailed, code, "a list of blanks is empty too")
	assert.Empty(t, out)
	// What is always on (fences, control bytes) still works.
	code, out, _ = runCLI(t, "```json\n[\"a\tb\"]\n```", "repair", "--allow=")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, `["a\tb"]`, out)

	code, out, errOut = runCLI(t, "{\"a\":1}\n{\"b\":2,}\n", "clean", "--allow=", "--report=json")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, "{\"a\":1}\n", out)
	assert.Contains(t, errOut, `"rejected":1`)
}
