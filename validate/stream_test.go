package validate

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// verdict is a validation result in a comparable form.
type verdict struct {
	Diags Diagnostics
	Err   string
}

func verdictOf(d Diagnostics, err error) verdict {
	v := verdict{Diags: d}
	if err != nil {
		v.Err = err.Error()
	}
	return v
}

// streamCut validates doc written as doc[:cut] then doc[cut:].
func streamCut(s *Schema, doc []byte, cut int) verdict {
	w := s.NewStream()
	if _, err := w.Write(doc[:cut]); err == nil {
		_, _ = w.Write(doc[cut:])
	}
	return verdictOf(w.Close())
}

// streamBytes validates doc written one byte at a time.
func streamBytes(s *Schema, doc []byte) verdict {
	w := s.NewStream()
	for i := range doc {
		if _, err := w.Write(doc[i : i+1]); err != nil {
			break
		}
	}
	return verdictOf(w.Close())
}

// treeVerdict is the whole-tree evaluation of doc (the path Validate took
// for every document before roots streamed): only for JSON documents.
func treeVerdict(s *Schema, doc []byte) verdict {
	return verdictOf(s.NewValidator().ValidateJSON(doc))
}

// assertSameEverywhere checks that Validate, the tree evaluation, a Stream
// cut at every offset, a Stream fed byte by byte and ValidateReader agree.
func assertSameEverywhere(t *testing.T, s *Schema, doc []byte, label string) verdict {
	t.Helper()
	want := verdictOf(s.Validate(doc))
	if want.Err == "" {
		require.Equal(t, want, treeVerdict(s, doc), "%s: tree evaluation", label)
	}
	for cut := 0; cut <= len(doc); cut++ {
		require.Equal(t, want, streamCut(s, doc, cut), "%s: cut at %d", label, cut)
	}
	require.Equal(t, want, streamBytes(s, doc), "%s: byte by byte", label)
	require.Equal(t, want, verdictOf(s.ValidateReader(iotest.OneByteReader(bytes.NewReader(doc)))), "%s: reader", label)
	return want
}

// TestStreamMatchesValidateOnSuite runs every required test of the
// official suite (2020-12, 2019-09 and draft-07) through every way in,
// with root containers under branches and values inside held first (as
// a Stream does), and through lanes and frames from their first byte.
func TestStreamMatchesValidateOnSuite(t *testing.T) {
	for _, after := range []int64{lanesAfter, 0} {
		lanesFrom(t, after)
		descendFrom(t, min(after, descendAfter))
		streamSuite(t)
	}
}

func streamSuite(t *testing.T) {
	for _, d := range []struct {
		dir   string
		draft Draft
	}{{"draft2020-12", Draft2020_12}, {"draft2019-09", Draft2019_09}, {"draft7", Draft7}} {
		files, err := filepath.Glob(filepath.Join(suiteDir, "tests", d.dir, "*.json"))
		require.NoError(t, err)
		for _, f := range files {
			for _, g := range readGroups(t, f) {
				s, err := Compile(g.Schema, Options{DefaultDraft: d.draft, Loader: suiteLoader})
				if err != nil {
					continue
				}
				for _, tc := range g.Tests {
					doc := []byte(tc.Data)
					if len(doc) > 400 {
						// Every cut of a long document costs its length
						// squared; a few cuts are enough there.
						want := verdictOf(s.Validate(doc))
						for _, cut := range []int{0, 1, len(doc) / 3, len(doc) / 2, len(doc) - 1} {
							require.Equal(t, want, streamCut(s, doc, cut))
						}
						continue
					}
					assertSameEverywhere(t, s, doc, filepath.Base(f)+": "+g.Description+" / "+tc.Description)
				}
			}
		}
	}
}

// TestStreamedArrayKeywords: root arrays whose keywords stream, checked
// against the tree evaluation and by value.
func TestStreamedArrayKeywords(t *testing.T) {
	cases := []struct {
		schema, doc string
		want        []string // "location code message"
	}{
		{`{"items":{"type":"integer"}}`, ` [ 1 , "x" ,3, {"a":[1,2]} ] `, []string{
			"/1 type must be integer, got string", "/3 type must be integer, got object"}},
		{`{"$defs":{"t":{"type":"array","items":{"$ref":"#/$defs/i"},"minItems":5},"i":{"type":"object","required":["id"]}},"$ref":"#/$defs/t","maxItems":1}`,
			`[{"id":1},{},{"id":"a,]}"}]`, []string{
				" min_items must have at least 5 items, has 3", " max_items must have at most 1 items, has 3",
				"/1 required missing required property \"id\""}},
		{`{"prefixItems":[{"const":1},false],"items":false}`, `[1,2,3,4]`, []string{
			" additional_items must have at most 2 items, has 4", "/1 false_schema no value is allowed here"}},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"string"}],"additionalItems":false}`, `["a",1]`, []string{
			" additional_items must have at most 1 items, has 2"}},
		{`{"contains":{"type":"string"},"minContains":2,"maxContains":2}`, `["a",1,"b","c"]`, []string{
			" max_contains must contain at most 2 matching items, has 3"}},
		{`{"contains":{"type":"string"}}`, `[1,2,{"a":"b"}]`, []string{
			" contains must contain at least 1 matching items, has 0"}},
		{`{"uniqueItems":true}`, `[1,{"a":1,"b":[1.0,"x"]},2,{"b":[1,"x"],"a":1e0},1]`, []string{
			" unique_items items 1 and 3 are equal"}},
		{`{"uniqueItems":true}`, `[3,1,2,1.0,5]`, []string{" unique_items items 1 and 3 are equal"}},
		{`{"uniqueItems":true,"items":{"maxLength":3}}`, `["abcdefghijklmnopqrstuvwxyz","abcdefghijklmnopqrstuvwxyz0123456789","x","x"]`, []string{
			" unique_items items 2 and 3 are equal", "/0 max_length must be at most 3 characters long, is 26",
			"/1 max_length must be at most 3 characters long, is 36"}},
		{`{"items":{"type":"string"}}`, `[]`, nil},
	}
	for _, c := range cases {
		s := mustCompile(t, c.schema)
		v := assertSameEverywhere(t, s, []byte(c.doc), c.schema+" on "+c.doc)
		require.Empty(t, v.Err)
		var got []string
		for _, d := range v.Diags {
			got = append(got, d.InstanceLocation+" "+string(d.Code)+" "+d.Message)
		}
		assert.Equal(t, c.want, got, c.schema)
	}
}

// TestStreamedArrayReceived: the array's own diagnostics show its first
// bytes as the tree evaluation renders them.
func TestStreamedArrayReceived(t *testing.T) {
	s := mustCompile(t, `{"maxItems":2,"items":{"type":"object"}}`)
	doc := []byte(`[{"name":"a long name that goes past the sixty-four bytes shown","n":1},{},{}]`)
	v := assertSameEverywhere(t, s, doc, "received")
	require.Len(t, v.Diags, 1)
	assert.Equal(t, `[{"name":"a long name that goes past the sixty-four bytes sho...`, v.Diags[0].Received)
	assert.Equal(t, "array", v.Diags[0].ReceivedType)
}

// TestStreamErrors: syntax errors win over diagnostics and evaluation
// errors, whatever the chunking, and carry the offset.
func TestStreamErrors(t *testing.T) {
	// A cycle through $dynamicRef compiles (a $ref cycle does not) and is
	// stopped at run time.
	s := mustCompile(t, `{"items":{"$dynamicRef":"#x"},"$defs":{"x":{"$dynamicAnchor":"x","$dynamicRef":"#x"}}}`)
	v := assertSameEverywhere(t, s, []byte(`[1,2]`), "recursion")
	assert.Contains(t, v.Err, `at "/0"`)
	assert.Contains(t, v.Err, ErrRecursion.Error())

	s = mustCompile(t, `{"items":{"type":"string"}}`)
	for doc, off := range map[string]int{
		`[1, 2, 3`:        8,
		`[1, 2, 3] x`:     10,
		`[1, 2, 3] [`:     10,
		`[1, "a` + "\x01": 6,
		`[1, 01]`:         5,
		"":                0,
		"   ":             3,
		`{"a":1,}`:        7,
	} {
		v := assertSameEverywhere(t, s, []byte(doc), doc)
		assert.Contains(t, v.Err, "not JSON", doc)
		assert.Contains(t, v.Err, "offset "+strconv.Itoa(off), doc)
	}
}

// TestStreamTooLarge: a document that must be held whole stops at the
// cap with a typed error; a streamed array holds one item at a time.
func TestStreamTooLarge(t *testing.T) {
	// A root $ref chain streams too.
	s := mustCompile(t, `{"$ref":"#/$defs/list","$defs":{"list":{"type":"array","items":{"type":"integer"}}}}`)
	w := s.NewStream()
	w.MaxBuffer = 1 << 10
	_, err := w.ReadFrom(strings.NewReader("[" + strings.Repeat("12345,", 100000) + "1]"))
	require.NoError(t, err)
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d)

	// So does a root allOf.
	s2 := mustCompile(t, `{"allOf":[{"type":"array"},{"items":{"minimum":0}}],"minItems":1}`)
	w2 := s2.NewStream()
	w2.MaxBuffer = 1 << 10
	_, err = w2.ReadFrom(strings.NewReader("[" + strings.Repeat("12345,", 100000) + "-1]"))
	require.NoError(t, err)
	d, err = w2.Close()
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, "/100000", d[0].InstanceLocation)
	assert.Equal(t, "/allOf/1/items/minimum", d[0].KeywordLocation)

	w.MaxBuffer = 1 << 10
	_, err = w.ReadFrom(strings.NewReader(`{"a":"` + strings.Repeat("x", 4096) + `"}`))
	var de *DocumentError
	require.True(t, errors.As(err, &de), "%v", err)
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = w.Close()
	assert.ErrorIs(t, err, ErrTooLarge)
}

// TestValidateReaderFile: a file on disk read through ValidateReader gives
// Validate's answer.
func TestValidateReaderFile(t *testing.T) {
	s := compileFile(t, "../testdata/schemas/llm.schema.json")
	for _, name := range []string{"llm.valid.json", "llm.invalid.json"} {
		doc, err := os.ReadFile("../testdata/schemas/" + name)
		require.NoError(t, err)
		f, err := os.Open("../testdata/schemas/" + name)
		require.NoError(t, err)
		got := verdictOf(s.ValidateReader(f))
		require.NoError(t, f.Close())
		assert.Equal(t, verdictOf(s.Validate(doc)), got, name)
	}
	_, err := s.ValidateReader(iotest.ErrReader(fmt.Errorf("disk on fire")))
	assert.EqualError(t, err, "disk on fire")
}

// TestStreamedUniqueItemsMatchesTree: long arrays with duplicates far
// apart, numbers spelled differently and objects with members reordered,
// give the tree evaluation's pair.
func TestStreamedUniqueItemsMatchesTree(t *testing.T) {
	s := mustCompile(t, `{"uniqueItems":true}`)
	rng := rand.New(rand.NewPCG(26, 1))
	for round := range 40 {
		var b strings.Builder
		b.WriteByte('[')
		n := 10 + rng.IntN(3000)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			x := rng.IntN(4 * n)
			switch rng.IntN(3) {
			case 0:
				fmt.Fprintf(&b, "%d", x)
			case 1:
				fmt.Fprintf(&b, "%d.0e0", x)
			default:
				fmt.Fprintf(&b, `{"b":[%d,"x"],"a":null}`, x%50)
			}
		}
		b.WriteByte(']')
		doc := []byte(b.String())
		want := treeVerdict(s, doc)
		require.Equal(t, want, verdictOf(s.Validate(doc)), "round %d", round)
		require.Equal(t, want, streamCut(s, doc, len(doc)/2), "round %d", round)
	}
}

// TestStreamedObjectKeywords: root objects read member by member by a
// Stream give the whole-tree answer of Validate, hints included.
func TestStreamedObjectKeywords(t *testing.T) {
	cases := []struct{ schema, doc string }{
		{`{"$ref":"#/$defs/o","$defs":{"o":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}},"required":["id","name","zip"],"additionalProperties":false,"minProperties":4}},"maxProperties":1}`,
			`{"userId":1, "nmae":"x", "id":"7", "a\"b,}:":{"c":[1,{"d":2}]}}`},
		{`{"patternProperties":{"^x-":{"type":"string"}},"propertyNames":{"maxLength":4},"additionalProperties":{"type":"integer"}}`,
			`{"x-a":1,"x-bbbb":"s","k":"v","k":2,"\u006b":3}`},
		{`{"dependentRequired":{"a":["b","c"]},"required":["q"],"properties":{"b":{}}}`, `{"a":1,"b":2}`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","dependencies":{"a":["b"]},"properties":{"a":{"enum":["x"]}}}`, `{"a":"X"}`},
		{`{"type":"object","properties":{"user_id":{"type":"integer","default":0}},"required":["user_id"],"additionalProperties":false}`, `{"userId":"12"}`},
		{`{"properties":{"a":{"type":"string"}}}`, `{}`},
		{`{"required":["a"]}`, `[{}]`},
	}
	for _, c := range cases {
		s := mustCompile(t, c.schema)
		v := assertSameEverywhere(t, s, []byte(c.doc), c.schema+" on "+c.doc)
		require.Empty(t, v.Err, c.schema)
	}
	// Hints pair extras and missing names as the tree does ("id" is
	// present, so "userId" gets none).
	s := mustCompile(t, cases[0].schema)
	d, err := s.ValidateReader(strings.NewReader(cases[0].doc))
	require.NoError(t, err)
	var hints []string
	for _, x := range d {
		if x.Hint != "" {
			hints = append(hints, x.Property+": "+x.Hint)
		}
	}
	assert.Equal(t, []string{`nmae: did you mean "name"?`, `name: found "nmae": rename it to "name"?`, `: remove the quotes: 7`}, hints)
}

// TestZeroAllocsStreamedArray: a valid root array evaluated item by item
// (and a reused Stream) allocates nothing once warm.
func TestZeroAllocsStreamedArray(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	s := compileFile(t, "../testdata/schemas/tickets.schema.json")
	doc := []byte(`[{"id":"TCK-000001","status":"open","priority":"low","title":"cannot log in","tags":["login","sso"],` +
		`"assignee":{"id":7,"email":"a@example.com"},"created":"2026-01-02T03:04:05Z","estimate":1.5,` +
		`"watchers":[{"id":8,"email":"b@example.com","name":"B"}]},` +
		`{"id":"TCK-000002","status":"closed","priority":"urgent","title":"refund","tags":[],` +
		`"assignee":{"id":9,"email":"c@example.com"},"created":"2026-01-02T03:04:05Z"}]`)
	d, err := s.Validate(doc)
	require.NoError(t, err)
	require.Nil(t, d)
	assert.Zero(t, testing.AllocsPerRun(50, func() { _, _ = s.Validate(doc) }), "Validate")
	w := s.NewStream()
	assert.Zero(t, testing.AllocsPerRun(50, func() {
		_, _ = w.Write(doc[:100])
		_, _ = w.Write(doc[100:])
		_, _ = w.Close()
	}), "Stream")
}

// TestCanonNumber: equal numbers, however spelled, have one canonical
// form; different ones (huge exponents included) do not.
func TestCanonNumber(t *testing.T) {
	canon := func(s string) string { return string(appendCanonNumber(nil, []byte(s))) }
	for _, same := range [][]string{
		{"1", "1.0", "10e-1", "0.1E1", "100e-2", "1.000e+0"},
		{"0", "-0", "0.000", "0e99999999999999999999999"},
		{"-2.5e3", "-2500", "-25e2", "-0.0025e6"},
		{"1e99999999999999999999", "10e99999999999999999998", "0.1e100000000000000000000"},
	} {
		for _, s := range same {
			assert.Equal(t, canon(same[0]), canon(s), s)
		}
	}
	seen := map[string]string{}
	for _, s := range []string{"1", "-1", "2", "1.5", "15", "1e99999999999999999999", "1e99999999999999999998", "2e99999999999999999999", "1e-99999999999999999999"} {
		c := canon(s)
		assert.Empty(t, seen[c], "%s and %s", s, seen[c])
		seen[c] = s
	}
}

// TestStreamedNestedArray: the array value of a root object's member
// streams item by item in a Stream, with the whole-tree answer.
func TestStreamedNestedArray(t *testing.T) {
	s := mustCompile(t, `{"properties":{"list":{"items":{"type":"integer"},"maxItems":1,"uniqueItems":true},"y":{}},"required":["z"]}`)
	doc := []byte(`{"list":[1,"a",3,1],"y":{"long":"a string long enough to push the object's text past 64 bytes"}}`)
	v := assertSameEverywhere(t, s, doc, "nested")
	var got []string
	for _, d := range v.Diags {
		got = append(got, d.InstanceLocation+" "+d.Message+" "+d.Received)
	}
	assert.Equal(t, []string{
		` missing required property "z" {"list":[1,"a",3,1],"y":{"long":"a string long enough to push...`,
		`/list must have at most 1 items, has 4 [1,"a",3,1]`,
		`/list items 0 and 3 are equal [1,"a",3,1]`,
		`/list/1 must be integer, got string "a"`,
	}, got)

	s = mustCompile(t, `{"properties":{"a":{"items":{"$dynamicRef":"#x"}}},"$defs":{"x":{"$dynamicAnchor":"x","$dynamicRef":"#x"}}}`)
	v = assertSameEverywhere(t, s, []byte(`{"a":[1,2]}`), "recursion")
	assert.Contains(t, v.Err, `at "/a/0"`)

	// One item held at a time: a long member array fits a small buffer.
	s = mustCompile(t, `{"type":"object","properties":{"data":{"type":"array","items":{"type":"integer"}}}}`)
	w := s.NewStream()
	w.MaxBuffer = 1 << 10
	_, err := w.ReadFrom(strings.NewReader(`{"meta":1,"data":[` + strings.Repeat("12345,", 100000) + `1]}`))
	require.NoError(t, err)
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d)
}
