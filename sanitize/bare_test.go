package sanitize

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An input that is, after its blanks, one bare token and nothing else is
// read as that value, with the fixes the token has as an array element.
func TestBareTopLevelValue(t *testing.T) {
	cases := []repairCase{
		{KindPythonLiteral, "True", "true", []string{"python_literal@0(1:1)"}},
		{KindPythonLiteral, "  None\n", "null", []string{"python_literal@2(1:3)"}},
		{KindNumber, ".3", "0.3", []string{"number@0(1:1)"}},
		{KindNumber, "-.3", "-0.3", []string{"number@1(1:2)"}},
		{KindSingleQuote, "'abc'", `"abc"`, []string{"single_quote@0(1:1)"}},
		{KindTypographicQuote, "“foo”", `"foo"`, []string{"typographic_quote@0(1:1)"}},
		{KindUnquotedValue, "abc", `"abc"`, []string{"unquoted_value@0(1:1)"}},
		{KindUnquotedValue, "\nES2020\n", `"ES2020"`, []string{"unquoted_value@1(2:1)"}},
		{KindWrapper, "callback_123(2);", "2", []string{"wrapper@0(1:1)"}},
		{KindWrapper, ` cb( "foo" );`, `"foo"`, []string{"wrapper@1(1:2)"}},
		{KindWrapper, "cb('x')", `"x"`, []string{"wrapper@0(1:1)", "single_quote@3(1:4)"}},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) { checkRepair(t, tc) })
	}
}

// A sentence, a bracket, a fence or several lines keep the prose reading:
// no value is invented from a remark or a refusal.
func TestBareTopLevelValueStaysProse(t *testing.T) {
	for _, in := range []string{
		"I cannot help with that",
		"foo 2 bar",
		"abc\ndef",
		"x]",
		"cb(abc);",
		"cb(1",
		"see note(1)",
		"",
		"   \n",
	} {
		out, rep, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.ErrorIs(t, err, ErrNoValue, "%q", in)
		assert.Empty(t, out, "%q", in)
		assert.Zero(t, rep.Values, "%q", in)
	}
	_, _, err := Append(nil, []byte("True"), Options{MinConfidence: Guess, Strict: true})
	require.ErrorIs(t, err, ErrNoValue)
}
