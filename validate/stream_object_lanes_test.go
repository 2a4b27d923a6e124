package validate

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// objectNames are the member names the random object schemas and
// documents share, so that they meet often; "idd" is a near miss of "id"
// (hints), "x-" names meet patternProperties.
var objectNames = []string{"id", "idd", "name", "tags", "x-a", "x-b", "kind"}

// randMemberSchema returns a random schema for one member's value.
func randMemberSchema(rng *rand.Rand) string {
	return []string{`{"type":"integer"}`, `{"type":"string"}`, `{"minimum":2}`, `{"const":1}`,
		`{"enum":[1,"a"]}`, `true`, `false`, `{"maxLength":1}`, `{"type":"array","items":{"type":"integer"}}`,
		`{"anyOf":[{"type":"string"},{"maximum":1}]}`, `{"required":["a"]}`}[rng.IntN(11)]
}

// randNames returns up to max distinct member names, quoted, as a JSON
// list's inside.
func randNames(rng *rand.Rand, max int) string {
	perm := rng.Perm(len(objectNames))[:1+rng.IntN(max)]
	parts := make([]string, len(perm))
	for i, p := range perm {
		parts[i] = strconv.Quote(objectNames[p])
	}
	return strings.Join(parts, ",")
}

// randObjectSchema returns a random schema for a root object, with
// applicators (and dependentSchemas) down to depth levels.
func randObjectSchema(rng *rand.Rand, depth int) string {
	if rng.IntN(12) == 0 {
		return []string{`true`, `false`, `{"type":"array"}`, `{"type":["string","null"]}`}[rng.IntN(4)]
	}
	var kws []string
	add := func(k, v string) { kws = append(kws, strconv.Quote(k)+":"+v) }
	if rng.IntN(3) == 0 {
		add("type", `"object"`)
	}
	if rng.IntN(2) == 0 {
		var props []string
		for _, name := range strings.Split(randNames(rng, 3), ",") {
			props = append(props, name+":"+randMemberSchema(rng))
		}
		add("properties", "{"+strings.Join(props, ",")+"}")
	}
	if rng.IntN(4) == 0 {
		add("patternProperties", `{"^x-":`+randMemberSchema(rng)+`}`)
	}
	if rng.IntN(4) == 0 {
		add("additionalProperties", []string{`false`, `{"type":"string"}`, `true`}[rng.IntN(3)])
	}
	if rng.IntN(3) == 0 {
		add("required", "["+randNames(rng, 2)+"]")
	}
	if rng.IntN(6) == 0 {
		add("propertyNames", `{"maxLength":4}`)
	}
	if rng.IntN(5) == 0 {
		add("minProperties", strconv.Itoa(rng.IntN(4)))
	}
	if rng.IntN(5) == 0 {
		add("maxProperties", strconv.Itoa(rng.IntN(4)))
	}
	if rng.IntN(6) == 0 {
		add("dependentRequired", `{"name":["id"]}`)
	}
	if rng.IntN(5) == 0 {
		add("unevaluatedProperties", []string{`false`, `{"type":"integer"}`, `{"maxLength":1}`}[rng.IntN(3)])
	}
	randGuard(rng, add, []string{`{}`, `{"id":1}`, `{"id":1,"name":"a"}`, `{"name":"a","id":1.0}`,
		`{"kind":{"a":1}}`, `{"id":[1]}`, `1`, `{"idd":2}`})
	if depth > 0 {
		randApplicators(rng, add, func() string { return randObjectSchema(rng, depth-1) })
		if rng.IntN(3) == 0 {
			add("dependentSchemas", `{"kind":`+randObjectSchema(rng, depth-1)+`,"id":`+randObjectSchema(rng, depth-1)+`}`)
		}
	}
	return "{" + strings.Join(kws, ",") + "}"
}

// randObjectDoc returns a random root object (now and then another value).
func randObjectDoc(rng *rand.Rand) string {
	vals := []string{`1`, `2`, `"a"`, `"bb"`, `{"a":1}`, `{}`, `[1]`, `[1,"x"]`, `null`, `1.0`, `"a\",\"b\":{"`, `"\\"`}
	if rng.IntN(15) == 0 {
		return vals[rng.IntN(len(vals))]
	}
	n := rng.IntN(6)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = strconv.Quote(objectNames[rng.IntN(len(objectNames))]) + ": " + vals[rng.IntN(len(vals))]
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// TestObjectLanesRandom: random root schemas with anyOf, oneOf, allOf,
// not, if/then/else, dependentSchemas and unevaluatedProperties over
// object branches, against random objects: a Stream fed in random chunks
// (which streams them through lanes, from the start or from a random
// point on) and Validate give the tree evaluation's answer, diagnostics,
// hints and all.
func TestObjectLanesRandom(t *testing.T) {
	lanesRandom(t, rand.NewPCG(26, 4), randObjectSchema, randObjectDoc)
}

// TestObjectLanesKeywords: root applicators and dependentSchemas over
// streamed objects, checked at every cut against Validate (which holds
// such an object whole) and by value.
func TestObjectLanesKeywords(t *testing.T) {
	lanesFrom(t, 0)
	cases := []struct {
		schema, doc string
		want        []string // "location code message hint"
	}{
		// The best branch: a missing "id" found as "userId" (two
		// diagnostics, hints paired) beats three missing names.
		{`{"anyOf":[{"required":["kind","name","tags"]},` +
			`{"properties":{"id":{"type":"integer"}},"required":["id"],"additionalProperties":false}]}`,
			`{"userId":1}`, []string{
				` additional_properties property "userId" is not allowed did you mean "id"?`,
				` required missing required property "id" found "userId": rename it to "id"?`}},
		{`{"oneOf":[{"required":["a"]},{"minProperties":1}]}`, `{"a":1}`,
			[]string{` one_of_multiple must match exactly one schema of oneOf, matches 0 and 1 `}},
		{`{"oneOf":[{"required":["a"]},{"minProperties":2}]}`, `{"a":1}`, nil},
		{`{"anyOf":[{"type":"array"},{"type":"string"}]}`, `{"a":1}`,
			[]string{` type must be array or string, got object `}},
		{`{"not":{"properties":{"a":{"type":"integer"}}}}`, `{"a":1}`,
			[]string{` not must not match the schema at /not `}},
		{`{"if":{"required":["kind"]},"then":{"properties":{"id":{"type":"string"}}},"else":{"maxProperties":0}}`,
			`{"kind":1,"id":2}`, []string{`/id type must be string, got integer `}},
		{`{"if":{"required":["kind"]},"then":{"properties":{"id":{"type":"string"}}},"else":{"maxProperties":0}}`,
			`{"id":2}`, []string{` max_properties must have at most 0 properties, has 1 `}},
		// dependentSchemas applies when its name is present, in
		// evalObject's place: after the object's own keywords, before
		// allOf's.
		{`{"required":["z"],"dependentSchemas":{"kind":{"required":["id"],"properties":{"kind":{"maxLength":1}}}},` +
			`"allOf":[{"required":["y"]}]}`, `{"kind":"ab"}`, []string{
			` required missing required property "z" `,
			` required missing required property "id" `,
			` required missing required property "y" `,
			`/kind max_length must be at most 1 characters long, is 2 `}},
		{`{"dependentSchemas":{"kind":{"required":["id"]}}}`, `{"id":1}`, nil},
		{`{"dependentSchemas":{"kind":false}}`, `{"kind":1}`, []string{` false_schema no value is allowed here `}},
		{`{"dependentSchemas":{"kind":{"type":"array"}}}`, `{"kind":1}`, []string{` type must be array, got object `}},
		// Through $ref, nested: a branch with its own oneOf; the two
		// branches tie (one diagnostic each): the first is reported.
		{`{"$defs":{"t":{"properties":{"tags":{"type":"array"}}}},"anyOf":[{"$ref":"#/$defs/t",` +
			`"oneOf":[{"required":["id"]},{"required":["name"]}]},{"properties":{"id":{"type":"string"}}}]}`,
			`{"tags":[1],"id":1,"name":"n"}`, []string{` one_of_multiple must match exactly one schema of oneOf, matches 0 and 1 `}},
	}
	for _, c := range cases {
		st := streamCase(t, c.schema, c.doc, c.want, true)
		// A Stream takes them through lanes.
		assert.Equal(t, byte('{'), st.doc.streamed, c.schema)
		assert.NotEmpty(t, st.arr.groups, c.schema)
	}
}

// TestObjectLanesHeldWhole: what a lane cannot stream keeps the object
// whole.
func TestObjectLanesHeldWhole(t *testing.T) {
	lanesFrom(t, 0)
	for _, src := range []string{
		`{"anyOf":[{"const":{"a":1}}],"unevaluatedProperties":false}`,
		`{"anyOf":[{"anyOf":[{"required":["a"]}],"unevaluatedProperties":false}]}`,
		`{"allOf":[{"not":{"required":["x"]},"unevaluatedProperties":false}],"unevaluatedProperties":false}`,
		`{"anyOf":[` + strings.Repeat(`{"required":["a"]},`, maxLanes) + `true]}`,
	} {
		s := mustCompile(t, src)
		w := s.NewStream()
		_, err := w.Write([]byte(`{"a":1,"b":2}`))
		require.NoError(t, err)
		assert.Equal(t, modeWhole, w.st.doc.mode, src)
		_, err = w.Close()
		require.NoError(t, err, src)
	}
}

// bigObject returns a root object of n members "k<i>": i.
func bigObject(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"k` + strconv.Itoa(i) + `":` + strconv.Itoa(i))
	}
	b.WriteByte('}')
	return b.Bytes()
}

// TestObjectLanesBounded: a large root object under anyOf and
// dependentSchemas is held until it passes lanesAfter (64 KiB here), then
// read member by member: the Stream holds about that much, not the
// document; a lane that fails on every member keeps at most
// MaxDiagnostics, and the answer is Validate's.
func TestObjectLanesBounded(t *testing.T) {
	lanesFrom(t, 64<<10)
	s := mustCompile(t, `{"anyOf":[{"additionalProperties":{"type":"string"}},`+
		`{"additionalProperties":{"type":"integer"},"dependentSchemas":{"k7":{"required":["k8"]}}}]}`)
	doc := bigObject(200000) // 2.6 MB
	w := s.NewStream()
	most := writeChunks(t, w, doc, 4096)
	assert.Equal(t, byte('{'), w.st.doc.streamed)
	assert.Less(t, most, 256<<10, "the buffer holds the first 64 KiB, not the object")
	lanes := w.st.arr.groups[0].lanes
	assert.Len(t, lanes[0].recs.out, DefaultMaxDiagnostics, "the string branch stopped at the cap")
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d, "the integer branch holds")

	bad := bytes.Replace(doc, []byte(`"k8":8,`), nil, 1)
	streamed := readerAsWhole(t, s, bad)
	require.Len(t, streamed, 1)
	assert.Equal(t, CodeRequired, streamed[0].Code)
}

// TestLanesHeldFirst: a root container with branches is held whole while
// it is model-sized (lanesAfter), and turns to lanes past it, or past
// half the Stream's MaxBuffer when that is less, with Validate's answer.
func TestLanesHeldFirst(t *testing.T) {
	s := mustCompile(t, `{"anyOf":[{"additionalProperties":{"type":"string"}},{"additionalProperties":{"type":"integer"}}],`+
		`"dependentSchemas":{"k7":{"required":["k8"]}}}`)
	w := s.NewStream()
	_, err := w.Write([]byte(`{"k1":1,"k2":"a",`))
	require.NoError(t, err)
	assert.Equal(t, modeWhole, w.st.doc.mode, "a small document is held")
	assert.Equal(t, byte('{'), w.st.doc.held)
	_, err = w.Write([]byte(`"k3":3}`))
	require.NoError(t, err)
	d, err := w.Close()
	require.NoError(t, err)
	require.Len(t, d, 1, "the integer branch fails least")
	assert.Equal(t, "/k2", d[0].InstanceLocation)

	doc := bigObject(200000)
	bad := bytes.Replace(doc, []byte(`"k8":8,`), nil, 1)
	for _, b := range [][]byte{doc, bad} {
		want, err := s.Validate(b)
		require.NoError(t, err)
		w := s.NewStream()
		w.MaxBuffer = 64 << 10 // lanes from 32 KiB on
		got, err := s.ValidateReader(bytes.NewReader(b))
		require.NoError(t, err, "held past MaxBuffer/2, then streamed")
		assert.Equal(t, want, got)
		_, err = w.ReadFrom(bytes.NewReader(b))
		require.NoError(t, err)
		assert.Equal(t, byte('{'), w.st.doc.streamed)
		got, err = w.Close()
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
}

// FuzzObjectLanes: any bytes, against root schemas with object branches:
// a Stream in chunks of the fuzzer's size gives Validate's answer,
// errors included.
func FuzzObjectLanes(f *testing.F) {
	ss := fuzzSchemas(f, 3, randObjectSchema, 2)
	fuzzLanes(f, ss, `{"id":1,"idd":"a","x-a":[1]}`, `{}`, `{"kind":{"a":1},"tags":[1,"x"]}`, `{"a":`)
}

// TestZeroAllocsObjectLanes: a reused Stream takes a valid root object
// through lanes (anyOf, not, if and dependentSchemas) without allocating
// once warm.
func TestZeroAllocsObjectLanes(t *testing.T) {
	lanesFrom(t, 0)
	assertZeroAllocs(t, `{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}},`+
		`"anyOf":[{"required":["id"]},{"required":["name"]}],"not":{"required":["deleted"]},`+
		`"if":{"properties":{"kind":{"const":"user"}}},"then":{"required":["name"]},`+
		`"dependentSchemas":{"tags":{"properties":{"tags":{"type":"array","maxItems":3}}}}}`,
		`{"id": 7, "name": "Ada", "kind": "user", "tags": ["a", "b"]}`, 9)
}
