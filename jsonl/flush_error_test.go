package jsonl

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBufferedOutputThatNeverFlushesWritesNothing: records handed to a
// bufio.Writer whose flush fails never reached the output; the error and
// the Stats say so.
func TestBufferedOutputThatNeverFlushesWritesNothing(t *testing.T) {
	in := "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n"
	for _, which := range []string{"output", "rejects"} {
		t.Run(which, func(t *testing.T) {
			input := in
			out, rej := io.Writer(io.Discard), io.Writer(io.Discard)
			full := bufio.NewWriter(&failingWriter{})
			if which == "output" {
				out = full
			} else {
				rej = full
				input = strings.ReplaceAll(in, `"a"`, `a`) // every record rejected
			}
			st, err := NewCleaner(Options{NewSanitizer: newFake}).Run(context.Background(), strings.NewReader(input), out, rej)
			var oe *OutputError
			require.ErrorAs(t, err, &oe)
			assert.Equal(t, which, oe.Name)
			assert.True(t, oe.Flush)
			assert.Equal(t, int64(3), oe.Unflushed)
			assert.Equal(t, int64(1), oe.Line)
			assert.Equal(t, int64(0), oe.Offset)
			assert.Equal(t, int64(0), st.Written())
			assert.Equal(t, int64(0), st.Rejected)
			assert.Equal(t, int64(0), st.BytesOut)
			assert.Equal(t, int64(1), st.Line)
			assert.Equal(t, int64(0), st.Offset)
			assert.Equal(t, int64(3), st.Records)
			assert.Equal(t, fmt.Sprintf("writing %s at a flush: no space left on device (stopped at input line 1, offset 0: every record before it was written; from there on, records are missing; the 3 records handed to it after its last successful flush are among them)", which), err.Error())
		})
	}
}

// gatedInput serves first, waits until flushed is closed, serves second,
// then waits until failed is closed and ends: the writer sees the records
// of first before those of second, in at least one flush.
type gatedInput struct {
	first, second   *strings.Reader
	flushed, failed chan struct{}
}

func (g *gatedInput) Read(p []byte) (int, error) {
	if g.first.Len() > 0 {
		return g.first.Read(p)
	}
	<-g.flushed
	if g.second.Len() > 0 {
		return g.second.Read(p)
	}
	<-g.failed
	return 0, io.EOF
}

// flakyFlusher buffers what is written to it and passes it to dst at a
// Flush, except at its second Flush that has something to pass on, which
// fails and loses the buffer.
type flakyFlusher struct {
	mu              sync.Mutex
	buf, dst        bytes.Buffer
	flushes         int
	flushed, failed chan struct{}
}

func (f *flakyFlusher) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.buf.Write(p)
}

func (f *flakyFlusher) Flush() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.buf.Len() == 0 {
		return nil
	}
	f.flushes++
	if f.flushes == 2 {
		close(f.failed)
		return errDiskFull
	}
	f.buf.WriteTo(&f.dst)
	close(f.flushed)
	return nil
}

// TestFlushFailureCountsOnlyTheFlushedBatches: a Flusher that fails at a
// flush after others succeeded holds in its destination exactly the
// records counted as written, which are the records before the error's
// line; the records it held are counted as lost.
func TestFlushFailureCountsOnlyTheFlushedBatches(t *testing.T) {
	var in strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&in, "{\"i\":%d}\n", i)
	}
	data := in.String()
	for _, which := range []string{"output", "rejects"} {
		t.Run(which, func(t *testing.T) {
			input := data
			if which == "rejects" {
				input = strings.ReplaceAll(data, `"i"`, `i`) // every record rejected
			}
			half := strings.Index(input[len(input)/2:], "\n") + len(input)/2 + 1
			ff := &flakyFlusher{flushed: make(chan struct{}), failed: make(chan struct{})}
			src := &gatedInput{first: strings.NewReader(input[:half]), second: strings.NewReader(input[half:]), flushed: ff.flushed, failed: ff.failed}
			out, rej := io.Writer(io.Discard), io.Writer(io.Discard)
			if which == "output" {
				out = ff
			} else {
				rej = ff
			}
			st, err := NewCleaner(Options{NewSanitizer: newFake, Workers: 3, BatchBytes: 512}).
				Run(context.Background(), src, out, rej)
			var oe *OutputError
			require.ErrorAs(t, err, &oe)
			assert.Equal(t, which, oe.Name)
			assert.True(t, oe.Flush)
			require.Greater(t, oe.Line, int64(1), "a flush succeeded")
			assert.Equal(t, oe.Line, st.Line)
			assert.Equal(t, oe.Offset, st.Offset)
			flushed := int64(strings.Count(ff.dst.String(), "\n"))
			held := int64(strings.Count(ff.buf.String(), "\n"))
			assert.Equal(t, oe.Unflushed, held)
			assert.Positive(t, held)
			if which == "output" {
				// The fake sanitizer writes the clean records as read.
				assert.Equal(t, input[:oe.Offset], ff.dst.String())
				assert.Equal(t, flushed, st.Written())
				assert.Equal(t, int64(ff.dst.Len()), st.BytesOut)
				assert.Zero(t, st.Rejected)
			} else {
				assert.Equal(t, flushed, st.Rejected)
				assert.Zero(t, st.Written())
			}
			if which == "output" {
				assert.Equal(t, oe.Line-1, flushed, "one record a line: the records before the line")
			} else {
				// A batch's rejects past holdBytes are handed over before
				// its end: they may be flushed, the batch's end not.
				assert.GreaterOrEqual(t, flushed, oe.Line-1, "one record a line: the records before the line, and maybe some after")
			}
			assert.Contains(t, err.Error(), fmt.Sprintf("stopped at input line %d, offset %d: every record before it was written; from there on, records are missing; the %d records handed to it after its last successful flush are among them", oe.Line, oe.Offset, held))
		})
	}
}

// TestStatsStopWhereTheOutputFailed: after a write fails, the batches
// still in flight are not written, and the Stats' Line stays where the
// error's is.
func TestStatsStopWhereTheOutputFailed(t *testing.T) {
	var in strings.Builder
	for i := range 300 {
		fmt.Fprintf(&in, "{\"i\":%d}\n", i)
	}
	for _, opts := range []Options{
		{NewSanitizer: newFake},
		{NewSanitizer: newFake, Workers: 3, BatchBytes: 256},
		{NewSanitizer: newFake, Workers: 3, BatchBytes: 256, Unordered: true},
	} {
		st, err := NewCleaner(opts).Run(context.Background(), strings.NewReader(in.String()), &failingWriter{}, nil)
		var oe *OutputError
		require.ErrorAs(t, err, &oe)
		assert.False(t, oe.Flush)
		assert.Zero(t, oe.Unflushed)
		assert.Equal(t, int64(1), oe.Line)
		assert.Equal(t, int64(1), st.Line)
		assert.Equal(t, int64(0), st.Offset)
		assert.Zero(t, st.Written())
		assert.Zero(t, st.BytesOut)
	}
}

// TestBufferedWritersChangeNothingWhenNothingFails: the same output and
// Stats through bufio.Writers as through plain writers.
func TestBufferedWritersChangeNothingWhenNothingFails(t *testing.T) {
	var in strings.Builder
	for i := range 3000 {
		if i%7 == 0 {
			fmt.Fprintf(&in, "{i:%d}\n", i) // rejected
		} else {
			fmt.Fprintf(&in, "{\"i\":%d}\n", i)
		}
	}
	run := func(buffered bool) (Stats, string, string) {
		var out, rej bytes.Buffer
		o, r := io.Writer(&out), io.Writer(&rej)
		var bo, br *bufio.Writer
		if buffered {
			bo, br = bufio.NewWriterSize(&out, 1000), bufio.NewWriterSize(&rej, 1000)
			o, r = bo, br
		}
		st, err := NewCleaner(Options{NewSanitizer: newFake, Workers: 3, BatchBytes: 512}).
			Run(context.Background(), strings.NewReader(in.String()), o, r)
		require.NoError(t, err)
		if buffered {
			assert.Zero(t, bo.Buffered(), "Run flushed at the end")
			assert.Zero(t, br.Buffered())
		}
		st.Elapsed = 0
		return st, out.String(), rej.String()
	}
	st, out, rej := run(false)
	bst, bout, brej := run(true)
	assert.Equal(t, st, bst)
	assert.Equal(t, out, bout)
	assert.Equal(t, rej, brej)
	assert.Equal(t, st.Records, st.Written()+st.Rejected)
	assert.Equal(t, int64(3001), st.Line)
}
