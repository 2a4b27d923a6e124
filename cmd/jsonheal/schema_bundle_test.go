package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/validate"
)

// refBundle is refFixture's schema as the model is given it: the $ref'd
// defs/id.json embedded in $defs under the URI it was loaded from.
const refBundle = `{"type":"object","required":["id"],"properties":{"id":{"$ref":"defs/id.json"}},` +
	`"$defs":{"defs/id.json":{"$id":"defs/id.json","type":"integer"}}}`

// sentText returns the content of every message of every request.
func sentText(t *testing.T, srv *healtest.Server) string {
	t.Helper()
	var b strings.Builder
	for _, rec := range srv.Requests() {
		for i := range rec.Messages {
			_, content := rec.Message(i)
			b.WriteString(content)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestTheModelIsGivenTheRefdFiles: ask's system prompt and
// --response-format, and clean's healer prompt, carry the schema with its
// $ref'd file bundled in, which compiles and validates without a Loader.
func TestTheModelIsGivenTheRefdFiles(t *testing.T) {
	f := newRefFixture(t)
	srv := healtest.New(healtest.Answer(`{"id":5}`))
	defer srv.Close()
	code, out, errOut := askCLI(t, nil, "", "--schema", f.schema, "--model", "m", "--base-url", srv.URL, "--response-format", "an id")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "{\"id\":5}\n", out)
	assert.NotContains(t, errOut, "note:")
	rec := srv.Requests()[0]
	_, system := rec.Message(0)
	assert.Contains(t, system, refBundle)
	var rf struct {
		JSONSchema struct {
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	}
	require.NoError(t, json.Unmarshal(rec.ResponseFormat, &rf))
	assert.JSONEq(t, refBundle, string(rf.JSONSchema.Schema))
	s, err := validate.Compile(rf.JSONSchema.Schema, validate.Options{})
	require.NoError(t, err, "the schema sent needs no Loader")
	d, err := s.Validate([]byte(`{"id":"x"}`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, "/id", d[0].InstanceLocation)

	srv = healtest.New(healtest.Answer(`{"id":2}`))
	defer srv.Close()
	code, out, errOut = runCLI(t, "", "clean", "--schema", f.schema, "--model", "m", "--base-url", srv.URL, f.records)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n", out)
	require.Equal(t, 1, srv.Calls())
	assert.Contains(t, sentText(t, srv), refBundle)
}

// TestAskNotesASchemaItCannotBundle: a $ref'd file of another draft
// cannot be embedded; the model then gets the root schema as written,
// stderr says so, and the answer is validated against the whole schema
// all the same.
func TestAskNotesASchemaItCannotBundle(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(root, []byte(`{"properties":{"id":{"$ref":"id.json"}}}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "id.json"),
		[]byte(`{"$schema":"https://json-schema.org/draft/2019-09/schema","type":"integer"}`), 0o600))
	srv := healtest.New(healtest.Answer(`{"id":"x"}`), healtest.Answer(`{"id":7}`))
	defer srv.Close()
	code, out, errOut := askCLI(t, nil, "", "--schema", root, "--model", "m", "--base-url", srv.URL, "an id")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "{\"id\":7}\n", out)
	assert.Contains(t, errOut, "jsonheal ask: note: the model is given "+root+" without the files its $refs name")
	assert.Contains(t, errOut, "cannot bundle")
	_, system := srv.Requests()[0].Message(0)
	assert.Contains(t, system, `{"properties":{"id":{"$ref":"id.json"}}}`)
}
