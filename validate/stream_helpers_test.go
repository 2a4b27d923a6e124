package validate

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeRandomChunks writes doc to w in chunks of 1 to 6 bytes, calling
// after (when not nil) after each one.
func writeRandomChunks(t *testing.T, rng *rand.Rand, w *Stream, doc []byte, after func()) {
	t.Helper()
	for p := 0; p < len(doc); {
		q := min(len(doc), p+1+rng.IntN(6))
		_, err := w.Write(doc[p:q])
		require.NoError(t, err)
		if after != nil {
			after()
		}
		p = q
	}
}

// writeChunks writes doc to w in chunks of size and returns the largest
// buffer the Stream held on the way.
func writeChunks(t *testing.T, w *Stream, doc []byte, size int) int {
	t.Helper()
	most := 0
	for p := 0; p < len(doc); p += size {
		_, err := w.Write(doc[p:min(len(doc), p+size)])
		require.NoError(t, err)
		most = max(most, cap(w.buf))
	}
	return most
}

// fuzzStream is the body of the stream fuzz targets: doc through a Stream
// in chunks of 1 to 16 bytes gives Validate's answer, errors included.
func fuzzStream(t *testing.T, s *Schema, doc []byte, chunk uint8) {
	want := verdictOf(s.Validate(doc))
	w := s.NewStream()
	step := 1 + int(chunk)%16
	for p := 0; p < len(doc); p += step {
		if _, err := w.Write(doc[p:min(len(doc), p+step)]); err != nil {
			break
		}
	}
	require.Equal(t, want, verdictOf(w.Close()))
}

// diagLines renders diagnostics as "location code message" (and " hint"
// with hints), for comparing by value.
func diagLines(d Diagnostics, hints bool) []string {
	var out []string
	for _, x := range d {
		line := x.InstanceLocation + " " + string(x.Code) + " " + x.Message
		if hints {
			line += " " + x.Hint
		}
		out = append(out, line)
	}
	return out
}

// streamCase checks doc under schema at every cut against Validate and
// the tree evaluation (assertSameEverywhere) and by value against want
// (diagLines, with hints when hints), then returns the state a Stream is
// in once doc is written to it, for the caller to see how it streamed.
func streamCase(t *testing.T, schema, doc string, want []string, hints bool) *streamer {
	t.Helper()
	s := mustCompile(t, schema)
	v := assertSameEverywhere(t, s, []byte(doc), schema+" on "+doc)
	require.Empty(t, v.Err)
	require.Equal(t, want, diagLines(v.Diags, hints), schema)
	w := s.NewStream()
	_, err := w.Write([]byte(doc))
	require.NoError(t, err)
	st := w.st
	w.st = nil // the caller's now: not back to the schema's free list
	return st
}

// fuzzLanes is the body of the lanes' fuzz targets: any bytes against the
// schemas ss, through a Stream in chunks of the fuzzer's size, with lanes
// from byte held on (0: from the start) and frames from held/2: Validate's
// answer, errors included.
func fuzzLanes(f *testing.F, ss []*Schema, seeds ...string) {
	for _, seed := range seeds {
		f.Add([]byte(seed), uint8(3), uint8(0), uint8(0))
		f.Add([]byte(seed), uint8(1), uint8(1), uint8(9))
	}
	lanesFrom(f, 0)
	descendFrom(f, 0)
	f.Fuzz(func(t *testing.T, doc []byte, chunk, which, held uint8) {
		lanesAfter = int64(held)
		descendAfter = int64(held) / 2
		fuzzStream(t, ss[int(which)%len(ss)], doc, chunk)
	})
}

// assertZeroAllocs checks that a reused Stream validates doc, which is
// valid under schema, written in two chunks cut at cut, without
// allocating once warm.
func assertZeroAllocs(t *testing.T, schema, doc string, cut int) {
	t.Helper()
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	s := mustCompile(t, schema)
	b := []byte(doc)
	w := s.NewStream()
	run := func() {
		_, _ = w.Write(b[:cut])
		_, _ = w.Write(b[cut:])
		d, err := w.Close()
		require.NoError(t, err)
		require.Nil(t, d)
	}
	run()
	require.Zero(t, testing.AllocsPerRun(50, run), schema)
}

// readerAsWhole validates doc with ValidateReader, requires the answer of
// Validate and of the tree evaluation on the whole buffer, and returns it.
func readerAsWhole(t *testing.T, s *Schema, doc []byte) Diagnostics {
	t.Helper()
	whole, err := s.Validate(doc)
	require.NoError(t, err)
	tree, err := s.NewValidator().ValidateJSON(doc)
	require.NoError(t, err)
	require.Equal(t, whole, tree)
	streamed, err := s.ValidateReader(bytes.NewReader(doc))
	require.NoError(t, err)
	require.Equal(t, whole, streamed)
	return streamed
}

// streamsValid writes doc, valid under s and with a value below the root
// far larger than descendAfter, to a Stream in 4 KiB chunks: it must hold
// a few of that value's items at a time, not the value, and find doc
// valid.
func streamsValid(t *testing.T, s *Schema, doc []byte) {
	t.Helper()
	w := s.NewStream()
	most := writeChunks(t, w, doc, 4096)
	assert.Less(t, most, 4*int(descendAfter), "a few items held, not the value")
	d, err := w.Close()
	require.NoError(t, err)
	assert.Nil(t, d)
}
