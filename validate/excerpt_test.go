package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompileErrorsQuoteExcerpts: a schema value of any size is quoted as
// a short excerpt with its length, never whole (issue 39.7).
func TestCompileErrorsQuoteExcerpts(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	for _, schema := range []string{
		`{"$id":"https://example.com/` + huge + `","type":"nope"}`,
		`{"$id":"http://[::1` + huge + `"}`,
		`{"type":"` + huge + `"}`,
		`{"$ref":"` + huge + `.json"}`,
		`{"$ref":"%zz` + huge + `"}`,
		`{"pattern":"(` + huge + `"}`,
		`{"patternProperties":{"(` + huge + `":{}}}`,
		`{"$schema":"https://example.com/` + huge + `"}`,
		`{"properties":{"` + huge + `":{"type":"nope"}}}`,
	} {
		_, err := Compile([]byte(schema), Options{Loader: FileLoader(t.TempDir())})
		require.Error(t, err, schema[:40])
		msg := err.Error()
		assert.Less(t, len(msg), 1200, "%s: %.300s", schema[:40], msg)
		assert.Contains(t, msg, "…", schema[:40])
	}
}

// TestLoadedNonSchemaIsNotQuoted: a $ref to a file that is not a schema (a
// credentials file) fails with its path and the problem, and quotes none
// of its values; a $ref'd file that is a schema is quoted as usual.
func TestLoadedNonSchemaIsNotQuoted(t *testing.T) {
	dir := t.TempDir()
	creds := `{"type":"service_account","private_key":"-----BEGIN SECRET-----","client_email":"bot@example.iam"}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "creds.json"), []byte(creds), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "nested.json"), []byte(`{"properties":{"k":{"$ref":"creds.json"}}}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "typo.json"), []byte(`{"type":"strnig"}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "regexp.json"), []byte(`{"pattern":"(ab"}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "withid.json"),
		[]byte(`{"$defs":{"x":{"$id":"https://example.com/inner.json","type":"sekrit-value"}},"$ref":"https://example.com/inner.json"}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "badschema.json"), []byte(`{"$schema":"sekrit-token","type":"service_account"}`), 0o600))
	for _, root := range []string{`{"$ref":"creds.json"}`, `{"$ref":"nested.json"}`, `{"$ref":"withid.json"}`, `{"$ref":"badschema.json"}`} {
		_, err := Compile([]byte(root), Options{Loader: FileLoader(dir)})
		require.ErrorIs(t, err, ErrInvalidSchema, root)
		msg := err.Error()
		for _, secret := range []string{"service_account", "BEGIN SECRET", "bot@example", "sekrit"} {
			assert.NotContains(t, msg, secret, root)
		}
		assert.Contains(t, msg, "the document is not a JSON schema", root)
		assert.Contains(t, msg, "values are not quoted", root)
	}
	_, err := Compile([]byte(`{"$ref":"creds.json"}`), Options{Loader: FileLoader(dir)})
	assert.Contains(t, err.Error(), "creds.json#/type")

	// A $ref'd file failing the metaschema cannot be told from a file that
	// is no schema at all: where, not what.
	_, err = Compile([]byte(`{"$ref":"typo.json"}`), Options{Loader: FileLoader(dir)})
	assert.ErrorContains(t, err, `typo.json#/type: invalid schema: the document is not a JSON schema: it fails the 2020-12 metaschema (keyword enum)`)
	assert.NotContains(t, err.Error(), "strnig")

	// The root schema, and a $ref'd file that passes the metaschema, are
	// schemas: their errors quote them.
	_, err = Compile([]byte(`{"type":"strnig"}`), Options{})
	assert.ErrorContains(t, err, `unknown type "strnig"`)
	_, err = Compile([]byte(`{"$ref":"regexp.json"}`), Options{Loader: FileLoader(dir)})
	assert.ErrorContains(t, err, "regexp.json#/pattern: invalid regular expression: missing closing ): `(ab`")
}
