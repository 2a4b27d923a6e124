package validate

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeFiles writes name -> content under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o700))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
	}
}

func TestCompileFileResolvesLocalRefs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"s.json":       `{"type":"object","properties":{"id":{"$ref":"defs/id.json"},"at":{"$ref":"defs/id.json#/$defs/when"}}}`,
		"defs/id.json": `{"type":"integer","$defs":{"when":{"type":"string"}}}`,
	})
	s, err := CompileFile(filepath.Join(dir, "s.json"), Options{})
	require.NoError(t, err)
	d, err := s.Validate([]byte(`{"id":"7","at":1}`))
	require.NoError(t, err)
	require.Len(t, d, 2)
	assert.Equal(t, "/id", d[0].InstanceLocation)
	assert.Equal(t, "/at", d[1].InstanceLocation)
	d, err = s.Validate([]byte(`{"id":7,"at":"now"}`))
	require.NoError(t, err)
	assert.Empty(t, d)
}

func TestCompileFileErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := CompileFile(filepath.Join(dir, "none.json"), Options{})
	var le *LoadError
	require.ErrorAs(t, err, &le)
	assert.ErrorIs(t, err, fs.ErrNotExist)

	writeFiles(t, dir, map[string]string{"s.json": `{"$ref":"missing.json"}`})
	_, err = CompileFile(filepath.Join(dir, "s.json"), Options{})
	assert.ErrorIs(t, err, ErrUnresolvedRef)
	assert.Contains(t, err.Error(), "missing.json")
}

func TestFileLoaderErrorsWrapTheCause(t *testing.T) {
	dir := t.TempDir()
	load := FileLoader(dir)
	_, err := load("none.json")
	assert.ErrorIs(t, err, fs.ErrNotExist)
	var le *LoadError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, filepath.Join(dir, "none.json"), le.Path)

	_, err = load(".")
	assert.ErrorIs(t, err, ErrNotRegularFile)

	for _, uri := range []string{"https://example.com/s.json", "urn:x:y", "file://remote.host/s.json"} {
		_, err = load(uri)
		assert.ErrorIs(t, err, ErrNotLocal, uri)
	}

	writeFiles(t, dir, map[string]string{"a.json": `{"type":"string"}`})
	b, err := load("file://" + filepath.ToSlash(filepath.Join(dir, "a.json")))
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"string"}`, string(b))
}

func TestFilePath(t *testing.T) {
	for _, c := range []struct{ uri, want string }{
		{"a.json", "/d/a.json"},
		{"sub/../b.json", "/d/b.json"},
		{"/abs/c.json", "/abs/c.json"},
		{"file:///abs/c.json", "/abs/c.json"},
		{"file://localhost/abs/c.json", "/abs/c.json"},
	} {
		got, err := FilePath("/d", c.uri)
		require.NoError(t, err, c.uri)
		assert.Equal(t, filepath.FromSlash(c.want), got, c.uri)
	}
	_, err := FilePath("/d", "http://h/a.json")
	assert.ErrorIs(t, err, ErrNotLocal)
}

func TestFSLoader(t *testing.T) {
	fsys := fstest.MapFS{
		"big.json": {Data: []byte(strings.Repeat(" ", MaxResourceBytes+1))},
		"dir/x":    {Data: []byte(`{}`)},
	}
	load := FSLoader(fsys)
	_, err := load("none.json")
	assert.ErrorIs(t, err, fs.ErrNotExist)
	_, err = load("big.json")
	assert.ErrorIs(t, err, ErrResourceTooLarge)
	_, err = load("dir")
	assert.ErrorIs(t, err, ErrNotRegularFile)
	for _, uri := range []string{"../etc/passwd", "/defs/n.json", "file:///defs/n.json", "https://h/defs/n.json", "."} {
		_, err = load(uri)
		assert.ErrorIs(t, err, ErrNotLocal, uri)
	}
}

func TestFSLoaderCompiles(t *testing.T) {
	// defs/m.json's own relative reference resolves in its folder.
	fsys := fstest.MapFS{
		"defs/m.json": {Data: []byte(`{"$ref":"n.json"}`)},
		"defs/n.json": {Data: []byte(`{"type":"integer"}`)},
	}
	s, err := Compile([]byte(`{"items":{"$ref":"defs/m.json"}}`), Options{Loader: FSLoader(fsys)})
	require.NoError(t, err)
	d, err := s.Validate([]byte(`[1,"x"]`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	_, err = Compile([]byte(`{"$ref":"defs/none.json"}`), Options{Loader: FSLoader(fsys)})
	require.ErrorIs(t, err, ErrUnresolvedRef)
	assert.False(t, errors.Is(err, ErrNotLocal))
}
