package sanitize

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func suiteFiles(t testing.TB, prefix string) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("../testdata/JSONTestSuite/test_parsing/" + prefix + "*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	out := make(map[string][]byte, len(files))
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		out[filepath.Base(f)] = b
	}
	return out
}

// validSequence reports whether out is one or more JSON values separated by
// whitespace, each valid for encoding/json.
func validSequence(out []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(out))
	n := 0
	for {
		var v json.RawMessage
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return n > 0
		}
		if err != nil || !json.Valid(v) {
			return false
		}
		n++
	}
}

// Every y_ file comes back byte-identical, with no fix, as the same slice.
func TestJSONTestSuiteAccepted(t *testing.T) {
	for name, in := range suiteFiles(t, "y_") {
		out, rep, err := Bytes(in, Options{MinConfidence: Guess})
		if assert.NoError(t, err, name) {
			assert.Equal(t, in, out, name)
			assert.Empty(t, rep.Fixes, name)
			assert.Equal(t, 1, rep.Values, name)
			assert.False(t, rep.Truncated, name)
		}
	}
}

// Every n_ file gets a typed error, or valid output with at least one fix.
func TestJSONTestSuiteRejected(t *testing.T) {
	var errs, fixed int
	for name, in := range suiteFiles(t, "n_") {
		out, rep, err := Append(nil, in, Options{MinConfidence: Guess})
		if err != nil {
			var e *Error
			if assert.ErrorAs(t, err, &e, name) {
				assert.Positive(t, e.Line, name)
				assert.Positive(t, e.Column, name)
			}
			errs++
			continue
		}
		fixed++
		assert.NotEmpty(t, rep.Fixes, "%s: accepted without a fix", name)
		if rep.Values == 1 {
			assert.True(t, json.Valid(out), "%s: invalid output %q", name, out)
		} else {
			assert.True(t, validSequence(out), "%s: invalid sequence %q", name, out)
		}
	}
	t.Logf("n_ files: %d typed errors, %d repaired into valid JSON", errs, fixed)
}

// i_ files: implementation-defined by RFC 8259. jsonheal accepts them as they
// are (big numbers and lone surrogate escapes are valid grammar) except for
// invalid UTF-8, which is replaced with U+FFFD and recorded, and a byte
// order mark, which is removed as prose.
func TestJSONTestSuiteImplementationDefined(t *testing.T) {
	for name, in := range suiteFiles(t, "i_") {
		out, rep, err := Append(nil, in, Options{MinConfidence: Guess})
		switch {
		case err != nil:
			var e *Error
			assert.ErrorAs(t, err, &e, name)
		case len(rep.Fixes) == 0:
			assert.Equal(t, in, out, name)
		default:
			assert.True(t, validSequence(out), "%s: %q", name, out)
			for _, f := range rep.Fixes {
				assert.Contains(t, []Kind{KindInvalidUTF8, KindProse, KindSeparator, KindBOM}, f.Kind, name)
			}
		}
	}
}

// llm_raw.jsonl holds llm.jsonl's records with raw newlines and tabs inside
// strings; once sanitized, its first 291 records equal llm.jsonl's.
func TestLLMRawMatchesLLM(t *testing.T) {
	raw, err := os.ReadFile("../testdata/corpus/llm_raw.jsonl")
	require.NoError(t, err)
	clean, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)

	out, rep, err := Append(nil, raw, Options{MinConfidence: Guess, Values: ValuesLines})
	require.NoError(t, err)
	assert.NotEmpty(t, rep.Fixes)
	for _, f := range rep.Fixes {
		require.Equal(t, KindControlChar, f.Kind)
	}
	got := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	want := strings.Split(strings.TrimRight(string(clean), "\n"), "\n")
	require.Len(t, want, 291)
	require.Len(t, got, 292)
	assert.Equal(t, rep.Values, 292)
	assert.Equal(t, want, got[:291])

	out, rep, err = Append(nil, clean, Options{MinConfidence: Guess, Values: ValuesLines})
	require.NoError(t, err)
	assert.Equal(t, clean, out)
	assert.Empty(t, rep.Fixes)
}

// Every input gives the same output and Report whole, byte by byte and in
// random splits through a Writer.
func TestChunkingInvariance(t *testing.T) {
	inputs := suiteFiles(t, "")
	for _, f := range []string{"llm_raw.jsonl", "twitter.json"} {
		b, err := os.ReadFile("../testdata/corpus/" + f)
		require.NoError(t, err)
		inputs[f] = b
	}
	inputs["fenced"] = []byte("Here:\n```json\n{\"a\":\"x\ny\"}\n```\n~~~\n12\n~~~\n[1,\"\xe2\x82\"]\nand {\"b\":[tru")
	rng := rand.New(rand.NewSource(7))
	for name, in := range inputs {
		for _, closeTruncated := range []bool{false, true} {
			opts := Options{MinConfidence: Guess, CloseTruncated: closeTruncated}
			want, wantRep, wantErr := Append(nil, in, opts)
			splits := [][]int{{1}, {3}, nil}
			if len(in) > 100_000 {
				splits = [][]int{{4093}, nil}
			}
			for _, sizes := range splits {
				if sizes == nil {
					sizes = make([]int, 32)
					for i := range sizes {
						sizes[i] = 1 + rng.Intn(29)
					}
				}
				got, gotRep, gotErr := viaWriter(in, sizes, opts)
				if !assert.Equal(t, string(want), string(got), "%s %v", name, sizes) ||
					!assert.Equal(t, wantRep, gotRep, "%s %v", name, sizes) ||
					!assert.Equal(t, errString(wantErr), errString(gotErr), "%s %v", name, sizes) {
					return
				}
			}
		}
	}
}

func viaWriter(in []byte, sizes []int, opts Options) ([]byte, Report, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf, opts)
	var err error
	for k := 0; len(in) > 0 && err == nil; k++ {
		n := min(sizes[k%len(sizes)], len(in))
		_, err = w.Write(in[:n])
		in = in[n:]
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return buf.Bytes(), *w.Report(), err
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Output is idempotent: sanitizing it again changes nothing.
func TestIdempotent(t *testing.T) {
	for name, in := range suiteFiles(t, "") {
		out, _, err := Append(nil, in, Options{MinConfidence: Guess, CloseTruncated: true})
		if err != nil && !errors.Is(err, ErrTruncated) || len(out) == 0 {
			continue
		}
		again, rep, err2 := Append(nil, out, Options{MinConfidence: Guess})
		if assert.NoError(t, err2, "%s: %q", name, out) {
			assert.Equal(t, string(out), string(again), name)
			assert.Empty(t, rep.Fixes, name)
		}
	}
}

func TestSanitizerAppendDoesNotAllocate(t *testing.T) {
	for _, f := range []string{"twitter.json", "citm_catalog.json", "canada.json", "llm.jsonl", "llm_raw.jsonl"} {
		in, err := os.ReadFile("../testdata/corpus/" + f)
		require.NoError(t, err)
		z := New(Options{MinConfidence: Guess, Values: ValuesLines})
		dst := make([]byte, 0, 2*len(in))
		run := func() {
			out, err := z.Append(dst[:0], in)
			if err != nil || len(out) == 0 {
				panic(err)
			}
		}
		run()
		assert.Zero(t, testing.AllocsPerRun(3, run), f)
	}
}
