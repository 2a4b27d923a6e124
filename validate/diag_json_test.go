package validate

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDiagnosticsEncodeAsTheBasicFormat checks that encoding/json writes
// Diagnostics in the shape of AppendBasic (jsonheal validate
// --output=basic), each unit with its details, and a default as JSON.
func TestDiagnosticsEncodeAsTheBasicFormat(t *testing.T) {
	s, err := Compile([]byte(`{"type": "object", "required": ["tags"],
		"properties": {"status": {"enum": ["active", "gone"]}, "tags": {"type": "array", "default": ["x", 1]}},
		"additionalProperties": false}`), Options{})
	require.NoError(t, err)
	ds, err := s.Validate([]byte(`{"status": "Active", "extra": 1}`))
	require.NoError(t, err)
	require.Len(t, ds, 3)

	got, err := json.Marshal(ds)
	require.NoError(t, err)
	var full, basic struct {
		Valid  bool             `json:"valid"`
		Errors []map[string]any `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(got, &full))
	require.NoError(t, json.Unmarshal(ds.AppendBasic(nil), &basic))
	assert.False(t, full.Valid)
	require.Len(t, full.Errors, len(basic.Errors))
	for i, unit := range basic.Errors {
		for k, v := range unit {
			assert.Equal(t, v, full.Errors[i][k], "unit %d key %s: the basic format's value", i, k)
		}
	}
	byCode := map[string]map[string]any{}
	for _, e := range full.Errors {
		byCode[e["code"].(string)] = e
	}
	assert.Equal(t, []any{"x", float64(1)}, byCode["required"]["default"], "the default as JSON, not base64")
	assert.Equal(t, "tags", byCode["required"]["property"])
	assert.Equal(t, `"Active"`, byCode["enum"]["received"])
	assert.Equal(t, "/status", byCode["enum"]["instanceLocation"])
	assert.Equal(t, "extra", byCode["additional_properties"]["property"])

	one, err := json.Marshal(struct{ D Diagnostic }{ds[0]})
	require.NoError(t, err)
	var wrapped struct{ D map[string]any }
	require.NoError(t, json.Unmarshal(one, &wrapped))
	assert.Equal(t, full.Errors[0], wrapped.D, "one Diagnostic encodes as its unit")

	valid, err := json.Marshal(Diagnostics(nil))
	require.NoError(t, err)
	assert.JSONEq(t, `{"valid":true}`, string(valid))
}
