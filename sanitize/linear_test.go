package sanitize

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// work is the sanitizer's deterministic cost of one document: every input
// byte read, plus every output byte an edit moved or wrote, plus every
// mark an edit or a cut visited.
func work(t *testing.T, in []byte) int64 {
	t.Helper()
	z := New(Options{MinConfidence: Guess, CloseTruncated: true})
	out, err := z.Append(nil, in)
	if err != nil && !errors.Is(err, ErrTruncated) {
		require.NoError(t, err)
	}
	require.True(t, json.Valid(out), "output of a generated class must be valid JSON")
	return int64(len(in)) + z.work
}

// Every class of breakage costs linear work: quadrupling the input
// quadruples the work (within 10%), and the work per input byte stays small.
func TestLinearWork(t *testing.T) {
	for _, c := range brokengen.Classes {
		t.Run(c.Name, func(t *testing.T) {
			small := c.Generate(64 << 10)
			large := c.Generate(256 << 10)
			ws, wl := work(t, small), work(t, large)
			perByteSmall := float64(ws) / float64(len(small))
			perByteLarge := float64(wl) / float64(len(large))
			assert.InDelta(t, perByteSmall, perByteLarge, 0.1*perByteSmall,
				"work per byte grew from %.3f to %.3f", perByteSmall, perByteLarge)
			assert.Less(t, perByteLarge, 4.0, "work per input byte")
		})
	}
}

// A Stream fed token by token does linear work, even inside one long value
// with many edits (its stable point stays before that value meanwhile).
func TestStreamWorkIsLinear(t *testing.T) {
	workFor := func(n int) float64 {
		in := []byte(`{"a": "` + strings.Repeat("line\n", n) + `"}`)
		st := NewStream(Options{MinConfidence: Guess})
		for off := 0; off < len(in); off += 4 {
			_, err := st.Write(in[off:min(off+4, len(in))])
			require.NoError(t, err)
		}
		_, err := st.Close()
		require.NoError(t, err)
		return float64(int64(len(in))+st.z.work) / float64(len(in))
	}
	small, large := workFor(2000), workFor(8000)
	assert.InDelta(t, small, large, 0.1*small, "work per byte grew from %.3f to %.3f", small, large)
}
