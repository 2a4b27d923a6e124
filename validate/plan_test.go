package validate

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planEntryAt returns the entry of p for the schema location loc and type
// typ, failing the test when there is none.
func planEntryAt(t *testing.T, p Plan, loc, typ string) PlanEntry {
	t.Helper()
	for _, e := range p {
		if e.KeywordLocation == loc && e.Type == typ {
			return e
		}
	}
	require.Failf(t, "no plan entry", "%s %s in\n%s", loc, typ, p.Text())
	return PlanEntry{}
}

// TestPlanHeldIsWhatTheStreamDoes: for each schema, the plan's entry at
// the location of a large value (an array of 180,000 integers, about 18
// times descendAfter) says whether the value streams or is held whole;
// a Stream written in 4 KiB chunks then really holds it whole (its
// buffer grows to the value's size) or reads it a few items at a time,
// and gives Validate's answer on it, valid and with one item broken.
func TestPlanHeldIsWhatTheStreamDoes(t *testing.T) {
	big := failingArray(180000)
	for _, c := range []struct {
		name, schema, pre, post string
		loc, typ                string // the entry that decides
		held                    holdReason
		items                   holdReason // its Items (the container holding big)
	}{
		{name: "uniqueItems holds each item", schema: `{"items":{"type":"array","items":{"type":"integer"}},"uniqueItems":true}`,
			pre: `[`, post: `]`, loc: "", typ: "array", items: holdItemsUnique},
		{name: "contains holds each item", schema: `{"items":{"type":"array","items":{"type":"integer"}},"contains":{"type":"array"}}`,
			pre: `[`, post: `]`, loc: "", typ: "array", items: holdItemsContains},
		{name: "unevaluatedProperties holds each member", schema: `{"properties":{"a":{"type":"array","items":{"type":"integer"}}},"unevaluatedProperties":false}`,
			pre: `{"a":`, post: `}`, loc: "", typ: "object", items: holdItemsUneval},
		{name: "anyOf below the root", schema: `{"properties":{"a":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"array","items":{"type":"string"}}]}}}`,
			pre: `{"a":`, post: `}`, loc: "/properties/a", typ: "array", held: holdAnyOf},
		{name: "enum below the root", schema: `{"properties":{"a":{"type":"array","enum":[[1,2]]}}}`,
			pre: `{"a":`, post: `}`, loc: "/properties/a", typ: "array", held: holdConst},
		{name: "not below the root", schema: `{"items":{"type":"array","not":{"items":{"type":"string"}}}}`,
			pre: `[`, post: `]`, loc: "/items", typ: "array", held: holdNot},
		{name: "a plain array streams", schema: `{"properties":{"a":{"type":"array","items":{"type":"integer"}}}}`,
			pre: `{"a":`, post: `}`, loc: "/properties/a", typ: "array"},
		{name: "a sole branch streams", schema: `{"items":{"anyOf":[{"type":"null"},{"type":"array","items":{"type":"integer"}}]}}`,
			pre: `[`, post: `]`, loc: "/items", typ: "array"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustCompile(t, c.schema)
			e := planEntryAt(t, s.Plan(), c.loc, c.typ)
			require.Equal(t, c.held == streams, e.Streams, e)
			assert.Equal(t, c.held.String(), e.Reason)
			assert.Equal(t, c.items.String(), e.Items)

			doc := append(append([]byte(c.pre), big...), c.post...)
			w := s.NewStream()
			most := writeChunks(t, w, doc, 4096)
			_, err := w.Close()
			require.NoError(t, err)
			if c.held != streams || c.items != streams {
				assert.GreaterOrEqual(t, most, len(big), "held whole")
			} else {
				assert.Less(t, most, 4*int(descendAfter), "a few items held, not the value")
			}
			readerAsWhole(t, s, doc)
			readerAsWhole(t, s, bytes.Replace(doc, []byte(",177777,"), []byte(`,"x",`), 1))
		})
	}
}

// TestPlanRootReasons: the root entries of schemas the root chain cannot
// stream say why, and a Stream over an array under each gives up on
// the same reason (schemaChain.held) and reads it whole, with
// Validate's answer.
func TestPlanRootReasons(t *testing.T) {
	many := `{"anyOf":[` + string(bytes.Repeat([]byte(`{"items":true},`), maxLanes)) + `true]}`
	for schema, want := range map[string]holdReason{
		`true`:              holdBoolean,
		`{"type":"string"}`: holdType,
		`{"allOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/a"}],"$defs":{"a":{"items":true}}}`: holdRepeat,
		many: holdLanes,
		`{"enum":[[1]],"unevaluatedItems":false}`:                                                                     holdUnevalGuard,
		`{"allOf":[{"enum":[[1]]}],"unevaluatedItems":false}`:                                                         holdUnevalGuard,
		`{"anyOf":[{"prefixItems":[true]}],"not":{"unevaluatedItems":false,"anyOf":[true]},"unevaluatedItems":false}`: holdUnevalLanes,
	} {
		s := mustCompile(t, schema)
		e := planEntryAt(t, s.Plan(), "", "array")
		assert.False(t, e.Streams, schema)
		assert.Equal(t, want.String(), e.Reason, schema)

		// The Stream gives up on the same reason and reads the array whole.
		w := s.NewStream()
		_, err := w.Write([]byte(`[1, [2], {"a": 3}]`))
		require.NoError(t, err)
		assert.Equal(t, modeWhole, w.st.doc.mode, schema)
		assert.Equal(t, want, w.st.arr.held, schema)
		streamed, err := w.Close()
		require.NoError(t, err)
		whole, err := s.Validate([]byte(`[1, [2], {"a": 3}]`))
		require.NoError(t, err)
		assert.Equal(t, whole, streamed, schema)
	}
}

// TestPlanRootMechanisms: a root container that streams says how: lanes
// (held whole up to lanesAt first), a const/enum guard, a const/enum that
// fails on every such container, unevaluated* deferred over lanes.
func TestPlanRootMechanisms(t *testing.T) {
	for schema, want := range map[string]string{
		`{"items":{"type":"integer"}}`:                                         "root chain",
		`{"oneOf":[{"items":{"type":"integer"}},{"items":{"type":"string"}}]}`: "root chain, lanes (2) past 1 MiB",
		`{"const":[1,2]}`:  "root chain, const/enum guard",
		`{"enum":[1,"a"]}`: "root chain, const/enum fails",
		`{"anyOf":[{"prefixItems":[true]}],"unevaluatedItems":false}`: "root chain, lanes (1) past 1 MiB, unevaluated* deferred over lanes",
	} {
		e := planEntryAt(t, mustCompile(t, schema).Plan(), "", "array")
		assert.True(t, e.Streams, schema)
		assert.Equal(t, want, e.Mechanism, schema)
	}
}

// TestPlanJSONAndText: the plan's JSON form and Text, by value, for a
// schema reached through $ref (absolute locations given), and a
// Validate after Plan on the same schema (its scratch state reused)
// still answers as before.
func TestPlanJSONAndText(t *testing.T) {
	s := mustCompile(t, `{"$ref":"#/$defs/a","$defs":{"a":{"type":"array","uniqueItems":true,"items":{"enum":[1,[2]]}}}}`)
	p := s.Plan()
	b, err := json.Marshal(p)
	require.NoError(t, err)
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	enum := "const/enum compares the whole value (guards only at the root)"
	assert.Equal(t, []map[string]any{
		{"keywordLocation": "", "type": "array", "streams": true, "mechanism": "root chain, uniqueItems hashes",
			"items": "uniqueItems compares each one whole"},
		{"keywordLocation": "", "type": "object", "streams": false, "reason": "type excludes this container"},
		{"keywordLocation": "/$ref", "absoluteKeywordLocation": "#/$defs/a", "type": "array", "streams": true,
			"mechanism": "frame, uniqueItems hashes, past 64 KiB", "items": "uniqueItems compares each one whole"},
		{"keywordLocation": "/$ref/items", "absoluteKeywordLocation": "#/$defs/a/items", "type": "array", "streams": false, "reason": enum},
		{"keywordLocation": "/$ref/items", "absoluteKeywordLocation": "#/$defs/a/items", "type": "object", "streams": false, "reason": enum},
	}, got)
	assert.Equal(t, "# array: streams (root chain, uniqueItems hashes); items whole: uniqueItems compares each one whole\n"+
		"# object: held: type excludes this container\n"+
		"#/$ref [#/$defs/a] array: streams (frame, uniqueItems hashes, past 64 KiB); items whole: uniqueItems compares each one whole\n"+
		"#/$ref/items [#/$defs/a/items] array: held: "+enum+"\n"+
		"#/$ref/items [#/$defs/a/items] object: held: "+enum+"\n", p.Text())

	d := readerAsWhole(t, s, []byte(`[1,[2],1]`))
	require.Len(t, d, 1)
	assert.Equal(t, CodeUniqueItems, d[0].Code)
}

// TestHoldReasonTexts: every reason has a text of its own (they are
// Plan's output), and streams none.
func TestHoldReasonTexts(t *testing.T) {
	seen := map[string]holdReason{}
	assert.Empty(t, streams.String())
	for r := streams + 1; r < numHoldReasons; r++ {
		text := r.String()
		require.NotEmpty(t, text, r)
		_, dup := seen[text]
		require.False(t, dup, text)
		seen[text] = r
	}
}
