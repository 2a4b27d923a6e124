package validate

import (
	"context"
	"errors"
	"io"
)

// ReaderOptions configure ValidateReaderContext. The zero value is ready
// to use.
type ReaderOptions struct {
	// MaxBuffer caps the bytes held at once, as Stream.MaxBuffer does
	// (0: DefaultMaxBuffer, 256 MiB, the CLI's default): past it the
	// error is a *DocumentError wrapping ErrTooLarge.
	MaxBuffer int
	// MaxDiagnostics caps the diagnostics kept, as Stream.MaxDiagnostics
	// does (0: DefaultMaxDiagnostics).
	MaxDiagnostics int
}

// ValidateReader validates the document r yields, reading it in chunks:
// Schema.Validate without holding the document (see Stream). It is
// ValidateReaderContext with context.Background() and the zero
// ReaderOptions (at most DefaultMaxBuffer bytes held).
func (s *Schema) ValidateReader(r io.Reader) (Diagnostics, error) {
	return s.ValidateReaderContext(context.Background(), r, ReaderOptions{})
}

// ValidateReaderContext validates the document r yields, reading it in
// chunks: Schema.Validate without holding the document (see Stream),
// holding at most opts.MaxBuffer bytes. A read error is returned as is.
// ctx is checked before every read: once it is done, the call returns
// context.Cause(ctx) (a Read already blocked is not interrupted: close r
// for that).
func (s *Schema) ValidateReaderContext(ctx context.Context, r io.Reader, opts ReaderOptions) (Diagnostics, error) {
	w := s.NewStream()
	w.MaxBuffer, w.MaxDiagnostics = opts.MaxBuffer, opts.MaxDiagnostics
	defer w.Reset()
	if _, err := w.ReadFrom(ctxReader{ctx, r}); err != nil {
		var de *DocumentError
		if !errors.As(err, &de) {
			return nil, err
		}
	}
	return w.Close()
}

// ctxReader is a reader that stops once its context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

// Read reads from the underlying reader unless the context is done.
func (c ctxReader) Read(p []byte) (int, error) {
	if c.ctx.Err() != nil {
		return 0, context.Cause(c.ctx)
	}
	return c.r.Read(p)
}
