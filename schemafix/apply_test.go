package schemafix

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/validate"
)

// applyEditsOneByOne is the former applyEdits, kept as the oracle: it
// copies the whole document for each edit.
func applyEditsOneByOne(doc []byte, edits []edit) ([]byte, []Fix) {
	slices.SortStableFunc(edits, func(a, b edit) int { return b.start - a.start })
	out := slices.Clone(doc)
	var fixes []Fix
	limit := len(doc) + 1
	for _, e := range edits {
		if e.end > limit {
			continue
		}
		out = slices.Concat(out[:e.start], e.text, out[e.end:])
		fixes = append(fixes, e.fix)
		limit = e.start
	}
	slices.Reverse(fixes)
	return out, fixes
}

// TestApplyEditsMatchesOneByOne: over random edit sets (overlapping,
// nested, empty insertions at one place, replacements of every length),
// the one-pass result is the edit-by-edit one, byte for byte and fix for
// fix.
func TestApplyEditsMatchesOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 2))
	for round := range 2000 {
		doc := make([]byte, rng.IntN(40))
		for i := range doc {
			doc[i] = byte('a' + rng.IntN(26))
		}
		edits := make([]edit, rng.IntN(12))
		for i := range edits {
			start := rng.IntN(len(doc) + 1)
			end := start
			if rng.IntN(3) > 0 {
				end += rng.IntN(len(doc) - start + 1)
			}
			text := []byte(strconv.Itoa(i) + "#")
			edits[i] = edit{start: start, end: end, text: text[:rng.IntN(len(text)+1)], fix: Fix{Path: "/" + strconv.Itoa(i)}}
		}
		wantDoc, wantFixes := applyEditsOneByOne(doc, slices.Clone(edits))
		gotDoc, gotFixes := applyEdits(doc, slices.Clone(edits))
		require.Equal(t, string(wantDoc), string(gotDoc), "round %d: %q %+v", round, doc, edits)
		require.Equal(t, len(wantFixes), len(gotFixes), "round %d", round)
		if len(wantFixes) > 0 {
			assert.Equal(t, wantFixes, gotFixes, "round %d", round)
		}
	}
}

// TestFixManyItemsInOneRound: one coercion per item of a large array, all
// applied in the first round, the document then valid.
func TestFixManyItemsInOneRound(t *testing.T) {
	doc := intArray(5000)
	s, err := validate.Compile([]byte(`{"type":"array","items":{"type":"string"}}`), validate.Options{})
	require.NoError(t, err)
	ds, err := s.Validate(doc)
	require.NoError(t, err)
	fixed, fixes, ok := (&Fixer{Schema: s}).Fix(doc, ds)
	require.True(t, ok)
	require.Len(t, fixes, 5000)
	assert.Equal(t, "/4999", fixes[4999].Path)
	assert.Equal(t, `"9"`, fixes[4999].To)
	ds, err = s.Validate(fixed)
	require.NoError(t, err)
	assert.Nil(t, ds)
}

// TestLookupInLargeObject: an object with more members than scanMembers
// is looked up by name, the last duplicate winning, escaped names decoded.
func TestLookupInLargeObject(t *testing.T) {
	doc := []byte(`{"a":0,"b":1,"c":2,"d":3,"e":4,"f":5,"g":6,"h":7,"i":8,"\u006a":9,"a":10}`)
	x := indexDoc(doc)
	for ptr, want := range map[string]string{"/a": "10", "/j": "9", "/h": "7"} {
		s, e, ok := x.locate(ptr)
		require.True(t, ok, ptr)
		assert.Equal(t, want, string(doc[s:e]), ptr)
	}
	_, _, ok := x.locate("/k")
	assert.False(t, ok)
}
