package sanitize

// Stream sanitizes a document fed in pieces (tokens as a model streams
// them) and shows, at any moment, the output so far as a stable prefix
// plus a pending tail, and as a snapshot closed into valid JSON, for
// showing partial objects in a UI.
//
// Stream reads input as if Options.CloseTruncated were set. The stable
// prefix only grows: once shown, its bytes are a prefix of the final output
// unless the document later turns out to be unrepairable (an error). The
// pending tail may still change (an incomplete number, key or comma is
// dropped when the input ends, a string concatenation joins its parts).
// Total work stays linear in the input. A Stream keeps its whole output in
// memory; a Writer passes settled output on as it comes.
type Stream struct {
	z      Sanitizer
	stable int
	err    error
	done   bool
}

// NewStream returns a Stream with the given options.
func NewStream(opts Options) *Stream {
	st := &Stream{}
	opts.CloseTruncated = true
	st.z.opts = opts
	st.z.reset(nil)
	return st
}

// Write feeds p. After an error, Write returns it and feeds nothing more.
func (st *Stream) Write(p []byte) (int, error) {
	if st.done {
		return 0, ErrClosed
	}
	if st.err != nil {
		return 0, st.err
	}
	err := st.z.write(p)
	st.z.flushAll()
	st.z.chunk = nil
	if err != nil {
		st.err = err
		return 0, err
	}
	st.updateStable()
	return len(p), nil
}

// updateStable moves the stable mark forward.
func (st *Stream) updateStable() {
	st.stable = max(st.stable, st.z.settledPos())
}

// Stable returns the output that will not change any more. The slice is
// valid until the next Write or Close.
func (st *Stream) Stable() []byte { return st.z.out[:st.stable] }

// Pending returns the output after the stable prefix so far. It may still
// change. The slice is valid until the next Write or Close.
func (st *Stream) Pending() []byte { return st.z.out[st.stable:] }

// AppendSnapshot appends to dst the output so far with the open value
// closed as if the input ended here: valid JSON whenever the stream holds
// at least one value (with Options.Values set to ValuesArray, the array
// of the values so far; with ValuesFirst, and with ValuesOne once a
// second value began, which Close will refuse, the first value; with
// ValuesLines, the sequence of the values so far).
func (st *Stream) AppendSnapshot(dst []byte) []byte {
	z := &st.z
	if (z.opts.Values == ValuesFirst || z.opts.Values == ValuesOne) && z.firstEnd >= 0 {
		return append(dst, z.out[:z.firstEnd]...)
	}
	n := len(dst)
	dst = st.appendSnapshot(dst)
	if z.opts.Values == ValuesArray && !st.done && z.arrayAt >= 0 && z.arrayAt < len(dst)-n {
		dst = append(dst, ']')
	}
	return dst
}

// appendSnapshot is AppendSnapshot before Options.Values is applied.
func (st *Stream) appendSnapshot(dst []byte) []byte {
	z := &st.z
	if st.done || st.err != nil || !z.sc.InValue() {
		return append(dst, z.out[:z.lastValue]...)
	}
	t := z.sc.Truncation()
	end := len(z.out) - t.Partial
	switch {
	case t.Depth == 0 && t.Pending != PendingString:
		return append(dst, z.out[:z.lastValue]...)
	case t.Pending == PendingString:
		dst = append(dst, z.out[:end]...)
		dst = append(dst, '"')
	case t.Pending == PendingComma:
		dst = append(dst, z.out[:end]...)
	default:
		dst = append(dst, z.out[:min(z.cutPos(t.Commit), end)]...)
	}
	return z.sc.AppendClosers(dst)
}

// Close ends the input and returns the final output (truncated input
// closed, with an error matching ErrTruncated) and the sanitizing error.
func (st *Stream) Close() ([]byte, error) {
	if st.done {
		return nil, ErrClosed
	}
	st.done = true
	if st.err != nil {
		st.z.out = st.z.out[:st.z.lastValue]
		st.err = st.z.settle(st.err)
		return st.z.out, st.err
	}
	err := st.z.finish()
	st.z.flushAll()
	st.z.chunk = nil
	return st.z.out, st.z.settle(err)
}

// Report returns what the Stream did so far.
func (st *Stream) Report() *Report { return st.z.reportNow() }
