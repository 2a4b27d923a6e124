package sanitize

import (
	"bytes"
	"encoding/json"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// trailingCommas returns an array of n arrays that each end with a
// trailing comma: n fixes of kind trailing_comma in 4n+1 bytes.
func trailingCommas(n int) []byte {
	b := make([]byte, 0, 4*n+2)
	b = append(b, '[')
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "[1,]"...)
	}
	return append(b, ']')
}

func TestFixLogIsCapped(t *testing.T) {
	const n = MaxFixes + 2500
	out, rep, err := Bytes(trailingCommas(n), Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.True(t, json.Valid(out))
	assert.Equal(t, n, bytes.Count(out, []byte("[1]")))
	require.Len(t, rep.Fixes, MaxFixes)
	assert.True(t, rep.FixesCut)
	assert.Equal(t, map[Kind]int64{KindTrailingComma: n - MaxFixes}, rep.Omitted)
	// The listed fixes are the first ones, in input order.
	assert.Equal(t, int64(3), rep.Fixes[0].Offset)
	assert.Equal(t, int64(3+5*(MaxFixes-1)), rep.Fixes[MaxFixes-1].Offset)

	// A Sanitizer reused for a small document forgets the cut.
	z := New(Options{MinConfidence: Guess})
	_, err = z.Bytes(trailingCommas(n))
	require.NoError(t, err)
	require.True(t, z.Report().FixesCut)
	_, err = z.Bytes([]byte("[1,]"))
	require.NoError(t, err)
	assert.False(t, z.Report().FixesCut)
	assert.Nil(t, z.Report().Omitted)
	assert.Len(t, z.Report().Fixes, 1)
}

func TestFixLogCapStillEnforcesTheFloor(t *testing.T) {
	// Past the cap, a fix below the floor is still refused.
	src := trailingCommas(MaxFixes + 10)
	src = append(src[:len(src)-1], ",{'a':1}]"...)
	_, _, err := Bytes(src, Options{MinConfidence: Certain})
	require.ErrorIs(t, err, ErrNeedsModel)
	assert.Contains(t, err.Error(), "single_quote")
}

// TestFixLogMemoryIsBounded feeds ten million fixes in about ten
// megabytes (issue #30: about 140 bytes a fix before the cap) and checks
// that what the sanitizer allocates stays near the output's size.
func TestFixLogMemoryIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of megabytes")
	}
	cases := map[string][]byte{
		// 10 M raw newlines inside one string: 10 M control_char fixes.
		"raw newlines": append(append([]byte{'"'}, bytes.Repeat([]byte{'\n'}, 10_000_000)...), '"'),
		// 2.5 M trailing commas in 10 MB.
		"trailing commas": trailingCommas(2_500_000),
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			z := New(Options{MinConfidence: Guess})
			out := make([]byte, 0, 2*len(src)+16)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			out, err := z.Append(out[:0], src)
			runtime.ReadMemStats(&after)
			require.NoError(t, err)
			assert.True(t, json.Valid(out))
			rep := z.Report()
			assert.True(t, rep.FixesCut)
			assert.Len(t, rep.Fixes, MaxFixes)
			var total int64
			for _, c := range rep.Omitted {
				total += c
			}
			fixes := total + MaxFixes
			assert.GreaterOrEqual(t, fixes, int64(2_500_000))
			alloc := after.TotalAlloc - before.TotalAlloc
			// The output buffer was given; what is left is the fix log
			// (10,000 entries, 320 KB) and small change. Before the cap:
			// at least 32 bytes a fix, 80 MB and more.
			t.Logf("%d fixes, %d bytes allocated", fixes, alloc)
			assert.Less(t, alloc, uint64(4<<20), "allocated %d bytes for %d fixes", alloc, fixes)
		})
	}
}

func TestFixLogCutAllocatesNothingOnceWarm(t *testing.T) {
	src := trailingCommas(MaxFixes + 100)
	z := New(Options{MinConfidence: Guess})
	dst := make([]byte, 0, len(src))
	run := func() {
		if _, err := z.Append(dst[:0], src); err != nil || !z.Report().FixesCut {
			panic(err)
		}
	}
	run()
	assert.Zero(t, testing.AllocsPerRun(3, run))
	assert.Equal(t, int64(100), z.Report().Omitted[KindTrailingComma])
}

// TestFixLogCutCountsEveryKind cuts the log with fixes of two kinds past
// the cap and reads the counts through each way a report is returned: the
// package's Bytes, a Sanitizer, and a Writer fed in small pieces (whose
// report is read while the input is still coming and again at the end).
func TestFixLogCutCountsEveryKind(t *testing.T) {
	src := trailingCommas(MaxFixes + 300)
	src = append(src[:len(src)-1], ",{'a':1},{'b':2}]"...)
	want := map[Kind]int64{KindTrailingComma: 300, KindSingleQuote: 2}
	opts := Options{MinConfidence: Guess}

	_, rep, err := Bytes(src, opts)
	require.NoError(t, err)
	assert.Equal(t, want, rep.Omitted)

	z := New(opts)
	_, err = z.Bytes(src)
	require.NoError(t, err)
	assert.Equal(t, want, z.Report().Omitted)

	var out bytes.Buffer
	w := NewWriter(&out, opts)
	half := len(src) - 40
	_, err = w.Write(src[:half])
	require.NoError(t, err)
	// While the input is still coming, the fixes read so far are counted
	// (the last few commas wait for what follows them).
	mid := w.Report()
	assert.True(t, mid.FixesCut)
	assert.Len(t, mid.Omitted, 1)
	assert.InDelta(t, 300, mid.Omitted[KindTrailingComma], 10)
	for p := src[half:]; len(p) > 0; p = p[min(7, len(p)):] {
		_, err = w.Write(p[:min(7, len(p))])
		require.NoError(t, err)
	}
	require.NoError(t, w.Close())
	assert.Equal(t, want, w.Report().Omitted)
	assert.True(t, json.Valid(out.Bytes()))
}

// Past the cap, the prose fix a later ':' and value turn into a
// prose_value guess was only counted: the count moves to the guess, and
// the floor still refuses it.
func TestFixLogCapCountsTheProseTurnedGuess(t *testing.T) {
	const n = MaxFixes + 10
	src := append(trailingCommas(n), " total: 2"...)
	out, rep, err := Bytes(src, Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.True(t, json.Valid(out))
	require.Len(t, rep.Fixes, MaxFixes)
	assert.Equal(t, map[Kind]int64{KindTrailingComma: n - MaxFixes, KindProseValue: 1}, rep.Omitted)

	_, _, err = Bytes(src, Options{})
	require.ErrorIs(t, err, ErrNeedsModel)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, KindProseValue, e.Kind)
	assert.Equal(t, int64(len(src)-3), e.Offset, "at the colon")
}
