package jsonl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/internal/mixgen"
	"github.com/jsonheal/jsonheal/sanitize"
)

// chunkedInput is a mix of every form models write (mixgen) followed by
// records that test the chunks' edges: records longer than a chunk (the
// splitter grows its buffer), records past MaxRecordBytes (kept as a
// sample apart from the chunk), and a run of tiny records.
func chunkedInput(seed uint64) []byte {
	m := mixgen.Generate(seed, mixgen.Options{Records: 400})
	var b bytes.Buffer
	b.Write(m.Input)
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range 60 {
		switch i % 4 {
		case 0: // longer than the small chunks
			fmt.Fprintf(&b, "{\"i\":%d,\"s\":%q}\n", i, strings.Repeat("x", 500+rng.IntN(3000)))
		case 1: // past the cap below
			fmt.Fprintf(&b, "{\"big\":%d,\"s\":%q}\n", i, strings.Repeat("y", 9000+rng.IntN(3000)))
		case 2:
			for k := range 50 {
				fmt.Fprintf(&b, "[%d]\n", k)
			}
		default: // a multi-line record
			fmt.Fprintf(&b, "{\"n\": %d,\n \"t\": \"a\nb\"}\n", i)
		}
	}
	return b.Bytes()
}

// TestChunksKeepEveryRecord: batches alias the splitter's buffers (chunks)
// instead of copying records. Whatever the chunk size, the batch size, the
// workers, the order and the reads (one byte at a time makes the reader
// send batches while it waits, so that batches and the splitter share a
// chunk; a file is read into the chunks without the pump), the output and
// the rejects are those of a plain run, byte for byte, and the accounting
// holds.
func TestChunksKeepEveryRecord(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		in := chunkedInput(seed)
		path := filepath.Join(t.TempDir(), "in.jsonl")
		require.NoError(t, os.WriteFile(path, in, 0o644))
		base := Options{Workers: 1, MaxRecordBytes: 8192}
		wantOut, wantRej, wantSt := cleanMix(t, in, base)
		require.NotZero(t, wantSt.RejectedBy[ReasonTooLarge.String()], "the input has records past the cap")
		for _, chunk := range []int{64, 1000, 4096, 0} {
			for _, o := range []Options{
				{Workers: 1},
				{Workers: 2, BatchBytes: 512},
				{Workers: 3, BatchBytes: 100, Window: 3},
				{Workers: 2, Unordered: true},
			} {
				o.MaxRecordBytes, o.splitBuffer = base.MaxRecordBytes, chunk
				for _, how := range []string{"bytes", "one byte a read", "file"} {
					name := fmt.Sprintf("seed %d chunk %d %+v %s", seed, chunk, o, how)
					var r io.Reader = bytes.NewReader(in)
					switch how {
					case "one byte a read":
						r = iotest.HalfReader(iotest.OneByteReader(r))
					case "file": // read where it is split, without the pump
						f, err := os.Open(path)
						require.NoError(t, err)
						defer f.Close()
						r = f
					}
					var out, rej bytes.Buffer
					st, err := NewCleaner(o).Run(context.Background(), r, &out, &rej)
					require.NoError(t, err, name)
					if o.Unordered {
						assert.ElementsMatch(t, outputLines(wantOut), outputLines(out.Bytes()), name)
						assert.ElementsMatch(t, outputLines(wantRej), outputLines(rej.Bytes()), name)
					} else {
						require.Equal(t, string(wantOut), out.String(), name)
						require.Equal(t, string(wantRej), rej.String(), name)
					}
					require.Equal(t, wantSt.Records, st.Records, name)
					require.Equal(t, st.Records, st.Written()+st.Rejected, name)
					require.Equal(t, wantSt.RejectedBy, st.RejectedBy, name)
				}
			}
		}
	}
}

// outputLines splits an output or rejects file into its lines.
func outputLines(b []byte) []string { return strings.SplitAfter(string(b), "\n") }

// TestChunksAreReused: over an input of 500 chunks, the splitter takes its
// chunks back from the batches written, so that it allocates about as many
// as there are batches in flight, not one per chunk; and a buffer grown
// for a long record is kept for the next long record, not allocated again.
func TestChunksAreReused(t *testing.T) {
	var in bytes.Buffer
	longs := 0
	for i := 0; in.Len() < 500*4096; i++ {
		fmt.Fprintf(&in, "{\"i\":%d,\"s\":%q}\n", i, strings.Repeat("z", i%300))
		if i%2000 == 1000 {
			fmt.Fprintf(&in, "{\"long\":%q}\n", strings.Repeat("L", 50_000))
			longs++
		}
	}
	for _, o := range []Options{{Workers: 1}, {Workers: 4, BatchBytes: 1024}} {
		o.splitBuffer = 4096
		c := NewCleaner(o)
		var out bytes.Buffer
		st, err := c.Run(context.Background(), bytes.NewReader(in.Bytes()), &out, io.Discard)
		require.NoError(t, err)
		require.Zero(t, st.Rejected)
		require.Equal(t, in.String(), out.String())
		// The window's batches, the splitter's own chunk and a spare;
		// the buffer doubled four times up to 64 KiB for the first
		// long record, and kept for the next (a chunk of the usual
		// size at most for each long record, to go back to).
		window := 4 * o.Workers
		assert.LessOrEqual(t, c.chunks.made, window+2+4+longs, "%+v: chunks allocated for %d chunks of input", o, in.Len()/4096)
	}
}

// TestChunksAreNotOverwrittenWhileHeld: a sanitizer that pauses inside
// some documents (letting the reader run ahead into the next chunks) finds
// the bytes it was given unchanged after the pause: the splitter never
// writes into a chunk a batch still holds.
func TestChunksAreNotOverwrittenWhileHeld(t *testing.T) {
	var in bytes.Buffer
	for i := range 20_000 {
		fmt.Fprintf(&in, "{\"i\":%d,\"pad\":%q}\n", i, strings.Repeat("p", i%97))
	}
	o := Options{Workers: 2, BatchBytes: 2048, splitBuffer: 4096}
	o.NewSanitizer = func() Sanitizer { return &pausingSanitizer{Sanitizer: sanitize.New(o.sanitizeOptions())} }
	var out bytes.Buffer
	st, err := NewCleaner(o).Run(context.Background(), bytes.NewReader(in.Bytes()), &out, io.Discard)
	require.NoError(t, err)
	require.Zero(t, st.Rejected)
	require.Equal(t, in.String(), out.String())
}

// pausingSanitizer pauses inside every 16th document and panics when the
// document's bytes changed meanwhile.
type pausingSanitizer struct {
	Sanitizer
	n int
}

func (p *pausingSanitizer) Append(dst, src []byte) ([]byte, error) {
	if p.n++; p.n%16 == 0 {
		before := bytes.Clone(src)
		time.Sleep(100 * time.Microsecond)
		if !bytes.Equal(before, src) {
			panic(fmt.Sprintf("record bytes changed while their batch was held: %q became %q", before, src))
		}
	}
	return p.Sanitizer.Append(dst, src)
}

// FuzzChunkedClean: any input comes out of a run with small chunks, small
// batches, several workers and reads of any size exactly as out of a run
// with one worker and the default buffer: the same output and the same
// rejects, byte for byte.
func FuzzChunkedClean(f *testing.F) {
	f.Add([]byte("{\"a\":1}\n{\"b\":[1,2,\n3]}\n```json\n{\"c\":\"x\ny\"}\n```\n{'d': tru\n[1,2]\n"), uint16(40), uint8(1), false)
	f.Add(chunkedInput(1)[:6000], uint16(100), uint8(2), true)
	f.Add([]byte(strings.Repeat("{\"k\":\"v\"}\n", 300)+strings.Repeat("x", 900)+"\n{}\n"), uint16(0), uint8(0), false)
	f.Fuzz(func(t *testing.T, in []byte, chunk uint16, workers uint8, oneByte bool) {
		base := Options{Workers: 1, MaxRecordBytes: 700}
		wantOut, wantRej, _ := cleanMix(t, in, base)
		o := Options{Workers: 1 + int(workers%3), BatchBytes: 32 + int(chunk%500), MaxRecordBytes: base.MaxRecordBytes, splitBuffer: 16 + int(chunk%1024)}
		var r io.Reader = bytes.NewReader(in)
		if oneByte {
			r = iotest.OneByteReader(r)
		}
		var out, rej bytes.Buffer
		_, err := NewCleaner(o).Run(context.Background(), r, &out, &rej)
		require.NoError(t, err)
		require.Equal(t, string(wantOut), out.String(), "%+v", o)
		require.Equal(t, string(wantRej), rej.String(), "%+v", o)
	})
}
