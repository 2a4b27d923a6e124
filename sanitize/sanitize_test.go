package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixes renders a report's fixes as "kind@offset(line:col)".
func fixes(r Report) []string {
	var out []string
	for _, f := range r.Fixes {
		out = append(out, fmt.Sprintf("%s@%d(%d:%d)", f.Kind, f.Offset, f.Line, f.Column))
	}
	return out
}

func TestAppend(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		close  bool
		values ValuesMode
		out    string
		fixes  []string
		err    error // sentinel, or nil
	}{
		{name: "valid passes through", in: `{"a": [1, 2.5e3, "x\n"]}`, out: `{"a": [1, 2.5e3, "x\n"]}`},
		{name: "whitespace around kept", in: " \n[1]\n ", out: " \n[1]\n "},
		{name: "fenced", in: "```json\n{\"a\":1}\n```\n", out: `{"a":1}`,
			fixes: []string{"fence@0(1:1)", "fence@16(3:1)"}},
		{name: "prose around", in: "Sure! Here it is:\n{\"a\":1}\nHope this helps.", out: `{"a":1}`,
			fixes: []string{"prose@0(1:1)", "prose@26(3:1)"}},
		{name: "prose and fence", in: "Here:\n```json\n[true]\n```\nDone.", out: `[true]`,
			fixes: []string{"prose@0(1:1)", "fence@6(2:1)", "fence@21(4:1)", "prose@25(5:1)"}},
		{name: "two fenced values", in: "A:\n```json\n{\"a\":1}\n```\nB:\n```json\n{\"b\":2}\n```", out: "{\"a\":1}\n{\"b\":2}", values: ValuesLines,
			fixes: []string{"prose@0(1:1)", "fence@3(2:1)", "fence@19(4:1)", "prose@23(5:1)", "fence@26(6:1)", "fence@42(8:1)"}},
		{name: "fenced scalar", in: "```\n42\n```", out: "42", fixes: []string{"fence@0(1:1)", "fence@7(3:1)"}},
		{name: "raw control bytes", in: "{\"a\":\"l1\nl2\tx\r\x01\x1f\"}", out: `{"a":"l1\nl2\tx\r\u0001\u001f"}`,
			fixes: []string{"control_char@8(1:9)", "control_char@11(2:3)", "control_char@13(2:5)", "control_char@14(2:6)", "control_char@15(2:7)"}},
		{name: "backspace and form feed", in: "[\"\b\f\"]", out: `["\b\f"]`,
			fixes: []string{"control_char@2(1:3)", "control_char@3(1:4)"}},
		{name: "invalid utf8", in: "[\"a\xffb\xe2\x82\"]", out: "[\"a\uFFFDb\uFFFD\"]",
			fixes: []string{"invalid_utf8@3(1:4)", "invalid_utf8@5(1:6)"}},
		{name: "empty", in: "", err: ErrNoValue},
		{name: "only prose", in: "I cannot help with that.", err: ErrNoValue, fixes: []string{"prose@0(1:1)"}},
		{name: "only a fence", in: "```json\n```", err: ErrNoValue, fixes: []string{"fence@0(1:1)", "fence@8(2:1)"}},
		{name: "fence never closed", in: "```json\n{\"a\":1}\n", out: "{\"a\":1}\n", fixes: []string{"fence@0(1:1)"}},
		{name: "syntax error", in: `{"a":1 @}`, err: ErrSyntax},
		{name: "unrepairable value", in: `[1, @]`, err: ErrSyntax},
		{name: "truncated", in: `{"a":1,"b":[1,2`, out: "", err: ErrTruncated},
		{name: "truncated keeps earlier values", in: "{}\n{\"a\":", values: ValuesLines, out: "{}", err: ErrTruncated},
		{name: "closed number dropped", in: `{"n": 25`, close: true, out: `{}`, err: ErrTruncated,
			fixes: []string{"drop_incomplete@1(1:2)", "close_truncated@8(1:9)"}},
		{name: "closed element kept", in: `{"a":[1,2],"b":"tex`, close: true, out: `{"a":[1,2],"b":"tex"}`, err: ErrTruncated,
			fixes: []string{"close_truncated@19(1:20)"}},
		{name: "closed partial escape", in: `["ab\u00`, close: true, out: `["ab"]`, err: ErrTruncated,
			fixes: []string{"drop_incomplete@4(1:5)", "close_truncated@8(1:9)"}},
		{name: "closed dangling comma", in: "[1,\n  ", close: true, out: `[1]`, err: ErrTruncated,
			fixes: []string{"drop_incomplete@2(1:3)", "close_truncated@6(2:3)"}},
		{name: "closed key", in: `{"a":{"b":true,"c`, close: true, out: `{"a":{"b":true}}`, err: ErrTruncated,
			fixes: []string{"drop_incomplete@14(1:15)", "close_truncated@17(1:18)"}},
		{name: "closed after complete value", in: `[[1]`, close: true, out: `[[1]]`, err: ErrTruncated,
			fixes: []string{"close_truncated@4(1:5)"}},
		{name: "closed with escapes before the cut", in: "{\"a\":\"x\ny\",\"b\":1", close: true, out: `{"a":"x\ny"}`, err: ErrTruncated,
			fixes: []string{"control_char@7(1:8)", "drop_incomplete@10(2:3)", "close_truncated@16(2:9)"}},
		{name: "closed top-level literal dropped", in: "tru", close: true, out: "", err: ErrTruncated,
			fixes: []string{"drop_incomplete@0(1:1)"}},
		{name: "closed top-level string", in: "\"abc", close: true, out: `"abc"`, err: ErrTruncated,
			fixes: []string{"close_truncated@4(1:5)"}},
		{name: "depth", in: strings.Repeat("[", 513), err: ErrDepth},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, rep, err := Append([]byte("prefix:"), []byte(tc.in), Options{MinConfidence: Guess, CloseTruncated: tc.close, Values: tc.values})
			if tc.err != nil {
				require.Error(t, err)
				assert.ErrorIs(t, err, tc.err)
				var e *Error
				require.ErrorAs(t, err, &e)
				assert.Positive(t, e.Line)
				assert.Positive(t, e.Column)
			} else {
				require.NoError(t, err)
			}
			if tc.err == nil || tc.out != "" || tc.err == ErrTruncated {
				assert.Equal(t, "prefix:"+tc.out, string(out))
			}
			assert.Equal(t, tc.fixes, fixes(rep))
			assert.Equal(t, tc.err == ErrTruncated, rep.Truncated)
		})
	}
}

func TestTruncationReport(t *testing.T) {
	_, rep, err := Append(nil, []byte("{\"a\":[1,{\"b\":\"x"), Options{MinConfidence: Guess})
	require.ErrorIs(t, err, ErrTruncated)
	require.True(t, rep.Truncated)
	assert.Equal(t, Truncation{Offset: 15, Line: 1, Column: 16, Open: "{[{", Pending: PendingString, Start: 0}, rep.Truncation)
}

func TestBytesDoesNotCopyValidInput(t *testing.T) {
	src := []byte(`{"a":[1,2,{"b":null}]}`)
	out, rep, err := Bytes(src, Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Empty(t, rep.Fixes)
	require.Len(t, out, len(src))
	assert.Same(t, &src[0], &out[0], "valid input must come back as the same slice")
}

func TestErrorCoordinates(t *testing.T) {
	_, _, err := Append(nil, []byte("{\n  \"a\": 1\n  \"b\": 2\n}"), Options{MinConfidence: Guess, Strict: true})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, ErrSyntax, e.Err)
	assert.Equal(t, int64(13), e.Offset)
	assert.Equal(t, 3, e.Line)
	assert.Equal(t, 3, e.Column)
	assert.Contains(t, e.Error(), "3:3")
	assert.Contains(t, e.Error(), "expected ',' or '}'")
}

func TestWriterMatchesAppend(t *testing.T) {
	in := []byte("Here:\n```json\n{\"a\":\"x\ny\"}\n```\n```json\n[1,\"\xff\"]\n```\nbye")
	for _, mode := range []ValuesMode{ValuesLines, ValuesFirst, ValuesArray} {
		writerMatchesAppend(t, in, Options{MinConfidence: Guess, Values: mode})
	}
	_, _, err := Append(nil, in, Options{MinConfidence: Guess})
	require.ErrorIs(t, err, ErrMultipleValues)
}

func writerMatchesAppend(t *testing.T, in []byte, opts Options) {
	want, wantRep, wantErr := Append(nil, in, opts)
	require.NoError(t, wantErr)
	for size := 1; size <= len(in); size++ {
		var buf bytes.Buffer
		w := NewWriter(&buf, opts)
		for off := 0; off < len(in); off += size {
			_, err := w.Write(in[off:min(off+size, len(in))])
			require.NoError(t, err)
		}
		require.NoError(t, w.Close())
		assert.Equal(t, string(want), buf.String(), "%s: chunk size %d", opts.Values, size)
		assert.Equal(t, wantRep, *w.Report(), "%s: chunk size %d", opts.Values, size)
	}
}

func TestWriterPassesCompleteValuesEarly(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, Options{MinConfidence: Guess, Values: ValuesLines})
	_, err := w.Write([]byte("{\"a\":1}\n{\"b\":"))
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, buf.String())
	err = w.Close()
	assert.ErrorIs(t, err, ErrTruncated)
	assert.Equal(t, `{"a":1}`, buf.String())
	assert.ErrorIs(t, w.Close(), ErrClosed)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterReportsUnderlyingError(t *testing.T) {
	w := NewWriter(failingWriter{}, Options{MinConfidence: Guess, Values: ValuesLines})
	_, err := w.Write([]byte("{\"a\":1}\n"))
	assert.EqualError(t, err, "disk full")

	// One document: the output is held until Close, which reports it.
	w = NewWriter(failingWriter{}, Options{MinConfidence: Guess})
	_, err = w.Write([]byte(`{"a":1} `))
	require.NoError(t, err)
	assert.EqualError(t, w.Close(), "disk full")
}

func TestMaxInput(t *testing.T) {
	_, _, err := Append(nil, []byte(`["`+strings.Repeat("x", 100)+`"]`), Options{MinConfidence: Guess, MaxInput: 50})
	assert.ErrorIs(t, err, ErrTooLarge)
}

func TestStrictRefusesInvalidUTF8(t *testing.T) {
	in := []byte("```json\n[\"a\nb\xff\"]\n```")
	_, _, err := Append(nil, in, Options{MinConfidence: Guess, Strict: true})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, ErrSyntax, e.Err)
	assert.Equal(t, int64(13), e.Offset)

	out, rep, err := Append(nil, in, Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Equal(t, "[\"a\\nb\uFFFD\"]", string(out))
	assert.Equal(t, []string{"fence@0(1:1)", "control_char@11(2:4)", "invalid_utf8@13(3:2)", "fence@17(4:1)"}, fixes(rep))
}

// endlessString yields `["` followed by an endless run of 'x'.
type endlessString struct{ read int64 }

func (r *endlessString) Read(p []byte) (int, error) {
	for i := range p {
		if r.read+int64(i) < 2 {
			p[i] = `["`[r.read+int64(i)]
		} else {
			p[i] = 'x'
		}
	}
	r.read += int64(len(p))
	return len(p), nil
}

// A huge string (here: endless) is bounded by MaxInput, not by memory.
func TestHugeStringIsBounded(t *testing.T) {
	src := &endlessString{}
	w := NewWriter(io.Discard, Options{MinConfidence: Guess, MaxInput: 1 << 20})
	_, err := io.Copy(w, src)
	require.ErrorIs(t, err, ErrTooLarge)
	assert.Less(t, src.read, int64(2<<20), "reading stops soon after the cap")
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 1, e.Line)
}

func TestNULBytes(t *testing.T) {
	out, rep, err := Append(nil, []byte("\x00{\"a\":\"\x00\"}"), Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Equal(t, `{"a":"\u0000"}`, string(out))
	assert.Equal(t, []string{"prose@0(1:1)", "control_char@7(1:8)"}, fixes(rep))

	_, _, err = Append(nil, []byte("[1,\x00]"), Options{MinConfidence: Guess})
	assert.ErrorIs(t, err, ErrSyntax)
}

// The size cap stops at the same offset however the input is split.
func TestMaxInputIsChunkInvariant(t *testing.T) {
	in := []byte("[\"" + strings.Repeat("ab\n", 40) + "\"]")
	opts := Options{MinConfidence: Guess, MaxInput: 50}
	want, wantRep, wantErr := Append(nil, in, opts)
	require.ErrorIs(t, wantErr, ErrTooLarge)
	var e *Error
	require.ErrorAs(t, wantErr, &e)
	assert.Equal(t, int64(50), e.Offset)
	for size := 1; size < len(in); size += 3 {
		got, gotRep, gotErr := viaWriter(in, []int{size}, opts)
		assert.Equal(t, string(want), string(got), "chunk size %d", size)
		assert.Equal(t, wantRep, gotRep, "chunk size %d", size)
		assert.Equal(t, wantErr.Error(), errString(gotErr), "chunk size %d", size)
	}
}
