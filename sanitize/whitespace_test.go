package sanitize

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Unicode blanks between tokens are whitespace (issue #25 item 3): one
// certain whitespace fix each, never the start of a bare value; inside
// strings they stay.
func TestUnicodeBlanksBetweenTokens(t *testing.T) {
	cases := []struct{ in, out string }{
		{"{\"a\":\u00a0\"foo\"}", `{"a":"foo"}`},
		{"[1,\u202f2]", `[1,2]`},
		{"[1,\u30002]", `[1,2]`},
		{"[1,\u20032]", `[1,2]`},
		{"[1,\u200b2]", `[1,2]`},
		{"[\u1680true,\u205fnull]", `[true,null]`},
		{"{\u2000\"a\"\u2001:\u2002[\u2009]\u200a}", `{"a":[]}`},
		{"{\ufeff\"a\":1}", `{"a":1}`},
		{"[1\u00a0,2\u00a0]", `[1,2]`},
		{"{\"a\":\"x\"\u00a0, \"b\":1}", `{"a":"x", "b":1}`},       // after a quote that may close its string
		{"{\"k\u00a0\":\"v\u3000\"}", "{\"k\u00a0\":\"v\u3000\"}"}, // inside strings: data
	}
	for _, tc := range cases {
		out, rep, err := Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
		require.NoError(t, err, "%q", tc.in)
		assert.Equal(t, tc.out, string(out), "%q", tc.in)
		for _, f := range rep.Fixes {
			assert.Equal(t, KindWhitespace, f.Kind, "%q", tc.in)
			assert.Equal(t, Certain, f.Confidence, "%q", tc.in)
		}
		if tc.in != tc.out {
			assert.NotEmpty(t, rep.Fixes, "%q", tc.in)
		}
	}
}

// The counter-examples the blank repair must not mangle: characters that
// share a blank's first bytes but are none keep their old reading.
func TestUnicodeBlankLookalikesKeepTheirReading(t *testing.T) {
	cases := []struct{ in, out string }{
		{"[\u00a9]", "[\"\u00a9\"]"},                                          // C2 A9: a bare word, quoted
		{"{\"a\":\u201cx\u201d}", `{"a":"x"}`},                                // E2 80 9C: a typographic quote
		{"[1\uff0c2]", `[1,2]`},                                               // EF BC 8C: full-width comma
		{"{\"a\":\"He said \"hi\"\u2014 ok\"}", `{"a":"He said \"hi\"— ok"}`}, // E2 80 94 after a quote: inner quote
		{"[\u3001]", "[\"\u3001\"]"},                                          // E3 80 81: a bare word
	}
	for _, tc := range cases {
		out, rep, err := Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
		require.NoError(t, err, "%q", tc.in)
		assert.Equal(t, tc.out, string(out), "%q", tc.in)
		for _, f := range rep.Fixes {
			assert.NotEqual(t, KindWhitespace, f.Kind, "%q", tc.in)
		}
	}
}

// A blank or a lookalike split anywhere across chunks gives the same
// bytes, Report and error as the whole input.
func TestUnicodeBlanksSplitAnywhere(t *testing.T) {
	inputs := []string{
		"{\"a\":\u00a0\"foo\",\u3000\"b\"\ufeff:[1,\u202f2\u2003]}",
		"{\"a\":\"x\"\u00a0, \"b\":\"y\"\u2003}",
		"{\"a\":\"He said \"hi\"\u2014 ok\", \"b\":\u201cq\u201d}",
		"[\u00a9, \u3001, 1\uff0c2, \ufeff3, \u20284]",
		"[1,\u00a0",
		"{\"a\":1,\u3000",
		"[\"x\"\u2003",
	}
	for _, in := range inputs {
		src := []byte(in)
		for _, close := range []bool{false, true} {
			opts := Options{MinConfidence: Guess, CloseTruncated: close}
			want, wantRep, wantErr := Append(nil, src, opts)
			check := func(chunks [][]byte, what string) {
				var buf bytes.Buffer
				w := NewWriter(&buf, opts)
				var err error
				for _, c := range chunks {
					if _, err = w.Write(c); err != nil {
						break
					}
				}
				if err == nil {
					err = w.Close()
				}
				assert.Equal(t, wantErr == nil, err == nil, "%q %s: %v vs %v", in, what, wantErr, err)
				assert.Equal(t, string(want), buf.String(), "%q %s", in, what)
				assert.Equal(t, wantRep, *w.Report(), "%q %s", in, what)
			}
			for cut := 1; cut < len(src); cut++ {
				check([][]byte{src[:cut], src[cut:]}, "cut at "+itoa3(cut))
			}
			var ones [][]byte
			for k := range src {
				ones = append(ones, src[k:k+1])
			}
			check(ones, "byte by byte")
		}
	}
}

func itoa3(n int) string {
	return string([]byte{byte('0' + n/100%10), byte('0' + n/10%10), byte('0' + n%10)})
}

func TestUnicodeBlanksCanBeDisabled(t *testing.T) {
	_, _, err := Append(nil, []byte("[1,\u00a02]"), Options{MinConfidence: Guess, Strict: true})
	require.ErrorIs(t, err, ErrSyntax)
	out, rep, err := Append(nil, []byte("[1,\u00a02]"), Options{MinConfidence: Guess, Disable: KindSet(0).With(KindWhitespace)})
	require.NoError(t, err)
	assert.Equal(t, "[1,\"\u00a02\"]", string(out), "as before: a bare value, and a guess")
	require.Len(t, rep.Fixes, 1)
	assert.Equal(t, Guess, rep.Fixes[0].Confidence)
}
