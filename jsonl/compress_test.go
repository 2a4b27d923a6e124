package jsonl

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func compress(t testing.TB, f Format, parts ...[]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	for _, p := range parts { // one gzip member / zstd frame per part
		w, err := NewWriter(&buf, f)
		require.NoError(t, err)
		_, err = w.Write(p)
		require.NoError(t, err)
		require.NoError(t, w.Close())
	}
	return buf.Bytes()
}

func readAllFrom(t testing.TB, in []byte, opts ReaderOptions) ([]byte, Format, error) {
	t.Helper()
	r, err := NewReader(bytes.NewReader(in), opts)
	require.NoError(t, err)
	defer r.Close()
	b, err := io.ReadAll(r)
	return b, r.Format(), err
}

func TestCompressedInputIsDetectedByMagicBytes(t *testing.T) {
	data, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	half := len(data) / 2
	for _, f := range []Format{Plain, Gzip, Zstd} {
		t.Run(f.String(), func(t *testing.T) {
			in := compress(t, f, data[:half], data[half:]) // multistream
			if f != Plain {
				assert.Less(t, len(in), len(data)/2)
			}
			got, format, err := readAllFrom(t, in, ReaderOptions{})
			require.NoError(t, err)
			assert.Equal(t, f, format)
			assert.Equal(t, data, got)
		})
	}
	for _, in := range []string{"", "{", "\x1f"} {
		got, format, err := readAllFrom(t, []byte(in), ReaderOptions{})
		require.NoError(t, err)
		assert.Equal(t, Plain, format)
		assert.Equal(t, in, string(got))
	}
}

func TestTruncatedCompressedInputKeepsRecordsBeforeAndSaysWhere(t *testing.T) {
	data, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	for _, f := range []Format{Gzip, Zstd} {
		t.Run(f.String(), func(t *testing.T) {
			z := compress(t, f, data)
			cut := z[:len(z)*2/3]
			r, err := NewReader(bytes.NewReader(cut), ReaderOptions{})
			require.NoError(t, err)
			defer r.Close()
			var out bytes.Buffer
			st, err := NewCleaner(Options{NewSanitizer: newFake, Workers: 2}).Run(context.Background(), r, &out, nil)
			var ie *InputError
			require.ErrorAs(t, err, &ie)
			assert.Contains(t, err.Error(), f.String()+" stream broken after")
			assert.Positive(t, st.Records)
			// The records before the break are all there, in order.
			assert.True(t, strings.HasPrefix(string(data), out.String()))
			assert.Equal(t, int64(out.Len()), ie.Offset)
			assert.Equal(t, st.Records+1, ie.Line)
		})
	}
}

func TestZstdWindowIsCapped(t *testing.T) {
	data := bytes.Repeat([]byte(`{"a":"0123456789abcdef"}`+"\n"), 200_000)
	var buf bytes.Buffer
	w, err := zstd.NewWriter(&buf, zstd.WithWindowSize(8<<20), zstd.WithSingleSegment(false))
	require.NoError(t, err)
	_, err = w.Write(data)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	_, _, err = readAllFrom(t, buf.Bytes(), ReaderOptions{MaxWindow: 1 << 20})
	require.Error(t, err)
	got, _, err := readAllFrom(t, buf.Bytes(), ReaderOptions{})
	require.NoError(t, err)
	assert.Equal(t, data, got)
}

func TestFormatForName(t *testing.T) {
	assert.Equal(t, Gzip, FormatForName("out.jsonl.gz"))
	assert.Equal(t, Zstd, FormatForName("/tmp/x.zst"))
	assert.Equal(t, Plain, FormatForName("out.jsonl"))
	assert.Equal(t, Plain, FormatForName("-"))
}

func TestCompressedOutputReportsWriteErrors(t *testing.T) {
	data, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	for _, f := range []Format{Gzip, Zstd} {
		fw := &failingWriter{limit: 1000}
		w, err := NewWriter(fw, f)
		require.NoError(t, err)
		_, werr := w.Write(data)
		cerr := w.Close()
		assert.ErrorIs(t, errorsJoin(werr, cerr), errDiskFull, f.String())
	}
}

func errorsJoin(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// TestRunDecompressesItsInput checks that Run reads gzip and zstd input as
// the records it holds, as the CLI does, and that a *Reader passed in is
// read as is: the same output and stats as the plain input.
func TestRunDecompressesItsInput(t *testing.T) {
	data := []byte("{\"id\": 1}\n{'id': 2,}\n{\"id\": 3}\n")
	run := func(in io.Reader) (string, Stats) {
		var out bytes.Buffer
		st, err := NewCleaner(Options{Workers: 2}).Run(context.Background(), in, &out, nil)
		require.NoError(t, err)
		return out.String(), st
	}
	want, wantStats := run(bytes.NewReader(data))
	require.Equal(t, "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3}\n", want)
	for _, f := range []Format{Gzip, Zstd} {
		t.Run(f.String(), func(t *testing.T) {
			got, st := run(bytes.NewReader(compress(t, f, data)))
			assert.Equal(t, want, got)
			assert.Equal(t, wantStats.Records, st.Records)
			assert.Equal(t, wantStats.Written(), st.Written())
			assert.Zero(t, st.Rejected)

			r, err := NewReader(bytes.NewReader(compress(t, f, data)), ReaderOptions{})
			require.NoError(t, err)
			defer r.Close()
			got, _ = run(r)
			assert.Equal(t, want, got)
		})
	}
}

// TestReadsAtOnceOnlyForPlainRegularFiles: the Cleaner reads a plain
// regular file where it splits it, and anything that may wait for input
// (a pipe, a reader without Stat) or decompresses through its pump.
func TestReadsAtOnceOnlyForPlainRegularFiles(t *testing.T) {
	dir := t.TempDir()
	plain, gz := dir+"/in.jsonl", dir+"/in.jsonl.gz"
	require.NoError(t, os.WriteFile(plain, []byte("{\"a\":1}\n"), 0o644))
	var zb bytes.Buffer
	zw, err := NewWriter(&zb, Gzip)
	require.NoError(t, err)
	_, err = zw.Write([]byte("{\"a\":1}\n"))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(gz, zb.Bytes(), 0o644))

	atOnce := func(r io.Reader) bool {
		t.Helper()
		jr, err := NewReader(r, ReaderOptions{})
		require.NoError(t, err)
		defer jr.Close()
		return jr.readsAtOnce()
	}
	open := func(name string) *os.File {
		f, err := os.Open(name)
		require.NoError(t, err)
		t.Cleanup(func() { f.Close() })
		return f
	}
	assert.True(t, atOnce(open(plain)), "a plain file")
	assert.False(t, atOnce(open(gz)), "a gzip file: decompressed on the pump")
	assert.False(t, atOnce(strings.NewReader("{}\n")), "no Stat")
	pr, pw, err := os.Pipe()
	require.NoError(t, err)
	defer pr.Close()
	go func() { pw.Write([]byte("{}\n")); pw.Close() }()
	assert.False(t, atOnce(pr), "a pipe may wait")
}
