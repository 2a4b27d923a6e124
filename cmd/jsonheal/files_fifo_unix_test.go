//go:build unix

package main

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFIFOReadAndWrittenIsRefused: a FIFO that a command reads and is also
// told to write would wait on itself for ever (clean p -o p hung until
// killed); it is refused, exit 2, before either end is opened.
func TestFIFOReadAndWrittenIsRefused(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "p")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, args := range [][]string{
		{"clean", fifo, "-o", fifo},
		{"clean", fifo, "--rejects", fifo},
		{"replay", fifo, "-o", fifo},
	} {
		code, errOut := fileEnv(t, nil, nil, args...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, errOut)
		assert.Contains(t, errOut, "both an input and an output", args)
	}
}
