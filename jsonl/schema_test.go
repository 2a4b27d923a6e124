package jsonl

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/schemafix"
	"github.com/jsonheal/jsonheal/validate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func compactFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, json.Compact(&buf, b))
	return buf.Bytes()
}

func TestCleanWithACompiledSchema(t *testing.T) {
	schemaText, err := os.ReadFile("../testdata/schemas/llm.schema.json")
	require.NoError(t, err)
	s, err := validate.Compile(schemaText, validate.Options{})
	require.NoError(t, err)
	valid := compactFile(t, "../testdata/schemas/llm.valid.json")
	invalid := compactFile(t, "../testdata/schemas/llm.invalid.json")
	in := bytes.Join([][]byte{valid, invalid, valid}, []byte("\n"))

	res := cleanBytes(t, in, Options{Schema: SchemaValidator(s), Workers: 2})
	require.NoError(t, res.err)
	assert.Equal(t, string(valid)+"\n"+string(valid)+"\n", res.out)
	require.Len(t, res.rejects, 1)
	r := res.rejects[0]
	assert.Equal(t, int64(2), r.Line)
	assert.Equal(t, "schema", r.Reason)
	assert.Contains(t, r.Error, "/id: ")
	var basic struct {
		Valid  bool
		Errors []struct {
			InstanceLocation string `json:"instanceLocation"`
		}
	}
	require.NoError(t, json.Unmarshal(r.Details, &basic))
	assert.False(t, basic.Valid)
	assert.NotEmpty(t, basic.Errors)
	assert.Equal(t, int64(1), res.stats.RejectedBy["schema"])
}

// TestCleanSchemaTooDeepForTheValidator: a record the sanitizer takes
// (its cap is 512 levels) but nested past the schema validator's limit
// (validate.MaxDepth, 299) is rejected as "depth", saying it is the
// validator's limit and where it was crossed (record coordinates, in the
// text and the details, as a sanitizer depth reject has them), not as a
// schema failure of bytes that are "not JSON"; every other field of the
// reject is as for any reject. Whether the schema fixes are on or off and
// whichever sanitizer (the built-in one, whose output is validated
// without a syntax check, or another). A record at the limit is written.
func TestCleanSchemaTooDeepForTheValidator(t *testing.T) {
	s, err := validate.Compile([]byte(`{}`), validate.Options{})
	require.NoError(t, err)
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	atLimit := `{"id":1,"deep":` + nest(validate.MaxDepth-1) + `}`
	tooDeep := `{"id":2,"deep":` + nest(validate.MaxDepth) + `}`                     // level 300 opens at offset 15+298
	pretty := "{\n  \"id\": 3,\n  \"deep\": " + nest(validate.MaxDepth) + "\n}"      // level 300 opens at 23+298, line 3
	repaired := "{\"id\":4,\"s\":\"a\tb\",\"deep\":" + nest(validate.MaxDepth) + "}" // a raw tab the sanitizers escape
	pastSanitizer := `{"id":5,"deep":` + nest(600) + `}`
	in := strings.Join([]string{atLimit, tooDeep, pretty, repaired, pastSanitizer}, "\n") + "\n"
	const msg = "nesting deeper than the schema validator's limit of 299 levels"

	for _, c := range []struct {
		name string
		opts Options
	}{
		{"fixes on", Options{}},
		{"fixes off", Options{DisabledSchemaFixes: schemafix.All}},
		{"another sanitizer", Options{NewSanitizer: newFake}},
	} {
		c.opts.Schema, c.opts.Source, c.opts.Workers = SchemaValidator(s), "in.jsonl", 2
		res := cleanBytes(t, []byte(in), c.opts)
		require.NoError(t, res.err, c.name)
		assert.Equal(t, atLimit+"\n", res.out, c.name)
		require.Len(t, res.rejects, 4, c.name)

		r := res.rejects[0]
		assert.Equal(t, Reject{File: "in.jsonl", Line: 2, Lines: 1, Offset: int64(len(atLimit) + 1), Size: int64(len(tooDeep)),
			Reason: "depth", Error: "1:314: " + msg, Raw: tooDeep,
			Details: json.RawMessage(`{"record_offset":313,"record_line":1,"record_column":314,"message":"` + msg + `"}`)}, r, c.name)
		assert.NotContains(t, r.Error, "not JSON", c.name)

		r = res.rejects[1]
		assert.Equal(t, int64(3), r.Line, c.name)
		assert.Equal(t, 4, r.Lines, c.name)
		assert.Equal(t, "depth", r.Reason, c.name)
		assert.Equal(t, "3:309: "+msg, r.Error, c.name)
		assert.JSONEq(t, `{"record_offset":321,"record_line":3,"record_column":309,"message":"`+msg+`"}`, string(r.Details), c.name)
		assert.Equal(t, pretty, r.Raw, c.name)

		r = res.rejects[2]
		assert.Equal(t, int64(7), r.Line, c.name)
		assert.Equal(t, "depth", r.Reason, c.name)
		// The sanitized record is not the raw one (one byte longer before
		// the nesting): no record coordinates.
		assert.Equal(t, msg+" (at offset 324 of the sanitized record)", r.Error, c.name)
		assert.Empty(t, r.Details, c.name)
		assert.Equal(t, repaired, r.Raw, c.name)

		r = res.rejects[3]
		assert.Equal(t, int64(8), r.Line, c.name)
		assert.Equal(t, "depth", r.Reason, c.name)
		if c.opts.NewSanitizer == nil {
			assert.Equal(t, "1:527: nesting deeper than the limit", r.Error, "the sanitizer's own cap, %s", c.name)
		} else {
			assert.Equal(t, "1:314: "+msg, r.Error, "no sanitizer cap: the validator's, %s", c.name)
		}

		assert.Equal(t, int64(4), res.stats.RejectedBy["depth"], c.name)
		assert.Zero(t, res.stats.RejectedBy["schema"], c.name)
	}
}
