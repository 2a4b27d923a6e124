package schemafix

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/validate"
)

// mayFixValues are member values of every JSON type, with strings that
// read as numbers, booleans and null, and numbers the validator and the
// rules may name differently (1.0).
var mayFixValues = []string{
	`"x"`, `"R\u0045d"`, `"\"X\""`, `"A-LONG-ENUM-VALUE-THAT-IS-LONGER-THAN-THE-RECEIVED-TEXT-OF-A-DIAGNOSTIC"`, `"42"`, `"-1.5"`, `"true"`, `"null"`, `" 7 "`, `""`, `"Red"`, `"RED "`,
	`42`, `-1.5`, `1.0`, `1e3`, `0`, `true`, `false`, `null`, `{}`, `{"a":1}`, `[]`, `[1]`,
}

// mayFixSchemas give value "v" every kind of rule a chance: each type and
// pairs of types, enums, a default, and allowed names close to extra ones.
var mayFixSchemas = []string{
	`{"properties":{"v":{"type":"string"}}}`,
	`{"properties":{"v":{"type":"integer"}}}`,
	`{"properties":{"v":{"type":"number"}}}`,
	`{"properties":{"v":{"type":"boolean"}}}`,
	`{"properties":{"v":{"type":"null"}}}`,
	`{"properties":{"v":{"type":"object"}}}`,
	`{"properties":{"v":{"type":"array"}}}`,
	`{"properties":{"v":{"type":["string","null"]}}}`,
	`{"properties":{"v":{"type":["integer","boolean"]}}}`,
	`{"properties":{"v":{"type":["array","integer"]}}}`,
	`{"properties":{"v":{"type":["object","number"]}}}`,
	`{"properties":{"v":{"enum":["red","green"]}}}`,
	`{"properties":{"v":{"enum":[1,"x",null]}}}`,
	`{"properties":{"v":{"enum":["a-long-enum-value-that-is-longer-than-the-received-text-of-a-diagnostic"]}}}`,
	`{"properties":{"v":{"type":"string","enum":["RED"]}}}`,
	`{"properties":{"v":{"enum":["r\u0065d","\"x\""]}}}`,
	`{"properties":{"v":{"type":"array","items":{"type":"integer"}}}}`,
	`{"required":["w"],"properties":{"w":{"default":3}}}`,
	`{"required":["w","u"],"properties":{"w":{"type":"string"}}}`,
	`{"additionalProperties":false,"required":["V"],"properties":{"V":{}}}`,
	`{"additionalProperties":false,"properties":{"value":{},"vv":{}}}`,
	`{"additionalProperties":false,"properties":{"zzz":{}}}`,
	`{"additionalProperties":false,"patternProperties":{"^q":{}},"properties":{"w":{}}}`,
}

// TestMayFixNeverHidesAFix: for every diagnostic of every value against
// every schema, a diagnostic mayFix rules out gets no edit from any rule,
// on its own, whatever rules are on: the test that spares the scan of a
// document never costs a fix.
func TestMayFixNeverHidesAFix(t *testing.T) {
	ruleSets := []Rule{All, Rename, EnumCase, Coerce, WrapArray, Default, Coerce | WrapArray}
	checked, ruledOut := 0, 0
	for _, schema := range mayFixSchemas {
		s, err := validate.Compile([]byte(schema), validate.Options{})
		require.NoError(t, err, schema)
		for _, v := range mayFixValues {
			doc := []byte(`{"v":` + v + `}`)
			ds, err := s.Validate(doc)
			require.NoError(t, err)
			for _, d := range view(ds) {
				for _, rules := range ruleSets {
					checked++
					if mayFix(d, rules) {
						continue
					}
					ruledOut++
					edits := editsFor(indexDoc(doc), []diag{d}, rules, 0)
					assert.Empty(t, edits, fmt.Sprintf("schema %s, doc %s, rules %v, diag %+v", schema, doc, rules, d))
				}
			}
		}
	}
	// The test means something only if both answers occur often.
	assert.Greater(t, ruledOut, 100)
	assert.Greater(t, checked-ruledOut, 100)
}

// TestMayFixSparesTheScan: a record that fails with no fixable diagnostic
// (a required property without a default, a number where an integer is
// wanted) gets no edit and no index of the document.
func TestMayFixSparesTheScan(t *testing.T) {
	s, err := validate.Compile([]byte(`{"required":["w"],"properties":{"v":{"type":"integer"}}}`), validate.Options{})
	require.NoError(t, err)
	doc := []byte(`{"v":1.5}`)
	ds, err := s.Validate(doc)
	require.NoError(t, err)
	require.Len(t, ds, 2)
	for _, d := range view(ds) {
		assert.False(t, mayFix(d, All), "%+v", d)
	}
	assert.Nil(t, proposeFixes(doc, view(ds), All, 0))
}

// TestViewDropsPatternsWithoutTouchingTheDiagnostics: the rules see the
// allowed names of an extra property without patternProperties patterns;
// the validator's list, shared by the object's diagnostics, keeps them.
func TestViewDropsPatternsWithoutTouchingTheDiagnostics(t *testing.T) {
	shared := []string{"a", "/^q/", "b"}
	ds := validate.Diagnostics{
		{Code: validate.CodeAdditionalProperties, Property: "x", Allowed: shared},
		{Code: validate.CodeAdditionalProperties, Property: "y", Allowed: shared[:1]},
		{Code: validate.CodeEnum, Allowed: []string{`"/a/"`, "/b/"}},
	}
	v := view(ds)
	assert.Equal(t, []string{"a", "b"}, v[0].Allowed)
	assert.Equal(t, []string{"a"}, v[1].Allowed)
	assert.Equal(t, []string{`"/a/"`, "/b/"}, v[2].Allowed, "only additionalProperties lists hold patterns")
	assert.Equal(t, []string{"a", "/^q/", "b"}, shared)
}

// TestMayFixSeesEscapedEnumValues: an enum value written with escapes, and
// a received string holding a quote, still count as a case-fold match.
func TestMayFixSeesEscapedEnumValues(t *testing.T) {
	s, err := validate.Compile([]byte(`{"properties":{"v":{"enum":["r\u0065d","\"x\""]}}}`), validate.Options{})
	require.NoError(t, err)
	for _, v := range []string{`"RED"`, `"\"X\""`} {
		doc := []byte(`{"v":` + v + `}`)
		ds, err := s.Validate(doc)
		require.NoError(t, err)
		require.Len(t, ds, 1)
		d := view(ds)[0]
		assert.True(t, mayFix(d, EnumCase), v)
		assert.Len(t, editsFor(indexDoc(doc), []diag{d}, EnumCase, 0), 1, v)
	}
}
