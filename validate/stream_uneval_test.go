package validate

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStreamUnevaluated: unevaluatedProperties and unevaluatedItems over
// a streamed root container, the composition a schema writes with them
// ($ref and allOf, nested), checked at every cut against the tree
// evaluation and by value; each streams.
func TestStreamUnevaluated(t *testing.T) {
	cases := []struct {
		schema, doc string
		want        []string // "location code message hint"
	}{
		// The base schema's members count as evaluated; an extra one is
		// refused, with the near miss of a property of the same schema.
		{`{"$defs":{"base":{"properties":{"id":{"type":"integer"}},"required":["id"]}},` +
			`"$ref":"#/$defs/base","properties":{"name":{"type":"string"}},"unevaluatedProperties":false}`,
			`{"id":1,"nmae":"x","name":"y","extra":2}`, []string{
				` unevaluated_properties property "nmae" is not allowed `,
				` unevaluated_properties property "extra" is not allowed `}},
		{`{"properties":{"name":{"type":"string"}},"unevaluatedProperties":false}`,
			`{"nmae":"x"}`, []string{` unevaluated_properties property "nmae" is not allowed did you mean "name"?`}},
		// A schema: applied to the members nothing evaluated, in place.
		{`{"allOf":[{"properties":{"a":true}}],"unevaluatedProperties":{"type":"string"}}`,
			`{"a":1,"b":2,"c":"x"}`, []string{`/b type must be string, got integer `}},
		// Nested: allOf/0's unevaluatedProperties evaluates "b" for the
		// root's (it holds there), not "c" (it fails there).
		{`{"allOf":[{"properties":{"a":true},"unevaluatedProperties":{"type":"integer"}}],"unevaluatedProperties":false}`,
			`{"a":1,"b":2,"c":"x"}`, []string{
				` unevaluated_properties property "c" is not allowed `,
				`/c type must be integer, got string `}},
		// Items: prefixItems, items and contains evaluate.
		{`{"prefixItems":[{"type":"string"}],"unevaluatedItems":false}`, `["a",1,2]`, []string{
			`/1 unevaluated_items item 1 is not allowed here `, `/2 unevaluated_items item 2 is not allowed here `}},
		{`{"allOf":[{"contains":{"type":"string"}}],"unevaluatedItems":{"type":"integer"}}`, `["a",1,null]`,
			[]string{`/2 type must be integer, got null `}},
		// In 2019-09 contains does not evaluate: only items,
		// additionalItems and unevaluatedItems do.
		{`{"$schema":"https://json-schema.org/draft/2019-09/schema",` +
			`"allOf":[{"contains":{"type":"string"}}],"unevaluatedItems":{"type":"integer"}}`, `["a",1,null]`,
			[]string{`/0 type must be integer, got string `, `/2 type must be integer, got null `}},
		{`{"$schema":"https://json-schema.org/draft/2019-09/schema","contains":true,"unevaluatedItems":false}`, `[1]`,
			[]string{`/0 unevaluated_items item 0 is not allowed here `}},
		{`{"prefixItems":[true],"items":false,"unevaluatedItems":false}`, `[1,2,3]`, []string{
			` additional_items must have at most 1 items, has 3 `, `/2 unevaluated_items item 2 is not allowed here `}},
		{`{"$ref":"#/$defs/t","unevaluatedItems":false,"$defs":{"t":{"items":{"type":"integer"}}}}`, `[1,2]`, nil},
	}
	for _, c := range cases {
		st := streamCase(t, c.schema, c.doc, c.want, true)
		assert.NotZero(t, st.doc.streamed, "%s streams", c.schema)
		assert.NotEmpty(t, st.arr.uneval, c.schema)
	}
}

// TestStreamUnevaluatedBounded: a large root object under $ref and
// unevaluatedProperties: false streams member by member (the Stream holds
// a few members), and a refused member is reported as Validate does.
func TestStreamUnevaluatedBounded(t *testing.T) {
	s := mustCompile(t, `{"$ref":"#/$defs/k","unevaluatedProperties":false,`+
		`"$defs":{"k":{"patternProperties":{"^k[0-9]+$":{"type":"integer"}}}}}`)
	doc := bigObject(200000)
	w := s.NewStream()
	most := writeChunks(t, w, doc, 4096)
	assert.Equal(t, byte('{'), w.st.doc.streamed)
	assert.Less(t, most, 64<<10, "the buffer holds a few members, not the object")
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d)

	bad := bytes.Replace(doc, []byte(`"k8":8`), []byte(`"x8":8`), 1)
	streamed := readerAsWhole(t, s, bad)
	require.Len(t, streamed, 1)
	assert.Equal(t, strconv.Quote("x8"), streamed[0].Received)
}

// TestZeroAllocsUnevaluated: a reused Stream takes a valid object and a
// valid array with unevaluated* through without allocating once warm.
func TestZeroAllocsUnevaluated(t *testing.T) {
	for _, c := range []struct{ schema, doc string }{
		{`{"$ref":"#/$defs/b","properties":{"name":{"type":"string"}},"unevaluatedProperties":false,` +
			`"$defs":{"b":{"properties":{"id":{"type":"integer"}}}}}`, `{"id": 7, "name": "Ada"}`},
		{`{"prefixItems":[{"type":"string"}],"allOf":[{"contains":{"type":"integer"}}],"unevaluatedItems":{"type":"integer"}}`,
			`["a", 1, 2, 3]`},
	} {
		assertZeroAllocs(t, c.schema, c.doc, 5)
	}
}

// TestStreamDynamicRef: a generic list whose items are a $dynamicRef,
// bound by the schema that refers to the list (the specification's
// pattern): the root array streams, each item evaluated in the dynamic
// scope the chain fixes (the root resource, then the list's), and a
// wrong item is reported as Validate reports it.
func TestStreamDynamicRef(t *testing.T) {
	s := mustCompile(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/names",`+
		`"$ref":"list","$defs":{"name":{"$dynamicAnchor":"item","type":"string","maxLength":8},`+
		`"list":{"$id":"list","type":"array","items":{"$dynamicRef":"#item"},"$defs":{"any":{"$dynamicAnchor":"item"}}}}}`)
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range 100000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"n` + strconv.Itoa(i%1000) + `"`)
	}
	b.WriteByte(']')
	doc := b.Bytes()
	w := s.NewStream()
	most := writeChunks(t, w, doc, 4096)
	assert.Equal(t, byte('['), w.st.doc.streamed)
	assert.Less(t, most, 64<<10)
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d)

	bad := bytes.Replace(doc, []byte(`"n7",`), []byte(`"far too long",`), 1)
	streamed := readerAsWhole(t, s, bad)
	require.Len(t, streamed, 1)
	assert.Equal(t, "/7", streamed[0].InstanceLocation)
	assert.Equal(t, "/$ref/items/$dynamicRef/maxLength", streamed[0].KeywordLocation)
}
