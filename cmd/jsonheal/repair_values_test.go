package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRepairOneDocumentOut: exit 0 means stdout is exactly one JSON text;
// several top-level values are refused unless --values chooses.
func TestRepairOneDocumentOut(t *testing.T) {
	cases := []struct {
		in, first, array, lines string
		where                   string
	}{
		{`[][]`, `[]`, `[[],[]]`, "[]\n[]", "1:3:"},
		{`{"a":"b"}#{}`, `{"a":"b"}`, `[{"a":"b"},{}]`, "{\"a\":\"b\"}\n{}", "1:11:"},
		{"1\n2", `1`, `[1,2]`, "1\n2", "2:1:"},
		{"{\"a\":1}\n// next\n{\"b\":2}\n/* last */ {\"c\":3}", `{"a":1}`, `[{"a":1},{"b":2},{"c":3}]`, "{\"a\":1}\n{\"b\":2}\n{\"c\":3}", "3:1:"},
	}
	for _, tc := range cases {
		code, out, errOut := runCLI(t, tc.in, "repair")
		assert.Equal(t, exitFailed, code, tc.in)
		assert.Empty(t, out, tc.in)
		assert.Contains(t, errOut, "multiple_values: "+tc.where, tc.in)
		assert.Contains(t, errOut, "--values=", tc.in)

		for flag, want := range map[string]string{"first": tc.first, "array": tc.array, "lines": tc.lines} {
			code, out, errOut := runCLI(t, tc.in, "repair", "--values="+flag)
			assert.Equal(t, exitOK, code, "%s %q: %s", flag, tc.in, errOut)
			assert.Equal(t, want, out, "%s %q", flag, tc.in)
			if flag != "lines" {
				assert.True(t, json.Valid([]byte(out)), "%s %q: %q", flag, tc.in, out)
			}
		}
	}
}

func TestRepairValuesReportJSON(t *testing.T) {
	code, _, errOut := runCLI(t, "[1] [2] [3]", "repair", "--report=json")
	require.Equal(t, exitFailed, code)
	var doc struct {
		OK     bool `json:"ok"`
		Report struct {
			Values int `json:"values"`
		} `json:"report"`
		Error struct {
			Kind   string `json:"kind"`
			Offset int64  `json:"offset"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal([]byte(errOut), &doc), errOut)
	assert.False(t, doc.OK)
	assert.Equal(t, 3, doc.Report.Values)
	assert.Equal(t, "multiple_values", doc.Error.Kind)
	assert.Equal(t, int64(4), doc.Error.Offset)
}

func TestRepairValuesFlagChecked(t *testing.T) {
	code, _, errOut := runCLI(t, "[]", "repair", "--values=all")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--values must be one, first, array or lines")
}
