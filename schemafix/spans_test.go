package schemafix

import (
	"bufio"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIndexDocMatchesByteByByte: the index built with string runs fed to
// the scanner in one chunk is the one built feeding it every byte alone,
// value for value, on the sample of model outputs (the broken ones give
// both an empty index) and on strings full of escapes, control bytes and
// invalid UTF-8.
func TestIndexDocMatchesByteByByte(t *testing.T) {
	docs := []string{
		`{"a":"x\"y\\","b":["\\\"",  "\u00e9\n"],"c":{"d\\":"\"\""}}`,
		"{\"raw\":\"line\nbreak\ttab\",\"bad\":\"\xff\xfe\",\"k\":[\"\\u12\"]}",
		`"top \"level\" string"`, `["unterminated`, `{"a":"b"`, `""`, `"\\"`,
	}
	f, err := os.Open("../testdata/sample/outputs.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		docs = append(docs, sc.Text())
	}
	require.NoError(t, sc.Err())
	require.Greater(t, len(docs), 300)
	indexed := 0
	for _, doc := range docs {
		want, got := indexDocRuns([]byte(doc), false), indexDoc([]byte(doc))
		assert.Equal(t, want.vals, got.vals, doc)
		if len(want.vals) > 0 {
			indexed++
		}
	}
	assert.Greater(t, indexed, 300)
}
