package sanitize

import (
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReaderMatchesBytes checks that a Reader yields, over input read in
// chunks of every small size, the bytes, Report and error of Bytes on the
// whole input: every vector of testdata/repair-cases, under the default
// floor and with guesses accepted, one value per document and per line.
func TestReaderMatchesBytes(t *testing.T) {
	checked, failed := 0, 0
	forEachRepairVector(t, func(v repairVector) {
		in := []byte(v.Input)
		for _, opts := range []Options{{}, {MinConfidence: Guess, CloseTruncated: true}, {Values: ValuesLines}} {
			want, wantRep, wantErr := Bytes(in, opts)
			for _, size := range []int{1, 3, 7, 64} {
				r := NewReader(&chunked{in: in, size: size}, opts)
				got, err := io.ReadAll(r)
				if wantErr != nil {
					failed++
					require.Error(t, err, "%q size %d", v.Input, size)
					assert.Equal(t, wantErr.Error(), err.Error(), "%q size %d", v.Input, size)
					continue
				}
				require.NoError(t, err, "%q size %d", v.Input, size)
				require.Equal(t, string(want), string(got), "%q size %d opts %+v", v.Input, size, opts)
				assert.Equal(t, wantRep, *r.Report(), "%q size %d", v.Input, size)
				checked++
			}
		}
	})
	assert.Greater(t, checked, 1000)
	assert.Greater(t, failed, 10, "errors are compared too")
}

// TestReaderPassesReadErrors checks that the underlying reader's error
// comes back as is.
func TestReaderPassesReadErrors(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := io.ReadAll(NewReader(iotest.ErrReader(boom), Options{}))
	assert.ErrorIs(t, err, boom)
}

// chunked reads in at most size bytes at a time.
type chunked struct {
	in   []byte
	size int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.in) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.size)], c.in)
	c.in = c.in[n:]
	return n, nil
}
