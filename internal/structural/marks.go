package structural

import "math/bits"

// The marks of a Trace: where the last comma, key end, closing quote and
// commits lie, with the newlines before each. Stage 2 records offsets
// only; the newlines come from a ring of the last blocks' newlines, at
// the end or as a mark's block leaves the ring.

// Mark is a place in the container, with the newlines before it.
type Mark struct {
	Offset      int // -1 for none
	Newlines    int // '\n' bytes before Offset
	LastNewline int // the last of them, -1 when none
}

// ringSize is how many blocks back Container keeps the newlines of, to
// place the marks in them at the end.
const ringSize = 64

// blockLines is what the ring keeps of a block: the newlines before it,
// the last of them, and its own.
type blockLines struct {
	before, last int
	nl           uint64
}

// place gives the marks of t, whose container ends in the block at base,
// their newlines: those in the ring from it, the others were given theirs
// as their block left the ring (evict).
func (c *Checker) place(t *Trace, base int) {
	for _, m := range [...]*Mark{&t.Comma, &t.KeyEnd, &t.StrQuote, &t.Commit, &t.PrevCommit} {
		if at := int(markAt(m)); at >= 0 && base>>6-at>>6 < ringSize {
			m.placeIn(&c.ring[at>>6&(ringSize-1)], at)
		}
	}
	// A value end copies only the commit's offset into PrevCommit: when
	// that commit had left the ring, its lines are those evict gave it,
	// as the last Commit it placed or the one before (a Commit placed
	// later is the one after PrevCommit's).
	if at := int(markAt(&t.PrevCommit)); at >= 0 && base>>6-at>>6 >= ringSize {
		for _, e := range c.evicted {
			if e.Offset == t.PrevCommit.Offset {
				t.PrevCommit = e
			}
		}
	}
}

// evict gives the marks of t that lie in the block at old, about to
// leave the ring, their newlines, and sets evictAt to the next block at
// which one may leave it. The marks only move forward, so that no block
// before evictAt holds one that is not placed yet: refill's test is
// predicted, and marks rarely lie so far back (behind a long last value).
func (c *Checker) evict(t *Trace, old int) {
	r, next := &c.ring[old>>6&(ringSize-1)], ^uint(0)
	for _, m := range [...]*Mark{&t.Comma, &t.KeyEnd, &t.StrQuote, &t.Commit, &t.PrevCommit} {
		switch at := markAt(m); {
		case at>>6 == uint(old)>>6:
			m.placeIn(r, int(at))
			if m == &t.Commit {
				c.evicted[1], c.evicted[0] = c.evicted[0], *m
			}
		case at>>6 > uint(old)>>6:
			next = min(next, at)
		}
	}
	c.evictAt = int(^uint(0) >> 1) // no mark left to place
	if next != ^uint(0) {
		c.evictAt = int(next)&^63 + ringSize*64
	}
}

// stringFlag marks the Offset of a string's mark while Container runs:
// the offset is that of its opening quote, the closing one is found at
// the end (resolve).
const stringFlag = 1 << (bits.UintSize - 2)

// markAt is where m is, as an unsigned offset (none is past every
// offset): a string's mark by its opening quote, as a string holds no
// newline.
func markAt(m *Mark) uint { return uint(m.Offset &^ stringFlag) }

// placeIn gives m, at offset at in the block r describes, its newlines.
func (m *Mark) placeIn(r *blockLines, at int) {
	below := r.nl & (1<<(at&63) - 1)
	m.Newlines = r.before + bits.OnesCount64(below)
	m.LastNewline = r.last
	if below != 0 {
		m.LastNewline = at&^63 + 63 - bits.LeadingZeros64(below)
	}
}

// resolve turns the offsets of string marks (opening quotes, flagged)
// into those they stand for.
func resolve(b []byte, t *Trace) {
	t.KeyEnd.Offset = settleString(b, t.KeyEnd.Offset, 1)
	t.StrQuote.Offset = settleString(b, t.StrQuote.Offset, 0)
	t.Commit.Offset = settleString(b, t.Commit.Offset, 1)
	t.PrevCommit.Offset = settleString(b, t.PrevCommit.Offset, 1)
}

// settleString returns v, or for a flagged v the index of the closing
// quote of the string that opens at v, plus after.
func settleString(b []byte, v, after int) int {
	if v < 0 || v&stringFlag == 0 {
		return v
	}
	for i := v&^stringFlag + 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + after
		}
	}
	return -1
}
