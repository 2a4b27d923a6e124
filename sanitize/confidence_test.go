package sanitize

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// counterExample is an input that a fix of kind must not mangle: either
// the data comes out whole (out), or the call fails (refused), or the
// fix that may lose data is below certain (doubt).
type counterExample struct {
	kind    Kind // the kind audited
	in      string
	out     string // when not refused: the output
	refused error  // the sentinel, when the input is refused
	doubt   Kind   // a kind below certain that must be among the fixes, or 0
}

// The confidence audit of issue #25 item 2: for every kind that is
// certain, inputs where a certain reading would lose or invent data.
// docs/confidence.md explains each kind's confidence.
var counterExamples = []counterExample{
	// prose: text after a top-level value is certain only when nothing in
	// it can belong to the value.
	{kind: KindProse, in: `"The TV has a 24" screen"`, out: `"The TV has a 24\" screen"`, doubt: KindInnerQuote},
	{kind: KindProse, in: `"He is six feet (72") tall"`, out: `"He is six feet (72\") tall"`, doubt: KindInnerQuote},
	{kind: KindProse, in: `"a" "b"`, refused: ErrMultipleValues},
	{kind: KindProse, in: `"a" said "b" yesterday`, refused: ErrSyntax},
	{kind: KindProse, in: `{"a": "x"}, "b": 2}`, out: `{"a": "x", "b": 2}`, doubt: KindMismatchedBracket},
	{kind: KindProse, in: `{"a": "x"}, "b" 2}`, refused: ErrSyntax},
	{kind: KindProse, in: `{"a":1} {"b":2}`, refused: ErrMultipleValues},
	{kind: KindProse, in: `[1] 2`, out: `[1]`, doubt: KindProseValue},
	{kind: KindProse, in: `{"a":1} -1.5`, out: `{"a":1}`, doubt: KindProseValue},
	{kind: KindProse, in: `{"a":"b"} 'c'`, out: `{"a":"b"}`, doubt: KindProseValue},
	{kind: KindProse, in: `"x" 2`, out: `"x"`, doubt: KindProseValue},
	{kind: KindProse, in: `{"a":"b"}, 2`, out: `{"a":"b"}`, doubt: KindProseValue},
	{kind: KindProse, in: `[1], -3`, out: `[1]`, doubt: KindProseValue},
	{kind: KindProse, in: "```json\n{\"a\":\"b\"}, 2\n```", out: `{"a":"b"}`, doubt: KindProseValue},
	// A ':' after the value: the value was a member's name (the braces
	// left out), or a member follows it.
	{kind: KindProse, in: `"score": 5`, out: `"score"`, doubt: KindProseValue},
	{kind: KindProse, in: `"result": [1, 2]`, out: `"result"`, doubt: KindProseValue},
	{kind: KindProse, in: `{"a": 1}: 2`, out: `{"a": 1}`, doubt: KindProseValue},
	{kind: KindProse, in: `{"a":1} : {"b":2}`, refused: ErrMultipleValues},
	{kind: KindProse, in: `{"a": 1} hello: 2`, out: `{"a": 1}`, doubt: KindProseValue},
	{kind: KindProse, in: "{\"a\":1}\n// the second:\n{\"b\":2}", refused: ErrMultipleValues},
	// comment: a # comment where a value belongs may be data.
	{kind: KindComment, in: "[\n  #1,\n  2\n]", out: "[\n  \n  2\n]", doubt: KindValueComment},
	{kind: KindComment, in: "{\"color\": #fff\n}", out: "{\"color\": \nnull}", doubt: KindValueComment},
	{kind: KindComment, in: `{"url": http://example.com/a#top}`, out: `{"url": "http://example.com/a#top"}`, doubt: KindUnquotedValue},
	{kind: KindComment, in: `{"a": "// not a comment", "b": "# nor this"}`, out: `{"a": "// not a comment", "b": "# nor this"}`},
	// whitespace: only blanks between tokens; inside strings, data.
	{kind: KindWhitespace, in: "{\"k\u00a0\": \"v\u3000\"}", out: "{\"k\u00a0\": \"v\u3000\"}"},
	{kind: KindWhitespace, in: "[\u00a9]", out: "[\"\u00a9\"]", doubt: KindUnquotedValue},
	// trailing_comma: a comma inside a string is data.
	{kind: KindTrailingComma, in: `{"a": "1,}"}`, out: `{"a": "1,}"}`},
	// python_literal: only the whole words.
	{kind: KindPythonLiteral, in: `["True", Truely, None_]`, out: `["True", "Truely", "None_"]`, doubt: KindUnquotedValue},
	// number: a version is not a number.
	{kind: KindNumber, in: `[1.2.3]`, out: `["1.2.3"]`, doubt: KindUnquotedValue},
	// bom: only at the start of the input.
	{kind: KindBOM, in: "[\"\ufeff\"]", out: "[\"\ufeff\"]"},
	// drop_incomplete and close_truncated: never with a nil error.
	{kind: KindDropIncomplete, in: `{"n": 25`, refused: ErrTruncated},
	{kind: KindCloseTruncated, in: `{"s": "abc`, refused: ErrTruncated},
}

func TestConfidenceCounterExamples(t *testing.T) {
	for _, ce := range counterExamples {
		out, rep, err := Append(nil, []byte(ce.in), Options{MinConfidence: Guess, CloseTruncated: true})
		if ce.refused != nil {
			require.ErrorIs(t, err, ce.refused, "%s: %q", ce.kind, ce.in)
			continue
		}
		require.NoError(t, err, "%s: %q", ce.kind, ce.in)
		assert.Equal(t, ce.out, string(out), "%s: %q", ce.kind, ce.in)
		if ce.doubt != 0 {
			assert.Less(t, ce.doubt.Confidence(), Certain, "%s", ce.doubt)
			assert.Contains(t, fixKinds(rep), ce.doubt, "%s: %q", ce.kind, ce.in)
		}
	}
}

func fixKinds(rep Report) []Kind {
	var ks []Kind
	for _, f := range rep.Fixes {
		ks = append(ks, f.Kind)
	}
	return ks
}

// Every certain kind has counter-examples above, or is in this list of
// kinds whose certain fixes drop nothing that could be data.
func TestEveryCertainKindIsAudited(t *testing.T) {
	dropsNothing := map[Kind]string{
		KindFence:           "fence lines are markdown, outside any value",
		KindControlChar:     "escapes keep the byte",
		KindInvalidUTF8:     "bytes no JSON text can hold; U+FFFD marks where they were",
		KindSeparator:       "a newline between values (ValuesLines only)",
		KindValues:          "made only when Options.Values asks for it",
		KindEscapedDocument: "made only when Options.UnwrapStringDocument asks for it",
	}
	audited := map[Kind]bool{}
	for _, ce := range counterExamples {
		audited[ce.kind] = true
	}
	for _, k := range Kinds() {
		if k.Confidence() != Certain {
			continue
		}
		_, ok := dropsNothing[k]
		assert.True(t, audited[k] || ok, "certain kind %s has no counter-example", k)
	}
}
