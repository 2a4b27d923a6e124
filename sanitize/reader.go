package sanitize

import (
	"errors"
	"io"
)

// readerChunk is how many input bytes a Reader reads at a time.
const readerChunk = 32 << 10

// Reader yields the sanitized form of the bytes an underlying io.Reader
// gives: the same bytes and Report as Append on the whole input (it runs a
// Writer). As with a Writer, output comes as soon as it is settled: with
// Options.Values set to ValuesLines each value as it ends, otherwise at
// the end of the input. A sanitizing error is returned by Read once the
// output written before it has been read (see Writer.Close for what that
// output is); a read error of the underlying reader is returned as is.
// Options.MaxInput bounds what a Reader holds.
type Reader struct {
	src  io.Reader
	w    *Writer
	out  readerBuffer
	in   []byte
	err  error // returned once out is drained
	done bool  // the source is read to its end (or failed)
}

// NewReader returns a Reader of the sanitized form of r.
func NewReader(r io.Reader, opts Options) *Reader {
	rd := &Reader{src: r}
	rd.w = NewWriter(&rd.out, opts)
	return rd
}

// Read reads sanitized bytes into p.
func (r *Reader) Read(p []byte) (int, error) {
	for r.out.len() == 0 && !r.done {
		r.fill()
	}
	if r.out.len() > 0 {
		return r.out.read(p), nil
	}
	if r.err != nil {
		return 0, r.err
	}
	return 0, io.EOF
}

// fill reads one chunk of the source and sanitizes it.
func (r *Reader) fill() {
	if r.in == nil {
		r.in = make([]byte, readerChunk)
	}
	n, err := r.src.Read(r.in)
	if n > 0 {
		if _, werr := r.w.Write(r.in[:n]); werr != nil {
			r.done, r.err = true, werr
			return
		}
	}
	switch {
	case errors.Is(err, io.EOF):
		r.done, r.err = true, r.w.Close()
	case err != nil:
		r.done, r.err = true, err
	}
}

// Report returns what the Reader did so far; it is complete once Read
// has returned io.EOF or an error.
func (r *Reader) Report() *Report { return r.w.Report() }

// readerBuffer is the Reader's output not yet read: an io.Writer that
// appends, read from the front.
type readerBuffer struct {
	b   []byte
	off int
}

// Write appends p.
func (b *readerBuffer) Write(p []byte) (int, error) {
	if b.off == len(b.b) {
		b.b, b.off = b.b[:0], 0
	}
	b.b = append(b.b, p...)
	return len(p), nil
}

func (b *readerBuffer) len() int { return len(b.b) - b.off }

// read moves the front of the buffer into p.
func (b *readerBuffer) read(p []byte) int {
	n := copy(p, b.b[b.off:])
	b.off += n
	return n
}
