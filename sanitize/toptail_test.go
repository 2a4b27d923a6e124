package sanitize

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Text after a top-level string on its line (issue #25 item 2): a prose
// fix is certain only when nothing in the text could belong to the
// string; the inner-quote reading is a guess; two open readings are
// refused.
func TestTopLevelStringTail(t *testing.T) {
	cases := []struct {
		name, in, out string
		fixes         []string
		err           error
	}{
		{name: "inner quote, inches", in: `"The TV has a 24" screen"`, out: `"The TV has a 24\" screen"`,
			fixes: []string{"inner_quote@16(1:17)"}},
		{name: "inner quote, parenthesis", in: `"He is six feet (72") tall"`, out: `"He is six feet (72\") tall"`,
			fixes: []string{"inner_quote@19(1:20)"}},
		{name: "several inner quotes", in: `"say "hi" and "bye" now"`, out: `"say \"hi\" and \"bye\" now"`,
			fixes: []string{"inner_quote@5(1:6)", "inner_quote@8(1:9)", "inner_quote@14(1:15)", "inner_quote@18(1:19)"}},
		{name: "inner quote then prose on the next line", in: "\"a 24\" TV\"\nThanks!", out: `"a 24\" TV"`,
			fixes: []string{"inner_quote@5(1:6)", "prose@11(2:1)"}},
		{name: "two strings are two values", in: `"a" "b"`, err: ErrMultipleValues},
		{name: "a string then an object", in: `"a" {"b":1}`, err: ErrMultipleValues},
		{name: "prose without a quote", in: `"yes" is my answer.`, out: `"yes"`, fixes: []string{"prose@6(1:7)"}},
		{name: "two readings refused", in: `"a" said "b" yesterday`, err: ErrSyntax},
		{name: "quote after non-ASCII text refused", in: `"a" é "b"`, err: ErrSyntax},
		{name: "too many quotes refused", in: `"a"` + ` x"x"x"x"x"x"x"x"x"`, err: ErrSyntax},
		{name: "blanks only", in: "\"a\" \t\r\n", out: "\"a\" \t\r\n"},
		{name: "at the end of input", in: `"a"`, out: `"a"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, rep, err := Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.out, string(out))
			assert.Equal(t, tc.fixes, fixes(rep))
			for _, f := range rep.Fixes {
				if f.Kind == KindInnerQuote {
					assert.Equal(t, Guess, f.Confidence)
				}
			}
		})
	}
}

func TestTopLevelStringTailChoices(t *testing.T) {
	out, _, err := Append(nil, []byte(`"a" "b"`), Options{MinConfidence: Guess, Values: ValuesLines})
	require.NoError(t, err)
	assert.Equal(t, "\"a\" \"b\"", string(out))
	out, _, err = Append(nil, []byte(`"a" "b"`), Options{MinConfidence: Guess, Values: ValuesArray})
	require.NoError(t, err)
	assert.Equal(t, `["a","b"]`, string(out))

	// Without the inner-quote repair, a quote in the text is refused
	// rather than dropped as prose.
	_, _, err = Append(nil, []byte(`"The TV has a 24" screen"`), Options{MinConfidence: Guess, Strict: true})
	require.ErrorIs(t, err, ErrSyntax)
	_, _, err = Append(nil, []byte(`"The TV has a 24" screen"`), Options{MinConfidence: Likely})
	require.ErrorIs(t, err, ErrNeedsModel)
}

func TestTopLevelStringTailSplitAnywhere(t *testing.T) {
	for _, in := range []string{
		`"The TV has a 24" screen"`,
		"\"say \"hi\" and \"bye\" now\"  \nok \"x\"",
		`"a" "b" {"c":1}`,
		`"yes" is my answer.`,
		`"a" said "b" yesterday`,
	} {
		src := []byte(in)
		opts := Options{MinConfidence: Guess, Values: ValuesLines}
		want, wantRep, wantErr := Append(nil, src, opts)
		for cut := 1; cut < len(src); cut++ {
			out, rep, err := writeInTwo(src, cut, opts)
			assert.Equal(t, wantErr == nil, err == nil, "%q cut %d", in, cut)
			assert.Equal(t, string(want), out, "%q cut %d", in, cut)
			assert.Equal(t, wantRep, rep, "%q cut %d", in, cut)
		}
	}
}

// A comma right after a top-level value, on its line, followed by a quote
// may be the value going on (closed too early): refused, not dropped as
// certain prose. Otherwise the comma is prose as before.
func TestTopLevelValueComma(t *testing.T) {
	for _, in := range []string{`{"a": "x"}, "b" 2}`, `{"a": "x"}, "b\n": 2}`, `{"a": "x"}, "b"`, "{\"a\": \"x\"}, \"b\"\n: 2}", `[1], "x"`, `{"a":1}, 'b': 2}`, `{}, "b": 2}`} {
		_, _, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.ErrorIs(t, err, ErrSyntax, in)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Contains(t, e.Msg, "closed too early", in)
	}
	for in, want := range map[string]string{
		`{"a":1},`:                 `{"a":1}`,
		"{\"a\":1},\n":             `{"a":1}`,
		`{"a":1}, and that is all`: `{"a":1}`,
		"{\"a\":1}\n, \"b\"":       `{"a":1}`,
	} {
		out, rep, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.NoError(t, err, in)
		assert.Equal(t, want, string(out), in)
		require.Len(t, rep.Fixes, 1, in)
		assert.Equal(t, KindProse, rep.Fixes[0].Kind, in)
	}
	out, _, err := Append(nil, []byte(`{"a":1}, {"b":2}`), Options{MinConfidence: Guess, Values: ValuesArray})
	require.NoError(t, err)
	assert.Equal(t, `[{"a":1},{"b":2}]`, string(out))
}

// A ':' after a complete top-level value, on its line, means the value
// was a member's name (`"score": 5`, the braces left out) or that a
// member follows it (`{"a": 1} total: 2`): the text dropped may be data,
// so the drop is a prose_value guess, never certain prose. A ':' followed
// by a word ("Note: this is JSON.") keeps the prose certain, as text that
// begins with a word does.
func TestColonAfterTopLevelValue(t *testing.T) {
	cases := []struct {
		name, in, out string
		fixes         []string // under the floor Guess
		err           error    // under the floor Guess
	}{
		{name: "bare member, number", in: `"score": 5`, out: `"score"`, fixes: []string{"prose_value@7(1:8)"}},
		{name: "bare member, array", in: `"result": [1, 2]`, out: `"result"`, fixes: []string{"prose_value@8(1:9)"}},
		{name: "bare member, words", in: `"The answer": forty-two`, out: `"The answer"`, fixes: []string{"prose_value@12(1:13)"}},
		{name: "object as a key", in: `{"a": 1}: 2`, out: `{"a": 1}`, fixes: []string{"prose_value@8(1:9)"}},
		{name: "object as a key, then an object", in: `{"a":1} : {"b":2}`, err: ErrMultipleValues},
		{name: "member in the prose", in: `{"a": 1} hello: 2`, out: `{"a": 1}`, fixes: []string{"prose_value@9(1:10)"}},
		{name: "member in a string's tail", in: `"x" total: 2`, out: `"x"`, fixes: []string{"prose_value@4(1:5)"}},
		{name: "member after a comma", in: `[1], count: 1`, out: `[1]`, fixes: []string{"prose_value@3(1:4)"}},
		{name: "a time is a guess too", in: `[1] at 12:30`, out: `[1]`, fixes: []string{"prose_value@4(1:5)"}},
		{name: "then certain prose on the next line", in: "{\"a\": 1} hello: 2\nThanks!", out: `{"a": 1}`,
			fixes: []string{"prose_value@9(1:10)"}},
		{name: "sign-off on the next line", in: "{\"a\":1}\nHope this helps!", out: `{"a":1}`, fixes: []string{"prose@8(2:1)"}},
		{name: "a word after the colon", in: `{"a":1} Note: this is JSON.`, out: `{"a":1}`, fixes: []string{"prose@8(1:9)"}},
		{name: "a word after the colon, string", in: `"x" Note: this is JSON.`, out: `"x"`, fixes: []string{"prose@4(1:5)"}},
		{name: "after a blank line", in: "{\"a\":1}\n\nLet me know if you need anything else.", out: `{"a":1}`, fixes: []string{"prose@9(3:1)"}},
		{name: "a colon and a number on the next line", in: "{\"a\":1}\nNote: 5 fields are required.", out: `{"a":1}`, fixes: []string{"prose@8(2:1)"}},
		{name: "a URL", in: `{"a":1} see https://example.com/a`, out: `{"a":1}`, fixes: []string{"prose@8(1:9)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, rep, err := Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
			if tc.err != nil {
				require.ErrorIs(t, err, tc.err)
			} else {
				require.NoError(t, err)
				assert.Equal(t, tc.out, string(out))
				assert.Equal(t, tc.fixes, fixes(rep))
			}

			// Under the default floor a guess is refused, named where
			// the dropped text begins; certain prose is dropped.
			_, _, err = Append(nil, []byte(tc.in), Options{})
			guess := tc.err != nil || strings.HasPrefix(tc.fixes[0], "prose_value@")
			if !guess {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrNeedsModel)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, KindProseValue, e.Kind)
			assert.Equal(t, Guess, e.Confidence)
			if tc.err == nil {
				assert.Equal(t, tc.fixes[0], fmt.Sprintf("prose_value@%d(%d:%d)", e.Offset, e.Line, e.Column))
			}
		})
	}

	// Where several values are wanted, the text between them is still
	// the guess.
	out, rep, err := Append(nil, []byte(`{"a":1} : {"b":2}`), Options{MinConfidence: Guess, Values: ValuesFirst})
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(out))
	assert.Equal(t, []string{"prose_value@8(1:9)", "values@10(1:11)"}, fixes(rep))
}

// The colon may be found in a later chunk than the prose's start: every
// split gives the output, report and error of one Append.
func TestColonAfterTopLevelValueSplitAnywhere(t *testing.T) {
	for _, in := range []string{
		`{"a": 1} hello: 2`,
		"{\"a\": 1} hello:  \t 2\n{\"b\": 2} x: y",
		`"score": 5`,
		`{"a":1} Note: this is JSON.`,
		`{"a":1} : {"b":2} c: 'd'`,
	} {
		src := []byte(in)
		for _, floor := range []Confidence{Guess, Likely} {
			opts := Options{MinConfidence: floor, Values: ValuesLines}
			want, wantRep, wantErr := Append(nil, src, opts)
			for cut := 1; cut < len(src); cut++ {
				out, rep, err := writeInTwo(src, cut, opts)
				assert.Equal(t, wantErr, err, "%q cut %d", in, cut)
				if wantErr == nil {
					assert.Equal(t, string(want), out, "%q cut %d", in, cut)
					assert.Equal(t, wantRep, rep, "%q cut %d", in, cut)
				}
			}
		}
	}
}

// writeInTwo sanitizes src through a Writer fed src[:cut] then src[cut:],
// and returns what it wrote, its report and its error.
func writeInTwo(src []byte, cut int, opts Options) (string, Report, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf, opts)
	_, err := w.Write(src[:cut])
	if err == nil {
		_, err = w.Write(src[cut:])
	}
	if err == nil {
		err = w.Close()
	}
	return buf.String(), *w.Report(), err
}
