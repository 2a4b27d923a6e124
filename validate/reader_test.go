package validate

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateReaderContextCapsAndCancels checks ValidateReaderContext:
// the verdict of Validate, its cap on the bytes held, the default cap
// (the CLI's 256 MiB), and a context that stops the reading.
func TestValidateReaderContextCapsAndCancels(t *testing.T) {
	s, err := Compile([]byte(`{"type": "string", "maxLength": 3}`), Options{})
	require.NoError(t, err)
	doc := []byte(`"` + strings.Repeat("x", 5000) + `"`)
	want, err := s.Validate(doc)
	require.NoError(t, err)
	require.NotEmpty(t, want)

	got, err := s.ValidateReaderContext(context.Background(), bytes.NewReader(doc), ReaderOptions{})
	require.NoError(t, err)
	assert.Equal(t, want, got)

	_, err = s.ValidateReaderContext(context.Background(), bytes.NewReader(doc), ReaderOptions{MaxBuffer: 1000})
	assert.ErrorIs(t, err, ErrTooLarge, "a root scalar is held whole: past MaxBuffer it is refused")
	assert.Equal(t, 256<<20, DefaultMaxBuffer, "the CLI's --max-document-bytes default")

	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stop reading")
	r := &cancelAfter{r: bytes.NewReader(doc), n: 2, cancel: func() { cancel(stop) }}
	_, err = s.ValidateReaderContext(ctx, r, ReaderOptions{})
	assert.ErrorIs(t, err, stop, "the context's cause")
	assert.Equal(t, 2, r.reads, "no read after the context is done")
}

// cancelAfter cancels its context on its n-th read.
type cancelAfter struct {
	r      io.Reader
	n      int
	reads  int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	c.reads++
	if c.reads == c.n {
		c.cancel()
	}
	return c.r.Read(p[:min(len(p), 100)])
}
