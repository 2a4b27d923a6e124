package jsonl

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/jsonheal/jsonheal/validate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func compactFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, json.Compact(&buf, b))
	return buf.Bytes()
}

func TestCleanWithACompiledSchema(t *testing.T) {
	schemaText, err := os.ReadFile("../testdata/schemas/llm.schema.json")
	require.NoError(t, err)
	s, err := validate.Compile(schemaText, validate.Options{})
	require.NoError(t, err)
	valid := compactFile(t, "../testdata/schemas/llm.valid.json")
	invalid := compactFile(t, "../testdata/schemas/llm.invalid.json")
	in := bytes.Join([][]byte{valid, invalid, valid}, []byte("\n"))

	res := cleanBytes(t, in, Options{Schema: SchemaValidator(s), Workers: 2})
	require.NoError(t, res.err)
	assert.Equal(t, string(valid)+"\n"+string(valid)+"\n", res.out)
	require.Len(t, res.rejects, 1)
	r := res.rejects[0]
	assert.Equal(t, int64(2), r.Line)
	assert.Equal(t, "schema", r.Reason)
	assert.Contains(t, r.Error, "/id: ")
	var basic struct {
		Valid  bool
		Errors []struct {
			InstanceLocation string `json:"instanceLocation"`
		}
	}
	require.NoError(t, json.Unmarshal(r.Details, &basic))
	assert.False(t, basic.Valid)
	assert.NotEmpty(t, basic.Errors)
	assert.Equal(t, int64(1), res.stats.RejectedBy["schema"])
}
