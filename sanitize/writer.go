package sanitize

import (
	"errors"
	"io"
)

// Writer sanitizes the bytes written through it and writes the result to an
// underlying io.Writer. Chunks may be split anywhere.
//
// A Writer holds its output until Close while it fits in
// Options.WriterWindow (1 MiB by default): the output and the Report are
// then the same as Append's on the whole input, and a refused document
// (several values, a syntax error, a truncated value) writes nothing. With
// Options.Values set to ValuesLines, complete values are passed on as soon
// as they end. Once the output grows past the window, the Writer passes on
// what is settled (see Stream.Stable) as it comes and holds only the rest,
// so that its memory stays bounded however long the input: a refusal
// found after that is a *PartialError that says how many bytes were
// written, and nothing more is written.
//
// Close ends the input.
type Writer struct {
	z      Sanitizer
	w      io.Writer
	err    error
	closed bool
	// settled: ValuesFirst kept its first value and the rest of the input
	// is read no more (an error after that value does not fail the call).
	settled bool
	// streaming: the output went past the window; settled output is
	// passed on as it comes.
	streaming bool
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
	w.w, w.err, w.closed, w.settled, w.streaming = dst, nil, false, false, false
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
	z := &w.z
	err := z.write(p)
	z.flushAll()
	z.chunk = nil
	if err != nil {
		z.cutOut(z.lastValue)
		if err = z.settle(err); err == nil {
			w.settled = true // ValuesFirst has its value: the rest is dropped
			return len(p), nil
		}
		return 0, w.fail(err)
	}
	if err := w.pass(); err != nil {
		w.err = err
		return 0, err
	}
	return len(p), nil
}

// Close ends the input, writes the rest of the output and returns the
// sanitizing error, if any (see Append for what each error leaves
// written, and PartialError). It does not close the underlying writer.
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
		z := &w.z
		err = z.finish()
		z.flushAll()
		z.chunk = nil
		err = z.settle(err)
	}
	if err != nil {
		return w.fail(err)
	}
	return w.emit(len(w.z.out))
}

// Report returns what the Writer did so far.
func (w *Writer) Report() *Report { return w.z.reportNow() }

// fail ends the Writer on the sanitizing error err: it writes what Append
// leaves with err, when what was written already begins it, and returns
// err; otherwise it writes nothing more and returns a *PartialError.
func (w *Writer) fail(err error) error {
	z := &w.z
	w.err = err
	if z.lost && z.written > 0 {
		se, _ := err.(*Error)
		w.err = &PartialError{Written: z.written, Err: se}
		return w.err
	}
	if z.written == 0 && !z.opts.KeepsOutputOnRefusal(err) {
		// Nothing went out yet: a refusal prints nothing, as the output
		// Append leaves ([v1,v2] of the values before a broken third,
		// say) would pass for the whole answer.
		return err
	}
	if werr := w.emit(len(z.out)); werr != nil {
		return werr
	}
	return err
}

// KeepsOutputOnRefusal reports whether a Writer (or a Reader) that meets
// the sanitizing error err before writing anything passes on the output
// Append leaves with err: only when that output is what the caller asked
// for though the call fails, a sequence of values (ValuesLines) or a
// truncated document closed with CloseTruncated. Otherwise a refusal
// writes nothing, so that no partial output passes for the answer.
func (o Options) KeepsOutputOnRefusal(err error) bool {
	return o.Values == ValuesLines || o.CloseTruncated && errors.Is(err, ErrTruncated)
}

// pass passes on the output that is settled, once the window is passed
// (or, with ValuesLines, the complete values), and drops what a refusal
// will drop anyway.
func (w *Writer) pass() error {
	z := &w.z
	if z.refused() {
		// Nothing more will be written: the complete values go (no edit
		// reaches back past a value's start).
		z.shift(z.lastValue)
		return nil
	}
	upto := 0
	if z.opts.Values == ValuesLines {
		upto = z.lastValue
	}
	if !w.streaming && len(z.out) > z.opts.writerWindow() {
		w.streaming = true
	}
	if w.streaming {
		upto = max(upto, z.settledPos())
	}
	return w.emit(upto)
}

// emit writes out[:upto] to the underlying writer and drops it from out.
func (w *Writer) emit(upto int) error {
	z := &w.z
	if upto <= 0 {
		return nil
	}
	if _, err := w.w.Write(z.out[:upto]); err != nil {
		return err
	}
	z.written += int64(upto)
	z.shift(upto)
	return nil
}

// shift drops out[:upto], which was written or is not wanted, and moves
// every output position back by upto: positions before the bytes kept
// become negative (see cutOut).
func (z *Sanitizer) shift(upto int) {
	if upto <= 0 {
		return
	}
	n := copy(z.out, z.out[upto:])
	z.out = z.out[:n]
	d := int64(upto)
	z.delta -= d
	z.base0 -= d
	for k := range z.marks {
		z.marks[k].cum -= d
	}
	for k := range z.patches {
		z.patches[k].at -= upto
	}
	z.gapOut -= upto
	z.valueOut -= upto
	z.lastValue -= upto
	z.outStart -= upto
	if z.firstEnd >= 0 {
		z.firstEnd = max(z.firstEnd-upto, 0)
	}
	if z.arrayAt >= 0 {
		z.arrayAt = max(z.arrayAt-upto, 0) // '[' stays written (see settleValues)
	}
}
