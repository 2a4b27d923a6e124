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
type chunk struct {
	data []byte
	refs atomic.Int32
	pool *chunkPool // nil for a chunk grown past the pool's size
}

// hold adds a holder.
func (c *chunk) hold() { c.refs.Add(1) }

// drop removes a holder; the last one gives the chunk back to its pool.
func (c *chunk) drop() {
	if c.refs.Add(-1) == 0 && c.pool != nil {
		c.pool.put(c)
	}
}

// shared reports whether a batch still holds records in c.
func (c *chunk) shared() bool { return c.refs.Load() > 1 }

// chunkPool keeps chunks of one size for reuse.
type chunkPool struct {
	size int
	free chan *chunk
	made int // chunks allocated, for tests (only the reader calls get)
}

func newChunkPool(size, keep int) *chunkPool {
	return &chunkPool{size: size, free: make(chan *chunk, keep)}
}

// get returns a chunk of n bytes with one holder.
func (p *chunkPool) get(n int) *chunk {
	var c *chunk
	if n == p.size {
		select {
		case c = <-p.free:
		default:
		}
	}
	if c == nil {
		c = &chunk{data: make([]byte, n)}
		if n == p.size {
			c.pool = p
		}
		p.made++
	}
	c.refs.Store(1)
	return c
}

// put keeps c for reuse, unless the pool is full.
func (p *chunkPool) put(c *chunk) {
	select {
	case p.free <- c:
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
