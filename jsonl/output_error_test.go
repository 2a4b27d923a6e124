package jsonl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutputErrorSaysWhereTheRunStopped: a write that fails names the
// first input line not written; every record before it was passed to the
// writers, none from it on.
func TestOutputErrorSaysWhereTheRunStopped(t *testing.T) {
	var in strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&in, "{\"i\":%d}\n", i)
	}
	data := in.String()
	lineOffsets := []int{0}
	for i, c := range data {
		if c == '\n' {
			lineOffsets = append(lineOffsets, i+1)
		}
	}
	// The default buffer holds the whole input; one of 1,000 bytes makes
	// the batches end where the splitter moves to a new chunk too.
	for _, tc := range []struct {
		which string
		chunk int
	}{{"output", 0}, {"rejects", 0}, {"output", 1000}, {"rejects", 1000}} {
		which := tc.which
		t.Run(fmt.Sprintf("%s, chunk %d", which, tc.chunk), func(t *testing.T) {
			fw := &failingWriter{limit: 50 << 10}
			out, rej := io.Writer(io.Discard), io.Writer(fw)
			input := data
			if which == "output" {
				out, rej = fw, io.Discard
			} else {
				fw.limit = 1 << 20                           // rejects are ~25 times their record
				input = strings.ReplaceAll(data, `"i"`, `i`) // every record rejected
			}
			st, err := NewCleaner(Options{NewSanitizer: newFake, Workers: 3, BatchBytes: 4 << 10, splitBuffer: tc.chunk}).
				Run(context.Background(), strings.NewReader(input), out, rej)
			var oe *OutputError
			require.ErrorAs(t, err, &oe)
			assert.Equal(t, which, oe.Name)
			require.Greater(t, oe.Line, int64(1))
			if which == "output" {
				// One record a line, and no batch handed over early:
				// the lines before oe.Line are the records written.
				assert.Equal(t, oe.Line-1, st.Written())
				// The records before oe.Line, and only they, went out.
				assert.Equal(t, int64(lineOffsets[oe.Line-1]), oe.Offset)
				assert.LessOrEqual(t, oe.Offset, int64(fw.n), "every record before the line was passed on")
				assert.Less(t, int64(fw.n), oe.Offset+4<<10+64, "none of the batches after the failing one")
			}
			assert.Contains(t, err.Error(), fmt.Sprintf("stopped at input line %d, offset %d", oe.Line, oe.Offset))
		})
	}
	t.Run("unordered", func(t *testing.T) {
		fw := &keepingWriter{failingWriter: failingWriter{limit: 50 << 10}}
		_, err := NewCleaner(Options{NewSanitizer: newFake, Workers: 3, BatchBytes: 4 << 10, Unordered: true}).
			Run(context.Background(), strings.NewReader(data), fw, nil)
		var oe *OutputError
		require.ErrorAs(t, err, &oe)
		assert.True(t, oe.OutOfOrder)
		require.Greater(t, oe.Line, int64(1))
		assert.Equal(t, int64(lineOffsets[oe.Line-1]), oe.Offset)
		// Every record before the line named went out, in some order.
		got := map[string]bool{}
		for _, line := range strings.Split(fw.kept.String(), "\n") {
			got[line] = true
		}
		for _, rec := range strings.Split(data[:oe.Offset], "\n") {
			if rec != "" {
				require.True(t, got[rec], "%s, before line %d, was written", rec, oe.Line)
			}
		}
		assert.Contains(t, err.Error(), fmt.Sprintf("stopped at input line %d, offset %d: every record before it was written; from there on, records are missing, and some were written out of order", oe.Line, oe.Offset))
	})
}

// keepingWriter is a failingWriter that keeps what it accepted.
type keepingWriter struct {
	failingWriter
	kept bytes.Buffer
}

func (w *keepingWriter) Write(p []byte) (int, error) {
	n, err := w.failingWriter.Write(p)
	w.kept.Write(p[:n])
	return n, err
}
