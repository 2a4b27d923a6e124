package jsonl

import (
	"context"
	"errors"
	"io"
)

// errStopped ends the splitter's input when the run is cancelled.
var errStopped = errors.New("jsonl: stopped")

const pumpBufSize = 256 << 10

// pump reads the input on its own goroutine, so that the reader of records
// is never stuck in a Read: before it would wait for input it calls idle
// (which sends the records read so far on to the workers), and it stops
// waiting when ctx is done.
type pump struct {
	ctx  context.Context
	ch   chan pumpChunk
	free chan []byte
	cur  []byte
	buf  []byte
	err  error
	idle func()
}

type pumpChunk struct {
	buf []byte
	err error
}

func newPump(ctx context.Context, r io.Reader, idle func()) *pump {
	p := &pump{ctx: ctx, ch: make(chan pumpChunk, 2), free: make(chan []byte, 3), idle: idle}
	for range 3 {
		p.free <- make([]byte, pumpBufSize)
	}
	go p.run(r)
	return p
}

// run reads r until an error or ctx is done. It may outlive the Cleaner's
// Run while blocked in a Read that never returns.
func (p *pump) run(r io.Reader) {
	for {
		var buf []byte
		select {
		case buf = <-p.free:
		case <-p.ctx.Done():
			return
		}
		n, err := r.Read(buf)
		if n == 0 && err == nil {
			err = readAgain(r, buf, &n)
		}
		select {
		case p.ch <- pumpChunk{buf: buf[:n], err: err}:
		case <-p.ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}

// readAgain retries a Read that returned nothing, as io.Reader allows.
func readAgain(r io.Reader, buf []byte, n *int) error {
	for range 100 {
		k, err := r.Read(buf)
		if k > 0 || err != nil {
			*n = k
			return err
		}
	}
	return io.ErrNoProgress
}

// Read returns the bytes the pump read ahead.
func (p *pump) Read(b []byte) (int, error) {
	for len(p.cur) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		if p.buf != nil {
			p.free <- p.buf[:cap(p.buf)]
			p.buf = nil
		}
		var c pumpChunk
		select {
		case c = <-p.ch:
		default:
			p.idle()
			select {
			case c = <-p.ch:
			case <-p.ctx.Done():
				p.err = errStopped
				return 0, p.err
			}
		}
		p.buf, p.cur, p.err = c.buf, c.buf, c.err
	}
	n := copy(b, p.cur)
	p.cur = p.cur[n:]
	return n, nil
}
