package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// planSchema writes a schema whose plan has a streamed root with lanes,
// a held value below the root, and items read whole.
func planSchema(t *testing.T) string {
	t.Helper()
	return schemaFile(t, `{"type":"object","properties":{"tags":{"type":"array","uniqueItems":true},`+
		`"pick":{"type":"array","enum":[[1]]}},"anyOf":[{"required":["tags"]},{"required":["pick"]}]}`)
}

// TestValidatePlanText: --plan --schema prints the plan as text, flags
// in any order, reads no document (stdin is not JSON) and exits 0.
func TestValidatePlanText(t *testing.T) {
	s := planSchema(t)
	want := "# array: held: type excludes this container\n" +
		"# object: streams (root chain, lanes (2) past 1 MiB)\n" +
		"#/anyOf/0 object: streams (frame, past 64 KiB)\n" +
		"#/anyOf/1 object: streams (frame, past 64 KiB)\n" +
		"#/properties/tags array: streams (frame, uniqueItems hashes, past 64 KiB); items whole: uniqueItems compares each one whole\n" +
		"#/properties/pick array: held: const/enum compares the whole value (guards only at the root)\n"
	for _, args := range [][]string{
		{"validate", "--plan", "--schema", s},
		{"validate", "--schema", s, "--plan"},
		{"validate", "--schema", s, "--output", "text", "--plan"},
	} {
		code, out, errOut := runCLI(t, "not json {", args...)
		assert.Equal(t, exitOK, code, errOut)
		assert.Equal(t, want, out, args)
	}
}

// TestValidatePlanJSON: --output json prints the plan as one JSON array.
func TestValidatePlanJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "", "validate", "--output", "json", "--plan", "--schema", planSchema(t))
	require.Equal(t, exitOK, code, errOut)
	var got []map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.Len(t, got, 6)
	assert.Equal(t, map[string]any{"keywordLocation": "/properties/pick", "type": "array", "streams": false,
		"reason": "const/enum compares the whole value (guards only at the root)"}, got[5])
	assert.Equal(t, map[string]any{"keywordLocation": "", "type": "object", "streams": true,
		"mechanism": "root chain, lanes (2) past 1 MiB"}, got[1])
}

// TestValidatePlanUsage: --plan without --schema, with a document
// argument, or with --output basic is a usage error (exit 2); a schema
// that does not compile exits 3 as without --plan.
func TestValidatePlanUsage(t *testing.T) {
	s := planSchema(t)
	for _, args := range [][]string{
		{"validate", "--plan"},
		{"validate", "--plan", "--schema", s, "doc.json"},
		{"validate", "doc.json", "--plan", "--schema", s},
		{"validate", "--plan", "--schema", s, "--output", "basic"},
	} {
		code, out, errOut := runCLI(t, "{}", args...)
		assert.Equal(t, exitUsage, code, args)
		assert.Empty(t, out, args)
		assert.NotEmpty(t, errOut, args)
	}
	code, _, errOut := runCLI(t, "", "validate", "--plan", "--schema", schemaFile(t, `{"type":12}`))
	assert.Equal(t, exitNoCompile, code, errOut)
}

// TestValidatePlanRefusesStdoutOnTheSchema: the plan is not written into
// the schema file it was read from (exit 2, the schema left as it was).
func TestValidatePlanRefusesStdoutOnTheSchema(t *testing.T) {
	f := newStdoutFixture(t)
	snap := takeSnapshot(t, f.schema)
	snap.assertRefused(t, nil, openAppend(t, f.schema), "stdout (the same file as --schema "+f.schema+")",
		"validate", "--plan", "--schema", f.schema)
}
