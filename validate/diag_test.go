package validate

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustCompile(t testing.TB, schema string) *Schema {
	t.Helper()
	s, err := Compile([]byte(schema), Options{})
	require.NoError(t, err)
	return s
}

func mustInvalid(t testing.TB, s *Schema, doc string) Diagnostics {
	t.Helper()
	d, err := s.Validate([]byte(doc))
	require.NoError(t, err)
	require.NotEmpty(t, d, "document should be invalid")
	return d
}

func TestValidReturnsNil(t *testing.T) {
	s := mustCompile(t, `{"type":"object","required":["a"]}`)
	d, err := s.Validate([]byte(`{"a":1}`))
	require.NoError(t, err)
	assert.Nil(t, d)
}

func TestRequiredReportedOnceAtParent(t *testing.T) {
	s := mustCompile(t, `{
		"type":"object",
		"properties":{"id":{"type":"integer","default":0},"name":{"type":"string"}},
		"required":["id","name"],
		"allOf":[{"required":["id"]}]
	}`)
	d := mustInvalid(t, s, `{"name":"x"}`)
	require.Len(t, d, 1)
	assert.Equal(t, "", d[0].InstanceLocation)
	assert.Equal(t, CodeRequired, d[0].Code)
	assert.Equal(t, "id", d[0].Property)
	assert.Equal(t, "0", string(d[0].Default))
	assert.Equal(t, "/required", d[0].KeywordLocation)
}

func TestExtraPropertiesListedWithAllowedNames(t *testing.T) {
	s := mustCompile(t, `{
		"type":"object","additionalProperties":false,
		"properties":{"id":{"type":"integer"},"priority":{"enum":["low","high"]}},
		"required":["id"]
	}`)
	d := mustInvalid(t, s, `{"userId":1,"priority":"low","extra":true}`)
	var extras []string
	for _, x := range d {
		if x.Code == CodeAdditionalProperties {
			extras = append(extras, x.Property)
			assert.Equal(t, []string{"id", "priority"}, x.Allowed)
			assert.Equal(t, "", x.InstanceLocation)
		}
	}
	assert.Equal(t, []string{"userId", "extra"}, extras)
	assert.Equal(t, `did you mean "id"?`, d[0].Hint, "userId is a near miss of the missing id")
	text := d.Text(0)
	assert.Contains(t, text, `/: properties "userId", "extra" are not allowed (allowed: id, priority)`)
	assert.Contains(t, text, `/: missing required property "id" (found "userId": rename it to "id"?)`)
}

func TestEnumNearMissHint(t *testing.T) {
	s := mustCompile(t, `{"properties":{"priority":{"enum":["low","medium","high"]}}}`)
	d := mustInvalid(t, s, `{"priority":"High"}`)
	require.Len(t, d, 1)
	assert.Equal(t, CodeEnum, d[0].Code)
	assert.Equal(t, "/priority", d[0].InstanceLocation)
	assert.Equal(t, `did you mean "high"?`, d[0].Hint)
	assert.Equal(t, []string{`"low"`, `"medium"`, `"high"`}, d[0].Allowed)
	assert.Equal(t, `"High"`, d[0].Received)
	assert.Equal(t, "string", d[0].ReceivedType)
	// No hint when nothing is close.
	d = mustInvalid(t, s, `{"priority":"whatever"}`)
	assert.Empty(t, d[0].Hint)
}

func TestAnyOfReportsBestBranch(t *testing.T) {
	s := mustCompile(t, `{
		"$defs":{
			"circle":{"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number","minimum":0}},"required":["kind","r"]},
			"rect":{"type":"object","properties":{"kind":{"const":"rect"},"w":{"type":"number"},"h":{"type":"number"}},"required":["kind","w","h"]}
		},
		"anyOf":[{"$ref":"#/$defs/circle"},{"$ref":"#/$defs/rect"}]
	}`)
	d := mustInvalid(t, s, `{"kind":"rect","w":2}`)
	require.Len(t, d, 1, d.Text(0))
	assert.Equal(t, CodeRequired, d[0].Code)
	assert.Equal(t, "h", d[0].Property)
	assert.Equal(t, "/anyOf/1/$ref/required", d[0].KeywordLocation)

	// Every branch wants another type: one line that lists them.
	s = mustCompile(t, `{"oneOf":[{"type":"string"},{"type":"integer"}]}`)
	d = mustInvalid(t, s, `true`)
	require.Len(t, d, 1)
	assert.Equal(t, CodeType, d[0].Code)
	assert.Equal(t, []string{"string", "integer"}, d[0].Allowed)
	assert.Equal(t, "oneOf", d[0].Keyword)

	d = mustInvalid(t, mustCompile(t, `{"oneOf":[{"type":"integer"},{"minimum":0}]}`), `5`)
	assert.Equal(t, CodeOneOfMultiple, d[0].Code)
}

func TestDiagnosticsInDocumentOrder(t *testing.T) {
	s := mustCompile(t, `{
		"properties":{
			"z":{"type":"string"},
			"a":{"type":"array","items":{"type":"integer"}},
			"m":{"type":"object","required":["q"]}
		},
		"required":["missing"]
	}`)
	doc := `{"a":[1,"x",2,"y"],"m":{},"z":5}`
	d := mustInvalid(t, s, doc)
	var locs []string
	for _, x := range d {
		locs = append(locs, x.InstanceLocation)
	}
	assert.Equal(t, []string{"", "/a/1", "/a/3", "/m", "/z"}, locs)
	// Deterministic: the same list every time, from any goroutine.
	for range 5 {
		again, err := s.Validate([]byte(doc))
		require.NoError(t, err)
		assert.Equal(t, d, again)
	}
}

func TestLLMInvalidDocumentDiagnostics(t *testing.T) {
	s := compileFile(t, "../testdata/schemas/llm.schema.json")
	doc, err := os.ReadFile("../testdata/schemas/llm.invalid.json")
	require.NoError(t, err)
	d, err := s.Validate(doc)
	require.NoError(t, err)
	byLoc := map[string]Diagnostic{}
	for _, x := range d {
		byLoc[x.InstanceLocation+" "+string(x.Code)] = x
	}
	assert.Contains(t, byLoc, " additional_properties")
	assert.Equal(t, "notes", byLoc[" additional_properties"].Property)
	assert.Equal(t, "reasoning", byLoc[" required"].Property)
	assert.Equal(t, `did you mean "pro"?`, byLoc["/customer/tier enum"].Hint)
	assert.Equal(t, `did you mean "high"?`, byLoc["/priority enum"].Hint)
	assert.Equal(t, "remove the quotes: 2", byLoc["/version type"].Hint)
	assert.Equal(t, "0.01", byLoc["/actions/0/amount multiple_of"].Expected)
	assert.Equal(t, "/properties/escalation/anyOf/1/$ref/properties/level/maximum", byLoc["/escalation/level maximum"].KeywordLocation)
	assert.Equal(t, "https://jsonheal.dev/schemas/llm-ticket.json#/$defs/escalation/properties/level/maximum",
		byLoc["/escalation/level maximum"].AbsoluteKeywordLocation)
	assert.NotContains(t, byLoc, "/escalation type", "the null branch of anyOf is not reported")
	assert.Len(t, d, 20)
}

func TestTextCap(t *testing.T) {
	s := mustCompile(t, `{"items":{"type":"integer"}}`)
	d := mustInvalid(t, s, `["a","b","c","d","e","f","g","h","i","j"]`)
	require.Len(t, d, 10)
	full := d.Text(0)
	assert.Equal(t, 10, strings.Count(full, "\n")+1)
	assert.True(t, strings.HasPrefix(full, `/0: must be integer, got string "a"`), full)
	capped := d.Text(120)
	assert.LessOrEqual(t, len(capped), 120)
	lines := strings.Split(capped, "\n")
	shown := len(lines) - 1
	assert.Equal(t, omitted(10-shown), lines[len(lines)-1])
	assert.Greater(t, shown, 0)
}

func TestBasicOutput(t *testing.T) {
	s := mustCompile(t, `{"$id":"https://example.com/s","properties":{"a/b":{"$ref":"#/$defs/n"}},"$defs":{"n":{"type":"number"}}}`)
	d := mustInvalid(t, s, `{"a/b":"x"}`)
	out := d.AppendBasic(nil)
	var got struct {
		Valid  bool `json:"valid"`
		Errors []struct {
			Valid                   bool   `json:"valid"`
			KeywordLocation         string `json:"keywordLocation"`
			AbsoluteKeywordLocation string `json:"absoluteKeywordLocation"`
			InstanceLocation        string `json:"instanceLocation"`
			Error                   string `json:"error"`
		} `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(out, &got))
	assert.False(t, got.Valid)
	require.Len(t, got.Errors, 1)
	e := got.Errors[0]
	assert.Equal(t, "/properties/a~1b/$ref/type", e.KeywordLocation)
	assert.Equal(t, "https://example.com/s#/$defs/n/type", e.AbsoluteKeywordLocation)
	assert.Equal(t, "/a~1b", e.InstanceLocation)
	assert.Equal(t, `must be number, got string`, e.Error)
	assert.Equal(t, `{"valid":true}`, string(Diagnostics(nil).AppendBasic(nil)))
}

func TestUnevaluatedDiagnostics(t *testing.T) {
	s := mustCompile(t, `{"prefixItems":[{"type":"string"}],"unevaluatedItems":false,
		"properties":{"o":{"properties":{"a":true},"unevaluatedProperties":false}}}`)
	d := mustInvalid(t, s, `["x",1,2]`)
	require.Len(t, d, 2)
	assert.Equal(t, CodeUnevaluatedItems, d[0].Code)
	assert.Equal(t, "/1", d[0].InstanceLocation)
	assert.Equal(t, "/unevaluatedItems", d[0].KeywordLocation)
	assert.Equal(t, "/2", d[1].InstanceLocation)
	d = mustInvalid(t, s, `{"o":{"a":1,"b":2}}`)
	require.Len(t, d, 1)
	assert.Equal(t, CodeUnevaluatedProps, d[0].Code)
	assert.Equal(t, "b", d[0].Property)
	assert.Equal(t, []string{"a"}, d[0].Allowed)
	assert.Equal(t, "/o", d[0].InstanceLocation)
}

func TestTextEdgeCases(t *testing.T) {
	assert.Equal(t, "", Diagnostics(nil).Text(100))
	d := mustInvalid(t, mustCompile(t, `{"items":{"type":"integer"}}`), `["a","b","c"]`)
	// A cap too small for any line still says how many were left out when
	// that fits, and never exceeds the cap.
	for _, max := range []int{1, 10, 30, 40, 60, 200} {
		txt := d.Text(max)
		assert.LessOrEqual(t, len(txt), max, "cap %d: %q", max, txt)
	}
	assert.Equal(t, omitted(3), d.Text(len(omitted(3))))
}

func TestValidatorMatchesSchemaValidate(t *testing.T) {
	s := compileFile(t, "../testdata/schemas/llm.schema.json")
	v := s.NewValidator()
	for _, f := range []string{"llm.valid.json", "llm.invalid.json"} {
		doc := readFile(t, "../testdata/schemas/"+f)
		want, err := s.Validate(doc)
		require.NoError(t, err)
		for range 3 {
			got, err := v.Validate(doc)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		}
	}
	_, err := v.Validate([]byte(`{"a":`))
	assert.ErrorIs(t, err, ErrNotJSON)
}

func TestDiagnosticsSurviveLaterValidations(t *testing.T) {
	// Returned diagnostics own their strings: later calls do not change them.
	s := mustCompile(t, `{"properties":{"a":{"enum":["x","y"]}},"additionalProperties":false}`)
	d1 := mustInvalid(t, s, `{"a":"X","b":1}`)
	snapshot := d1.Text(0)
	for range 20 {
		mustInvalid(t, s, `{"a":"Y","zz":2,"qq":3}`)
	}
	assert.Equal(t, snapshot, d1.Text(0))
}

// TestDedupeManyAtOneLocation: past dedupeScan diagnostics at one
// location dedupe uses a set; it keeps the first of equal ones, in order,
// as comparing each with all the earlier ones of its location does.
func TestDedupeManyAtOneLocation(t *testing.T) {
	var out Diagnostics
	for _, loc := range []string{"", "/a", "/b"} {
		for i := range 300 {
			out = append(out, Diagnostic{InstanceLocation: loc, Code: CodeRequired,
				Property: strconv.Itoa(i % 41), Message: "m" + strconv.Itoa(i%7)})
		}
	}
	var want Diagnostics
	for i, d := range out {
		dup := false
		for j := i - 1; j >= 0 && out[j].InstanceLocation == d.InstanceLocation; j-- {
			dup = dup || out[j].Code == d.Code && out[j].Property == d.Property && out[j].Message == d.Message
		}
		if !dup {
			want = append(want, d)
		}
	}
	got := slices.Clone(out)
	got = got[:dedupe(got)]
	require.Equal(t, want, got)
	require.Len(t, got, 3*287) // lcm(41, 7) distinct pairs, 300 > 287
}
