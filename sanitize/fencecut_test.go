package sanitize

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A quote followed by a closing fence line (or the fence at the input's
// end) closes its string, and the fence ends the value there: truncated,
// closed with CloseTruncated. The same at every chunk size, marks pruned
// or not, and through a Stream.
func TestFenceAfterQuoteEndsTheValue(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{"{\"key\": \"value, value2\"```", `{"key": "value, value2"}`},
		{"{\"key\": \"value, value2\"```\n", `{"key": "value, value2"}`},
		{"{\"key\": \"value, value2\" ````  \r\n\n ", `{"key": "value, value2" }`},
		{"```json\n[\"a\", {\"b\": \"c\"```\n", `["a", {"b": "c"}]`},
	} {
		out, rep, err := Append(nil, []byte(tc.in), Options{MinConfidence: Guess, CloseTruncated: true})
		require.ErrorIs(t, err, ErrTruncated, "%q", tc.in)
		assert.Equal(t, tc.out, string(out), "%q", tc.in)
		assert.Contains(t, fixKinds(rep), KindFence, "%q", tc.in)
		assert.NotContains(t, fixKinds(rep), KindInnerQuote, "%q", tc.in)
		for size := 1; size < len(tc.in); size++ {
			got, gotRep, gotErr := viaWriter([]byte(tc.in), []int{size}, Options{MinConfidence: Guess, CloseTruncated: true})
			require.ErrorIs(t, gotErr, ErrTruncated, "%q chunk size %d", tc.in, size)
			require.Equal(t, string(out), string(got), "%q chunk size %d", tc.in, size)
			require.Equal(t, rep, gotRep, "%q chunk size %d", tc.in, size)
		}
		checkPruning(t, tc.in, []byte(tc.in))
		for _, size := range []int{1, 2, 3} {
			checkStream(t, tc.in, []byte(tc.in), size, pruneAlways)
		}
		_, _, err = Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
		require.ErrorIs(t, err, ErrTruncated, "%q", tc.in)
	}
}

// Counter-examples: backticks with more text on their line stay in the
// string (the quote before them an inner quote), and text after the
// closing fence is refused, not dropped.
func TestFenceAfterQuoteCounterExamples(t *testing.T) {
	for in, want := range map[string]string{
		"{\"a\": \"x\"`` y\"}":      `{"a": "x\"` + "``" + ` y"}`,
		"{\"a\": \"x\"```js y\"}":   `{"a": "x\"` + "```" + `js y"}`,
		"{\"a\": \"x\" ``` ``` \"}": `{"a": "x\" ` + "``` ```" + ` "}`,
	} {
		out, rep, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, string(out), "%q", in)
		assert.Contains(t, fixKinds(rep), KindInnerQuote, "%q", in)
		checkPruning(t, in, []byte(in))
		checkStream(t, in, []byte(in), 1, pruneAlways)
	}
	_, _, err := Append(nil, []byte("{\"a\": \"x\"```\nmore"), Options{MinConfidence: Guess, CloseTruncated: true})
	require.ErrorIs(t, err, ErrSyntax)
}
