package sanitize

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repairCase is one repair: input, output and the fixes it records.
type repairCase struct {
	kind  Kind
	in    string
	out   string
	fixes []string
}

var repairCases = []repairCase{
	{KindTrailingComma, `[1,2,]`, `[1,2]`, []string{"trailing_comma@4(1:5)"}},
	{KindTrailingComma, "{\"a\":1,\n}", "{\"a\":1\n}", []string{"trailing_comma@6(1:7)"}},
	{KindExtraComma, `[,1,,2]`, `[1,2]`, []string{"extra_comma@1(1:2)", "extra_comma@4(1:5)"}},
	{KindExtraComma, `{,"a":1,,"b":2}`, `{"a":1,"b":2}`, []string{"extra_comma@1(1:2)", "extra_comma@8(1:9)"}},
	{KindMissingComma, `[1 2 "x" {"a":1} [3]]`, `[1, 2, "x", {"a":1}, [3]]`,
		[]string{"missing_comma@2(1:3)", "missing_comma@4(1:5)", "missing_comma@8(1:9)", "missing_comma@16(1:17)"}},
	{KindMissingComma, "{\"a\":1\n\"b\":2}", "{\"a\":1,\n\"b\":2}", []string{"missing_comma@6(1:7)"}},
	{KindComment, "[1, // one\n2 /* two */, # three\n3]", "[1, \n2 , \n3]",
		[]string{"comment@4(1:5)", "comment@13(2:3)", "value_comment@24(2:14)"}},
	{KindComment, "{\"a\":1 /* multi\nline */}", `{"a":1 }`, []string{"comment@7(1:8)"}},
	// A line comment ends at a CR too: a CR-only file, or CR LF.
	{KindComment, "{ // start\r\"id\":18}", "{ \r\"id\":18}", []string{"comment@2(1:3)"}},
	{KindComment, "[1, // one\r\n2, # two\r3]", "[1, \r\n2, \r3]", []string{"comment@4(1:5)", "value_comment@15(2:4)"}},
	// Comments with only whitespace between them are one fix, at the
	// first, however the input is split.
	{KindComment, "[1 /*a*/ /**/  /* b */ # c\n, 2]", "[1     \n, 2]", []string{"comment@3(1:4)"}},
	{KindComment, "[1, // one\n  // two\n2, /* three */\n\t# four\n3]", "[1, \n  \n2, \n\t\n3]",
		[]string{"comment@4(1:5)", "comment@23(3:4)", "value_comment@36(4:2)"}},
	// A # comment where a value belongs may be data (#1, #fff): a guess,
	// and a fix of its own. After a value or a comma in an object it is
	// a comment.
	{KindValueComment, "[\n  #1,\n  2\n]", "[\n  \n  2\n]", []string{"value_comment@4(2:3)"}},
	{KindValueComment, "{\"a\": 1, # note\n\"b\": 2 # end\n}", "{\"a\": 1, \n\"b\": 2 \n}",
		[]string{"comment@9(1:10)", "comment@23(2:8)"}},
	{KindWhitespace, "{\"a\":\u00a0\"foo\",\u3000\"b\"\u2003:[1,\u202f2]}", `{"a":"foo","b":[1,2]}`,
		[]string{"whitespace@5(1:6)", "whitespace@13(1:14)", "whitespace@19(1:20)", "whitespace@26(1:27)"}},
	// A repair found after a comment that follows the place it edits is
	// recorded before the comment: fixes are in input order.
	{KindMissingComma, "{ a:1 /*c*/ b:2 }", `{ "a":1,  "b":2 }`,
		[]string{"unquoted_key@2(1:3)", "missing_comma@5(1:6)", "comment@6(1:7)", "unquoted_key@12(1:13)"}},
	// Comments dropped at once with the comma after them (the sanitizer
	// writes the comma first), and a comma at the comment's own offset,
	// which stays after it: the same fixes however the input is split.
	{KindMissingComma, "[0/*c*/1, 2 /*a*/ /*b*/\n // c\n 3]", "[0,1, 2,  \n \n 3]",
		[]string{"comment@2(1:3)", "missing_comma@2(1:3)", "missing_comma@11(1:12)", "comment@12(1:13)"}},
	// A comma one blank before comments rides on their repair (see
	// scanner.QueuedRepair.Comma): two fixes all the same, in input order.
	{KindMissingComma, "[1 /*a*/ 2 /*b*/ /*c*/ 3]", "[1,  2,   3]",
		[]string{"missing_comma@2(1:3)", "comment@3(1:4)", "missing_comma@10(1:11)", "comment@11(1:12)"}},
	{KindTrailingComma, "{\"a\":1, // trailing\n}", "{\"a\":1 \n}", []string{"trailing_comma@6(1:7)", "comment@8(1:9)"}},
	{KindEllipsis, `[1,2,/*c*/.../*c*/]`, `[1,2]`, []string{"ellipsis@4(1:5)", "comment@5(1:6)", "comment@13(1:14)"}},
	{KindSingleQuote, `['x']`, `["x"]`, []string{"single_quote@1(1:2)"}},
	{KindSingleQuote, `{'a': 'say "hi"'}`, `{"a": "say \"hi\""}`,
		[]string{"single_quote@1(1:2)", "single_quote@6(1:7)"}},
	// Strings read in one step (the byte after the closing quote settles
	// it) and strings read quote by quote give the same fixes.
	{KindSingleQuote, `{'k': 'v', 'n': ['x','y' ], 'e':''}`, `{"k": "v", "n": ["x","y" ], "e":""}`,
		[]string{"single_quote@1(1:2)", "single_quote@6(1:7)", "single_quote@11(1:12)", "single_quote@17(1:18)", "single_quote@21(1:22)", "single_quote@28(1:29)", "single_quote@32(1:33)"}},
	{KindTypographicQuote, "{\u201ck\u201d: \u2018v\u2019}", `{"k": "v"}`,
		[]string{"typographic_quote@1(1:2)", "typographic_quote@10(1:11)"}},
	{KindTypographicQuote, "[\u201cAda \u201cthe\u201d Countess\u201d]", "[\"Ada \u201cthe\u201d Countess\"]",
		[]string{"typographic_quote@1(1:2)", "inner_quote@14(1:15)"}},
	{KindUnquotedKey, `{a: 1, $b_2: 2, c-d.e: 3}`, `{"a": 1, "$b_2": 2, "c-d.e": 3}`,
		[]string{"unquoted_key@1(1:2)", "unquoted_key@7(1:8)", "unquoted_key@16(1:17)"}},
	{KindUnquotedValue, `{"url": https://x.io/a?b=1, "n": hello world }`, `{"url": "https://x.io/a?b=1", "n": "hello world" }`,
		[]string{"unquoted_value@8(1:9)", "unquoted_value@33(1:34)"}},
	{KindInnerQuote, `{"q": "He said "hi" to me"}`, `{"q": "He said \"hi\" to me"}`,
		[]string{"inner_quote@15(1:16)", "inner_quote@18(1:19)"}},
	{KindPythonLiteral, `[True, False, None]`, `[true, false, null]`,
		[]string{"python_literal@1(1:2)", "python_literal@7(1:8)", "python_literal@14(1:15)"}},
	{KindNonFinite, `[undefined, NaN, Infinity, -Infinity]`, `[null, null, null, null]`,
		[]string{"non_finite@1(1:2)", "non_finite@12(1:13)", "non_finite@17(1:18)", "non_finite@27(1:28)"}},
	{KindMismatchedBracket, `[1, 2}`, `[1, 2]`, []string{"mismatched_bracket@5(1:6)"}},
	{KindMismatchedBracket, `{"a": [1, 2}`, `{"a": [1, 2]}`, []string{"mismatched_bracket@11(1:12)"}},
	{KindMismatchedBracket, `[{"a":1]`, `[{"a":1}]`, []string{"mismatched_bracket@7(1:8)"}},
	{KindMissingColon, `{"a" 1, "b" "x"}`, `{"a": 1, "b": "x"}`, []string{"missing_colon@4(1:5)", "missing_colon@11(1:12)"}},
	{KindMissingValue, `{"a"}`, `{"a":null}`, []string{"missing_value@4(1:5)"}},
	{KindMissingValue, `{"a":,"b":2}`, `{"a":null,"b":2}`, []string{"missing_value@5(1:6)"}},
	{KindWrapper, `{"_id": ObjectId("5f1"), "n": NumberLong(42)}`, `{"_id": "5f1", "n": 42}`,
		[]string{"wrapper@8(1:9)", "wrapper@22(1:23)", "wrapper@30(1:31)", "wrapper@43(1:44)"}},
	{KindConcatenation, `["a" + "b" + "c"]`, `["abc"]`, []string{"concatenation@3(1:4)", "concatenation@9(1:10)"}},
	{KindConcatenation, "{\"s\": \"x\" +\n \"y\"}", `{"s": "xy"}`, []string{"concatenation@8(1:9)"}},
	// A single-quoted string joined by '+' has no opening quote of its
	// own: its closing quote is a fix by itself.
	{KindConcatenation, `['a' + 'b']`, `["ab"]`, []string{"single_quote@1(1:2)", "concatenation@3(1:4)", "single_quote@9(1:10)"}},
	{KindEllipsis, `[1, 2, ...]`, `[1, 2]`, []string{"ellipsis@5(1:6)"}},
	{KindEllipsis, `{"a":1, ...}`, `{"a":1}`, []string{"ellipsis@6(1:7)"}},
	{KindEllipsis, `[0 ...]`, `[0 ]`, []string{"ellipsis@3(1:4)"}},
	{KindNumber, `[.5, -.5, 1., +1]`, `[0.5, -0.5, 1.0, 1]`,
		[]string{"number@1(1:2)", "number@6(1:7)", "number@12(1:13)", "number@14(1:15)"}},
	{KindLeadingZero, `[007, -01]`, `["007", "-01"]`, []string{"leading_zero@1(1:2)", "leading_zero@6(1:7)"}},
	{KindInvalidEscape, `["\x", "\'", "\u12g"]`, `["\\x", "'", "\\u12g"]`,
		[]string{"invalid_escape@2(1:3)", "invalid_escape@8(1:9)", "invalid_escape@14(1:15)"}},
	{KindBOM, "\xEF\xBB\xBF{\"a\":1}", `{"a":1}`, []string{"bom@0(1:1)"}},
	{KindFullWidth, "{\"a\"\uff1a[1\uff0c2\uff3d\uff0c\"b\": \uff5b\"c\": 3\uff5d\uff5d", `{"a":[1,2],"b": {"c": 3}}`,
		[]string{"full_width@4(1:5)", "full_width@9(1:10)", "full_width@13(1:14)", "full_width@16(1:17)", "full_width@24(1:25)", "full_width@33(1:34)", "full_width@36(1:37)"}},
}

func TestRepairs(t *testing.T) {
	for _, tc := range repairCases {
		t.Run(tc.kind.String()+"/"+tc.in, func(t *testing.T) {
			out, rep, err := Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
			require.NoError(t, err)
			assert.Equal(t, tc.out, string(out))
			assert.Equal(t, tc.fixes, fixes(rep))
			assert.True(t, json.Valid(out))
			for _, f := range rep.Fixes {
				assert.Equal(t, f.Kind.Confidence(), f.Confidence)
			}

			// Switched off, the kind is never applied: the input is an error
			// or is read by other repairs.
			for _, opts := range []Options{{Disable: KindSet(0).With(tc.kind)}, {Strict: true}} {
				out, rep, err := Append(nil, []byte(tc.in), opts)
				for _, f := range rep.Fixes {
					assert.NotEqual(t, tc.kind, f.Kind)
					if opts.Strict {
						assert.False(t, RepairKinds.Has(f.Kind), "strict made %s", f.Kind)
					}
				}
				if err == nil {
					assert.True(t, json.Valid(out))
				}
			}

			// Repaired output is stable.
			again, rep2, err := Append(nil, out, Options{MinConfidence: Guess})
			require.NoError(t, err)
			assert.Equal(t, string(out), string(again))
			assert.Empty(t, rep2.Fixes)

			// Split anywhere, the stream gives the same result.
			for size := 1; size < len(tc.in); size++ {
				got, gotRep, err := viaWriter([]byte(tc.in), []int{size}, Options{MinConfidence: Guess})
				require.NoError(t, err)
				require.Equal(t, string(out), string(got), "chunk size %d", size)
				require.Equal(t, rep, gotRep, "chunk size %d", size)
			}
		})
	}
}

func TestNonFiniteAsString(t *testing.T) {
	out, _, err := Append(nil, []byte(`[NaN, -Infinity, undefined]`), Options{MinConfidence: Guess, NonFiniteAsString: true})
	require.NoError(t, err)
	assert.Equal(t, `["NaN", "-Infinity", "undefined"]`, string(out))
}

func TestConfidenceFloor(t *testing.T) {
	in := []byte(`{"a": [1, 2}`) // mismatched bracket: a guess
	_, _, err := Append(nil, in, Options{MinConfidence: Likely})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, ErrNeedsModel, e.Err)
	assert.Equal(t, int64(11), e.Offset)
	assert.Contains(t, e.Msg, "mismatched_bracket")

	out, _, err := Append(nil, []byte(`[1,2,]`), Options{MinConfidence: Certain})
	require.NoError(t, err)
	assert.Equal(t, `[1,2]`, string(out))
}

// Truncated repaired input never comes out with a half element.
func TestTruncatedRepairs(t *testing.T) {
	cases := map[string]string{
		`[1 2`:            `[1]`,
		"[abc\n12":        `["abc"]`,
		`{"a":1 b`:        `{"a":1}`,
		`{'a': 'x`:        `{"a": "x"}`,
		`[True, Fal`:      `[true]`,
		`{"a":1, // note`: `{"a":1}`,
		`["a" + "b`:       `["ab"]`,
		`[1, 2, ..`:       `[1, 2]`,
		`{"a"`:            `{}`,
	}
	for in, want := range cases {
		out, rep, err := Append(nil, []byte(in), Options{MinConfidence: Guess, CloseTruncated: true})
		assert.ErrorIs(t, err, ErrTruncated, in)
		assert.True(t, rep.Truncated, in)
		assert.Equal(t, want, string(out), in)
		assert.True(t, json.Valid(out), "%s -> %s", in, out)
	}
}

// The fixes of what a truncated value's cut dropped go with it; an
// insertion at the cut that belongs to the element before it stays.
func TestTruncatedFixes(t *testing.T) {
	cases := []repairCase{
		{KindDropIncomplete, "[1, {a: 'x', b", `[1, {"a": "x"}]`,
			[]string{"unquoted_key@5(1:6)", "single_quote@8(1:9)", "drop_incomplete@11(1:12)", "close_truncated@14(1:15)"}},
		{KindDropIncomplete, `[1, 2 3`, `[1, 2]`, []string{"drop_incomplete@5(1:6)", "close_truncated@7(1:8)"}},
		{KindDropIncomplete, `{"x": 1, "a",`, `{"x": 1, "a":null}`,
			[]string{"missing_value@12(1:13)", "drop_incomplete@12(1:13)", "close_truncated@13(1:14)"}},
		// Incomplete exponents and signs are dropped, never completed to
		// 2e0 or -0: the cut number could have been any other (issue #25).
		{KindDropIncomplete, `[1, 2e`, `[1]`, []string{"drop_incomplete@2(1:3)", "close_truncated@6(1:7)"}},
		{KindDropIncomplete, `[1, 2e-`, `[1]`, []string{"drop_incomplete@2(1:3)", "close_truncated@7(1:8)"}},
		{KindDropIncomplete, `[1, -`, `[1]`, []string{"drop_incomplete@2(1:3)", "close_truncated@5(1:6)"}},
		{KindDropIncomplete, `{"a": 2.5E+`, `{}`, []string{"drop_incomplete@1(1:2)", "close_truncated@11(1:12)"}},
	}
	opts := Options{MinConfidence: Guess, CloseTruncated: true}
	for _, tc := range cases {
		out, rep, err := Append(nil, []byte(tc.in), opts)
		require.ErrorIs(t, err, ErrTruncated, tc.in)
		assert.Equal(t, tc.out, string(out), tc.in)
		assert.Equal(t, tc.fixes, fixes(rep), tc.in)
		for size := 1; size < len(tc.in); size++ {
			got, gotRep, _ := viaWriter([]byte(tc.in), []int{size}, opts)
			require.Equal(t, string(out), string(got), "%s: chunk size %d", tc.in, size)
			require.Equal(t, rep, gotRep, "%s: chunk size %d", tc.in, size)
		}
	}
}

func TestUnwrapStringDocument(t *testing.T) {
	cases := []repairCase{
		{KindEscapedDocument, `"{\"a\": [1, \"x\\ny\"]}"`, `{"a": [1, "x\ny"]}`, []string{"escaped_document@0(1:1)"}},
		{KindEscapedDocument, "```json\n\"[{\\\"k\\\": \\\"\\u00e9\\\"}]\"\n```", "[{\"k\": \"\u00e9\"}]",
			[]string{"fence@0(1:1)", "escaped_document@8(2:1)", "fence@32(3:1)"}},
	}
	opts := Options{MinConfidence: Guess, UnwrapStringDocument: true}
	for _, tc := range cases {
		out, rep, err := Append(nil, []byte(tc.in), opts)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.out, string(out))
		assert.Equal(t, tc.fixes, fixes(rep))
		for size := 1; size < len(tc.in); size++ {
			got, gotRep, err := viaWriter([]byte(tc.in), []int{size}, opts)
			require.NoError(t, err)
			require.Equal(t, string(out), string(got), "chunk size %d", size)
			require.Equal(t, rep, gotRep, "chunk size %d", size)
		}
		// Off by default: the string is valid JSON and stays as it is.
		same, rep, err := Bytes([]byte(tc.in), Options{MinConfidence: Guess})
		require.NoError(t, err)
		if len(rep.Fixes) == 0 {
			assert.Equal(t, tc.in, string(same))
		}
	}
}

// A string that only looks like a document stays a string.
func TestEscapedDocumentNeedsValidContent(t *testing.T) {
	for _, in := range []string{`"[citation needed]"`, `"{\"a\": 1,}"`, `"{not json}"`, `"[1] and more"`} {
		out, rep, err := Append(nil, []byte(in), Options{MinConfidence: Guess, UnwrapStringDocument: true})
		require.NoError(t, err, in)
		assert.Equal(t, in, string(out))
		assert.Empty(t, rep.Fixes)
	}
}
