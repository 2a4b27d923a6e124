package validate

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnevaluatedOverLanes: unevaluated* on a root container with
// branches under it: what a branch evaluated counts as evalApplicators
// keeps it (an anyOf branch that holds, the first oneOf branch that
// holds, the then or else chosen whatever its verdict, a dependentSchemas
// entry that applies, never not), checked at every cut against the tree
// evaluation and by value; each streams through lanes and defers.
func TestUnevaluatedOverLanes(t *testing.T) {
	lanesFrom(t, 0)
	cases := []struct {
		schema, doc string
		want        []string // "location code message hint"
	}{
		// The oneOf branch that holds evaluates "a"; the other one, which
		// fails, does not count for "b".
		{`{"oneOf":[{"properties":{"a":true}},{"properties":{"b":true},"required":["zz"]}],"unevaluatedProperties":false}`,
			`{"a":1,"b":2}`, []string{` unevaluated_properties property "b" is not allowed `}},
		{`{"anyOf":[{"properties":{"a":true}},{"properties":{"b":true}}],"unevaluatedProperties":false}`,
			`{"a":1,"b":2}`, nil},
		// Both oneOf branches hold: only the first one's count.
		{`{"oneOf":[{"properties":{"a":true}},{"properties":{"b":true}}],"unevaluatedProperties":false}`,
			`{"a":1,"b":2}`, []string{
				` one_of_multiple must match exactly one schema of oneOf, matches 0 and 1 `,
				` unevaluated_properties property "b" is not allowed `}},
		// if holds: its items and then's count, else's do not.
		{`{"if":{"prefixItems":[{"type":"integer"}]},"then":{"prefixItems":[true,{"type":"string"}]},` +
			`"else":{"items":true},"unevaluatedItems":false}`, `[1,"a",3]`,
			[]string{`/2 unevaluated_items item 2 is not allowed here `}},
		// then fails on "a" and still evaluated it.
		{`{"if":{"required":["a"]},"then":{"properties":{"a":{"type":"string"}}},"unevaluatedProperties":false}`,
			`{"a":1}`, []string{`/a type must be string, got integer `}},
		// not never counts: the schema applies to every item.
		{`{"not":{"items":{"type":"string"}},"unevaluatedItems":{"type":"integer"}}`, `[1,"a"]`,
			[]string{`/1 type must be integer, got string `}},
		// dependentSchemas counts when its name is present.
		{`{"dependentSchemas":{"kind":{"properties":{"id":true}}},"properties":{"kind":true},"unevaluatedProperties":false}`,
			`{"kind":1,"id":2,"x":3}`, []string{` unevaluated_properties property "x" is not allowed `}},
		{`{"dependentSchemas":{"kind":{"properties":{"id":true}}},"unevaluatedProperties":false}`,
			`{"id":2}`, []string{` unevaluated_properties property "id" is not allowed `}},
		// An empty name is a name (twice: reported once, as Validate
		// dedupes).
		{`{"anyOf":[{"properties":{"a":true}}],"unevaluatedProperties":false}`,
			`{"":1,"a":2,"":3}`, []string{` unevaluated_properties property "" is not allowed `}},
		// Nested: a branch's own oneOf counts only when the branch does.
		{`{"anyOf":[{"oneOf":[{"properties":{"a":true}},{"required":["zz"]}]},{"required":["b"]}],"unevaluatedProperties":false}`,
			`{"a":1,"b":2}`, []string{` unevaluated_properties property "b" is not allowed `}},
		// A branch's contains match and its own unevaluatedItems count,
		// when the branch holds.
		{`{"anyOf":[{"contains":{"type":"string"}},{"prefixItems":[true],"unevaluatedItems":{"type":["integer","string"]}}],` +
			`"unevaluatedItems":false}`, `[1,"a",2]`, nil},
		{`{"anyOf":[{"contains":{"type":"string"}},{"prefixItems":[true],"unevaluatedItems":{"type":"integer"}}],` +
			`"unevaluatedItems":false}`, `[1,"a",null]`, []string{
			`/0 unevaluated_items item 0 is not allowed here `,
			`/2 unevaluated_items item 2 is not allowed here `}},
		// Nothing holds: the best branch's diagnostics, and every member
		// unevaluated (a near miss of the root's own properties hinted).
		{`{"anyOf":[{"properties":{"name":{"type":"string"}},"required":["name"]}],"unevaluatedProperties":false}`,
			`{"nmae":"x"}`, []string{
				` required missing required property "name" `,
				` unevaluated_properties property "nmae" is not allowed `}},
		{`{"properties":{"name":true},"anyOf":[{"required":["name"]}],"unevaluatedProperties":false}`,
			`{"nmae":"x"}`, []string{
				` required missing required property "name" `,
				` unevaluated_properties property "nmae" is not allowed did you mean "name"?`}},
	}
	for _, c := range cases {
		st := streamCase(t, c.schema, c.doc, c.want, true)
		assert.NotZero(t, st.doc.streamed, "%s streams", c.schema)
		assert.True(t, st.arr.deferred, "%s defers", c.schema)
	}
}

// TestUnevaluatedOverLanesBounded: a large root object whose every member
// only a branch evaluates keeps at most MaxDiagnostics+1 of them pending
// per set of branches, not the object: when the branch holds they are
// dropped; when it fails they are reported, the first MaxDiagnostics of
// Validate's, and the list says it is incomplete.
func TestUnevaluatedOverLanesBounded(t *testing.T) {
	lanesFrom(t, 64<<10)
	s := mustCompile(t, `{"anyOf":[{"patternProperties":{"^k":{"type":"integer"}}},{"required":["zz"]}],`+
		`"unevaluatedProperties":false}`)
	doc := bigObject(200000) // 2.6 MB
	w := s.NewStream()
	most := writeChunks(t, w, doc, 4096)
	assert.True(t, w.st.arr.deferred)
	assert.Less(t, most, 256<<10, "the buffer holds the first 64 KiB, not the object")
	assert.LessOrEqual(t, len(w.st.pending[0].items), DefaultMaxDiagnostics+1, "pending names are capped")
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d, "the first branch holds and evaluates every member")

	bad := bytes.Replace(doc, []byte(`"k8":8,`), []byte(`"k8":"x",`), 1)
	want, err := s.Validate(bad)
	require.NoError(t, err)
	require.Greater(t, len(want), DefaultMaxDiagnostics)
	got, err := s.ValidateReader(bytes.NewReader(bad))
	require.NoError(t, err)
	require.Len(t, got, DefaultMaxDiagnostics+1)
	assert.Equal(t, want[:DefaultMaxDiagnostics], got[:DefaultMaxDiagnostics])
	assert.Equal(t, CodeTooMany, got[DefaultMaxDiagnostics].Code)
}
