package sanitize

import "io"

// Writer sanitizes the bytes written through it and writes the result to an
// underlying io.Writer. Chunks may be split anywhere; the output bytes and
// the Report are the same as Append's on the whole input. With
// Options.Values set to ValuesLines, complete values are passed on as soon
// as they end; in the other modes a later value can still change the
// output (refused, dropped or wrapped), so the output is held until Close.
// Close ends the input.
type Writer struct {
	z      Sanitizer
	w      io.Writer
	err    error
	closed bool
	// settled: ValuesFirst kept its first value and the rest of the input
	// is read no more (an error after that value does not fail the call).
	settled bool
}

// NewWriter returns a Writer that writes sanitized output to w.
func NewWriter(w io.Writer, opts Options) *Writer {
	wr := &Writer{w: w}
	wr.z.opts = opts
	wr.z.reset(nil)
	return wr
}

// Reset discards the Writer's state and makes it write to w, keeping its
// memory.
func (w *Writer) Reset(dst io.Writer) {
	w.z.reset(w.z.out[:0])
	w.w, w.err, w.closed, w.settled = dst, nil, false, false
}

// Write sanitizes p. After a sanitizing error (see Close), Write passes on
// the values completed before it and returns the error.
func (w *Writer) Write(p []byte) (int, error) {
	if w.closed {
		return 0, ErrClosed
	}
	if w.err != nil {
		return 0, w.err
	}
	if w.settled {
		return len(p), nil
	}
	if err := w.z.write(p); err != nil {
		w.z.flushAll()
		w.z.chunk = nil
		w.z.out = w.z.out[:w.z.lastValue]
		if err = w.z.settle(err); err == nil {
			w.settled = true // ValuesFirst has its value: the rest is dropped
			return len(p), nil
		}
		w.err = err
		if werr := w.emit(len(w.z.out)); werr != nil {
			return 0, werr
		}
		return 0, err
	}
	w.z.flushAll()
	w.z.chunk = nil
	if w.z.holdsOutput() {
		return len(p), nil
	}
	if err := w.emit(w.z.lastValue); err != nil {
		w.err = err
		return 0, err
	}
	return len(p), nil
}

// Close ends the input, writes the rest of the output and returns the
// sanitizing error, if any (see Append for what each error leaves
// written). It does not close the underlying writer.
func (w *Writer) Close() error {
	if w.closed {
		return ErrClosed
	}
	w.closed = true
	if w.err != nil {
		return w.err
	}
	var err error
	if !w.settled {
		err = w.z.finish()
		w.z.flushAll()
		w.z.chunk = nil
		err = w.z.settle(err)
	}
	if werr := w.emit(len(w.z.out)); werr != nil {
		return werr
	}
	return err
}

// Report returns what the Writer did so far.
func (w *Writer) Report() *Report { return &w.z.report }

// emit writes out[:upto] to the underlying writer and drops it from out.
func (w *Writer) emit(upto int) error {
	z := &w.z
	if upto == 0 {
		return nil
	}
	if _, err := w.w.Write(z.out[:upto]); err != nil {
		return err
	}
	n := copy(z.out, z.out[upto:])
	z.out = z.out[:n]
	z.written += int64(upto)
	d := int64(upto)
	z.delta -= d
	z.base0 -= d
	for k := range z.marks {
		z.marks[k].cum -= d
	}
	z.gapOut -= upto
	z.valueOut -= upto
	z.lastValue -= upto
	if z.firstEnd >= 0 {
		z.firstEnd -= upto
	}
	if z.arrayAt >= 0 {
		z.arrayAt -= upto
	}
	return nil
}
