package sanitize

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The inputs of issue #25 that hold several top-level values, and what
// each mode makes of them.
var severalValues = []struct {
	name, in            string
	n                   int
	first, array, lines string
	starts              string // the ErrMultipleValues message's list
}{
	{"adjacent arrays", `[][]`, 2, `[]`, `[[],[]]`, "[]\n[]", "1:1 (offset 0), 1:3 (offset 2)"},
	{"prose between", `{"a":"b"}#{}`, 2, `{"a":"b"}`, `[{"a":"b"},{}]`, "{\"a\":\"b\"}\n{}", "1:1 (offset 0), 1:11 (offset 10)"},
	{"scalars on lines", "1\n2", 2, `1`, `[1,2]`, "1\n2", "1:1 (offset 0), 2:1 (offset 2)"},
	{"comment-separated objects", "// a\n{\"a\":1} /* b */ {\"b\":2}\n# c\n{\"c\":3}\n", 3,
		`{"a":1}`, `[{"a":1},{"b":2},{"c":3}]`, "{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n", "2:1 (offset 5), 2:17 (offset 21), 4:1 (offset 33)"},
}

func TestValuesModes(t *testing.T) {
	for _, tc := range severalValues {
		t.Run(tc.name, func(t *testing.T) {
			out, rep, err := Append([]byte("dst:"), []byte(tc.in), Options{MinConfidence: Guess})
			require.ErrorIs(t, err, ErrMultipleValues)
			assert.Equal(t, "dst:", string(out), "a refusal writes nothing")
			assert.Equal(t, tc.n, rep.Values)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Contains(t, e.Msg, tc.starts)
			assert.Contains(t, e.Msg, itoa(tc.n)+" top-level JSON values")

			for mode, want := range map[ValuesMode]string{ValuesFirst: tc.first, ValuesArray: tc.array, ValuesLines: tc.lines} {
				out, rep, err := Append([]byte("dst:"), []byte(tc.in), Options{MinConfidence: Guess, Values: mode})
				require.NoError(t, err, mode)
				assert.Equal(t, "dst:"+want, string(out), mode)
				assert.Equal(t, tc.n, rep.Values, mode)
			}
		})
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

func TestValuesOneKeepsSingleDocuments(t *testing.T) {
	src := []byte("  {\"a\": [1, 2]}\n")
	out, rep, err := Bytes(src, Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Same(t, &src[0], &out[0], "one valid value is not copied")
	assert.Equal(t, 1, rep.Values)
	assert.Empty(t, rep.Fixes)
}

func TestValuesErrorsAfterSeveralValues(t *testing.T) {
	// One document: a truncated second value still makes two values (the
	// refusal is for the values, and the Report does not claim a
	// truncation that closing could repair); a broken one fails with its
	// own error. Nothing of the first is written.
	out, rep, err := Append(nil, []byte(`{"a":1} {"b":`), Options{MinConfidence: Guess, CloseTruncated: true})
	require.ErrorIs(t, err, ErrMultipleValues)
	assert.False(t, rep.Truncated)
	assert.Empty(t, out)
	out, _, err = Append(nil, []byte(`{"a":1} {"b" 2 @}`), Options{MinConfidence: Guess})
	require.ErrorIs(t, err, ErrSyntax)
	assert.Empty(t, out)

	// First: what follows the first value cannot fail the call.
	for _, in := range []string{`{"a":1} {"b":`, `{"a":1} {"b":2 @}`, "{\"a\":1}\n{'b':2}"} {
		out, rep, err := Append(nil, []byte(in), Options{Values: ValuesFirst, MinConfidence: Certain})
		require.NoError(t, err, in)
		assert.Equal(t, `{"a":1}`, string(out), in)
		assert.False(t, rep.Truncated, in)
		require.Len(t, rep.Fixes, 1, in)
		assert.Equal(t, KindValues, rep.Fixes[0].Kind)
		assert.Equal(t, Certain, rep.Fixes[0].Confidence)
		assert.Equal(t, int64(8), rep.Fixes[0].Offset, in)
	}

	// Array: the values completed before the error, closed.
	out, _, err = Append(nil, []byte(`{"a":1} {"b":[2,`), Options{MinConfidence: Guess, Values: ValuesArray, CloseTruncated: true})
	require.ErrorIs(t, err, ErrTruncated)
	assert.Equal(t, `[{"a":1},{"b":[2]}]`, string(out))
	out, _, err = Append(nil, []byte(`{"a":1} {"b":[2`), Options{MinConfidence: Guess, Values: ValuesArray})
	require.ErrorIs(t, err, ErrTruncated)
	assert.Equal(t, `[{"a":1}]`, string(out))
}

func TestValuesArrayWrapsOneValue(t *testing.T) {
	out, rep, err := Append(nil, []byte("Here:\n```json\n{\"a\":1}\n```\n"), Options{MinConfidence: Guess, Values: ValuesArray})
	require.NoError(t, err)
	assert.Equal(t, `[{"a":1}]`, string(out))
	assert.Equal(t, []string{"prose@0(1:1)", "fence@6(2:1)", "values@14(3:1)", "fence@22(4:1)"}, fixes(rep))
}

func TestValuesStreamFirstStablePrefix(t *testing.T) {
	st := NewStream(Options{MinConfidence: Guess, Values: ValuesFirst})
	_, err := st.Write([]byte(`{"a":1} {"b":[1,2,`))
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(st.Stable()))
	out, err := st.Close()
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(out))
}

func TestParseValuesMode(t *testing.T) {
	for _, m := range []ValuesMode{ValuesOne, ValuesFirst, ValuesArray, ValuesLines} {
		got, ok := ParseValuesMode(m.String())
		require.True(t, ok)
		assert.Equal(t, m, got)
	}
	_, ok := ParseValuesMode("all")
	assert.False(t, ok)
}

func TestValuesStreamSnapshot(t *testing.T) {
	st := NewStream(Options{MinConfidence: Guess, Values: ValuesArray})
	_, err := st.Write([]byte(`{"a":1} {"b":[1,`))
	require.NoError(t, err)
	assert.Equal(t, `[{"a":1},{"b":[1]}]`, string(st.AppendSnapshot(nil)))
	out, err := st.Close()
	require.ErrorIs(t, err, ErrTruncated)
	assert.Equal(t, `[{"a":1},{"b":[1]}]`, string(out))

	st = NewStream(Options{MinConfidence: Guess, Values: ValuesFirst})
	_, err = st.Write([]byte(`{"a":1} {"b":[1,`))
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(st.AppendSnapshot(nil)))

	// ValuesOne: a second value makes the document one Close refuses; the
	// snapshot stays the first value, valid JSON (it was "[1]\n[]").
	st = NewStream(Options{MinConfidence: Guess})
	_, err = st.Write([]byte("[1] ["))
	require.NoError(t, err)
	snap := st.AppendSnapshot(nil)
	assert.True(t, json.Valid(snap), "%q", snap)
	assert.Equal(t, `[1]`, string(snap))
	_, err = st.Close()
	assert.ErrorIs(t, err, ErrMultipleValues)
}

func TestValuesFirstWriterDropsWhatFailsLater(t *testing.T) {
	in := []byte(`{"a":1} {"b" @@ } [1,`)
	for size := 1; size <= len(in); size++ {
		var buf bytes.Buffer
		w := NewWriter(&buf, Options{MinConfidence: Guess, Values: ValuesFirst})
		for off := 0; off < len(in); off += size {
			_, err := w.Write(in[off:min(off+size, len(in))])
			require.NoError(t, err, "chunk size %d", size)
		}
		require.NoError(t, w.Close(), "chunk size %d", size)
		assert.Equal(t, `{"a":1}`, buf.String(), "chunk size %d", size)
		assert.Equal(t, []string{"values@8(1:9)"}, fixes(*w.Report()), "chunk size %d", size)
	}
}
