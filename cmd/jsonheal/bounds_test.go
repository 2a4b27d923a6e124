package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
