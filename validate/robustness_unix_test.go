//go:build unix

package validate

import (
	"os"
	"path/filepath"
	"strings"
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

// TestRobustRefToDevicesAndDirectories: $ref to /dev/zero, /dev/urandom
// or a directory is refused before anything is read.
func TestRobustRefToDevicesAndDirectories(t *testing.T) {
	dir := t.TempDir()
	for _, target := range []string{"file:///dev/zero", "file:///dev/urandom", "/dev/zero", "file://" + filepath.ToSlash(dir)} {
		if _, err := os.Stat(strings.TrimPrefix(target, "file://")); err != nil {
			t.Fatalf("%s: %v (the test needs it)", target, err)
		}
		var err error
		alloc := allocDuring(func() { err = compileWithFileRef(t, target) })
		require.ErrorIs(t, err, ErrUnresolvedRef, target)
		assert.Contains(t, err.Error(), "not a regular file", target)
		assert.Less(t, alloc, uint64(1<<20), "%s: nothing is read", target)
	}
}

// TestRobustReadSchemaFileDevice: a device is refused by its mode.
func TestRobustReadSchemaFileDevice(t *testing.T) {
	_, err := ReadSchemaFile("/dev/zero")
	require.ErrorIs(t, err, ErrNotRegularFile)
	var le *LoadError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "validate: load /dev/zero: not a regular file (a character device)", err.Error())
}
