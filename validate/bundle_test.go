package validate_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/validate"
)

// bundleFS is a schema folder: the root's $refs name defs/item.json
// (relative, with a fragment), which names ../common.json and
// defs/tuple.json in turn, which names defs/pair.json. Two carry their
// own $id, relative to where they are, which the bundle replaces with
// the URI they were loaded from: the same URI, resolved.
var bundleFS = fstest.MapFS{
	"defs/item.json": {Data: []byte(`{"type":"object","required":["id"],"additionalProperties":false,
		"properties":{"id":{"$ref":"../common.json#/$defs/id"},"tags":{"$ref":"tuple.json"}}}`)},
	"common.json":     {Data: []byte(`{"$id":"common.json","$defs":{"id":{"type":"integer","minimum":1}}}`)},
	"defs/tuple.json": {Data: []byte(`{"$id":"tuple.json","$ref":"pair.json"}`)},
	"defs/pair.json":  {Data: []byte(`{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}`)},
}

const bundleRoot = `{"type":"object","properties":{"items":{"type":"array","items":{"$ref":"defs/item.json"}},
	"kind":{"$ref":"#/$defs/kind"}},"$defs":{"kind":{"enum":["a","b"]}}}`

// TestBundleValidatesLikeTheLoadedSchema: the bundle compiles without a
// Loader and gives every document the same diagnostics, value for value,
// as the schema compiled with its Loader; the $refs are left as written.
func TestBundleValidatesLikeTheLoadedSchema(t *testing.T) {
	opts := validate.Options{Loader: validate.FSLoader(bundleFS)}
	loaded, err := validate.Compile([]byte(bundleRoot), opts)
	require.NoError(t, err)
	b, err := validate.Bundle([]byte(bundleRoot), opts)
	require.NoError(t, err)
	bundled, err := validate.Compile(b, validate.Options{})
	require.NoError(t, err, "the bundle needs no Loader: %s", b)

	var doc struct {
		Defs map[string]map[string]any `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	for _, uri := range []string{"defs/item.json", "common.json", "defs/tuple.json", "defs/pair.json"} {
		require.Contains(t, doc.Defs, uri)
		assert.Equal(t, uri, doc.Defs[uri]["$id"])
	}
	assert.Contains(t, doc.Defs, "kind", "the root's own $defs are kept")
	assert.Equal(t, "../common.json#/$defs/id", doc.Defs["defs/item.json"]["properties"].(map[string]any)["id"].(map[string]any)["$ref"])

	for _, instance := range []string{
		`{"items":[{"id":1,"tags":["x",2]}],"kind":"a"}`,
		`{"items":[{"id":0}]}`,
		`{"items":[{"id":"1","extra":true}]}`,
		`{"items":[{"tags":[1,"x",true]}],"kind":"c"}`,
		`{"items":[{"id":2,"tags":["x",2,"more"]}]}`,
	} {
		want, err := loaded.Validate([]byte(instance))
		require.NoError(t, err)
		got, err := bundled.Validate([]byte(instance))
		require.NoError(t, err)
		assert.Equal(t, want, got, instance)
	}
	d, err := bundled.Validate([]byte(`{"items":[{"id":0}]}`))
	require.NoError(t, err)
	assert.NotEmpty(t, d, "the oracle is not vacuous")
}

func TestBundleWithoutLoadsReturnsTheSchema(t *testing.T) {
	b, err := validate.Bundle([]byte(`{"$ref":"#/$defs/a","$defs":{"a":{"type":"string"}}}`), validate.Options{Loader: validate.FSLoader(bundleFS)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"$ref":"#/$defs/a","$defs":{"a":{"type":"string"}}}`, string(b))
}

func TestBundleUsesDefinitionsBeforeDraft2019(t *testing.T) {
	fsys := fstest.MapFS{"id.json": {Data: []byte(`{"type":"integer"}`)}}
	root := `{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"id":{"$ref":"id.json"}},"definitions":{"id.json":{"type":"string"}}}`
	b, err := validate.Bundle([]byte(root), validate.Options{Loader: validate.FSLoader(fsys)})
	require.NoError(t, err)
	var doc struct {
		Definitions map[string]map[string]any `json:"definitions"`
	}
	require.NoError(t, json.Unmarshal(b, &doc))
	assert.Equal(t, map[string]any{"type": "string"}, doc.Definitions["id.json"], "an existing name is kept")
	assert.Equal(t, map[string]any{"$id": "id.json", "type": "integer"}, doc.Definitions["id.json~2"])
	s, err := validate.Compile(b, validate.Options{})
	require.NoError(t, err)
	d, err := s.Validate([]byte(`{"id":"x"}`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, "/id", d[0].InstanceLocation)
}

func TestBundleRefusesWhatItCannotEmbed(t *testing.T) {
	for name, data := range map[string]string{
		"boolean document": `true`,
		"own $id":          `{"$id":"https://example.com/other.json","type":"integer"}`,
		"another draft":    `{"$schema":"https://json-schema.org/draft/2019-09/schema","type":"integer"}`,
	} {
		fsys := fstest.MapFS{"x.json": {Data: []byte(data)}}
		_, err := validate.Bundle([]byte(`{"$ref":"x.json"}`), validate.Options{Loader: validate.FSLoader(fsys)})
		assert.ErrorIs(t, err, validate.ErrNotBundled, name)
	}
	// Under draft-07 an $id beside a $ref is ignored: embedded, x.json
	// would not be found, and the bundle does not compile on its own.
	fsys := fstest.MapFS{"x.json": {Data: []byte(`{"$ref":"y.json"}`)}, "y.json": {Data: []byte(`{"type":"integer"}`)}}
	_, err := validate.Bundle([]byte(`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"a":{"$ref":"x.json"}}}`),
		validate.Options{Loader: validate.FSLoader(fsys)})
	require.ErrorIs(t, err, validate.ErrNotBundled)
	assert.Contains(t, err.Error(), "does not compile on its own")
	_, err = validate.Bundle([]byte(`{"$ref":"missing.json"}`), validate.Options{Loader: validate.FSLoader(fstest.MapFS{})})
	assert.ErrorIs(t, err, validate.ErrUnresolvedRef, "a schema that does not compile returns Compile's error")
}

func ExampleBundle() {
	defs := fstest.MapFS{"defs/id.json": {Data: []byte(`{"type":"integer"}`)}}
	root := []byte(`{"properties":{"id":{"$ref":"defs/id.json"}}}`)
	b, err := validate.Bundle(root, validate.Options{Loader: validate.FSLoader(defs)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))
	// Output: {"properties":{"id":{"$ref":"defs/id.json"}},"$defs":{"defs/id.json":{"$id":"defs/id.json","type":"integer"}}}
}
