package validate

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRefCycles(t *testing.T) {
	// Cycles that consume the instance are fine (recursive schemas).
	s := mustCompile(t, `{"$defs":{"tree":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/tree"}}}}},"$ref":"#/$defs/tree"}`)
	d, err := s.Validate([]byte(`{"kids":[{"kids":[{"kids":[]}]},{"kids":[1]}]}`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, "/kids/1/kids/0", d[0].InstanceLocation)
	// Cycles that never consume it do not compile: a typed error that
	// says where the cycle is.
	for _, c := range []struct{ schema, loc, msg string }{
		{`{"$ref":"#"}`, "", "# /$ref -> #"},
		{`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`, "/$defs/a",
			"#/$defs/a /$ref -> #/$defs/b /allOf/0 -> #/$defs/b/allOf/0 /$ref -> #/$defs/a"},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"$ref":"#/definitions/a"}},"anyOf":[{"$ref":"#/definitions/a"}]}`,
			"/definitions/a", "#/definitions/a /$ref -> #/definitions/a"},
		{`{"anyOf":[{"type":"string"},{"not":{"$ref":"#"}}]}`, "", "# /anyOf/1 -> #/anyOf/1 /not -> #/anyOf/1/not /$ref -> #"},
		{`{"if":{"$ref":"#/$defs/t"},"$defs":{"t":{"if":true,"then":{"$ref":"#"}}}}`, "", "# /if -> #/if /$ref -> #/$defs/t /then -> #/$defs/t/then /$ref -> #"},
		{`{"dependentSchemas":{"a":{"$ref":"#"}}}`, "", "# /dependentSchemas/a -> #/dependentSchemas/a /$ref -> #"},
	} {
		_, err := Compile([]byte(c.schema), Options{})
		require.ErrorIs(t, err, ErrRecursion, c.schema)
		var ce *CompileError
		require.ErrorAs(t, err, &ce)
		assert.Equal(t, c.loc, ce.Location, c.schema)
		assert.Equal(t, c.msg, ce.Msg, c.schema)
	}
	// A cycle through a dynamic reference (its target depends on the
	// path) is stopped at run time, with a typed error.
	s = mustCompile(t, dynamicCycle)
	_, err = s.Validate([]byte(`{"a":[1]}`))
	assert.ErrorIs(t, err, ErrRecursion)
	var de *DocumentError
	assert.True(t, errors.As(err, &de))
}

// dynamicCycle recurses through $dynamicRef on /a/0 without progress.
const dynamicCycle = `{"properties":{"a":{"items":{"$dynamicRef":"#x"}}},"$defs":{"x":{"$dynamicAnchor":"x","$dynamicRef":"#x"}}}`

func TestRecursionErrorPointer(t *testing.T) {
	// The fast pass keeps no paths; the error still says where it is.
	s := mustCompile(t, dynamicCycle)
	for _, validate := range []func([]byte) (Diagnostics, error){s.Validate, s.NewValidator().ValidateJSON} {
		_, err := validate([]byte(`{"a":[1,2]}`))
		var de *DocumentError
		require.ErrorAs(t, err, &de)
		assert.ErrorIs(t, err, ErrRecursion)
		assert.Equal(t, "/a/0", de.Pointer)
	}
}

func TestDeepSchemaNesting(t *testing.T) {
	deep := strings.Repeat(`{"items":`, 10000) + `{}` + strings.Repeat(`}`, 10000)
	_, err := Compile([]byte(deep), Options{})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrDepth)
	var ce *CompileError
	require.True(t, errors.As(err, &ce))
	// Within the limit, deep schemas work on deep documents.
	n := MaxDepth/2 - 1
	schema := strings.Repeat(`{"items":`, n) + `{"type":"integer"}` + strings.Repeat(`}`, n)
	s := mustCompile(t, schema)
	doc := strings.Repeat("[", n) + `"x"` + strings.Repeat("]", n)
	d, err := s.Validate([]byte(doc))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, strings.Repeat("/0", n), d[0].InstanceLocation)
}

func TestHugeEnum(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"enum":[`)
	for i := range 100000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote("v" + strconv.Itoa(i)))
	}
	b.WriteString(`,1,{"a":[1,2]}]}`)
	s := mustCompile(t, b.String())
	for doc, valid := range map[string]bool{`"v99999"`: true, `"v100000"`: false, `1.0`: true, `{"a":[1,2.0]}`: true, `{"a":[2,1]}`: false} {
		d, err := s.Validate([]byte(doc))
		require.NoError(t, err)
		assert.Equal(t, valid, d == nil, doc)
		if !valid {
			assert.LessOrEqual(t, len(d[0].Message), 300, "messages stay short")
		}
	}
}

func TestCatastrophicPatternIsLinear(t *testing.T) {
	// (a+)+$ backtracks exponentially in ECMA engines; RE2 is linear.
	s := mustCompile(t, `{"pattern":"^(a+)+$"}`)
	doc := `"` + strings.Repeat("a", 100000) + `!"`
	d, err := s.Validate([]byte(doc))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, CodePattern, d[0].Code)
	assert.LessOrEqual(t, len(d[0].Received), maxReceived)
}

func TestLargeUniqueItems(t *testing.T) {
	s := mustCompile(t, `{"uniqueItems":true}`)
	var b strings.Builder
	b.WriteByte('[')
	for i := range 20000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteString(`]`)
	d, err := s.Validate([]byte(b.String()))
	require.NoError(t, err)
	assert.Nil(t, d)
	dup := b.String()[:b.Len()-1] + `,1.5,{"x":1},123e1]`
	d, err = s.Validate([]byte(dup))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, "items 1230 and 20002 are equal", d[0].Message)
}

// TestDeepRecursiveSchemaOnDeepDocument: a recursive schema that takes
// several evaluation steps per level handles the deepest document accepted.
func TestDeepRecursiveSchemaOnDeepDocument(t *testing.T) {
	s := mustCompile(t, `{"$defs":{"node":{"anyOf":[{"type":"integer"},{"type":"array","items":{"allOf":[{"$ref":"#/$defs/node"}]}}]}},"$ref":"#/$defs/node"}`)
	doc := strings.Repeat("[", MaxDepth) + "1" + strings.Repeat("]", MaxDepth)
	d, err := s.Validate([]byte(doc))
	require.NoError(t, err)
	assert.Nil(t, d)
	bad := strings.Repeat("[", MaxDepth) + `"x"` + strings.Repeat("]", MaxDepth)
	d, err = s.Validate([]byte(bad))
	require.NoError(t, err)
	require.NotEmpty(t, d)
	assert.Equal(t, strings.Repeat("/0", MaxDepth), d[0].InstanceLocation)
}
