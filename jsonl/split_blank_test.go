package jsonl

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lineBlanks are the Unicode blanks the splitter reads as blanks at a line
// start (internal/blank.LineLen), with their names.
var lineBlanks = []struct{ name, s string }{
	{"BOM U+FEFF", "\uFEFF"}, {"NBSP U+00A0", "\u00A0"}, {"NEL U+0085", "\u0085"},
	{"U+1680", "\u1680"}, {"U+2000", "\u2000"}, {"U+2001", "\u2001"}, {"U+2002", "\u2002"},
	{"U+2003", "\u2003"}, {"U+2004", "\u2004"}, {"U+2005", "\u2005"}, {"U+2006", "\u2006"},
	{"U+2007", "\u2007"}, {"U+2008", "\u2008"}, {"U+2009", "\u2009"}, {"U+200A", "\u200A"},
	{"ZWSP U+200B", "\u200B"}, {"LS U+2028", "\u2028"}, {"PS U+2029", "\u2029"},
	{"U+202F", "\u202F"}, {"U+205F", "\u205F"}, {"U+3000", "\u3000"},
	{"two of them and a space", "\uFEFF \u00A0"},
}

// splitBothWays splits in whole and one byte at a time, requires the same
// records, and returns them.
func splitBothWays(t *testing.T, in string) []Record {
	t.Helper()
	whole := splitString(t, in)
	bytewise, err := splitAll(t, iotest.OneByteReader(strings.NewReader(in)), SplitOptions{ReadBufferSize: 16})
	require.NoError(t, err)
	require.Equal(t, whole, bytewise, "%q read byte by byte", in)
	return whole
}

// TestSplitUnicodeBlankAtALineStart: `{"a":1,` then `\ufeff{"c":2}`
// (files concatenated from tools that write a byte order mark) gave one
// record holding both. A Unicode blank at a line start is a blank for the
// splitter's rules; it stays in the record's bytes.
func TestSplitUnicodeBlankAtALineStart(t *testing.T) {
	for _, b := range lineBlanks {
		t.Run(b.name, func(t *testing.T) {
			for _, cut := range []string{`{"a":1,`, `{"a":"x`, `{"a":`, `[1,`} {
				in := cut + "\n" + b.s + `{"c":2}` + "\n" + b.s + "  \n" + `{"d":3}` + "\n"
				recs := splitBothWays(t, in)
				require.Equal(t, []string{cut, b.s + `{"c":2}`, `{"d":3}`}, datas(recs), "%q", in)
				assert.True(t, recs[0].Cut)
				assert.False(t, recs[1].Cut)
				assert.Equal(t, []int64{1, 2, 4}, lines(recs))
				for _, r := range recs {
					assert.Equal(t, string(r.Data), in[r.Offset:r.Offset+int64(len(r.Data))], "untouched bytes")
				}
			}
			// A line of blanks alone is a blank line, there or at the end.
			recs := splitBothWays(t, `{"a":1}`+"\n"+b.s+"\n"+b.s+"\t"+b.s+"\r\n"+`{"b":2}`+"\n"+b.s)
			assert.Equal(t, []string{`{"a":1}`, `{"b":2}`}, datas(recs))
			// A fence after blanks is a fence line; a closer after blanks
			// continues a pretty-printed record.
			recs = splitBothWays(t, `{"a":"x`+"\n"+b.s+"```json\n{\"c\":2}\n```\n")
			assert.Equal(t, []string{`{"a":"x`, b.s + "```json\n{\"c\":2}\n```"}, datas(recs))
			in := "{\n" + b.s + `"a": [1,` + "\n" + b.s + `{"b":2}` + "\n" + b.s + "]\n" + b.s + "}\n"
			assert.Equal(t, []string{in[:len(in)-1]}, datas(splitBothWays(t, in)))
		})
	}
}

// TestSplitCharactersNearTheBlanksAreNoBlanks: the characters next to the
// blanks in Unicode open a line as before (here a line the cut record
// takes: one record holding both).
func TestSplitCharactersNearTheBlanksAreNoBlanks(t *testing.T) {
	for _, c := range []string{"\u00A1", "\u00C2", "\u1681", "\u200C", "\u2027", "\u202A", "\u2060", "\u3001", "\uFEFE", "\uFFFD"} {
		in := `{"a":1,` + "\n" + c + `{"c":2}` + "\n"
		assert.Equal(t, []string{in[:len(in)-1]}, datas(splitBothWays(t, in)), "%q", c)
	}
}

// TestCleanUnicodeBlankAtALineStartLosesNothing: through the Cleaner and
// the real sanitizer, the cut record is the only reject and the record
// after the blank comes out by value, its blank dropped with a Fix (a
// byte order mark as "bom").
func TestCleanUnicodeBlankAtALineStartLosesNothing(t *testing.T) {
	for _, b := range lineBlanks {
		in := `{"a":1,` + "\n" + b.s + `{"c":2}` + "\n" + `{"d":3}` + "\n"
		var out, rej bytes.Buffer
		c := NewCleaner(Options{})
		st, err := c.Run(context.Background(), strings.NewReader(in), &out, &rej)
		require.NoError(t, err, b.name)
		assert.Equal(t, "{\"c\":2}\n{\"d\":3}\n", out.String(), b.name)
		assert.Equal(t, int64(1), st.Repaired, b.name)
		if b.name == "BOM U+FEFF" {
			assert.Equal(t, map[string]int64{"bom": 1}, st.RepairedBy)
		}
		var r Reject
		require.NoError(t, json.Unmarshal(rej.Bytes(), &r), b.name)
		assert.Equal(t, `{"a":1,`, r.Raw, b.name)
		assert.Equal(t, int64(1), st.Rejected, b.name)
	}
}
