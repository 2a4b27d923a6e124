package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validDocument returns a valid JSON document of about size bytes: an
// array of records (objects, nested arrays, escaped strings, numbers,
// literals), the same for the same seed.
func validDocument(size int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 1))
	b := []byte("[")
	for k := 0; len(b) < size; k++ {
		if k > 0 {
			b = append(b, ",\n "...)
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, int64(rng.IntN(1e9))-5e8, 10)
		b = append(b, `,"name":"Ada \"L\" \u00e9`...)
		b = append(b, strings.Repeat("x", rng.IntN(40))...)
		b = append(b, `","score":`...)
		b = strconv.AppendFloat(b, rng.Float64()*1e6, 'g', -1, 64)
		b = append(b, `,"tags":[`...)
		for j := range rng.IntN(4) {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, `"t`...)
			b = strconv.AppendInt(b, int64(j), 10)
			b = append(b, '"')
		}
		b = append(b, `],"ok":true,"none":null,"deep":{"a":[[1,{"b":false}]]}}`...)
	}
	return append(b, "]\n"...)
}

// randomSizes returns n chunk sizes between 1 and most.
func randomSizes(rng *rand.Rand, n, most int) []int {
	sizes := make([]int, n)
	for i := range sizes {
		sizes[i] = 1 + rng.IntN(most)
	}
	return sizes
}

// writeHeld feeds in to w in chunks of the sizes given, in turn, closes
// it, and returns the most output w held at once and the first error.
func writeHeld(w *Writer, in []byte, sizes []int) (held int, err error) {
	for k := 0; len(in) > 0 && err == nil; k++ {
		n := min(sizes[k%len(sizes)], len(in))
		_, err = w.Write(in[:n])
		in = in[n:]
		held = max(held, len(w.z.out))
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return held, err
}

// Valid documents of many sizes, fed in random chunks, come out byte for
// byte as Bytes gives them, whatever the window; past the window the
// Writer streams, holding about the window at most.
func TestWriterStreamsValidDocuments(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 1))
	for _, size := range []int{0, 10, 1000, 64 << 10, 1 << 20, 3 << 20} {
		in := validDocument(size, uint64(size))
		want, _, err := Bytes(in, Options{})
		require.NoError(t, err)
		for _, window := range []int{1, 4096, 0} {
			for _, most := range []int{7, 4096, 64 << 10} {
				var buf bytes.Buffer
				w := NewWriter(&buf, Options{WriterWindow: window})
				held, err := writeHeld(w, in, randomSizes(rng, 16, most))
				require.NoError(t, err, "size %d window %d", size, window)
				require.True(t, bytes.Equal(want, buf.Bytes()), "size %d window %d chunks up to %d", size, window, most)
				// Held: the window, a chunk, and the record being read.
				bound := max(window, 0) + most + 1000
				if window == 0 {
					bound = DefaultWriterWindow + most + 1000
				}
				assert.LessOrEqual(t, held, bound, "size %d window %d", size, window)
			}
		}
	}
}

// Through a Writer that streams at once (a window of one byte), every
// input with repairs or truncation gives Append's output, Report and
// error, in every values mode and random chunks; or, when Append fails
// and the output that went out is not what it leaves, a *PartialError
// with Append's error and the bytes written.
func TestWriterStreamingMatchesAppend(t *testing.T) {
	inputs := streamInputs(t)
	for _, c := range brokengen.Classes {
		inputs["class "+c.Name+" large"] = c.Generate(20000)
	}
	rng := rand.New(rand.NewPCG(7, 1))
	partial := 0
	for name, in := range inputs {
		for _, sizes := range [][]int{{1}, randomSizes(rng, 16, 64)} {
			partial += checkStreamingWriter(t, name, in, sizes)
		}
	}
	assert.Positive(t, partial, "some refusals come after output began")
}

// checkStreamingWriter feeds in, in chunks of the sizes given, to Writers
// with a one-byte window in every values mode, with and without
// CloseTruncated, and checks each against Append (see
// TestWriterStreamingMatchesAppend). It returns how many ended in a
// *PartialError.
func checkStreamingWriter(t *testing.T, name string, in []byte, sizes []int) int {
	partial := 0
	for _, mode := range []ValuesMode{ValuesOne, ValuesFirst, ValuesArray, ValuesLines} {
		for _, closeTruncated := range []bool{false, true} {
			opts := Options{Values: mode, CloseTruncated: closeTruncated, WriterWindow: 1}
			label := fmt.Sprintf("%s %s close=%v %v", name, mode, closeTruncated, sizes)
			want, wantRep, wantErr := Append(nil, in, opts)
			got, gotRep, gotErr := viaWriter(in, sizes, opts)
			var pe *PartialError
			if errors.As(gotErr, &pe) {
				partial++
				require.Error(t, wantErr, label)
				require.Equal(t, wantErr.Error(), pe.Err.Error(), label)
				require.Equal(t, int64(len(got)), pe.Written, label)
				continue
			}
			require.Equal(t, string(want), string(got), label)
			require.Equal(t, errString(wantErr), errString(gotErr), label)
			require.Equal(t, wantRep, gotRep, label)
		}
	}
	return partial
}

// A second top-level value after the window: the output went out, and the
// refusal says how much of it.
func TestWriterRefusalAfterWindow(t *testing.T) {
	doc := validDocument(2<<20, 1)
	in := append(append([]byte{}, doc...), `{"second": true}`...)
	var buf bytes.Buffer
	w := NewWriter(&buf, Options{})
	_, err := writeHeld(w, in, []int{32 << 10})
	var pe *PartialError
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, ErrMultipleValues)
	assert.Positive(t, pe.Written)
	assert.Equal(t, int64(buf.Len()), pe.Written)
	assert.True(t, bytes.HasPrefix(doc, buf.Bytes()), "what went out is the first value's beginning")
	assert.Equal(t, int64(len(doc)), pe.Err.Offset, "the second value's offset")
	assert.Contains(t, err.Error(), "stopped after "+strconv.FormatInt(pe.Written, 10)+" bytes written: ")
	var se *Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, ErrMultipleValues, se.Err)
}

// Broken or truncated past the window: the same, with the error found.
func TestWriterErrorsAfterWindow(t *testing.T) {
	doc := validDocument(2<<20, 2)
	body := doc[:len(doc)-2] // without "]\n"
	for _, tc := range []struct {
		name     string
		in       []byte
		maxInput int64
		want     error
	}{
		{"syntax error", append(append([]byte{}, body...), `,{"a": @}]`...), 0, ErrSyntax},
		{"truncated", body, 0, ErrTruncated},
		{"too large", doc, 3 << 19, ErrTooLarge},
	} {
		var buf bytes.Buffer
		w := NewWriter(&buf, Options{MaxInput: tc.maxInput})
		_, err := writeHeld(w, tc.in, []int{32 << 10})
		var pe *PartialError
		require.ErrorAs(t, err, &pe, tc.name)
		assert.ErrorIs(t, err, tc.want, tc.name)
		assert.Equal(t, int64(buf.Len()), pe.Written, tc.name)
		assert.Greater(t, pe.Written, int64(DefaultWriterWindow/2), tc.name)
	}

	// Closed, the truncated document is what Append gives: no refusal.
	opts := Options{CloseTruncated: true}
	want, _, wantErr := Append(nil, body, opts)
	require.ErrorIs(t, wantErr, ErrTruncated)
	got, _, err := viaWriter(body, []int{32 << 10}, opts)
	assert.Equal(t, wantErr, err)
	assert.True(t, bytes.Equal(want, got))
}

// Within the window, a refusal writes nothing, in every way it is found.
func TestWriterModelSizedRefusalWritesNothing(t *testing.T) {
	doc := validDocument(900<<10, 3)
	for _, in := range [][]byte{
		[]byte(`[1] [2]`),
		append(append([]byte{}, doc...), `{"second": true}`...),
		append(append([]byte{}, doc[:len(doc)-2]...), `,{"a": @}]`...),
		doc[:len(doc)-2],
	} {
		var buf bytes.Buffer
		_, err := writeHeld(NewWriter(&buf, Options{}), in, []int{4096})
		require.Error(t, err)
		var pe *PartialError
		assert.False(t, errors.As(err, &pe), "not partial: %v", err)
		assert.Zero(t, buf.Len())
	}
}

// Once a second value began, ValuesOne keeps none of the output: however
// many values follow, memory stays bounded (by the longest value).
func TestWriterRefusedInputHoldsLittle(t *testing.T) {
	in := []byte(`{"first": 1} `)
	for k := 0; len(in) < 2<<20; k++ {
		in = append(in, `{"id":`+strconv.Itoa(k)+`,"tags":["a","b"]} `...)
	}
	var buf bytes.Buffer
	w := NewWriter(&buf, Options{WriterWindow: 4 << 20})
	held, err := writeHeld(w, in, []int{4096})
	require.ErrorIs(t, err, ErrMultipleValues)
	var pe *PartialError
	assert.False(t, errors.As(err, &pe))
	assert.Zero(t, buf.Len())
	assert.Less(t, held, 16<<10)
}

// Full-width punctuation after a string, whole or split between writes:
// the colon that makes the string a key (and inserts a '{' before it) may
// come after the string, which is not settled before (issue 40). Its
// first byte, 0xEF, may also begin a Unicode blank.
func TestWriterWideColonAfterString(t *testing.T) {
	for _, in := range []string{"[1,\"id\"\uff1a1}]", "[{},\"id\"\n\uff1a1}]", "[\"x\",\"id\"\uff1a1\uff0c\"t\"\uff1a \"R\"}]"} {
		// The bracket repair is a guess: allowed here.
		want, _, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.NoError(t, err)
		for first := 1; first < 8; first++ {
			for size := 1; size < 8; size++ {
				got, _, err := viaWriter([]byte(in), []int{first, size}, Options{MinConfidence: Guess, WriterWindow: 1})
				require.NoError(t, err, "%q %d %d", in, first, size)
				assert.Equal(t, string(want), string(got), "%q %d %d", in, first, size)
			}
		}
		checkStream(t, in, []byte(in), 1, pruneAsTheyGrow)
	}
}

// An edit that would reach output already written (a wrong stable offset)
// fails the Writer with ErrLateRepair instead of writing it wrong.
func TestWriterLateRepairFails(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, Options{WriterWindow: 1})
	_, err := w.Write([]byte(`[1,"ab",`))
	require.NoError(t, err)
	require.Positive(t, buf.Len())
	w.z.editBack(0, 1, 2, "x", false) // as if a repair came back to the 1
	_, err = w.Write([]byte(`2]`))
	var pe *PartialError
	require.ErrorAs(t, err, &pe)
	assert.ErrorIs(t, err, ErrLateRepair)
	assert.Equal(t, int64(buf.Len()), pe.Written)
	assert.Contains(t, err.Error(), "a repair at input offset 1 changes output already written")
	assert.Equal(t, err, w.Close())
}

// Past the window, the other modes stream too, and give Append's output.
func TestWriterStreamsEveryMode(t *testing.T) {
	doc := validDocument(2<<20, 5)
	in := append(append(append([]byte("Here: "), doc...), "\nand "...), doc...)
	for _, mode := range []ValuesMode{ValuesFirst, ValuesArray, ValuesLines} {
		opts := Options{Values: mode}
		want, wantRep, wantErr := Append(nil, in, opts)
		require.NoError(t, wantErr)
		var buf bytes.Buffer
		w := NewWriter(&buf, opts)
		held, err := writeHeld(w, in, []int{32 << 10})
		require.NoError(t, err, mode)
		assert.True(t, bytes.Equal(want, buf.Bytes()), mode)
		assert.Equal(t, wantRep, *w.Report(), mode)
		if mode != ValuesFirst { // what follows the first value is held (up to MaxInput)
			assert.Less(t, held, DefaultWriterWindow+64<<10, mode)
		}
	}
}
