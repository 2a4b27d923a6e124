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

// randDeepSchema returns a random schema for a value depth levels deep at
// most: objects and arrays of each other, with the keywords a frame keeps
// (counts, required, presence), the ones that keep a value whole
// (contains, uniqueItems, propertyNames, two schemas for one value), and
// $ref and allOf.
func randDeepSchema(rng *rand.Rand, depth int) string {
	if depth == 0 || rng.IntN(6) == 0 {
		return []string{`{"type":"integer"}`, `{"type":"string","maxLength":2}`, `true`, `false`, `{}`,
			`{"enum":[1,"a"]}`, `{"minimum":2}`}[rng.IntN(7)]
	}
	var kws []string
	add := func(k, v string) { kws = append(kws, strconv.Quote(k)+":"+v) }
	if rng.IntN(2) == 0 {
		if rng.IntN(3) == 0 {
			add("type", `"array"`)
		}
		add("items", randDeepSchema(rng, depth-1))
		if rng.IntN(4) == 0 {
			add("prefixItems", "["+randDeepSchema(rng, depth-1)+"]")
		}
		if rng.IntN(4) == 0 {
			add("minItems", strconv.Itoa(rng.IntN(3)))
		}
		if rng.IntN(4) == 0 {
			add("maxItems", strconv.Itoa(rng.IntN(4)))
		}
		if rng.IntN(8) == 0 {
			add("contains", `{"type":"integer"}`)
		}
		if rng.IntN(8) == 0 {
			add("uniqueItems", "true")
		}
		if rng.IntN(12) == 0 {
			add("unevaluatedItems", []string{`false`, `{"type":"integer"}`}[rng.IntN(2)])
		}
	} else {
		if rng.IntN(3) == 0 {
			add("type", `"object"`)
		}
		var props []string
		for _, name := range []string{"a", "b", "c"}[:1+rng.IntN(3)] {
			props = append(props, strconv.Quote(name)+":"+randDeepSchema(rng, depth-1))
		}
		add("properties", "{"+strings.Join(props, ",")+"}")
		if rng.IntN(4) == 0 {
			add("patternProperties", `{"^x":`+randDeepSchema(rng, depth-1)+`}`)
		}
		if rng.IntN(3) == 0 {
			add("additionalProperties", []string{`false`, `true`, randDeepSchema(rng, depth-1)}[rng.IntN(3)])
		}
		if rng.IntN(3) == 0 {
			add("required", `["a"]`)
		}
		if rng.IntN(5) == 0 {
			add("maxProperties", strconv.Itoa(1+rng.IntN(3)))
		}
		if rng.IntN(10) == 0 {
			add("propertyNames", `{"maxLength":2}`)
		}
		if rng.IntN(12) == 0 {
			add("unevaluatedProperties", []string{`false`, `{"type":"string"}`}[rng.IntN(2)])
		}
	}
	if rng.IntN(3) == 0 {
		add("allOf", "["+randDeepSchema(rng, depth)+"]") // often the same members again
	}
	s := "{" + strings.Join(kws, ",") + "}"
	switch rng.IntN(8) {
	case 0: // nullable: one branch for a container (soleBranch)
		return `{"anyOf":[` + s + `,{"type":"null"}]}`
	case 1:
		return `{"oneOf":[{"type":"string"},false,` + s + `]}`
	}
	return s
}

// randDeepDoc returns a random value depth levels deep at most.
func randDeepDoc(rng *rand.Rand, depth int) string {
	if depth == 0 || rng.IntN(5) == 0 {
		return []string{`1`, `2`, `"a"`, `"bcd"`, `null`, `"x\"]}"`, `[]`, `{}`}[rng.IntN(8)]
	}
	n := rng.IntN(5)
	parts := make([]string, n)
	if rng.IntN(2) == 0 {
		for i := range parts {
			parts[i] = randDeepDoc(rng, depth-1)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	for i := range parts {
		parts[i] = strconv.Quote([]string{"a", "b", "c", "x1", "zz", ""}[rng.IntN(6)]) + ": " + randDeepDoc(rng, depth-1)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// TestFramesRandom: random nested schemas against random nested
// documents, through a Stream in random chunks with every value that may
// stream turned into a frame as soon as it opens, or past a random size:
// the answer is the tree evaluation's, diagnostics and all.
func TestFramesRandom(t *testing.T) {
	deep, several, _, unevals := framesRandom(t, 5, func(rng *rand.Rand) string { return randDeepSchema(rng, 4) })
	t.Logf("%d of 24000 documents streamed a value below the root", deep)
	require.Greater(t, deep, 3000)
	t.Logf("%d read a value with several schemas of the document", several)
	require.Greater(t, several, 100)
	t.Logf("%d streamed a value below the root under unevaluated*", unevals)
	require.Greater(t, unevals, 150)
}

// framesRandom validates 8 random nested documents against each of 3000
// random schemas from gen, through a Stream in random chunks, values
// turned into frames from their first byte or past a random size, and
// requires the tree evaluation's answer. It counts the documents that had
// a frame below the root, one read by several schemas of the document,
// one read for a lane, and one under unevaluated*.
func framesRandom(t *testing.T, seed uint64, gen func(*rand.Rand) string) (deep, several, lanes, unevals int) {
	rng := rand.New(rand.NewPCG(26, seed))
	lanesFrom(t, 0)
	descendFrom(t, 0)
	for round := 0; round < 3000; round++ {
		src := gen(rng)
		s, err := Compile([]byte(src), Options{})
		require.NoError(t, err, src)
		for range 8 {
			doc := []byte(randDeepDoc(rng, 5))
			descendAfter = 0
			if rng.IntN(2) == 0 {
				descendAfter = int64(rng.IntN(len(doc) + 1))
			}
			want := treeVerdict(s, doc)
			w := s.NewStream()
			framed, multi, lane, uneval := false, false, false, false
			writeRandomChunks(t, rng, w, doc, func() {
				framed = framed || len(w.st.frames) > 1
				for k := 1; k < len(w.st.frames); k++ {
					uneval = uneval || len(w.st.frames[k].a.uneval) > 0
					for _, c := range w.st.frames[k].chains {
						multi, lane = multi || c.l == nil, lane || c.l != nil
					}
				}
			})
			deep, several, lanes = deep+b2i(framed), several+b2i(multi), lanes+b2i(lane)
			unevals += b2i(uneval)
			require.Equal(t, want, verdictOf(w.Close()), "schema %s\ndoc %s\ndescendAfter %d", src, doc, descendAfter)
		}
	}
	return deep, several, lanes, unevals
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestFramesBounded: a value deep inside the root too large to hold
// streams item by item at its own depth: the Stream holds a few items at
// a time, and a wrong one is reported where Validate reports it.
func TestFramesBounded(t *testing.T) {
	s := mustCompile(t, `{"type":"object","required":["result"],"properties":{"result":{"$ref":"#/$defs/r"}},`+
		`"$defs":{"r":{"type":"object","properties":{"pages":{"type":"array","items":{"type":"object",`+
		`"properties":{"rows":{"type":"array","items":{"type":"integer"},"minItems":1}},"required":["rows"]}}}}}}`)
	var b bytes.Buffer
	b.WriteString(`{"meta": {"v": 1}, "result": {"pages": [`)
	for p := range 3 {
		if p > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"rows": [`)
		for i := range 200000 {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(i))
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}}`)
	doc := b.Bytes() // 4 MB: three rows of 200000 numbers, 4 levels down
	streamsValid(t, s, doc)

	bad := bytes.ReplaceAll(doc, []byte(`,77777,`), []byte(`,"x",`))
	bad = bytes.Replace(bad, []byte(`{"rows": [`), []byte(`{"rws": [`), 1)
	streamed := readerAsWhole(t, s, bad)
	var at []string
	for _, d := range streamed {
		at = append(at, d.InstanceLocation+" "+string(d.Code))
	}
	assert.Equal(t, []string{"/result/pages/0 required", "/result/pages/1/rows/77777 type",
		"/result/pages/2/rows/77777 type"}, at)
}

// TestFramesRelease: a frame's presence bits go when it closes, so a long
// array of objects, each one a frame, holds the bits of one at a time.
func TestFramesRelease(t *testing.T) {
	descendFrom(t, 0)
	s := mustCompile(t, `{"items":{"properties":{"a":{"type":"integer"},"b":{"type":"string"}},"required":["a"]}}`)
	w := s.NewStream()
	most := 0
	_, err := w.Write([]byte(`[`))
	require.NoError(t, err)
	for i := range 10000 {
		_, err := w.Write([]byte(`{"a": ` + strconv.Itoa(i) + `, "b": "x"},`))
		require.NoError(t, err)
		most = max(most, len(w.st.words))
	}
	_, err = w.Write([]byte(`{"a": 1}]`))
	require.NoError(t, err)
	assert.LessOrEqual(t, most, 2, "one object's bits at a time")
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d)
}

// FuzzFrames: any bytes against random nested schemas (and root
// applicators over them, lanes from the first byte), through a Stream
// in chunks of the fuzzer's size with values turned into frames from
// byte descend on: Validate's answer, errors included.
func FuzzFrames(f *testing.F) {
	ss := append(fuzzSchemas(f, 5, randDeepSchema, 4), fuzzSchemas(f, 7, randLanesDeepSchema, 3)...)
	for _, seed := range []string{`{"a":[{"b":[1,2]},{"c":{"a":"x"}}],"x1":[[1],[2,[3]]]}`, `[[1,[2]],{"a":{"b":[]}}]`, `{"a":[1,`} {
		f.Add([]byte(seed), uint8(3), uint8(0), uint8(0))
	}
	descendFrom(f, 0)
	lanesFrom(f, 0)
	f.Fuzz(func(t *testing.T, doc []byte, chunk, which, descend uint8) {
		descendAfter = int64(descend % 32)
		fuzzStream(t, ss[int(which)%len(ss)], doc, chunk)
	})
}

// TestFramesNested: values nested 200 deep, each level a few items then
// the next level: every level becomes a frame as soon as it passes
// descendAfter, however many levels one chunk opens, so the Stream holds
// about one level's worth, and the answer is Validate's.
func TestFramesNested(t *testing.T) {
	descendFrom(t, 1<<10)
	s := mustCompile(t, `{"type":"array","items":{"type":["integer","array"],"items":{"$ref":"#/items"},"maxItems":400}}`)
	var b bytes.Buffer
	for range 200 {
		b.WriteString("[" + strings.Repeat("1,", 300))
	}
	b.WriteString("[1]" + strings.Repeat("]", 200))
	doc := b.Bytes() // 120 KB
	w := s.NewStream()
	most := writeChunks(t, w, doc, 16<<10)
	assert.Less(t, most, 64<<10, "about one level, not the document")
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d)

	level := []byte(strings.Repeat("1,", 300) + "[")
	at := len(level) + 1 + bytes.Index(doc[len(level)+1:], level) // the second level's items
	bad := append(append(append([]byte(nil), doc[:at]...), strings.Repeat("1,", 101)...), doc[at:]...)
	streamed := readerAsWhole(t, s, bad)
	require.Len(t, streamed, 1)
	assert.Equal(t, "/300", streamed[0].InstanceLocation)
}

// randLanesDeepSchema returns random root applicators over random nested
// schemas depth levels deep.
func randLanesDeepSchema(rng *rand.Rand, depth int) string {
	var kws []string
	add := func(k, v string) { kws = append(kws, strconv.Quote(k)+":"+v) }
	randApplicators(rng, add, func() string { return randDeepSchema(rng, depth) })
	if rng.IntN(2) == 0 {
		add("properties", `{"a":`+randDeepSchema(rng, depth-1)+`}`)
	}
	randGuard(rng, add, []string{`{}`, `{"a":1}`, `[1]`, `[]`, `{"a":[1]}`, `[[1],2]`})
	return "{" + strings.Join(kws, ",") + "}"
}

// TestFramesUnderLanesRandom: random root applicators (anyOf, oneOf,
// allOf, not, if/then/else) over random nested schemas, against random
// nested documents: values below the root become frames for the root's
// chain and each lane at once, and the answer is the tree evaluation's.
func TestFramesUnderLanesRandom(t *testing.T) {
	_, _, lanes, _ := framesRandom(t, 6, func(rng *rand.Rand) string { return randLanesDeepSchema(rng, 3) })
	t.Logf("%d of 24000 documents streamed a value below the root for a lane", lanes)
	require.Greater(t, lanes, 1000)
}

// TestFramesOrderAtOneLocation: a value below the root read by several
// chains at once (a lane's, two of the document's through allOf) keeps
// at each of its locations the order of the schemas at the root, as the
// whole-value evaluation gives it (allOf/0's anyOf before allOf/1, the
// two properties in allOf order), and drops the same diagnostic twice
// where it does.
func TestFramesOrderAtOneLocation(t *testing.T) {
	lanesFrom(t, 0)
	descendFrom(t, 0)
	for _, c := range []struct{ schema, doc string }{
		{`{"allOf":[{"anyOf":[{"properties":{"b":{"properties":{"x":{"enum":[1]}},"required":["y"]}}}]},` +
			`{"properties":{"b":{"properties":{"x":{"type":"string"}},"required":["y"]}}}]}`, `{"b": {"x": {}, "z": [1]}}`},
		{`{"allOf":[{"properties":{"b":{"items":{"type":"string"}}}},{"properties":{"b":{"items":{"enum":["a"]},"maxItems":1}}}],` +
			`"properties":{"b":{"items":{"maxLength":1}}}}`, `{"b": ["xy", 2, {"q": [1]}]}`},
	} {
		st := streamCase(t, c.schema, c.doc, diagLines(mustInvalid(t, mustCompile(t, c.schema), c.doc), true), true)
		assert.Equal(t, byte('{'), st.doc.streamed, c.schema)
	}
}

// TestFramesUnderPropertyNames: a large member value whose name holds
// under the object's propertyNames streams item by item; one whose name
// fails it is read whole, and both give Validate's answer.
func TestFramesUnderPropertyNames(t *testing.T) {
	s := mustCompile(t, `{"propertyNames":{"pattern":"^[a-z]+$"},"additionalProperties":{"type":"array","items":{"type":"integer"}}}`)
	var b bytes.Buffer
	b.WriteString(`{"meta": [1], "data": [`)
	for i := range 300000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteString(`]}`)
	doc := b.Bytes() // 2 MB in "data"
	streamsValid(t, s, doc)

	bad := bytes.Replace(doc, []byte(`,77777,`), []byte(`,"x",`), 1)
	got := readerAsWhole(t, s, bad)
	require.Len(t, got, 1)
	assert.Equal(t, "/data/77777", got[0].InstanceLocation)

	badName := bytes.Replace(bad, []byte(`"data"`), []byte(`"Data"`), 1)
	w := s.NewStream()
	most := writeChunks(t, w, badName, 4096)
	assert.Greater(t, most, len(badName)/2, "read whole: its name fails propertyNames")
	w.Reset()
	got = readerAsWhole(t, s, badName)
	var at []string
	for _, d := range got {
		at = append(at, d.InstanceLocation+" "+string(d.Code))
	}
	assert.Equal(t, []string{"/Data pattern", "/Data/77777 type"}, at)
}

// TestFramesNullable: a large member under anyOf or oneOf with one branch
// for its type (the nullable array or object of generated schemas)
// streams as that branch, and a wrong item is reported as Validate
// reports it, under the branch's keyword path.
func TestFramesNullable(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"meta": null, "data": [`)
	for i := range 300000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"n":` + strconv.Itoa(i) + `}`)
	}
	b.WriteString(`]}`)
	doc := b.Bytes() // 3.5 MB in "data"
	for _, src := range []string{
		`{"properties":{"data":{"anyOf":[{"type":"array","items":{"$ref":"#/$defs/n"}},{"type":"null"}]}},` +
			`"$defs":{"n":{"required":["n"],"properties":{"n":{"type":"integer"}}}}}`,
		`{"properties":{"data":{"oneOf":[{"type":"null"},{"type":"string"},{"items":{"$ref":"#/$defs/n"},"minItems":1}]}},` +
			`"$defs":{"n":{"required":["n"],"properties":{"n":{"type":"integer"}}}}}`,
	} {
		s := mustCompile(t, src)
		streamsValid(t, s, doc)

		bad := bytes.Replace(doc, []byte(`{"n":77777}`), []byte(`{"n":"x"}`), 1)
		got := readerAsWhole(t, s, bad)
		require.Len(t, got, 1, src)
		assert.Equal(t, "/data/77777/n", got[0].InstanceLocation)
		assert.Contains(t, got[0].KeywordLocation, "Of/", "under the branch's path")
	}
}

// TestFramesUnevaluated: a large member whose own schema has
// unevaluatedProperties streams member by member, each settled as it
// completes, and a refused one is reported as Validate reports it.
func TestFramesUnevaluated(t *testing.T) {
	s := mustCompile(t, `{"properties":{"data":{"$ref":"#/$defs/d","unevaluatedProperties":false}},`+
		`"$defs":{"d":{"type":"object","patternProperties":{"^k[0-9]+$":{"type":"integer"}}}}}`)
	var b bytes.Buffer
	b.WriteString(`{"meta": 1, "data": `)
	b.Write(bigObject(200000))
	b.WriteString(`}`)
	doc := b.Bytes() // 2.6 MB in "data"
	streamsValid(t, s, doc)

	bad := bytes.Replace(doc, []byte(`"k7777":7777,`), []byte(`"x7777":7777,`), 1)
	got := readerAsWhole(t, s, bad)
	require.Len(t, got, 1)
	assert.Equal(t, "/data", got[0].InstanceLocation)
	assert.Equal(t, CodeUnevaluatedProps, got[0].Code)
	assert.Equal(t, "x7777", got[0].Property)
}
