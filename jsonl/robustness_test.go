//go:build unix

package jsonl

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile inputs (issue 30): whatever arrives, memory is bounded by the
// caps, work is linear, and records are conserved.

// bombReader yields n bytes of c, then tail, without holding them.
type bombReader struct {
	c    byte
	n    int64
	tail *strings.Reader
}

func (r *bombReader) Read(p []byte) (int, error) {
	if r.n > 0 {
		k := min(int64(len(p)), r.n)
		for i := range p[:k] {
			p[i] = r.c
		}
		r.n -= k
		return int(k), nil
	}
	return r.tail.Read(p)
}

// peakHeap runs f while sampling the heap in use, and returns its peak.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	return peak.Load()
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runBomb cleans n bytes of '[' followed by two records, with a 1 MiB
// record cap; it returns the stats, the output and the peak heap.
func runBomb(t *testing.T, n int64) (Stats, string, uint64) {
	t.Helper()
	var out, rej bytes.Buffer
	var st Stats
	peak := peakHeap(func() {
		var err error
		in := &bombReader{c: '[', n: n, tail: strings.NewReader("\n{\"a\":1}\n{\"b\":2}\n")}
		st, err = NewCleaner(Options{Workers: 2, MaxRecordBytes: 1 << 20}).Run(context.Background(), in, &out, &rej)
		require.NoError(t, err)
	})
	var r Reject
	require.NoError(t, json.Unmarshal(bytes.SplitN(rej.Bytes(), []byte("\n"), 2)[0], &r))
	assert.Equal(t, "too_large", r.Reason)
	assert.Equal(t, n, r.Size)
	assert.True(t, r.RawTruncated)
	return st, out.String(), peak
}

func TestBracketBombIsBoundedAndLinear(t *testing.T) {
	n := int64(200 << 20)
	if raceEnabled {
		n = 24 << 20
	}
	c0 := cpuTime()
	st, out, peak := runBomb(t, n/4)
	c1 := cpuTime()
	assert.Equal(t, "{\"a\":1}\n{\"b\":2}\n", out, "the records after the bomb come out")
	assert.Equal(t, int64(3), st.Records)
	assert.Equal(t, st.Records, st.Written()+st.Rejected)

	st, out, peak4 := runBomb(t, n)
	c2 := cpuTime()
	assert.Equal(t, "{\"a\":1}\n{\"b\":2}\n", out)
	assert.Equal(t, int64(3), st.Records)
	assert.Equal(t, int64(3), st.Lines)

	// Memory: the 1 MiB cap, the read buffer and the batches in flight,
	// whatever the size of the bomb.
	t.Logf("peak heap in use: %d MiB (%d MiB of '['), %d MiB (%d MiB)", peak>>20, n>>22, peak4>>20, n>>20)
	assert.Less(t, peak4, uint64(48<<20), "memory is bounded by the caps, not the input")
	// Work: four times the input costs about four times the CPU (a
	// quadratic scan would cost sixteen).
	small, large := c1-c0, c2-c1
	t.Logf("cpu: %v for %d MiB, %v for %d MiB", small, n>>22, large, n>>20)
	assert.Less(t, float64(large), 8*float64(small)+float64(200*time.Millisecond), "linear work")
}

func TestBraceBombInsideAStringIsBounded(t *testing.T) {
	// An open string that never ends, then records.
	var out bytes.Buffer
	in := io.MultiReader(strings.NewReader("{\"a\":\""), &bombReader{c: 'x', n: 8 << 20, tail: strings.NewReader("\n{\"b\":2}\n")})
	st, err := NewCleaner(Options{Workers: 1, MaxRecordBytes: 1 << 20}).Run(context.Background(), in, &out, nil)
	require.NoError(t, err)
	assert.Equal(t, "{\"b\":2}\n", out.String())
	assert.Equal(t, int64(1), st.RejectedBy["too_large"])
}

func TestCROnlyInputSplitsRecords(t *testing.T) {
	out, _, st := cleanMix(t, []byte("{\"a\":1}\r{\"b\":2}\r{\"c\":\r3}\r"), Options{Workers: 1})
	assert.Equal(t, "{\"a\":1}\n{\"b\":2}\n{\"c\": 3}\n", string(out))
	assert.Equal(t, int64(3), st.Records)
	assert.Equal(t, int64(4), st.Lines)
}

// TestARawCRInTheFirstRecordMergesNothing: 1,000 LF records, the first
// with a raw CR in a string, come out as 1,000 records (the CR escaped).
func TestARawCRInTheFirstRecordMergesNothing(t *testing.T) {
	var in, want bytes.Buffer
	in.WriteString("{\"id\":0,\"s\":\"a\rb\"}\n")
	want.WriteString("{\"id\":0,\"s\":\"a\\rb\"}\n")
	for i := 1; i < 1000; i++ {
		fmt.Fprintf(&in, "{\"id\":%d}\n", i)
		fmt.Fprintf(&want, "{\"id\":%d}\n", i)
	}
	out, rej, st := cleanMix(t, in.Bytes(), Options{Workers: 2})
	assert.Equal(t, want.String(), string(out))
	assert.Empty(t, string(rej))
	assert.Equal(t, int64(1000), st.Records)
}

func TestRejectLinesOfARecordCutAtTheEnd(t *testing.T) {
	for in, lines := range map[string]int{
		"{\"a\":1}\n{\"b\":[\n":     1,
		"{\"a\":1}\n{\"b\":[\n2,\n": 2,
		"{\"a\":1}\n{\"b\":[\n2,":   2,
	} {
		_, rej, _ := cleanMix(t, []byte(in), Options{Workers: 1})
		var r Reject
		require.NoError(t, json.Unmarshal(bytes.TrimSpace(rej), &r), in)
		assert.Equal(t, lines, r.Lines, "%q", in)
		assert.Equal(t, int64(2), r.Line)
	}
}
