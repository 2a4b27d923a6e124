package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
)

// statter is implemented by *os.File and by the readers and writers that
// wrap one, so that the file behind stdin and stdout can be compared with
// the outputs.
type statter interface {
	Stat() (os.FileInfo, error)
}

// interruptibleReader reads r on a goroutine of its own, so that a Read
// waiting on a quiet pipe or terminal returns as soon as ctx is done. A
// regular file never waits, and is read directly (ctx is checked before
// each Read). The goroutine starts at the first Read; after a cancellation
// it may stay blocked in r.Read until the process ends.
type interruptibleReader struct {
	ctx  context.Context
	r    io.Reader
	once sync.Once
	// direct: r is a regular file (or ctx is nil): no goroutine.
	direct bool
	chunks chan readChunk
	free   chan []byte
	cur    []byte // unread part of buf
	buf    []byte // the chunk being read, returned to free when done
	err    error
}

type readChunk struct {
	buf []byte
	err error
}

// interruptChunk is the size of the reads made on the goroutine.
const interruptChunk = 256 << 10

func newInterruptibleReader(ctx context.Context, r io.Reader) *interruptibleReader {
	return &interruptibleReader{ctx: ctx, r: r}
}

// Stat reports the file behind the reader, when there is one.
func (ir *interruptibleReader) Stat() (os.FileInfo, error) {
	if s, ok := ir.r.(statter); ok {
		return s.Stat()
	}
	return nil, fmt.Errorf("stat: not a file")
}

func (ir *interruptibleReader) start() {
	if ir.ctx == nil || isRegular(ir.r) {
		ir.direct = true
		return
	}
	ir.chunks = make(chan readChunk, 1)
	ir.free = make(chan []byte, 2)
	ir.free <- make([]byte, interruptChunk)
	ir.free <- make([]byte, interruptChunk)
	go ir.pump()
}

// pump reads r into free buffers until an error or ctx is done.
func (ir *interruptibleReader) pump() {
	for {
		var buf []byte
		select {
		case buf = <-ir.free:
		case <-ir.ctx.Done():
			return
		}
		n, err := ir.r.Read(buf)
		select {
		case ir.chunks <- readChunk{buf: buf[:n], err: err}:
		case <-ir.ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// Read returns what r returned, or ctx's error from the moment ctx is done
// (bytes read ahead are then dropped: the command is stopping).
func (ir *interruptibleReader) Read(p []byte) (int, error) {
	ir.once.Do(ir.start)
	if ir.direct {
		if ir.ctx != nil {
			if err := ir.ctx.Err(); err != nil {
				return 0, err
			}
		}
		return ir.r.Read(p)
	}
	for len(ir.cur) == 0 {
		if ir.err != nil {
			return 0, ir.err
		}
		if ir.buf != nil {
			ir.free <- ir.buf[:cap(ir.buf)]
			ir.buf = nil
		}
		select {
		case c := <-ir.chunks:
			ir.buf, ir.cur, ir.err = c.buf, c.buf, c.err
			if len(c.buf) == 0 && c.err == nil {
				return 0, nil // as r did
			}
		case <-ir.ctx.Done():
			ir.err = ir.ctx.Err()
			return 0, ir.err
		}
	}
	if err := ir.ctx.Err(); err != nil {
		ir.err, ir.cur = err, nil
		return 0, err
	}
	n := copy(p, ir.cur)
	ir.cur = ir.cur[n:]
	return n, nil
}

func isRegular(r io.Reader) bool {
	s, ok := r.(statter)
	if !ok {
		return false
	}
	st, err := s.Stat()
	return err == nil && st.Mode().IsRegular()
}

// trackedInput counts the bytes and lines read from an input, so that a
// signal's message can say where the command stopped. Its counters may be
// read while another goroutine reads.
type trackedInput struct {
	name  string
	r     io.Reader
	bytes atomic.Int64
	lines atomic.Int64 // newlines read, until handedOver
	// handedOver is set once something that knows the position better
	// (a Cleaner, which counts its own lines) says where the command is:
	// the lines are then not counted, on the goroutine every byte waits
	// for.
	handedOver atomic.Bool
	// report, when set, makes the first Read set where the command is to
	// this input (stdin, which commands may read without openInput).
	report *stopper
	once   sync.Once
}

func (t *trackedInput) Read(p []byte) (int, error) {
	if t.report != nil {
		t.once.Do(func() { t.report.setWhere(t.position) })
	}
	n, err := t.r.Read(p)
	if n > 0 {
		t.bytes.Add(int64(n))
		if !t.handedOver.Load() {
			t.lines.Add(int64(bytes.Count(p[:n], []byte{'\n'})))
		}
	}
	return n, err
}

// Stat reports the file behind the input, when there is one.
func (t *trackedInput) Stat() (os.FileInfo, error) {
	if s, ok := t.r.(statter); ok {
		return s.Stat()
	}
	return nil, fmt.Errorf("stat: not a file")
}

// position says how far the input was read.
func (t *trackedInput) position() string {
	return fmt.Sprintf("in %s at input offset %d (line %d)", t.name, t.bytes.Load(), t.lines.Load()+1)
}
