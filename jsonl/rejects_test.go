package jsonl

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRejectLineIsJSONWhateverItCarries(t *testing.T) {
	m := &recMeta{line: 7, lines: 2, offset: 120, size: 9}
	raw := []byte("{\"a\":\"\x01\n\"}")
	d := &Diagnosis{Text: "bad \xff byte \"quoted\"\t\\", Details: []byte(`{"k":1}`)}
	line := appendReject(nil, "in\xfe.jsonl", m, raw, ReasonSyntax, d)
	require.Equal(t, byte('\n'), line[len(line)-1])
	require.True(t, json.Valid(line[:len(line)-1]), "%s", line)
	var r Reject
	require.NoError(t, json.Unmarshal(line, &r))
	assert.Equal(t, Reject{File: "in\uFFFD.jsonl", Line: 7, Lines: 2, Offset: 120, Size: 9, Reason: "syntax",
		Error: "bad \uFFFD byte \"quoted\"\t\\", Details: json.RawMessage(`{"k":1}`), Raw: string(raw)}, r)
	got, err := r.RawBytes()
	require.NoError(t, err)
	assert.Equal(t, raw, got)
}

// TestRejectKeepsInvalidUTF8AsBase64: a record that is not valid UTF-8
// comes back byte for byte from raw_base64, with no raw field (whatever
// the raw attempt wrote first is taken back).
func TestRejectKeepsInvalidUTF8AsBase64(t *testing.T) {
	m := &recMeta{line: 1, lines: 1, size: 12, tooLarge: true}
	raw := []byte("{\"a\":\"\xff\xfe\"}")
	line := appendReject(nil, "", m, raw, ReasonTooLarge, &Diagnosis{Text: "too large"})
	require.True(t, json.Valid(line[:len(line)-1]), "%s", line)
	var r Reject
	require.NoError(t, json.Unmarshal(line, &r))
	assert.Empty(t, r.Raw)
	assert.True(t, r.RawTruncated)
	got, err := r.RawBytes()
	require.NoError(t, err)
	assert.Equal(t, raw, got)
	assert.NotContains(t, string(line), `"raw":`)
}

func TestReasonNamesAreStable(t *testing.T) {
	want := map[Reason]string{ReasonSyntax: "syntax", ReasonTruncated: "truncated", ReasonNoValue: "no_value",
		ReasonMultipleValues: "multiple_values", ReasonTooLarge: "too_large", ReasonDepth: "depth",
		ReasonSchema: "schema", ReasonNeedsModel: "needs_model", 0: "unknown", reasonCount: "unknown"}
	for r, name := range want {
		assert.Equal(t, name, r.String())
	}
}

// indentedValidator reports its details laid out over lines, or not JSON.
type indentedValidator struct{ details string }

func (v indentedValidator) Check([]byte) *Diagnosis {
	return &Diagnosis{Text: "no", Details: []byte(v.details)}
}

// TestACallersDetailsStayOnTheRejectsLine: a caller's Validator that
// writes indented JSON details, or text that is not JSON, leaves the
// rejects file one JSON object per line (the details compacted, or kept
// as a string).
func TestACallersDetailsStayOnTheRejectsLine(t *testing.T) {
	for details, want := range map[string]string{
		"{\n  \"path\": \"/a\",\n  \"why\": [1,\n 2]\n}": `{"path":"/a","why":[1,2]}`,
		"not json\nat all": `"not json\nat all"`,
		`{"kept":"as is"}`: `{"kept":"as is"}`,
	} {
		var rej bytes.Buffer
		_, err := NewCleaner(Options{Workers: 1, Schema: indentedValidator{details}}).Run(context.Background(), strings.NewReader("{\"a\":1}\n{\"b\":2}\n"), io.Discard, &rej)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSuffix(rej.String(), "\n"), "\n")
		require.Len(t, lines, 2, "%q", rej.String())
		for _, line := range lines {
			var r Reject
			require.NoError(t, json.Unmarshal([]byte(line), &r), line)
			assert.JSONEq(t, want, string(r.Details))
		}
	}
}
