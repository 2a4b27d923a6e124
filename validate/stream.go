package validate

import (
	"context"
	"errors"
	"io"
	"slices"
)

// DefaultMaxBuffer is how many bytes a Stream holds at most, unless its
// MaxBuffer says otherwise: the whole document when it cannot stream, the
// values being read whole (a value that cannot stream, at any depth)
// otherwise. What is held costs about ten times its size in memory (the
// tape of its values), so 256 MiB is about 2.6 GB at most. It is also
// the default of jsonheal validate --max-document-bytes.
const DefaultMaxBuffer = 256 << 20

// DefaultMaxDiagnostics is how many diagnostics a Stream keeps at most,
// unless its MaxDiagnostics says otherwise.
const DefaultMaxDiagnostics = 1000

// readChunk is the most ReadFrom asks of its reader at a time; it starts
// at firstRead and doubles as the document goes on, so that a small
// document costs a small buffer.
const (
	readChunk = 64 << 10
	firstRead = 4 << 10
)

// Stream validates one document written to it in chunks split anywhere
// (an io.Writer and io.ReaderFrom); Close gives the verdict, the same
// diagnostics or error, to the byte, as Schema.Validate on the whole
// document.
//
// What it holds: a root array whose schema needs of the array only item
// schemas, counts (minItems, maxItems, contains) and uniqueItems streams,
// each item parsed and evaluated as soon as its last byte is read, then
// dropped (uniqueItems keeps a 72-bit hash per item). A root object whose
// schema needs of the object only presence bits and counts streams member
// by member. An item or member value still open past 64 KiB (or half of
// MaxBuffer) streams too, at any depth, when the schemas that apply to it
// stream ($ref and allOf are followed) and its container does not need
// it whole (see stream_frames.go); smaller values are read whole. A root
// array or object also streams under anyOf, oneOf, not and if/then/else
// (an object under dependentSchemas too) whose branches (recursively)
// stream or refuse the container by its type: each branch is a lane with
// its own tallies, verdict and diagnostics (at most MaxDiagnostics kept,
// past 64 lanes a share of 64 times that; a lane that would keep more
// stops, and should every branch fail with that many, the one that
// filled up last is reported with its first ones), fed
// every item or member once, the lanes combined at the end as the
// whole-value evaluation combines branches; such a container is held
// whole until it passes 1 MiB (or half of MaxBuffer), so that a
// model-sized one is evaluated whole, faster, and turns to lanes there.
// unevaluatedItems and unevaluatedProperties stream too, each item or
// member settled as it completes where no branch is under the schema
// that has them; on the root container with branches under it, settled
// at the end from what was kept of it (the branches that evaluated it
// and, when the schema fails on it, its diagnostics: at most
// MaxDiagnostics+1 per set of branches, stream_root.go). A
// const or enum on a root container, in its schema or a branch, holds it (from 1 MiB on, every time it doubles, its items are
// compared with the values allowed) until it no longer equals any of
// them; then the schema that has it fails and the container streams
// (stream_guard.go). Any other document (a scalar; a container still
// equal to a const or enum value at its end; unevaluated* in a branch
// over branches, over another that has branches under it, or over a
// const or enum, or over more than 64 branches; more than 256 branches)
// is held whole and evaluated at Close. Either way no more than
// MaxBuffer bytes are held: past it, Write returns a *DocumentError
// wrapping ErrTooLarge.
//
// A Stream is not safe for concurrent use. Reset readies it for another
// document.
type Stream struct {
	// MaxBuffer caps the bytes held at once (0: DefaultMaxBuffer).
	MaxBuffer int
	// MaxDiagnostics caps the diagnostics kept (0: DefaultMaxDiagnostics),
	// so that a large document failing everywhere holds bounded memory
	// (the names additionalProperties or unevaluatedProperties: false
	// refuse, reported when the object closes, are kept up to it too).
	// Once a streamed document has more, its evaluation stops and the
	// rest is read as JSON only; Close then returns the first
	// MaxDiagnostics in document order followed by one CodeTooMany
	// diagnostic saying that the document has more.
	MaxDiagnostics int

	s    *Schema
	st   *streamer
	buf  []byte
	base int64 // absolute offset of buf[0]
	err  error // the error that stopped the stream
}

// NewStream returns a Stream that validates one document against s.
func (s *Schema) NewStream() *Stream {
	return &Stream{s: s}
}

// state returns the stream's scratch state, taken from the schema's free
// list at the start of a document.
func (w *Stream) state() *streamer {
	if w.st == nil {
		w.st = w.s.getState()
		w.st.begin()
		w.st.planStream(w.limit())
		w.st.maxOut = w.maxDiagnostics()
	}
	return w.st
}

// compact drops the bytes the document no longer needs, when that frees
// at least half of the buffer (so that each byte moves O(1) times).
func (w *Stream) compact() {
	drop := w.st.keepFrom() - w.base
	if drop <= 0 || drop < int64(len(w.buf))/2 {
		return
	}
	drop = min(drop, int64(len(w.buf)))
	n := copy(w.buf, w.buf[drop:])
	w.buf = w.buf[:n]
	w.base += drop
}

// Write reads p. It returns an error (a *DocumentError) as soon as the
// document is known not to be JSON or is too large to hold; Close returns
// it again.
func (w *Stream) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	w.state()
	w.compact()
	if w.tooLarge(len(p)) {
		return 0, w.err
	}
	w.buf = append(w.buf, p...)
	w.advance()
	return len(p), w.err
}

// ReadFrom reads r to its end (io.EOF), straight into the stream's
// buffer. It stops early with the error that ends the document.
func (w *Stream) ReadFrom(r io.Reader) (int64, error) {
	var total int64
	for w.err == nil {
		w.state()
		w.compact()
		room := min(readChunk, max(firstRead, int(min(total, readChunk))), w.limit()-len(w.buf))
		if room <= 0 {
			w.tooLarge(1)
			break
		}
		if cap(w.buf)-len(w.buf) < (room+1)/2 {
			w.buf = slices.Grow(w.buf, room)
		}
		room = min(room, cap(w.buf)-len(w.buf))
		n, err := r.Read(w.buf[len(w.buf) : len(w.buf)+room])
		total += int64(n)
		w.buf = w.buf[:len(w.buf)+n]
		w.advance()
		if err == io.EOF {
			return total, w.err
		}
		if err != nil {
			return total, err
		}
	}
	return total, w.err
}

// tooLarge reports (and records) whether n more bytes would pass the cap.
func (w *Stream) tooLarge(n int) bool {
	limit := w.limit()
	if len(w.buf)+n <= limit {
		return false
	}
	w.err = &DocumentError{Offset: w.base + int64(len(w.buf)), Err: ErrTooLarge,
		Msg: "more than " + itoa(limit) + " bytes to hold at once"}
	return true
}

// limit is the cap on the bytes held.
func (w *Stream) limit() int {
	if w.MaxBuffer <= 0 {
		return DefaultMaxBuffer
	}
	return w.MaxBuffer
}

func (w *Stream) advance() {
	w.st.advance(w.buf, w.base)
	if e := w.st.doc.rd.err; e != nil {
		w.err = e
	}
}

// Close ends the document and returns its verdict: nil, nil when it is
// valid, its diagnostics in document order when not, or the error that
// stopped it. The Stream is then ready for another document.
func (w *Stream) Close() (Diagnostics, error) {
	defer w.Reset()
	if w.err != nil {
		return nil, w.err
	}
	diags, err := w.state().finish(w.buf, w.base)
	if err != nil {
		return nil, err
	}
	return w.st.capDiagnostics(diags, w.maxDiagnostics()), nil
}

// maxDiagnostics is the cap on the diagnostics kept.
func (w *Stream) maxDiagnostics() int {
	if w.MaxDiagnostics <= 0 {
		return DefaultMaxDiagnostics
	}
	return w.MaxDiagnostics
}

// Early returns what is already certain while a streamed root object or
// array is still being written: the diagnostics of its complete members
// or items, in the order they were found, then the members that
// additionalProperties: false refuses (Property and Allowed set; their
// hints need the whole object). Close reports each of them again, sorted
// and complete. Early returns nil while nothing is certain and for a
// document held whole. The slice is the caller's.
func (w *Stream) Early() Diagnostics {
	st := w.st
	if st == nil || st.doc.streamed == 0 || st.recs.len() == 0 && len(st.obj.extras) == 0 {
		return nil
	}
	out := append(Diagnostics(nil), st.recs.out...)
	for _, x := range st.obj.extras {
		d := Diagnostic{Keyword: "additionalProperties", Code: CodeAdditionalProperties}
		q := quote(x.name)
		refusedProperty(&d, st.arr.chain[x.k], x.name, q, string(appendNotAllowed(nil, q)))
		out = append(out, d)
	}
	return out
}

// Ended reports whether the top-level value has been read to its end.
func (w *Stream) Ended() bool { return w.st != nil && w.st.doc.rd.ended }

// Reset drops the document in progress and readies the Stream for
// another one.
func (w *Stream) Reset() {
	if w.st != nil {
		w.s.putState(w.st)
		w.st = nil
	}
	if cap(w.buf) > 4*readChunk {
		w.buf = nil // do not keep a big buffer between documents
	}
	w.buf, w.base, w.err = w.buf[:0], 0, nil
}

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
