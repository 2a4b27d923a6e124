package validate

import (
	"bytes"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGuardsKeywords: const and enum on a root container, in its schema
// or in a branch, checked at every cut against Validate and by value; a
// Stream fed byte by byte streams the container once they fail, with
// the subtree of the schema that fails silent, as evalKeywords leaves it.
func TestGuardsKeywords(t *testing.T) {
	lanesFrom(t, 0)
	descendFrom(t, 0)
	cases := []struct {
		schema, doc string
		want        []string // "location code message"
	}{
		// The const fails: the items schema beside it says nothing.
		{`{"const":[1,2],"items":{"type":"string"}}`, `[1,3,"x"]`,
			[]string{` const must be [1,2]`}},
		{`{"enum":[[1],[2,2,2]],"minItems":5}`, `[2,3,4]`,
			[]string{` enum must be one of [1], [2,2,2]`}},
		// Only the schema that has it is silenced.
		{`{"allOf":[{"const":[1],"maxItems":0}],"items":{"type":"string"}}`, `[1,2]`, []string{
			` const must be [1]`,
			`/0 type must be string, got integer`,
			`/1 type must be string, got integer`}},
		// Numbers by value; an object regardless of member order, and a
		// name read twice is not the constant.
		{`{"const":{"id":1,"name":"a"}}`, `{"name":"a","id":1.0,"x":1}`, []string{` const must be {"id":1,"name":"a"}`}},
		{`{"const":{"id":1},"required":["x"]}`, `{"id":1,"id":1}`, []string{` const must be {"id":1}`}},
		{`{"enum":[{"id":1},{"id":2,"x":[]}],"properties":{"id":{"type":"string"}}}`, `{"id":2,"x":[1],"y":0}`,
			[]string{` enum must be one of {"id":1}, {"id":2,"x":[]}`}},
		// A scalar const fails any container from the start.
		{`{"const":"a","required":["x"]}`, `{"a":1,"b":2}`, []string{` const must be "a"`}},
		// In branches: anyOf picks the other branch, not holds, if
		// decides.
		{`{"anyOf":[{"const":{"a":1}},{"required":["b"]}]}`, `{"a":1,"c":2}`,
			[]string{` required missing required property "b"`}},
		{`{"not":{"enum":[[1,2]]}}`, `[1,3,2]`, nil},
		{`{"if":{"const":[1]},"then":false,"else":{"items":{"type":"integer"}}}`, `[1,"a"]`,
			[]string{`/1 type must be integer, got string`}},
		{`{"oneOf":[{"const":[1,"a"]},{"items":{"type":["integer","string"]}}]}`, `[1,"b",3]`, nil},
		// const before enum: a value other than the const fails the const.
		{`{"const":[1],"enum":[[2]]}`, `[2,3]`, []string{` const must be [1]`}},
	}
	for _, c := range cases {
		s := mustCompile(t, c.schema)
		v := assertSameEverywhere(t, s, []byte(c.doc), c.schema+" on "+c.doc)
		require.Empty(t, v.Err)
		require.Equal(t, c.want, diagLines(v.Diags, false), c.schema)
		w := s.NewStream()
		for i := range len(c.doc) {
			_, err := w.Write([]byte{c.doc[i]})
			require.NoError(t, err)
		}
		assert.NotZero(t, w.st.doc.streamed, "%s streams once its guards fail", c.schema)
		_, err := w.Close()
		require.NoError(t, err)
	}
}

// TestGuardsHeldWhileLive: a container that equals a candidate so far is
// held until it no longer does (or to its end, where it is evaluated
// whole), and gives Validate's answer either way.
func TestGuardsHeldWhileLive(t *testing.T) {
	lanesFrom(t, 0)
	s := mustCompile(t, `{"enum":[[1,2,3],[1,2,4]],"items":{"maximum":3}}`)
	for doc, streams := range map[string]bool{`[1,2,3]`: false, `[1,2,4]`: false, `[1,2,5,6]`: true} {
		w := s.NewStream()
		for i := range len(doc) {
			_, err := w.Write([]byte{doc[i]})
			require.NoError(t, err)
		}
		assert.Equal(t, streams, w.st.doc.streamed != 0, doc)
		got := verdictOf(w.Close())
		assert.Equal(t, verdictOf(s.Validate([]byte(doc))), got, doc)
	}
}

// TestGuardsBounded: a large root array or object under a const or enum
// that it fails streams once the bytes held pass lanesAfter: the buffer
// stays near that, and the answer is Validate's.
func TestGuardsBounded(t *testing.T) {
	lanesFrom(t, 256<<10)
	var arr, obj bytes.Buffer
	arr.WriteByte('[')
	obj.WriteByte('{')
	for i := range 200000 {
		if i > 0 {
			arr.WriteByte(',')
			obj.WriteByte(',')
		}
		arr.WriteString(`{"id":` + strconv.Itoa(i) + `}`)
		obj.WriteString(`"k` + strconv.Itoa(i) + `":` + strconv.Itoa(i%6))
	}
	arr.WriteByte(']')
	obj.WriteByte('}')
	for _, c := range []struct {
		schema string
		doc    []byte
	}{
		{`{"enum":[[{"id":0},{"id":1}],"none"],"items":{"required":["id"]}}`, arr.Bytes()},
		{`{"anyOf":[{"const":[{"id":0}]},{"items":{"properties":{"id":{"maximum":5}}}}]}`, arr.Bytes()},
		{`{"const":{"k0":0},"additionalProperties":{"maximum":5}}`, obj.Bytes()},
		{`{"allOf":[{"enum":[{"k0":0,"k1":1}]}],"additionalProperties":{"maximum":5},"maxProperties":9}`, obj.Bytes()},
	} {
		s := mustCompile(t, c.schema)
		want := readerAsWhole(t, s, c.doc)
		require.NotEmpty(t, want)
		w := s.NewStream()
		w.MaxDiagnostics = 1 << 20
		most := writeChunks(t, w, c.doc, 32<<10)
		assert.Less(t, most, 4*int(lanesAfter), "%s: %d bytes held for a document of %d", c.schema, most, len(c.doc))
		assert.Greater(t, len(c.doc), 8*int(lanesAfter))
		got, err := w.Close()
		require.NoError(t, err)
		require.Equal(t, want, got, c.schema)
		assert.True(t, slices.ContainsFunc(got, func(d Diagnostic) bool { return d.Code == CodeConst || d.Code == CodeEnum }), c.schema)
	}
}
