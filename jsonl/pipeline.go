package jsonl

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"
)

// maxBatchRecords caps the records of one batch, so that batches of tiny
// records still spread over the workers.
const maxBatchRecords = 4096

// holdBytes is how many bytes of output and rejects a batch holds at most
// before its worker hands them to the writer (plus one record's): a batch
// is bounded by what it produces, not only by what it read (4,096 tiny
// records that each fail a schema in a hundred places make megabytes of
// rejects). Twice the batch's input: a batch whose records come out about
// as they went in never hands over early.
func holdBytes(batchBytes int) int { return 2 * batchBytes }

// Cleaner cleans JSON Lines: it splits the input into records, sanitizes
// (and, with a schema, validates) them on parallel workers and writes the
// good ones to the output and the others to the rejects, each record exactly
// once. A Cleaner runs one Run at a time; Stats may be called from any
// goroutine at any time.
type Cleaner struct {
	opts   Options
	c      counters
	budget *budget    // of the last Run, for tests
	chunks *chunkPool // of the last Run, for tests
}

// NewCleaner returns a Cleaner with the given options.
func NewCleaner(opts Options) *Cleaner {
	return &Cleaner{opts: opts}
}

// Stats returns a snapshot of the counters of the current or last Run.
func (c *Cleaner) Stats() Stats { return c.c.snapshot() }

// recMeta locates one record of a batch.
type recMeta struct {
	start, end int  // in the batch's chunk, or in its spill when spilled
	spilled    bool // a copy: the record did not alias the batch's chunk
	line       int64
	lines      int
	offset     int64
	size       int64
	cut        bool
	tooLarge   bool
	firstJoin  int // Record.FirstJoin
}

// batch is a run of consecutive records, the unit of work. Its records
// alias the Splitter's buffer, a chunk the batch holds until it is written
// (see chunk); a record that does not (a TooLarge record's sample) is
// copied into spill.
type batch struct {
	seq   int64
	chunk *chunk
	spill []byte
	bytes int64 // the records' bytes, counted in the budget
	recs  []recMeta
	out   []byte // clean records, one per line
	rej   []byte // rejects-file lines
	loc   local
	// endLine and endOffset locate the input just after the batch.
	endLine, endOffset int64
	// part is set while the batch is handed to the writer before its end
	// (its output and rejects past holdBytes, see worker.process); the
	// writer writes them when the batch's turn comes and sends on resume.
	part   bool
	resume chan struct{}
}

func (b *batch) reset(maxKeep int) {
	b.release()
	if cap(b.spill) > maxKeep {
		b.spill = nil
	}
	if cap(b.out) > maxKeep {
		b.out = nil
	}
	if cap(b.rej) > maxKeep {
		b.rej = nil
	}
	b.spill, b.bytes, b.recs, b.out, b.rej = b.spill[:0], 0, b.recs[:0], b.out[:0], b.rej[:0]
}

// release lets go of the batch's chunk.
func (b *batch) release() {
	if b.chunk != nil {
		b.chunk.drop()
		b.chunk = nil
	}
}

// raw returns the bytes of record m.
func (b *batch) raw(m *recMeta) []byte {
	if m.spilled {
		return b.spill[m.start:m.end]
	}
	return b.chunk.data[m.start:m.end]
}

// add appends rec to the batch, aliasing the batch's chunk c where rec
// lies in it.
func (b *batch) add(rec *Record, c *chunk) {
	if b.chunk == nil && c != nil {
		c.hold()
		b.chunk = c
	}
	m := recMeta{
		line: rec.Line, lines: rec.Lines, offset: rec.Offset, size: rec.Size,
		cut: rec.Cut, tooLarge: rec.TooLarge, firstJoin: rec.FirstJoin,
	}
	if i, ok := b.aliased(rec.Data); ok {
		m.start, m.end = i, i+len(rec.Data)
	} else {
		m.start, m.spilled = len(b.spill), true
		b.spill = append(b.spill, rec.Data...)
		m.end = len(b.spill)
	}
	b.bytes += int64(len(rec.Data))
	b.recs = append(b.recs, m)
}

// aliased returns where data lies in the batch's chunk, if it does.
func (b *batch) aliased(data []byte) (int, bool) {
	if b.chunk == nil {
		return 0, false
	}
	return b.chunk.at(data)
}

// feed coordinates the reader with the writer: once stopped, the reader
// sends no more batches, so the writer knows how many to wait for.
type feed struct {
	mu      sync.Mutex
	stopped bool
	sent    int64
}

func (f *feed) send(c *counters, work chan<- *batch, b *batch) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.stopped {
		return false
	}
	b.seq = f.sent
	f.sent++
	c.records.Add(int64(len(b.recs)))
	var n int64
	for i := range b.recs {
		n += b.recs[i].size
	}
	c.bytesIn.Add(n)
	work <- b // never blocks: work holds every batch there is
	return true
}

// budget bounds the input bytes in flight (read, not yet written), so that
// large records do not multiply the memory by the window: a batch waits
// until its bytes fit, unless nothing else is in flight.
type budget struct {
	mu   sync.Mutex
	cond sync.Cond
	used int64
	max  int64
	peak int64 // highest use, for tests
}

func newBudget(max int64) *budget {
	b := &budget{max: max}
	b.cond.L = &b.mu
	return b
}

func (b *budget) acquire(n int64) {
	b.mu.Lock()
	for b.used > 0 && b.used+n > b.max {
		b.cond.Wait()
	}
	b.used += n
	b.peak = max(b.peak, b.used)
	b.mu.Unlock()
}

func (b *budget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.cond.Broadcast()
}

func (f *feed) stop() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stopped = true
	return f.sent
}

// Run cleans in into out, writing rejected records to rejects (nil discards
// them; they are still counted). It returns the final Stats and:
//   - an *OptionsError, before reading anything, when Options.Workers or
//     Options.Window is past its cap;
//   - nil when the whole input was processed;
//   - an *InputError when reading failed (records before it are processed);
//   - an *OutputError when writing failed (output after it is missing;
//     the Stats count only the records that reached out or rejects, see
//     Flusher);
//   - a *StoppedError when ctx was cancelled, or when the Healer returned a
//     *HealError with Stop (its Err is then that HealError): the records
//     read so far are processed and written, and the error says where the
//     input stopped.
//
// A gzip or zstd input is decompressed, as jsonheal clean does: Run reads
// in through NewReader (default ReaderOptions) unless in is a *Reader
// already; pass one to set the zstd window cap.
//
// The input is read on a goroutine of its own: Run never waits for a Read
// that blocks, neither to pass on the records read before it (a slow stream
// comes out as it arrives) nor after a cancellation (the goroutine then
// ends when that Read returns). A plain regular file (a *Reader over an
// *os.File, or over any reader whose Stat method says so) is read
// straight into the splitter's buffer instead, since its reads do not
// wait, until a record longer than the buffer shows up.
func (c *Cleaner) Run(ctx context.Context, in io.Reader, out, rejects io.Writer) (Stats, error) {
	opts := &c.opts
	c.c.reset()
	c.c.line.Store(1)
	c.c.start.Store(time.Now().UnixNano())
	if rejects == nil {
		rejects = io.Discard
	}
	if err := opts.check(); err != nil {
		return c.Stats(), err
	}
	nw, window := opts.workers(), opts.window()
	if window < nw {
		window = nw
	}
	sans := make([]Sanitizer, nw)
	for i := range sans {
		sans[i] = opts.newSanitizer()
		if sans[i] == nil {
			return c.Stats(), errors.New("jsonl: Options.NewSanitizer returned nil")
		}
	}

	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var stopOnce sync.Once
	var healStop error // a HealError that stopped the run
	stopRun := func(err error) {
		stopOnce.Do(func() {
			healStop = err
			cancel(err)
		})
	}
	free := make(chan *batch, window)
	for range window {
		free <- &batch{resume: make(chan struct{}, 1)}
	}
	work := make(chan *batch, window)
	done := make(chan *batch, window)
	var f feed
	bud := newBudget(int64(window) * int64(opts.batchBytes()))
	c.budget = bud
	readerDone := make(chan struct{})
	var readErr error
	go func() {
		defer close(readerDone)
		defer close(work)
		src, release, err := decompressed(in)
		if err != nil {
			readErr = &InputError{Line: 1, Err: err}
			return
		}
		defer release()
		readErr = c.read(rctx, src, free, work, &f, bud)
	}()
	var wg sync.WaitGroup
	for i := range nw {
		wg.Add(1)
		w := newWorker(ctx, opts, sans[i])
		w.stop = stopRun
		w.holdBytes = holdBytes(opts.batchBytes())
		w.handOver = func(b *batch) {
			b.part = true
			done <- b
			<-b.resume
			b.part = false
		}
		go func() {
			defer wg.Done()
			for b := range work {
				w.process(b)
				done <- b
			}
		}()
	}

	maxKeep := 4 * opts.batchBytes()
	var writeErr error
	pending := map[int64]*batch{}
	next := int64(0)
	// Records count as written once they reached their writer: for a
	// plain one, once Write returned; for a Flusher (a bufio.Writer, the
	// CLI's output), once a Flush after them succeeded, since a later
	// Flush may fail with the bytes still in its buffer. held counts the
	// records written since the last flush (the parts of a plain writer
	// are counted at once), and heldLine, heldOffset locate the input
	// after the batches released since then; c.c.line and c.c.offset move
	// there once both writers have flushed. All of it is per batch.
	outBuf, rejBuf := isFlusher(out), isFlusher(rejects)
	var held local
	heldLine, heldOffset := int64(1), int64(0)
	unflushed := false    // batches were written since the last flush
	heldBytes := int64(0) // and their bytes
	// A writer kept busy never sees done empty: it is flushed all the
	// same once it was handed a batch's bytes, so that what reached it
	// counts as written, and a failure leaves no more than that to doubt.
	flushBytes := int64(opts.batchBytes())
	// The batches released before the last flush were all written (release
	// follows write, in input order), so the line and offset it moved to
	// are where the records not yet written start; Unordered writes may
	// have gone past it. A Flusher that fails loses what it holds: the
	// records written to it since its last flush are not counted.
	fail := func(name string, atFlush bool, err error) {
		oe := &OutputError{Name: name, Err: err, Flush: atFlush, OutOfOrder: opts.Unordered}
		// The other writer is sound: let go of what it holds, so that
		// its records are counted (writing no record more).
		if name == "output" {
			oe.Unflushed = held.written()
			if rejBuf && flush(rejects) == nil {
				c.c.add(&held, false, true)
			}
		} else {
			oe.Unflushed = held.rejected
			if outBuf && flush(out) == nil {
				c.c.add(&held, true, false)
			}
		}
		oe.Line, oe.Offset = c.c.line.Load(), c.c.offset.Load()
		writeErr = oe
		cancel(writeErr)
	}
	write := func(b *batch) {
		if writeErr == nil {
			if err := writeAll(out, b.out); err != nil {
				fail("output", false, err)
			} else if err := writeAll(rejects, b.rej); err != nil {
				fail("rejects", false, err)
			} else {
				b.loc.bytesOut = int64(len(b.out))
				held.merge(&b.loc)
				c.c.add(&held, !outBuf, !rejBuf)
				unflushed = true
				heldBytes += int64(len(b.out) + len(b.rej))
			}
		}
	}
	release := func(b *batch) {
		bud.release(b.bytes)
		if writeErr == nil { // else b was not written, or not all before it
			heldLine, heldOffset = b.endLine, b.endOffset
			if !outBuf && !rejBuf {
				c.c.line.Store(heldLine)
				c.c.offset.Store(heldOffset)
			}
		}
		b.reset(maxKeep)
		free <- b
	}
	// flushAll flushes both writers and counts what they held as written.
	flushAll := func() {
		if err := flush(out); err != nil {
			fail("output", true, err)
			return
		}
		c.c.add(&held, true, false)
		if err := flush(rejects); err != nil {
			fail("rejects", true, err)
			return
		}
		c.c.add(&held, false, true)
		c.c.line.Store(heldLine)
		c.c.offset.Store(heldOffset)
		unflushed, heldBytes = false, 0
	}
	// writePart writes what a batch handed over before its end holds, and
	// lets its worker go on.
	writePart := func(b *batch) {
		write(b)
		b.out, b.rej = b.out[:0], b.rej[:0]
		b.resume <- struct{}{}
	}
	received, target := int64(0), int64(-1)
	for target < 0 || received < target {
		select {
		case b := <-done:
			if b.part {
				if opts.Unordered || b.seq == next {
					writePart(b)
				} else {
					pending[b.seq] = b // until its turn
				}
				break
			}
			received++
			if opts.Unordered {
				write(b)
				b.out, b.rej = b.out[:0], b.rej[:0]
			}
			pending[b.seq] = b
			for {
				nb, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				if nb.part {
					writePart(nb) // its worker goes on with the batch
					break
				}
				next++
				if !opts.Unordered {
					write(nb)
				}
				release(nb)
				if heldBytes >= flushBytes && writeErr == nil && (outBuf || rejBuf) {
					flushAll()
				}
			}
			if len(done) == 0 && writeErr == nil {
				// Nothing else is ready: let what is written so far out.
				flushAll()
			}
		case <-readerDone:
			readerDone = nil
			target = f.stop()
		}
	}
	// The reader is finished, so the workers are too.
	wg.Wait()
	if unflushed && writeErr == nil {
		flushAll() // the last batch was flushed already, unless others were ready
	}
	c.c.elapsed.Store(int64(time.Since(time.Unix(0, c.c.start.Load()))))
	st := c.Stats()
	switch {
	case writeErr != nil:
		return st, writeErr
	case healStop != nil:
		// Every record read was still processed (the Healer rejects the
		// rest without a call), but the run did not go on.
		return st, &StoppedError{Line: st.Line, Offset: st.Offset, Err: healStop}
	case readErr == errStopped:
		return st, &StoppedError{Line: st.Line, Offset: st.Offset, Err: context.Cause(ctx)}
	case readErr != nil && readErr != io.EOF:
		return st, readErr
	}
	return st, nil
}

// read splits in into batches and sends them to work until the input ends
// or ctx is cancelled. Before it would wait for input, and when it stops, it
// sends the records it holds.
func (c *Cleaner) read(ctx context.Context, in io.Reader, free <-chan *batch, work chan<- *batch, f *feed, bud *budget) error {
	opts := &c.opts
	batchBytes := opts.batchBytes()
	var sp *Splitter
	var b *batch
	// hand sends the batch, which ends where the records after it start
	// (b.endLine, b.endOffset), to the workers.
	hand := func() {
		bud.acquire(b.bytes)
		if !f.send(&c.c, work, b) {
			bud.release(b.bytes)
			b.release()
		}
		b = nil
	}
	// send hands the batch on, when it holds records, as ending where the
	// splitter is: no record after it has been read.
	send := func() {
		if b != nil && len(b.recs) > 0 {
			b.endLine, b.endOffset = sp.Line(), sp.InputOffset()
			hand()
		}
	}
	// A plain regular file is read where it is split, into the splitter's
	// buffer: its reads do not wait, and the pump's copy is spared, until
	// a long record grows the buffer (see direct). Anything else goes
	// through the pump (see Run).
	var src io.Reader
	var dir *direct
	if r, ok := in.(*Reader); ok && r.readsAtOnce() {
		dir = &direct{r: in, pump: func() io.Reader { return newPump(ctx, in, send) }}
		src = dir
	} else {
		src = newPump(ctx, in, send)
	}
	sp = NewSplitter(src, SplitOptions{MaxRecordBytes: opts.MaxRecordBytes, ReadBufferSize: opts.splitBuffer})
	// The records alias the splitter's buffer, which batches hold: one
	// chunk per batch in flight, the splitter's own and one to spare.
	c.chunks = newChunkPool(len(sp.buf), cap(free)+2)
	sp.shareChunks(c.chunks)
	defer send()
	defer func() { c.c.lines.Store(sp.InputLines()) }()
	for {
		if ctx.Err() != nil {
			return errStopped
		}
		endLine, endOffset := sp.Line(), sp.InputOffset() // where rec starts
		rec, err := sp.Next()
		if err != nil {
			if err == io.EOF || err == errStopped {
				return err
			}
			send()
			return &InputError{Offset: sp.InputOffset(), Line: sp.Line(), Err: err}
		}
		ch := sp.chunk()
		if dir != nil && ch == nil {
			dir.readAhead() // a long record: see direct
		}
		if b != nil && b.chunk != nil && b.chunk != ch {
			// A batch's records lie in one chunk: the batch ends
			// before rec, which the splitter read into a new one.
			b.endLine, b.endOffset = endLine, endOffset
			hand()
		}
		if b == nil {
			select {
			case b = <-free:
			case <-ctx.Done():
				// The record is dropped: the output ends before it.
				return errStopped
			}
		}
		b.add(&rec, ch)
		if b.bytes >= int64(batchBytes) || len(b.recs) >= maxBatchRecords {
			send()
		}
	}
}

// direct reads a plain regular file on the reader's goroutine, straight
// into the splitter's buffer, until readAhead hands the reading to a pump
// for the rest of the input. Records of a chunk's size and more (which
// grow the splitter's buffer and are copied into their batches, see
// chunk) leave the reader's goroutine with reads, copies and page faults
// enough to make it the slowest stage: records of a megabyte took a
// fifth longer read directly than read ahead on the pump.
type direct struct {
	r    io.Reader
	pump func() io.Reader
	p    io.Reader // the pump, once started
}

// Read reads from the file, or from the pump once started.
func (d *direct) Read(b []byte) (int, error) {
	if d.p != nil {
		return d.p.Read(b)
	}
	return d.r.Read(b)
}

// readAhead starts the pump, once; it is called between the splitter's
// reads, so that the file is read by one of them at a time.
func (d *direct) readAhead() {
	if d.p == nil {
		d.p = d.pump()
	}
}

// Flusher is implemented by buffered writers; Run flushes the output and
// the rejects whenever it has written everything that is ready, so that a
// slow input comes out as it arrives, and at least once per
// Options.BatchBytes written to them. The records written to a Flusher
// count as written (in Stats, in an OutputError) once a Flush after them
// succeeded: until then they may be in its buffer.
type Flusher interface {
	Flush() error
}

func isFlusher(w io.Writer) bool {
	_, ok := w.(Flusher)
	return ok
}

func flush(w io.Writer) error {
	if f, ok := w.(Flusher); ok {
		return f.Flush()
	}
	return nil
}

// writeAll writes p, going on after a short write without an error (as
// some compressors do) and failing only on an error or no progress.
func writeAll(w io.Writer, p []byte) error {
	for len(p) > 0 {
		n, err := w.Write(p)
		if err != nil {
			return err
		}
		if n <= 0 {
			return io.ErrShortWrite
		}
		p = p[n:]
	}
	return nil
}
