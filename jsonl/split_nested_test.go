package jsonl

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nestedRecord is a record with objects and arrays nested at several
// depths, as models pretty-print them.
func nestedRecord(id int) map[string]any {
	return map[string]any{
		"id": id,
		"k":  []any{map[string]any{"z": "[", "d": map[string]any{"e": []any{map[string]any{"f": []any{1, map[string]any{"g": "}"}}}}}}},
		"m":  []any{[]any{map[string]any{"x": 1}}, []any{}},
		"o":  map[string]any{"p": map[string]any{"q": []any{true, nil}}},
	}
}

func prettyRecord(t *testing.T, v any, indent string) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", indent)
	require.NoError(t, err)
	return string(b)
}

func oneLineRecord(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// cutsOf returns the prefixes of a pretty-printed record cut after its
// "id" line: at each line end, and inside each line.
func cutsOf(pretty string) []string {
	lines := strings.Split(pretty, "\n")
	var cuts []string
	for n := 2; n < len(lines); n++ {
		head := strings.Join(lines[:n], "\n")
		cuts = append(cuts, head)
		if last := lines[n-1]; len(strings.TrimLeft(last, " \t")) > 2 {
			cuts = append(cuts, head[:len(head)-2])
		}
	}
	return cuts
}

// TestSplitCutPrettyRecordKeepsItsNestedValues: a pretty-printed record
// cut after one of its nested values, then a whole record at column 0.
// The nested value, whole by itself, came out as a record of its own (a
// record that never was in the input), and the cut record as fragments.
// Now the cut record is one record, cut, and each whole record after it
// comes out once, unchanged (checked by value).
func TestSplitCutPrettyRecordKeepsItsNestedValues(t *testing.T) {
	for _, indent := range []string{"  ", "\t", "    "} {
		pretty := prettyRecord(t, nestedRecord(1), indent)
		for _, cut := range cutsOf(pretty) {
			for _, after := range [][]string{
				{oneLineRecord(t, nestedRecord(2))},
				{prettyRecord(t, nestedRecord(2), indent), oneLineRecord(t, nestedRecord(3))},
				{oneLineRecord(t, nestedRecord(2)), prettyRecord(t, nestedRecord(3), indent)},
			} {
				in := cut + "\n" + strings.Join(after, "\n") + "\n"
				recs := splitBothWays(t, in)
				require.Len(t, recs, 1+len(after), "%q", in)
				assert.Equal(t, cut, string(recs[0].Data), "%q", in)
				assert.True(t, recs[0].Cut, "%q", in)
				for i, rec := range recs[1:] {
					assert.False(t, rec.Cut, "%q", in)
					assert.JSONEq(t, after[i], string(rec.Data), "%q", in)
				}
			}
		}
	}
}

// TestSplitCutPrettyRecordCleanedAsOneReject: the tester's case through
// the Cleaner: one reject holding the whole cut record, then the record.
func TestSplitCutPrettyRecordCleanedAsOneReject(t *testing.T) {
	cut := "{\n  \"id\": 1,\n  \"k\": [\n    {\n      \"z\": 1\n    }\n  "
	cleanedAs(t, cut+"\n{\"id\": 2}\n", []string{`{"id": 2}`},
		[]Reject{{Line: 1, Lines: 7, Reason: "truncated", Raw: cut}})
}

// TestSplitIndentedRecordAfterACutRecord: a line indented deeper than a
// cut record's first line is read as an array element of it only when it
// is laid out as one (deeper than the line that opened the array, or as
// deep as the element before it); otherwise it still starts a record, so
// that the cut record does not take it.
func TestSplitIndentedRecordAfterACutRecord(t *testing.T) {
	pretty := "{\n  \"id\": 1,\n  \"arr\": [\n    6,"
	for _, cut := range []string{`{"a": [1,`, `[1,`, pretty, "{\n  \"id\": 1,\n  \"k\": ", pretty + "\n    "} {
		for _, next := range []string{`  {"id": 2}`, "\t[2]", `  {"id": 2} `} {
			in := cut + "\n" + next + "\n{\"id\": 3}\n"
			recs := splitBothWays(t, in)
			assert.Equal(t, []string{strings.TrimSpace(cut), strings.TrimSpace(next), `{"id": 3}`}, trimmed(recs), "%q", in)
			assert.Equal(t, []bool{true, false, false}, []bool{recs[0].Cut, recs[1].Cut, recs[2].Cut}, "%q", in)
		}
	}
	// Inside a string, indentation says nothing: the line starts a record.
	recs := splitBothWays(t, "{\"a\": \"x\n    {\"id\": 2}\n{\"id\": 3}\n")
	assert.Equal(t, []string{`{"a": "x`, `{"id": 2}`, `{"id": 3}`}, trimmed(recs))

	// Laid out as an element, the line is one: the ambiguous layouts are
	// read as a pretty-printed array cut after that element.
	for _, in := range []string{
		"{\"a\": {\"b\": [\n  {\"id\": 2}\n{\"id\": 3}\n",
		pretty + "\n    {\"id\": 2}\n{\"id\": 3}\n",
	} {
		recs := splitBothWays(t, in)
		require.Len(t, recs, 2, "%q", in)
		assert.Equal(t, []string{strings.TrimSuffix(in, "\n{\"id\": 3}\n"), `{"id": 3}`}, datas(recs), "%q", in)
		assert.True(t, recs[0].Cut, "%q", in)
	}
}

// trimmed returns the records' data without the blanks around them.
func trimmed(recs []Record) []string {
	out := datas(recs)
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}
