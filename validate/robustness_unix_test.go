//go:build unix

package validate

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRobustRefToFIFO: a $ref to a FIFO with no writer is refused at once
// (opening it for reading would block forever).
func TestRobustRefToFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "schema.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	err := compileWithFileRef(t, "file://"+filepath.ToSlash(fifo))
	require.ErrorIs(t, err, ErrUnresolvedRef)
	assert.Contains(t, err.Error(), "not a regular file (a FIFO)")
	_, err = ReadSchemaFile(fifo)
	require.ErrorIs(t, err, ErrNotRegularFile)
}
