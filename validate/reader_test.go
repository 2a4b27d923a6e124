package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReaderOnJSONTestSuite: the scanner, read strictly, accepts every y_
// document of JSONTestSuite and rejects every n_ one (with ErrNotJSON or
// ErrDepth), through Validate and through a Stream byte by byte.
func TestReaderOnJSONTestSuite(t *testing.T) {
	files, err := filepath.Glob("../testdata/JSONTestSuite/test_parsing/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	s := mustCompile(t, `{}`)
	for _, f := range files {
		name := filepath.Base(f)
		doc, err := os.ReadFile(f)
		require.NoError(t, err)
		_, verr := s.Validate(doc)
		sv := streamBytes(s, doc)
		assert.Equal(t, verdictOf(nil, verr), sv, name)
		switch {
		case strings.HasPrefix(name, "y_"):
			assert.NoError(t, verr, name)
		case strings.HasPrefix(name, "n_"):
			assert.Error(t, verr, name)
			var de *DocumentError
			assert.ErrorAs(t, verr, &de, name)
		}
	}
}
