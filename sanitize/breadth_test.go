package sanitize

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkRepair runs one repair case as TestRepairs does: output, fixes,
// confidences, the kind switched off, stability and every chunk size.
func checkRepair(t *testing.T, tc repairCase) {
	t.Helper()
	out, rep, err := Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Equal(t, tc.out, string(out))
	assert.Equal(t, tc.fixes, fixes(rep))
	assert.True(t, json.Valid(out), "%s", out)
	for _, f := range rep.Fixes {
		assert.Equal(t, f.Kind.Confidence(), f.Confidence)
	}
	for _, opts := range []Options{{Disable: KindSet(0).With(tc.kind)}, {Strict: true}} {
		out, rep, err := Append(nil, []byte(tc.in), opts)
		for _, f := range rep.Fixes {
			assert.NotEqual(t, tc.kind, f.Kind)
		}
		if err == nil {
			assert.True(t, json.Valid(out))
		}
	}
	again, rep2, err := Append(nil, out, Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Equal(t, string(out), string(again))
	assert.Empty(t, rep2.Fixes)
	for size := 1; size < len(tc.in); size++ {
		got, gotRep, err := viaWriter([]byte(tc.in), []int{size}, Options{MinConfidence: Guess})
		require.NoError(t, err)
		require.Equal(t, string(out), string(got), "chunk size %d", size)
		require.Equal(t, rep, gotRep, "chunk size %d", size)
	}
}

// A string the input ended in, whose content ends with the closers of the
// open containers, is closed before them (CloseTruncated only).
func TestStringBackoff(t *testing.T) {
	cases := []repairCase{
		{KindStringBackoff, `{"url":"https://x.com/}`, `{"url":"https://x.com/"}`, []string{"string_backoff@23(1:24)"}},
		{KindStringBackoff, `{"time":"12:20}`, `{"time":"12:20"}`, []string{"string_backoff@15(1:16)"}},
		{KindStringBackoff, "[\"abc  ]\n", `["abc"]`, []string{"control_char@8(1:9)", "string_backoff@9(2:1)"}},
		{KindStringBackoff, "[\n[\n\"abc\n]\n]\n", "[\n[\n\"abc\"]]", []string{"control_char@8(3:5)", "control_char@10(4:2)", "control_char@12(5:2)", "string_backoff@13(6:1)"}},
		// Closers of the inner containers only: the outer ones are closed
		// as truncated.
		{KindStringBackoff, `{"a":["b]`, `{"a":["b"]}`, []string{"string_backoff@9(1:10)", "close_truncated@9(1:10)"}},
		// Counter-examples: closers that do not match stay in the string.
		{KindCloseTruncated, `{"a":"b]`, `{"a":"b]"}`, []string{"close_truncated@8(1:9)"}},
		{KindCloseTruncated, `["a}]`, `["a}]"]`, []string{"close_truncated@5(1:6)"}},
		{KindStringBackoff, `{"a":"b\"}`, `{"a":"b\""}`, []string{"string_backoff@10(1:11)"}},
		{KindCloseTruncated, `{"a":"b`, `{"a":"b"}`, []string{"close_truncated@7(1:8)"}},
		// Only closers: the string is not split at a comma.
		{KindStringBackoff, `["hello, world]`, `["hello, world"]`, []string{"string_backoff@15(1:16)"}},
	}
	opts := Options{MinConfidence: Guess, CloseTruncated: true}
	for _, tc := range cases {
		out, rep, err := Append(nil, []byte(tc.in), opts)
		require.ErrorIs(t, err, ErrTruncated, tc.in)
		assert.True(t, rep.Truncated, tc.in)
		assert.Equal(t, tc.out, string(out), tc.in)
		assert.True(t, json.Valid(out), "%s -> %s", tc.in, out)
		assert.Equal(t, tc.fixes, fixes(rep), tc.in)
		for size := 1; size < len(tc.in); size++ {
			got, gotRep, _ := viaWriter([]byte(tc.in), []int{size}, opts)
			require.Equal(t, string(out), string(got), "%s: chunk size %d", tc.in, size)
			require.Equal(t, rep, gotRep, "%s: chunk size %d", tc.in, size)
		}
		// Without CloseTruncated nothing is closed.
		out, _, err = Append(nil, []byte(tc.in), Options{MinConfidence: Guess})
		require.ErrorIs(t, err, ErrTruncated, tc.in)
		assert.Empty(t, out, tc.in)
		// Switched off, the closers stay in the string.
		out, rep, _ = Append(nil, []byte(tc.in), Options{MinConfidence: Guess, CloseTruncated: true, Disable: KindSet(0).With(KindStringBackoff)})
		for _, f := range rep.Fixes {
			assert.NotEqual(t, KindStringBackoff, f.Kind)
		}
		assert.True(t, json.Valid(out), "%s -> %s", tc.in, out)
	}
}

// breadthCases are the repairs issue #25 asked for, each with the fixes
// it records; checkRepair also splits each input at every size.
var breadthCases = []repairCase{
	// A closer where a key or value belongs: the comma before it goes and
	// the closer is read as the mismatched one it stands for.
	{KindMismatchedBracket, `{"a":2,]`, `{"a":2}`, []string{"trailing_comma@6(1:7)", "mismatched_bracket@7(1:8)"}},
	{KindMismatchedBracket, `[2,}`, `[2]`, []string{"trailing_comma@2(1:3)", "mismatched_bracket@3(1:4)"}},
	{KindMismatchedBracket, `[}`, `[]`, []string{"mismatched_bracket@1(1:2)"}},
	{KindMismatchedBracket, `{]`, `{}`, []string{"mismatched_bracket@1(1:2)"}},
	{KindMismatchedBracket, `[1,[}]`, `[1,[]]`, []string{"mismatched_bracket@4(1:5)"}},
	{KindMismatchedBracket, `{"a": 1, "b": [}`, `{"a": 1, "b": []}`, []string{"mismatched_bracket@15(1:16)"}},
	// An object in an array whose closer is missing before the next one.
	{KindMismatchedBracket, `[{"i":1{"i":2}]`, `[{"i":1},{"i":2}]`, []string{"mismatched_bracket@7(1:8)", "missing_comma@7(1:8)"}},
	{KindMismatchedBracket, `[{"i":1,{"i":2}]`, `[{"i":1},{"i":2}]`,
		[]string{"trailing_comma@7(1:8)", "mismatched_bracket@8(1:9)", "missing_comma@8(1:9)"}},
	{KindMismatchedBracket, `[{{]`, `[{},{}]`, []string{"mismatched_bracket@2(1:3)", "missing_comma@2(1:3)", "mismatched_bracket@3(1:4)"}},
	// A hexadecimal, octal or binary literal or digits grouped with '_'
	// are the number they spell (issue #30), never a number and a key.
	{KindNumber, `{"a":0x10}`, `{"a":16}`, []string{"number@5(1:6)"}},
	{KindNumber, `[0x10, -0xFF, 0b101, 0o17]`, `[16, -255, 5, 15]`,
		[]string{"number@1(1:2)", "number@7(1:8)", "number@14(1:15)", "number@21(1:22)"}},
	{KindNumber, `{"value": 82_461_110}`, `{"value": 82461110}`, []string{"number@12(1:13)", "number@16(1:17)"}},
	{KindNumber, `{"value": 1_234.5_6}`, `{"value": 1234.56}`, []string{"number@11(1:12)", "number@17(1:18)"}},
	// Letters or punctuation glued to a number make a bare value: a date,
	// an id, a time, a range.
	{KindUnquotedValue, `{"date":2024-10-18T18:35:22.229Z}`, `{"date":"2024-10-18T18:35:22.229Z"}`, []string{"unquoted_value@8(1:9)"}},
	{KindUnquotedValue, `{"rowId": 57eeeeb1-450b-482c-81b9-4be77e95dee2}`, `{"rowId": "57eeeeb1-450b-482c-81b9-4be77e95dee2"}`, []string{"unquoted_value@10(1:11)"}},
	{KindUnquotedValue, `[1, 2notanumber]`, `[1, "2notanumber"]`, []string{"unquoted_value@4(1:5)"}},
	{KindUnquotedValue, `{"key": 10-20}`, `{"key": "10-20"}`, []string{"unquoted_value@8(1:9)"}},
	{KindUnquotedValue, `{"time": 12:20}`, `{"time": "12:20"}`, []string{"unquoted_value@9(1:10)"}},
	// Brackets an unquoted value opens are its own, with what they hold:
	// no text after them is dropped as prose. A closer it did not open
	// ends it.
	{KindUnquotedValue, `{"text":words{words in brackets}m}`, `{"text":"words{words in brackets}m"}`, []string{"unquoted_value@8(1:9)"}},
	{KindUnquotedValue, `{"a": x{y, z}, "b": 1}`, `{"a": "x{y, z}", "b": 1}`, []string{"unquoted_value@6(1:7)"}},
	{KindUnquotedValue, `[foo [1, 2], 3]`, `["foo [1, 2]", 3]`, []string{"unquoted_value@1(1:2)"}},
	{KindUnquotedValue, `{"a": hello [world}`, `{"a": "hello [world"}`, []string{"unquoted_value@6(1:7)"}},
	{KindUnquotedValue, `{"key": 1/3, "foo": "bar"}`, `{"key": "1/3", "foo": "bar"}`, []string{"unquoted_value@8(1:9)"}},
	{KindUnquotedValue, `[12345/67890]`, `["12345/67890"]`, []string{"unquoted_value@1(1:2)"}},
	{KindUnquotedValue, `{"key": 1.1.1, "b": 2}`, `{"key": "1.1.1", "b": 2}`, []string{"unquoted_value@8(1:9)"}},
	{KindUnquotedValue, `[0.0.1,2e3.4]`, `["0.0.1","2e3.4"]`, []string{"unquoted_value@1(1:2)", "unquoted_value@7(1:8)"}},
	// ... where a comment or an ellipsis after a number stays one.
	{KindEllipsis, `[1.5...]`, `[1.5]`, []string{"ellipsis@4(1:5)"}},
	{KindComment, `[1/*c*/,2]`, `[1,2]`, []string{"comment@2(1:3)"}},
	// A value string missing its closing quote before the next member or
	// element.
	{KindUnclosedString, `{"a":"b,"c":"d"}`, `{"a":"b","c":"d"}`, []string{"unclosed_string@7(1:8)"}},
	{KindUnclosedString, `["hello,"world"]`, `["hello","world"]`, []string{"unclosed_string@7(1:8)"}},
	{KindUnclosedString, `{"a":"b,c,"d":"e"}`, `{"a":"b,c","d":"e"}`, []string{"unclosed_string@9(1:10)"}},
	{KindUnclosedString, `{"name": "New York, "gender": "male"}`, `{"name": "New York", "gender": "male"}`, []string{"unclosed_string@18(1:19)"}},
	{KindUnclosedString, `{"a":"x,   "b":1}`, `{"a":"x",   "b":1}`, []string{"unclosed_string@7(1:8)"}},
	// A string missing its opening quote: the quote closes the bare key
	// or value (one fix each).
	{KindUnquotedKey, `{a":"foo","b":"bar"}`, `{"a":"foo","b":"bar"}`, []string{"unquoted_key@1(1:2)"}},
	{KindUnquotedKey, `{"a":"foo",b":"bar"}`, `{"a":"foo","b":"bar"}`, []string{"unquoted_key@11(1:12)"}},
	{KindUnquotedValue, `{"a":foo","b":"bar"}`, `{"a":"foo","b":"bar"}`, []string{"unquoted_value@5(1:6)"}},
	{KindUnquotedValue, `[a",b"]`, `["a","b"]`, []string{"unquoted_value@1(1:2)", "unquoted_value@4(1:5)"}},
	// ... but not a quote inside a bare value.
	{KindUnquotedValue, `{"a": foo"bar}`, `{"a": "foo\"bar"}`, []string{"unquoted_value@6(1:7)"}},
	// Low-9 quotes („…“) as delimiters, and a typographic string closed by
	// an ASCII quote.
	{KindTypographicQuote, "{\u201ekey\u201c: \u201cvalue\u201d}", `{"key": "value"}`, []string{"typographic_quote@1(1:2)", "typographic_quote@12(1:13)"}},
	{KindTypographicQuote, "{\u201ca\u201d: \u201cHe said \"hi\" there\u201d}", `{"a": "He said \"hi\" there"}`,
		[]string{"typographic_quote@1(1:2)", "typographic_quote@10(1:11)", "inner_quote@21(1:22)", "inner_quote@24(1:25)"}},
	// A digit right after a key's closing quote is its value, the colon
	// missing; a letter goes on the key.
	{KindMissingColon, `{"a"2}`, `{"a":2}`, []string{"missing_colon@4(1:5)"}},
	{KindInnerQuote, `{"a"b": 1}`, `{"a\"b": 1}`, []string{"inner_quote@3(1:4)"}},
	// Comments between concatenated strings.
	{KindConcatenation, `["a" + /*c*/ "b"]`, `["ab"]`, []string{"concatenation@3(1:4)", "comment@7(1:8)"}},
	{KindConcatenation, `["a" /*c*/ + "b"]`, `["ab"]`, []string{"concatenation@3(1:4)", "comment@5(1:6)"}},
	// A member in an array: the object's braces are missing (a guess).
	{KindMismatchedBracket, `["key":"value"]`, `[{"key":"value"}]`, []string{"mismatched_bracket@1(1:2)", "mismatched_bracket@14(1:15)"}},
	{KindMismatchedBracket, `["key":"value"}]`, `[{"key":"value"}]`, []string{"mismatched_bracket@1(1:2)"}},
	{KindMismatchedBracket, "[\"a\",\n 'k': 1]", "[\"a\",{\n \"k\": 1}]", []string{"mismatched_bracket@5(1:6)", "single_quote@7(2:2)", "mismatched_bracket@13(2:8)"}},
	{KindMismatchedBracket, `[{"a":1} "k": 2]`, `[{"a":1},{ "k": 2}]`, []string{"missing_comma@8(1:9)", "mismatched_bracket@8(1:9)", "mismatched_bracket@15(1:16)"}},
	// Python tuples where a value belongs are arrays; a constructor
	// call's ')' is still a wrapper's.
	{KindMismatchedBracket, `{"coords": (1, 2), "ok": true}`, `{"coords": [1, 2], "ok": true}`, []string{"mismatched_bracket@11(1:12)", "mismatched_bracket@16(1:17)"}},
	{KindMismatchedBracket, `{"empty": ()}`, `{"empty": []}`, []string{"mismatched_bracket@10(1:11)", "mismatched_bracket@11(1:12)"}},
	{KindMismatchedBracket, `[(1, 2), ("a")]`, `[[1, 2], "a"]`, []string{"mismatched_bracket@1(1:2)", "mismatched_bracket@6(1:7)", "mismatched_bracket@9(1:10)"}},
	// A tuple of one element and no comma is that element, as Python
	// reads it: the '[' written for its '(' goes again (one fix). (1,)
	// stays a tuple, and so does one of two elements with no comma.
	{KindMismatchedBracket, `{"scalar_group": (1)}`, `{"scalar_group": 1}`, []string{"mismatched_bracket@17(1:18)"}},
	{KindMismatchedBracket, `{"string_group": ("x")}`, `{"string_group": "x"}`, []string{"mismatched_bracket@17(1:18)"}},
	{KindMismatchedBracket, `(1)`, `1`, []string{"mismatched_bracket@0(1:1)"}},
	{KindMismatchedBracket, `("x")`, `"x"`, []string{"mismatched_bracket@0(1:1)"}},
	{KindMismatchedBracket, `{"a": ( {"b": (2)} )}`, `{"a":  {"b": 2} }`, []string{"mismatched_bracket@6(1:7)", "mismatched_bracket@14(1:15)"}},
	{KindMismatchedBracket, "{\"a\": (\n  [1, 2]\n)}", "{\"a\": \n  [1, 2]\n}", []string{"mismatched_bracket@6(1:7)"}},
	{KindMismatchedBracket, `{"a": ((1, 2))}`, `{"a": [1, 2]}`, []string{"mismatched_bracket@6(1:7)", "mismatched_bracket@7(1:8)", "mismatched_bracket@12(1:13)"}},
	{KindMismatchedBracket, `{"a": ((1))}`, `{"a": 1}`, []string{"mismatched_bracket@6(1:7)", "mismatched_bracket@7(1:8)"}},
	{KindMismatchedBracket, `{"a": ((1),)}`, `{"a": [1]}`, []string{"mismatched_bracket@6(1:7)", "mismatched_bracket@7(1:8)", "trailing_comma@10(1:11)", "mismatched_bracket@11(1:12)"}},
	{KindMismatchedBracket, `{"a": (1,)}`, `{"a": [1]}`, []string{"mismatched_bracket@6(1:7)", "trailing_comma@8(1:9)", "mismatched_bracket@9(1:10)"}},
	{KindMismatchedBracket, `{"a": ([1] [2])}`, `{"a": [[1], [2]]}`, []string{"mismatched_bracket@6(1:7)", "missing_comma@10(1:11)", "mismatched_bracket@14(1:15)"}},
	{KindMismatchedBracket, `{"a": ([1], [2])}`, `{"a": [[1], [2]]}`, []string{"mismatched_bracket@6(1:7)", "mismatched_bracket@15(1:16)"}},
	{KindMismatchedBracket, `{"a": ([1, 2], 3)}`, `{"a": [[1, 2], 3]}`, []string{"mismatched_bracket@6(1:7)", "mismatched_bracket@16(1:17)"}},
	{KindMismatchedBracket, `{"a": ((00), (0), [(007)])}`, `{"a": ["00", 0, ["007"]]}`, []string{"mismatched_bracket@6(1:7)", "mismatched_bracket@7(1:8)", "leading_zero@8(1:9)", "mismatched_bracket@13(1:14)", "mismatched_bracket@19(1:20)", "leading_zero@20(1:21)", "mismatched_bracket@25(1:26)"}},
	{KindMismatchedBracket, `{"a": (1 2)}`, `{"a": [1, 2]}`, []string{"mismatched_bracket@6(1:7)", "missing_comma@8(1:9)", "mismatched_bracket@10(1:11)"}},
	{KindWrapper, `{"a": ObjectId("x")}`, `{"a": "x"}`, []string{"wrapper@6(1:7)", "wrapper@18(1:19)"}},
	// A top-level object closed too early: a comma, a quoted key and its
	// colon after the closer, on its line, reopen it (the closer goes, a
	// guess). See TestTopLevelValueComma for what stays refused.
	{KindMismatchedBracket, `{"key": "value"}, "key2": "value2"}`, `{"key": "value", "key2": "value2"}`, []string{"mismatched_bracket@15(1:16)"}},
	{KindMismatchedBracket, `{"key1": "value1"}, "key2": "value2", "key3": "value3"}`, `{"key1": "value1", "key2": "value2", "key3": "value3"}`, []string{"mismatched_bracket@17(1:18)"}},
	{KindMismatchedBracket, `{"key": "value"}, "key2" "value2"}`, `{"key": "value", "key2": "value2"}`, []string{"mismatched_bracket@15(1:16)", "missing_colon@24(1:25)"}},
	{KindMismatchedBracket, `{"key": "value"}, "" : "value2"}`, `{"key": "value", "" : "value2"}`, []string{"mismatched_bracket@15(1:16)"}},
	{KindMismatchedBracket, "{\"a\": {\"b\": 1}} \t,\t \"c\" : [2]}\n", "{\"a\": {\"b\": 1} \t,\t \"c\" : [2]}\n", []string{"mismatched_bracket@14(1:15)"}},
	{KindMismatchedBracket, "```json\n{\"a\": 1}, \"b\": 2}\n```", "{\"a\": 1, \"b\": 2}", []string{"fence@0(1:1)", "mismatched_bracket@15(2:8)", "fence@26(3:1)"}},
	// Top-level concatenation, with comments between the strings; "a" + b
	// stays an error (see TestBreadthRefusals).
	{KindConcatenation, `"a" + "b"`, `"ab"`, []string{"concatenation@2(1:3)"}},
	{KindConcatenation, `"a" + /*c*/ "b" + 'c'`, `"abc"`, []string{"concatenation@2(1:3)", "comment@6(1:7)", "concatenation@14(1:15)", "single_quote@20(1:21)"}},
	{KindConcatenation, "\"a\" + // c\n\"b\"", `"ab"`, []string{"concatenation@2(1:3)", "comment@6(1:7)"}},
	// Literals in capitals.
	{KindPythonLiteral, `[TRUE, FALSE, Null, NULL]`, `[true, false, null, null]`,
		[]string{"python_literal@1(1:2)", "python_literal@7(1:8)", "python_literal@14(1:15)", "python_literal@20(1:21)"}},
	// Counter-examples: quoted words after a comma that are no key stay
	// inner quotes.
	{KindInnerQuote, `{"a":"He said, "hi" there"}`, `{"a":"He said, \"hi\" there"}`, []string{"inner_quote@15(1:16)", "inner_quote@18(1:19)"}},
	{KindInnerQuote, `["a, "b" c"]`, `["a, \"b\" c"]`, []string{"inner_quote@5(1:6)", "inner_quote@7(1:8)"}},
	// Full-width quotation marks (U+FF02) as delimiters, a typographic
	// quote; inside an ASCII string one is content, and inside a
	// full-width string an ASCII quote is.
	{KindTypographicQuote, "{\uff02key\uff02: \uff02v\uff02}", `{"key": "v"}`, []string{"typographic_quote@1(1:2)", "typographic_quote@12(1:13)"}},
	{KindTypographicQuote, "[\uff02a\"b\uff02, \"c\uff02d\"]", "[\"a\\\"b\", \"c\uff02d\"]", []string{"typographic_quote@1(1:2)"}},
	{KindTypographicQuote, "{\uff02k\uff02: \uff02x\uff02y\uff02}", "{\"k\": \"x\uff02y\"}", []string{"typographic_quote@1(1:2)", "typographic_quote@10(1:11)", "inner_quote@14(1:15)"}},
	{KindTypographicQuote, "{\uff02a\uff02:\uff3b1\uff0c2\uff3d}", `{"a":[1,2]}`, []string{"typographic_quote@1(1:2)", "full_width@9(1:10)", "full_width@13(1:14)", "full_width@17(1:18)"}},
	// Markdown fences where a value or a closer belongs inside a
	// container are dropped (the fenced value stays an element).
	{KindInnerFence, "[```json {\"a\":1} ```]", `[ {"a":1} ]`, []string{"inner_fence@1(1:2)", "inner_fence@17(1:18)"}},
	{KindInnerFence, "[\n```json\n{\"a\":\"b\"}\n```\n]", "[\n\n{\"a\":\"b\"}\n\n]", []string{"inner_fence@2(2:1)", "inner_fence@20(4:1)"}},
	{KindInnerFence, "{\"k\": ```json {\"x\": 1}``` }", `{"k":  {"x": 1} }`, []string{"inner_fence@6(1:7)", "inner_fence@22(1:23)"}},
	// A fence right after a top-level '{', on its line, where a key
	// belongs: the brace wraps a fenced block, and goes with it.
	{KindInnerFence, "{```json\n{\"a\":\"b\"}\n```}", "\n{\"a\":\"b\"}", []string{"inner_fence@0(1:1)", "fence@19(3:1)"}},
	{KindInnerFence, "{```json {\"a\":[1]} ```}", ` {"a":[1]}`, []string{"inner_fence@0(1:1)", "fence@19(1:20)"}},
	{KindInnerFence, "[1,```js 2````, 3]", `[1, 2, 3]`, []string{"inner_fence@3(1:4)", "inner_fence@10(1:11)"}},
	// A document whose quotes are all escaped, without outer quotes, is
	// unescaped one level (one fix): \" is a quote, \n a blank outside
	// strings; in strings \\ is the document's backslash.
	{KindEscapedQuotes, `{\"a\": 1}`, `{"a": 1}`, []string{"escaped_quotes@1(1:2)"}},
	{KindEscapedQuotes, `[{\"a\": \"b\"}]`, `[{"a": "b"}]`, []string{"escaped_quotes@2(1:3)"}},
	{KindEscapedQuotes, `{\"s\": \"hello \\"world\\"\"}`, `{"s": "hello \"world\""}`, []string{"escaped_quotes@1(1:2)"}},
	{KindEscapedQuotes, `{\n  \"p\": \"C:\\\\x \\\"q\\\" \\u00e9\\n\",\n  \"n\": [1, null]\n}`, `{  "p": "C:\\x \"q\" \u00e9\n",  "n": [1, null]}`, []string{"escaped_quotes@1(1:2)"}},
	// Regular-expression literals where a value belongs become strings
	// (one fix each): a '/' escaped or in a class ends nothing, a
	// backslash and a quote in them are escaped.
	{KindRegex, `{"re": /ab+c/gi}`, `{"re": "/ab+c/gi"}`, []string{"regex@7(1:8)"}},
	{KindRegex, `{regex: /[/]/g, "n": 1}`, `{"regex": "/[/]/g", "n": 1}`, []string{"unquoted_key@1(1:2)", "regex@8(1:9)"}},
	{KindRegex, `[/a\/b"c/, /x/]`, `["/a\\/b\"c/", "/x/"]`, []string{"regex@1(1:2)", "regex@11(1:12)"}},
	{KindRegex, `{"re": /a\\/, "b": /\"\\\//i}`, `{"re": "/a\\\\/", "b": "/\\\"\\\\\\//i"}`, []string{"regex@7(1:8)", "regex@19(1:20)"}},
	{KindRegex, "[\n/a]b/\n]", "[\n\"/a]b/\"\n]", []string{"regex@2(2:1)"}},
	// ... while a '/' after a value, or that begins a comment, keeps its
	// reading.
	{KindComment, `{"a": /* c */ 1, "b": // d` + "\n" + ` 2}`, `{"a":  1, "b": ` + "\n" + ` 2}`, []string{"comment@6(1:7)", "comment@22(1:23)"}},
}

func TestBreadthRepairs(t *testing.T) {
	for _, tc := range breadthCases {
		t.Run(tc.kind.String()+"/"+tc.in, func(t *testing.T) {
			checkRepair(t, tc)
			// A Stream's stable prefix only grows, marks pruned or not.
			checkPruning(t, tc.in, []byte(tc.in))
			for _, size := range []int{1, 2, 3} {
				checkStream(t, tc.in, []byte(tc.in), size, pruneNever)
			}
		})
	}
}

// Counter-examples that stay errors: an object inside an object (which
// member it belongs to is anyone's guess), and numbers with no certain
// reading.
func TestBreadthRefusals(t *testing.T) {
	for _, in := range []string{
		`{"a":{"b":1{"c":2}}`,
		// A number written with a thousands separator in an object member
		// is refused: 1299.99 is the likely reading, not a certain one,
		// and "299.99" is no key (issue #30).
		`{"price": 1,299.99}`, `{"a":1, 299}`,
		// Literals that are not numbers: no digit, a digit out of range,
		// more than 64 bits, a '_' with no digit after it.
		`[0x]`, `{"a":0x1G}`, `[0xFFFFFFFFFFFFFFFFF]`, `[1_]`, `[0b102]`,
		// A '/' after a space is no fraction.
		`[1 /3]`,
		// A backslash that escapes no quote or blank, or that comes
		// after the first key or value of its container.
		`{\x}`, `[1, \"a\"]`, `{"a": \"b\"}`, `[\"a\" \q]`,
		// Fewer than three backticks, and a fence where a key belongs
		// but right after a top-level '{' on its line (what the
		// object's first member is cannot be told).
		"[``1]", "[1 `]", "{\n```json\n{\"a\":\"b\"}\n```}", "{\"a\":{```json {}```}}",
		// ... or after anything but blanks there.
		"{ /*c*/ ```json\n{}\n```}", "{,```json {}```}",
		// A fenced block wrapped in braces must hold an object or array.
		"{```json\n42\n```}", "{```json\n\"s\"\n```}", "{```json\n",
		// A full-width quotation mark that opens no string.
		"{\"a\" \uff02b\uff02}", "[1 \uff02b\uff02]",
		// A regular-expression literal that does not end on its line, or
		// at all, or that is no value.
		"{\"a\": /re\n/}", `{"a": /re}`, `[/a[/]`, `{"a": 1 /re/}`, `{/re/: 1}`,
		// A ':' after an array element that is no string.
		`[[1]: 2]`, `[true: 1]`, `[{"a": 1}: 2]`,
		// A top-level string and '+' with no string after it.
		`"a" + b`, `"a" + 1`,
	} {
		_, _, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.ErrorIs(t, err, ErrSyntax, in)
	}
}

// A string of an escaped document cut by the end, in the middle of an
// escape, is closed before the escape (its kept backslash is dropped),
// never after it; an invalid \u escape in one is kept as text.
func TestEscapedDocumentCut(t *testing.T) {
	for in, want := range map[string]string{
		`{\"a\": \"b\`:       `{"a": "b"}`,
		`{\"a\": \"b\\`:      `{"a": "b"}`,
		`{\"a\": \"b\\\`:     `{"a": "b"}`,
		`{\"a\": \"b\u00`:    `{"a": "b"}`,
		`[\"x\", \"y`:        `["x", "y"]`,
		`{\"a\": \"b\uZZ\"}`: `{"a": "b\\uZZ"}`,
	} {
		out, _, err := Append(nil, []byte(in), Options{MinConfidence: Guess, CloseTruncated: true})
		if err != nil {
			require.ErrorIs(t, err, ErrTruncated, in)
		}
		assert.Equal(t, want, string(out), in)
		for size := 1; size < len(in); size++ {
			got, _, _ := viaWriter([]byte(in), []int{size}, Options{MinConfidence: Guess, CloseTruncated: true})
			require.Equal(t, want, string(got), "%s in chunks of %d", in, size)
		}
	}
}

// The refusals of the new readings point at what broke them: the opening
// '/' of a regular expression the input ends in, the line break inside
// one, the first backtick of too short a fence, the backslash that
// escapes nothing.
func TestBreadthRefusalCoordinates(t *testing.T) {
	for in, at := range map[string]int64{
		`{"a": /re}`:      6,
		"{\"a\": /re\n/}": 9,
		"[``1]":           1,
		"[1 `]":           3,
		`{\x}`:            1,
		`[\"a\" \q]`:      7,
	} {
		_, _, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		var e *Error
		require.ErrorAs(t, err, &e, in)
		assert.Equal(t, at, e.Offset, in)
	}
}

// A top-level value dropped as incomplete is reported where it began, on
// its own line, and the fixes of what it held go with it (FuzzSanitize
// seed 99e237954257fa13: a string with a raw line break, then '+').
func TestDroppedTopLevelValueCoordinates(t *testing.T) {
	for in, want := range map[string][]string{
		"\"\n\"+": {"drop_incomplete@0(1:1)"},
		"\n\n-":   {"drop_incomplete@2(3:1)"},
	} {
		out, rep, err := Append(nil, []byte(in), Options{MinConfidence: Guess, CloseTruncated: true})
		require.ErrorIs(t, err, ErrTruncated, in)
		assert.Empty(t, string(out), in)
		assert.Equal(t, want, fixes(rep), in)
	}
}

// Backticks inside strings are content: no fence is dropped there.
func TestInnerFenceLeavesStringsAlone(t *testing.T) {
	for _, in := range []string{"[\"```json\"]", "{\"a\": \"``` x ```\"}", "{\"md\": \"```json\\n{}\\n```\"}"} {
		out, rep, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.NoError(t, err, in)
		assert.Equal(t, in, string(out))
		assert.Empty(t, rep.Fixes, in)
	}
}

// In an array, 1,299.99 is two valid elements and stays so: valid input
// passes through untouched.
func TestThousandsSeparatorInArrayIsTwoElements(t *testing.T) {
	out, rep, err := Append(nil, []byte(`[1,299.99]`), Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Equal(t, `[1,299.99]`, string(out))
	assert.Empty(t, rep.Fixes)
}

// A bare word the input ended in is a string cut by the end, closed as
// one, unless a literal begins with it (it may be that literal, cut):
// then it is dropped, as any truncated literal.
func TestTruncatedBareWord(t *testing.T) {
	cases := map[string]string{
		"{\"firstName\": \"John\"\n  lastName: Smith": "{\"firstName\": \"John\",\n  \"lastName\": \"Smith\"}",
		`{"a": Smith`: `{"a": "Smith"}`,
		`[abc`:        `["abc"]`,
		`[Nullx`:      `["Nullx"]`,
		`[True, Fal`:  `[true]`,
		// Truncated numbers are dropped, never completed.
		`{"a":2e`:  `{}`,
		`{"a":2e-`: `{}`,
		`{"a":-`:   `{}`,
		`[Nul`:     `[]`,
		`[Infin`:   `[]`,
	}
	opts := Options{MinConfidence: Guess, CloseTruncated: true}
	for in, want := range cases {
		out, rep, err := Append(nil, []byte(in), opts)
		require.ErrorIs(t, err, ErrTruncated, in)
		assert.Equal(t, want, string(out), in)
		assert.True(t, json.Valid(out), "%s -> %s", in, out)
		for size := 1; size < len(in); size++ {
			got, gotRep, _ := viaWriter([]byte(in), []int{size}, opts)
			require.Equal(t, string(out), string(got), "%s: chunk size %d", in, size)
			require.Equal(t, rep, gotRep, "%s: chunk size %d", in, size)
		}
	}
}

// Parentheses in prose are no tuple: the input holds no value.
func TestTupleInProse(t *testing.T) {
	for _, in := range []string{`(see above)`, `Here: (1, 2)`, "Result:\n(1, 2)\n", `I think (maybe) yes`} {
		_, _, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		assert.ErrorIs(t, err, ErrNoValue, in)
	}
}
