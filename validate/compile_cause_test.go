package validate

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompileErrorKeepsTheLoadersError checks that a Loader's error stays
// an error in the CompileError: errors.Is finds the sentinel and the file
// system's, errors.As the *LoadError, and the message still names it.
func TestCompileErrorKeepsTheLoadersError(t *testing.T) {
	loadErr := &LoadError{Path: "defs/missing.json", Err: fs.ErrNotExist}
	opts := Options{Loader: func(uri string) ([]byte, error) {
		return nil, fmt.Errorf("load %s: %w", uri, loadErr)
	}}
	_, err := Compile([]byte(`{"$id": "https://example.com/root.json", "$ref": "defs/missing.json"}`), opts)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrUnresolvedRef)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	var le *LoadError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "defs/missing.json", le.Path)
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "/$ref", ce.Location)
	assert.Contains(t, ce.Error(), "loader: load https://example.com/defs/missing.json: validate: load defs/missing.json: file does not exist")

	_, err = Compile([]byte(`{"$ref": "#/$defs/none"}`), Options{})
	require.ErrorAs(t, err, &ce)
	assert.Nil(t, ce.Cause, "no loader, no cause")
	assert.False(t, errors.Is(err, fs.ErrNotExist))
}
