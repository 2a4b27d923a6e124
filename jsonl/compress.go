package jsonl

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Format is a compression format of an input or output stream.
type Format uint8

// The supported formats.
const (
	// Plain is uncompressed.
	Plain Format = iota
	// Gzip is RFC 1952 gzip; several concatenated members read as one
	// stream.
	Gzip
	// Zstd is Zstandard; several frames read as one stream.
	Zstd
)

// String returns "plain", "gzip" or "zstd".
func (f Format) String() string {
	switch f {
	case Gzip:
		return "gzip"
	case Zstd:
		return "zstd"
	}
	return "plain"
}

// DefaultMaxWindow caps the zstd window (the memory a zstd decoder may need)
// when ReaderOptions.MaxWindow is zero. Streams written by zstd at any
// standard level, and with --long up to 27, fit in it.
const DefaultMaxWindow = 128 << 20

var (
	gzipMagic = []byte{0x1f, 0x8b}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// ReaderOptions configure NewReader. The zero value is ready to use.
type ReaderOptions struct {
	// MaxWindow caps the zstd window size, and so the decoder's memory;
	// zero means DefaultMaxWindow. A stream that needs more is an error.
	MaxWindow uint64
}

// Reader is an input stream, decompressed when its first bytes show gzip or
// zstd. Its read errors say how far into the compressed stream they
// happened.
type Reader struct {
	format Format
	src    *countingReader
	r      io.Reader
	closer func()
	// regular: the reader NewReader was given reports a regular file
	// (its Stat method), whose reads never wait for input to come.
	regular bool
}

// NewReader returns a Reader over r, detecting gzip and zstd by their magic
// bytes (anything else is read as is). Close releases the decoder; it does
// not close r.
func NewReader(r io.Reader, opts ReaderOptions) (*Reader, error) {
	src := &countingReader{r: r}
	br := bufio.NewReaderSize(src, 64<<10)
	head, err := br.Peek(4)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	in := &Reader{src: src, r: br, closer: func() {}, regular: isRegularFile(r)}
	switch {
	case bytes.HasPrefix(head, gzipMagic):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip header: %w", err)
		}
		zr.Multistream(true)
		in.format, in.r = Gzip, zr
		in.closer = func() { zr.Close() }
	case bytes.HasPrefix(head, zstdMagic):
		window := opts.MaxWindow
		if window == 0 {
			window = DefaultMaxWindow
		}
		zr, err := zstd.NewReader(br, zstd.WithDecoderMaxWindow(window), zstd.WithDecoderMaxMemory(window),
			zstd.WithDecoderConcurrency(2))
		if err != nil {
			return nil, fmt.Errorf("zstd: %w", err)
		}
		in.format, in.r = Zstd, zr
		in.closer = zr.Close
	}
	return in, nil
}

// isRegularFile reports whether r says, through a Stat method (as
// *os.File has), that it reads a regular file.
func isRegularFile(r io.Reader) bool {
	s, ok := r.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return false
	}
	fi, err := s.Stat()
	return err == nil && fi.Mode().IsRegular()
}

// readsAtOnce reports whether r reads a plain regular file: its reads
// neither wait for input to come nor decompress.
func (r *Reader) readsAtOnce() bool { return r.regular && r.format == Plain }

// decompressed returns in through a Reader (decompressed when its first
// bytes show gzip or zstd), or in itself when it is a *Reader already,
// and the function that releases what it made.
func decompressed(in io.Reader) (io.Reader, func(), error) {
	if r, ok := in.(*Reader); ok {
		return r, func() {}, nil
	}
	r, err := NewReader(in, ReaderOptions{})
	if err != nil {
		return nil, nil, err
	}
	return r, func() { r.Close() }, nil
}

// Format returns the detected format.
func (r *Reader) Format() Format { return r.format }

// CompressedBytes returns how many bytes were read from the underlying
// reader so far.
func (r *Reader) CompressedBytes() int64 { return r.src.n }

// Read reads decompressed bytes. A decompression error (a truncated or
// corrupt stream) comes back as an error that names the format and the
// compressed offset reached.
func (r *Reader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF && r.format != Plain && !r.src.failed {
		err = fmt.Errorf("%s stream broken after %d compressed bytes: %w", r.format, r.src.n, err)
	}
	return n, err
}

// Close releases the decoder.
func (r *Reader) Close() error {
	r.closer()
	r.closer = func() {}
	return nil
}

type countingReader struct {
	r      io.Reader
	n      int64
	failed bool // the error came from r itself
}

// Read reads from the underlying reader and counts the bytes.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.failed = true
	}
	return n, err
}

// FormatForName returns the output format chosen by a file name's suffix:
// ".gz" is Gzip, ".zst" is Zstd, anything else Plain.
func FormatForName(name string) Format {
	switch {
	case strings.HasSuffix(name, ".gz"):
		return Gzip
	case strings.HasSuffix(name, ".zst"):
		return Zstd
	}
	return Plain
}

// NewWriter returns a writer that compresses to w in format f. Its Close
// flushes and ends the compressed stream, returning any error; it does not
// close w. For Plain, Close does nothing.
func NewWriter(w io.Writer, f Format) (io.WriteCloser, error) {
	switch f {
	case Gzip:
		return gzip.NewWriterLevel(w, gzip.DefaultCompression)
	case Zstd:
		return zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(2))
	}
	return nopCloser{w}, nil
}

type nopCloser struct{ io.Writer }

// Close does nothing.
func (nopCloser) Close() error { return nil }
