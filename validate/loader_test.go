package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFileLoaderNestedRelativeRefs: a file loaded by a relative reference
// resolves its own relative references against its folder.
func TestFileLoaderNestedRelativeRefs(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "b.json"), []byte(`{"items":{"$ref":"c.json#/$defs/n"}}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "c.json"), []byte(`{"$defs":{"n":{"type":"integer"}}}`), 0o600))
	s, err := Compile([]byte(`{"properties":{"a":{"$ref":"sub/b.json"}}}`), Options{Loader: testFileLoader(dir)})
	require.NoError(t, err)
	d, err := s.Validate([]byte(`{"a":[1,"x"]}`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, "/a/1", d[0].InstanceLocation)
}
