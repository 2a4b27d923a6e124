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

// lanesFrom sets lanesAfter to n for the rest of the test (0: a root
// container with branches streams through lanes from its first byte).
func lanesFrom(t testing.TB, n int64) {
	old := lanesAfter
	lanesAfter = n
	t.Cleanup(func() { lanesAfter = old })
}

// descendFrom sets descendAfter to n for the rest of the test (0: every
// value that may stream becomes a frame as soon as it opens).
func descendFrom(t testing.TB, n int64) {
	old := descendAfter
	descendAfter = n
	t.Cleanup(func() { descendAfter = old })
}

// randLanesAfter returns, for a document of size n, 0 (lanes from the
// start) half the time, and else a point where a held document turns to
// lanes, or none (n).
func randLanesAfter(rng *rand.Rand, n int) int64 {
	if rng.IntN(2) == 0 {
		return 0
	}
	return int64(rng.IntN(n + 1))
}

// randItemSchema returns a random schema for one item.
func randItemSchema(rng *rand.Rand) string {
	items := []string{`{"type":"integer"}`, `{"type":"string"}`, `{"minimum":2}`, `{"const":1}`,
		`{"enum":[1,"a"]}`, `{"type":"object","required":["a"]}`, `true`, `false`, `{"maxLength":1}`,
		`{"anyOf":[{"type":"string"},{"maximum":1}]}`}
	return items[rng.IntN(len(items))]
}

// randArraySchema returns a random schema for a root array, with
// applicators down to depth levels.
func randArraySchema(rng *rand.Rand, depth int) string {
	if rng.IntN(12) == 0 {
		return []string{`true`, `false`, `{"type":"object"}`, `{"type":["string","null"]}`}[rng.IntN(4)]
	}
	var kws []string
	add := func(k, v string) { kws = append(kws, strconv.Quote(k)+":"+v) }
	if rng.IntN(3) == 0 {
		add("type", `"array"`)
	}
	if rng.IntN(2) == 0 {
		add("items", randItemSchema(rng))
	}
	if rng.IntN(4) == 0 {
		add("prefixItems", "["+randItemSchema(rng)+","+randItemSchema(rng)+"]")
	}
	if rng.IntN(4) == 0 {
		add("contains", randItemSchema(rng))
		if rng.IntN(2) == 0 {
			add("maxContains", strconv.Itoa(rng.IntN(3)))
		}
		if rng.IntN(3) == 0 {
			add("minContains", strconv.Itoa(rng.IntN(3)))
		}
	}
	if rng.IntN(4) == 0 {
		add("minItems", strconv.Itoa(rng.IntN(4)))
	}
	if rng.IntN(4) == 0 {
		add("maxItems", strconv.Itoa(rng.IntN(5)))
	}
	if rng.IntN(5) == 0 {
		add("uniqueItems", "true")
	}
	if rng.IntN(5) == 0 {
		add("unevaluatedItems", []string{`false`, `{"type":"integer"}`, `{"const":"a"}`}[rng.IntN(3)])
	}
	randGuard(rng, add, []string{`[]`, `[1]`, `[1,2]`, `[1,"a"]`, `[{"a":1}]`, `[1.0]`, `"a"`, `[[1]]`})
	if depth > 0 {
		randApplicators(rng, add, func() string { return randArraySchema(rng, depth-1) })
	}
	return "{" + strings.Join(kws, ",") + "}"
}

// randGuard adds, now and then, a const or an enum of values taken from
// vals (guards, stream_guard.go).
func randGuard(rng *rand.Rand, add func(k, v string), vals []string) {
	switch rng.IntN(24) {
	case 0:
		add("const", vals[rng.IntN(len(vals))])
	case 1:
		add("enum", "["+vals[rng.IntN(len(vals))]+","+vals[rng.IntN(len(vals))]+"]")
	case 2:
		add("const", vals[rng.IntN(len(vals))])
		add("enum", "["+vals[rng.IntN(len(vals))]+"]")
	}
}

// randApplicators adds random anyOf, oneOf, allOf, not and
// if/then/else keywords whose subschemas come from sub.
func randApplicators(rng *rand.Rand, add func(k, v string), sub func() string) {
	list := func() string {
		parts := make([]string, 1+rng.IntN(3))
		for i := range parts {
			parts[i] = sub()
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	if rng.IntN(2) == 0 {
		add("anyOf", list())
	}
	if rng.IntN(3) == 0 {
		add("oneOf", list())
	}
	if rng.IntN(4) == 0 {
		add("allOf", list())
	}
	if rng.IntN(4) == 0 {
		add("not", sub())
	}
	if rng.IntN(4) == 0 {
		add("if", sub())
		if rng.IntN(4) != 0 {
			add("then", sub())
		}
		if rng.IntN(4) != 0 {
			add("else", sub())
		}
	}
}

// fuzzSchemas compiles 16 random schemas from gen, seeded.
func fuzzSchemas(f *testing.F, seed uint64, gen func(*rand.Rand, int) string, depth int) []*Schema {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	var ss []*Schema
	for range 16 {
		s, err := Compile([]byte(gen(rng, depth)), Options{})
		if err != nil {
			f.Fatal(err)
		}
		ss = append(ss, s)
	}
	return ss
}

// randArrayDoc returns a random root array (now and then another value).
func randArrayDoc(rng *rand.Rand) string {
	vals := []string{`1`, `2`, `3`, `"a"`, `"bb"`, `{"a":1}`, `{}`, `[1]`, `null`, `1.0`, `"a"`, `1`, `"a\",[1"`, `"\\"`}
	if rng.IntN(15) == 0 {
		return vals[rng.IntN(len(vals))]
	}
	n := rng.IntN(7)
	parts := make([]string, n)
	for i := range parts {
		parts[i] = vals[rng.IntN(len(vals))]
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// TestLanesRandom: random root schemas with anyOf, oneOf, allOf, not,
// if/then/else and unevaluatedItems over array branches, against random
// arrays: a Stream fed in random chunks (which streams them through
// lanes, from the start or from a random point on, lanesAfter) and
// Validate give the tree evaluation's answer, diagnostics and all.
func TestLanesRandom(t *testing.T) {
	lanesRandom(t, rand.NewPCG(26, 3), randArraySchema, randArrayDoc)
}

// lanesRandom is TestLanesRandom and TestObjectLanesRandom: 2500 random
// schemas from schema, 8 random documents from doc each.
func lanesRandom(t *testing.T, src rand.Source, schema func(*rand.Rand, int) string, doc func(*rand.Rand) string) {
	lanesFrom(t, 0)
	descendFrom(t, 0)
	rng := rand.New(src)
	streamed, unevalStreamed, guarded, deferred := 0, 0, 0, 0
	for round := 0; round < 2500; round++ {
		src := schema(rng, 1+rng.IntN(2))
		s, err := Compile([]byte(src), Options{})
		require.NoError(t, err, src)
		for range 8 {
			doc := []byte(doc(rng))
			lanesAfter = randLanesAfter(rng, len(doc))
			descendAfter = randLanesAfter(rng, len(doc))
			want := treeVerdict(s, doc)
			require.Equal(t, want, verdictOf(s.Validate(doc)), "schema %s\ndoc %s", src, doc)
			w := s.NewStream()
			writeRandomChunks(t, rng, w, doc, nil)
			if w.st != nil && w.st.doc.streamed != 0 && len(w.st.arr.groups) > 0 {
				streamed++
			}
			if w.st != nil && w.st.doc.streamed != 0 {
				for _, g := range w.st.guards {
					if len(g.cands) > 0 { // decided on the items
						guarded++
						break
					}
				}
				if w.st.arr.deferred {
					deferred++
				}
				ue := len(w.st.arr.uneval) > 0
				for _, l := range w.st.lanes.lanes[:w.st.lanes.used] {
					ue = ue || len(l.uneval) > 0
				}
				if ue {
					unevalStreamed++
				}
			}
			require.Equal(t, want, verdictOf(w.Close()), "stream: schema %s\ndoc %s", src, doc)
		}
	}
	t.Logf("%d of 20000 documents streamed through lanes", streamed)
	require.Greater(t, streamed, 5000, "most containers stream through lanes")
	t.Logf("%d streamed with unevaluated* in the root or a lane", unevalStreamed)
	require.Greater(t, unevalStreamed, 2000, "unevaluated* streams where no lane is under it")
	t.Logf("%d streamed once a const or enum of their type failed on the items", guarded)
	require.Greater(t, guarded, 300, "const and enum stream once they fail")
	t.Logf("%d streamed with unevaluated* over lanes at the root", deferred)
	require.Greater(t, deferred, 1000, "unevaluated* over lanes streams")
}

// TestLanesKeywords: root applicators over streamed arrays, checked at
// every cut against Validate (which holds such an array whole) and by
// value.
func TestLanesKeywords(t *testing.T) {
	lanesFrom(t, 0)
	cases := []struct {
		schema, doc string
		want        []string // "location code message"
	}{
		// The best branch: one maxItems against three type mismatches.
		{`{"anyOf":[{"items":{"type":"string"}},{"items":{"type":"integer"},"maxItems":2}]}`, `[1,2,3]`,
			[]string{" max_items must have at most 2 items, has 3"}},
		{`{"oneOf":[{"items":{"type":"integer"}},{"minItems":1}]}`, `[1]`,
			[]string{" one_of_multiple must match exactly one schema of oneOf, matches 0 and 1"}},
		{`{"oneOf":[{"items":{"type":"integer"}},{"minItems":1}]}`, `[]`, nil},
		{`{"anyOf":[{"type":"object"},{"type":"string"},false]}`, `[1]`,
			[]string{" type must be object or string or valid, got array"}},
		{`{"if":{"minItems":1},"then":{"type":["object","null"]},"else":false}`, `[1]`,
			[]string{" type must be null or object, got array"}},
		{`{"if":{"minItems":1},"then":{"type":["object","null"]},"else":false}`, `[]`,
			[]string{" false_schema no value is allowed here"}},
		{`{"not":{"items":{"type":"integer"}}}`, `[1,2]`, []string{" not must not match the schema at /not"}},
		{`{"not":{"items":{"type":"integer"}}}`, `[1,"a"]`, nil},
		{`{"if":{"contains":{"const":"x"}},"then":{"minItems":3},"else":{"items":{"type":"integer"}}}`, `["x",1]`,
			[]string{" min_items must have at least 3 items, has 2"}},
		{`{"if":{"contains":{"const":"x"}},"then":{"minItems":3},"else":{"items":{"type":"integer"}}}`, `[1,"a"]`,
			[]string{"/1 type must be integer, got string"}},
		// One location, three schemas: the root's items, allOf's, then
		// anyOf's, in the order a whole-value evaluation records them.
		{`{"items":{"maximum":5},"anyOf":[{"items":{"minimum":10}}],"allOf":[{"items":{"multipleOf":2}}]}`, `[7]`, []string{
			"/0 maximum must be <= 5", "/0 multiple_of must be a multiple of 2", "/0 minimum must be >= 10"}},
		// Through $ref, nested, with uniqueItems in a branch only; the
		// two branches tie (2 each): the first is reported.
		{`{"$defs":{"u":{"uniqueItems":true}},"anyOf":[{"$ref":"#/$defs/u","oneOf":[{"maxItems":1},{"contains":{"type":"string"}}]},{"items":{"type":"string"}}]}`,
			`[1,1]`, []string{" unique_items items 0 and 1 are equal", " max_items must have at most 1 items, has 2"}},
	}
	for _, c := range cases {
		st := streamCase(t, c.schema, c.doc, c.want, false)
		// A Stream takes them through lanes.
		assert.Equal(t, byte('['), st.doc.streamed, c.schema)
		assert.NotEmpty(t, st.arr.groups, c.schema)
	}
}

// TestLanesHeldWhole: what a lane cannot stream keeps the array whole.
func TestLanesHeldWhole(t *testing.T) {
	lanesFrom(t, 0)
	for _, src := range []string{
		`{"const":[1],"unevaluatedItems":false}`,
		`{"anyOf":[{"anyOf":[{"items":true}],"unevaluatedItems":false}]}`,
		`{"allOf":[{"anyOf":[{"items":true}],"unevaluatedItems":false}],"unevaluatedItems":false}`,
		`{"anyOf":[` + strings.Repeat(`{"items":true},`, maxLanes) + `true]}`,
	} {
		s := mustCompile(t, src)
		w := s.NewStream()
		_, err := w.Write([]byte(`[1,2]`))
		require.NoError(t, err)
		assert.Equal(t, modeWhole, w.st.doc.mode, src)
		_, err = w.Close()
		require.NoError(t, err, src)
	}
}

// TestLanesBounded: a lane keeps at most the Stream's MaxDiagnostics and
// then stops, so a branch that fails on every item of a long array costs
// no memory and no time per item; when every branch fails and all are
// full, the Stream reports the first diagnostics of the one that filled
// up last, here Validate's best, and says the list is incomplete.
func TestLanesBounded(t *testing.T) {
	lanesFrom(t, 0)
	s := mustCompile(t, `{"anyOf":[{"items":{"type":"string"}},{"items":{"type":"integer"}}]}`)
	ints := failingArray(5000)
	w := s.NewStream()
	_, err := w.Write(ints)
	require.NoError(t, err)
	lanes := w.st.arr.groups[0].lanes
	assert.Len(t, lanes[0].recs.out, DefaultMaxDiagnostics)
	assert.Equal(t, DefaultMaxDiagnostics+1, lanes[0].full, "full at item 1000")
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d, "the integer branch holds")

	doc := bytes.ReplaceAll(ints, []byte(","), []byte(`,{},`))
	whole, err := s.Validate(doc)
	require.NoError(t, err)
	streamed, err := s.ValidateReader(bytes.NewReader(doc))
	require.NoError(t, err)
	require.Greater(t, len(whole), DefaultMaxDiagnostics)
	require.Len(t, streamed, DefaultMaxDiagnostics+1)
	assert.Equal(t, whole[:DefaultMaxDiagnostics], streamed[:DefaultMaxDiagnostics])
	assert.Equal(t, CodeTooMany, streamed[DefaultMaxDiagnostics].Code)
}

// FuzzLanes: any bytes, against root schemas with branches: a Stream in
// chunks of the fuzzer's size gives Validate's answer (which holds such
// arrays whole), errors included.
func FuzzLanes(f *testing.F) {
	ss := fuzzSchemas(f, 1, randArraySchema, 2)
	fuzzLanes(f, ss, `[1,"a",{"a":1}]`, `[]`, `[[1],[1],"bb",null]`, `[1,2,3,4,5,6]`, `[1,`)
}

// TestZeroAllocsLanes: a reused Stream takes a valid root array through
// lanes without allocating once warm, so long as no branch whose
// diagnostics may be reported fails (a failing anyOf or oneOf branch
// keeps its diagnostics, in case every branch fails; not and if keep
// none).
func TestZeroAllocsLanes(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	lanesFrom(t, 0)
	s := mustCompile(t, `{"anyOf":[{"items":{"type":"integer"}},{"minItems":1}],`+
		`"not":{"maxItems":1},"if":{"contains":{"type":"string"}},"then":false,"else":{"minItems":2}}`)
	doc := []byte(`[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]`)
	w := s.NewStream()
	run := func() {
		_, _ = w.Write(doc[:7])
		_, _ = w.Write(doc[7:])
		d, err := w.Close()
		require.NoError(t, err)
		require.Nil(t, d)
	}
	run()
	assert.Zero(t, testing.AllocsPerRun(50, run))
}

// manyKinds returns a root schema with a oneOf of n branches, each an
// array of items of one kind ("k0" ... ).
func manyKinds(n int) string {
	bs := make([]string, n)
	for i := range bs {
		bs[i] = `{"items":{"required":["kind"],"properties":{"kind":{"const":"k` + strconv.Itoa(i) + `"}}}}`
	}
	return `{"type":"array","oneOf":[` + strings.Join(bs, ",") + `]}`
}

// itemsOfKind returns an array of n items of kind k.
func itemsOfKind(n int, k string) []byte {
	items := make([]string, n)
	for i := range items {
		items[i] = `{"kind":"` + k + `","n":` + strconv.Itoa(i) + `}`
	}
	return []byte("[" + strings.Join(items, ",") + "]")
}

// TestLanesMany: a root oneOf of more than fullLanes branches streams
// through lanes, each keeping its share of the diagnostics, with
// Validate's answer; when every branch fails on every item the Stream
// holds at most the shares and reports the first of Validate's, then
// says the list is incomplete.
func TestLanesMany(t *testing.T) {
	lanesFrom(t, 0)
	s := mustCompile(t, manyKinds(100))
	rng := rand.New(rand.NewPCG(26, 100))
	for _, doc := range [][]byte{itemsOfKind(30, "k73"), bytes.Replace(itemsOfKind(30, "k5"), []byte(`"k5","n":7`), []byte(`"k6","n":7`), 1)} {
		want := verdictOf(s.Validate(doc))
		w := s.NewStream()
		writeRandomChunks(t, rng, w, doc, nil)
		assert.Equal(t, byte('['), w.st.doc.streamed)
		assert.Equal(t, 100, w.st.lanes.used)
		assert.Equal(t, DefaultMaxDiagnostics*fullLanes/100, w.st.lanes.lanes[0].limit)
		assert.Equal(t, want, verdictOf(w.Close()))
	}

	doc := itemsOfKind(5000, "zz")
	want, err := s.Validate(doc)
	require.NoError(t, err)
	w := s.NewStream()
	writeChunks(t, w, doc, 4096)
	for _, l := range w.st.lanes.lanes[:w.st.lanes.used] {
		assert.LessOrEqual(t, len(l.recs.out), DefaultMaxDiagnostics*fullLanes/100)
	}
	got, err := w.Close()
	require.NoError(t, err)
	n := len(got) - 1
	assert.Equal(t, CodeTooMany, got[n].Code)
	assert.Equal(t, want[:n], got[:n])
}
