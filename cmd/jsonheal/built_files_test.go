//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testDevStdoutAndStdout: `-o /dev/stdout --rejects -` writes two streams
// into one file (or one pipe) through two descriptors; it is refused with
// exit 2 and no byte written, for clean and replay, whether stdout is a
// file or a pipe (issue 39.1).
func testDevStdoutAndStdout(t *testing.T, bin string) {
	f := newRefFixture(t)
	out := filepath.Join(f.dir, "out.jsonl")
	require.NoError(t, os.WriteFile(out, []byte(precious), 0o600))
	for cmd, input := range map[string]string{"clean": f.records, "replay": f.rejects} {
		snap := takeSnapshot(t, f.schema, f.ref, f.records, f.rejects, out)
		args := []string{cmd, "--schema", f.schema, "-o", "/dev/stdout", "--rejects", "-", input}
		code, errOut := shell(t, bin, "", out, args...)
		assert.Equal(t, exitUsage, code, errOut)
		assert.Contains(t, errOut, "-o /dev/stdout and stdout name the same file")
		snap.assertUnchanged(t)

		var stdout, stderr bytes.Buffer
		c := exec.Command(bin, args...)
		c.Stdout, c.Stderr = &stdout, &stderr
		err := c.Run()
		require.IsType(t, &exec.ExitError{}, err)
		assert.Equal(t, exitUsage, c.ProcessState.ExitCode(), stderr.String())
		assert.Contains(t, stderr.String(), "-o /dev/stdout and stdout name the same file")
		assert.Empty(t, stdout.String())
	}
}
