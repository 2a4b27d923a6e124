package jsonl

import "sync/atomic"

// chunk is a Splitter buffer that the Cleaner's batches share with the
// Splitter: a batch's records alias the chunk instead of being copied
// into the batch, and the chunk is reused only once the Splitter has left
// it and every batch holding records in it has been written.
//
// refs counts the holders: the Splitter while the chunk is its buffer,
// and each batch with a record in it. Only the reader's goroutine (the
// Splitter and the batches it fills) adds holders; the writer's goroutine
// drops a batch's. So the Splitter may trust shared() being false: no one
// else reads the chunk, and it may move bytes inside it.
//
// A chunk grown past the pool's size for a long record is never shared:
// the records read into it are copied into their batches, as records
// were before chunks, so that the Splitter moves bytes inside it rather
// than allocate another of its size at every fill (records of a megabyte
// took 25% longer that way). The pool keeps the last one left, for the
// next long record.
type chunk struct {
	data  []byte
	refs  atomic.Int32
	pool  *chunkPool
	grown bool // larger than the pool's size
}

// hold adds a holder.
func (c *chunk) hold() { c.refs.Add(1) }

// drop removes a holder; the last one gives the chunk back to its pool.
func (c *chunk) drop() {
	if c.refs.Add(-1) == 0 {
		c.pool.put(c)
	}
}

// shared reports whether a batch still holds records in c.
func (c *chunk) shared() bool { return c.refs.Load() > 1 }

// chunkPool keeps chunks of one size for reuse, and one grown chunk.
type chunkPool struct {
	size  int
	free  chan *chunk
	spare chan *chunk // one grown chunk
	made  int         // chunks allocated, for tests (only the reader calls get)
}

func newChunkPool(size, keep int) *chunkPool {
	return &chunkPool{size: size, free: make(chan *chunk, keep), spare: make(chan *chunk, 1)}
}

// get returns a chunk of n bytes or more (exactly n for the pool's size)
// with one holder.
func (p *chunkPool) get(n int) *chunk {
	var c *chunk
	from := p.free
	if n != p.size {
		from = p.spare
	}
	select {
	case c = <-from:
		if len(c.data) < n {
			c = nil // a spare too small: it goes, for one that fits
		}
	default:
	}
	if c == nil {
		c = &chunk{data: make([]byte, n), pool: p, grown: n != p.size}
		p.made++
	}
	c.refs.Store(1)
	return c
}

// put keeps c for reuse, unless the pool holds enough of its kind.
func (p *chunkPool) put(c *chunk) {
	to := p.free
	if c.grown {
		to = p.spare
	}
	select {
	case to <- c:
	default:
	}
}

// at returns the index at which rec aliases c.data, and false when it does
// not (a TooLarge record's sample is kept apart, see Splitter.drop).
func (c *chunk) at(rec []byte) (int, bool) {
	i := cap(c.data) - cap(rec)
	if len(rec) == 0 || i < 0 || i > len(c.data)-len(rec) || &c.data[i] != &rec[0] {
		return 0, false
	}
	return i, true
}
