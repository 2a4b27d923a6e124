package structural

import "math/bits"

// batch is how many blocks stage 1 classifies at a time: a value that
// ends early wastes at most that many blocks of classifying.
const batch = 8

// Checker checks containers; it holds the memory it reuses. The zero
// value is ready. A Checker is not safe for concurrent use.
type Checker struct {
	blk   [batch]block
	nblk  int // blocks in blk
	next  int // the next block of blk to read
	tail  [128]byte
	zeros [64]byte
	carry carries   // stage 1's state between blocks
	utf8  utf8Carry // the portable stage 1's UTF-8 state
	raw   [batch]rawBlock

	ring    [ringSize]blockLines // the last blocks' newlines, by block
	evictAt int                  // the block at which refill calls evict
	// evicted holds the last two Commits evict placed, newest first,
	// for the PrevCommit that takes its offset later (see place).
	evicted [2]Mark

	stack [maxDepth / 64]uint64 // bit d: the container at depth d+1 is an object
}

// maxDepth is the deepest nesting Container reads.
const maxDepth = 512

// Trace is what Container learned about a container it read whole:
// where it ends, its newlines, and where the last of each kind of token
// in it lies. Offsets are into the b it was given; -1 where there is none.
type Trace struct {
	End         int // the container's closer
	Newlines    int // '\n' bytes before End
	LastNewline int // the last of them

	Comma  Mark // the last ','
	KeyEnd Mark // just past the last key's closing quote
	// StrQuote is the closing quote of the last string, a key
	// (StrIsKey) or a value.
	StrQuote Mark
	StrIsKey bool
	// Commit is just past the last value that ended (a scalar, a string
	// or a container), or just past the last opener when that came
	// later; PrevCommit is what Commit was when that value ended. Its
	// Offset is -1 when no value ended in the container; Commit's is then
	// 0, just past the opener.
	Commit, PrevCommit Mark
	// LastWasString: the last value that ended is a string (meaningful
	// when a value ended).
	LastWasString bool
}

// Container reads the container whose opener ('{' when object is true,
// '[' otherwise) came just before b, from b[0], and reports whether b
// holds the rest of it as RFC 8259 JSON: strings of valid UTF-8 with
// valid escapes and no control bytes, numbers and literals as the
// grammar has them, at most depth nested containers (counting the
// opener's). When it reports false the container may be broken, too deep
// or cut by the end of b: Container does not say which.
func (c *Checker) Container(b []byte, object bool, depth int) (t Trace, ok bool) {
	depth = min(depth, maxDepth)
	c.begin()
	none := Mark{Offset: -1, LastNewline: -1}
	t = Trace{LastNewline: -1, Comma: none, KeyEnd: none, StrQuote: none, Commit: Mark{LastNewline: -1}, PrevCommit: none}
	// The marks of strings hold their opening quote, flagged, until the
	// end: see resolve.
	var (
		base  = -64  // offset of the current block
		m     uint64 // its structural bytes not read yet
		errs  uint64 // its errors
		nl    uint64 // its newlines
		level = 1    // containers open
		p     int    // the structural byte being read
		ch    byte   // and its value
	)
	// The labels go from one token to the next by direct jumps. Each
	// reads the next structural byte with the same six lines (FETCH):
	// refill runs once a block.
	if object {
		c.stack[0] |= 1
	} else {
		c.stack[0] &^= 1
	}
	// FETCH
	if m == 0 {
		if m, errs, nl, base = c.refill(b, base, errs, &t); m == 0 {
			return t, false
		}
	}
	p = base + bits.TrailingZeros64(m)
	m &= m - 1
	ch = b[p]
	if object {
		if ch == '}' {
			goto closer
		}
		goto keyByte
	}
	if ch == ']' {
		goto closer
	}
	goto valueByte

value: // a value comes next
	// FETCH
	if m == 0 {
		if m, errs, nl, base = c.refill(b, base, errs, &t); m == 0 {
			return t, false
		}
	}
	p = base + bits.TrailingZeros64(m)
	m &= m - 1
	ch = b[p]
valueByte:
	switch ch {
	case '"':
		t.PrevCommit.Offset, t.Commit.Offset = t.Commit.Offset, p|stringFlag
		t.StrQuote.Offset, t.StrIsKey, t.LastWasString = p|stringFlag, false, true
		goto after
	case '{', '[':
		if level >= depth {
			return t, false
		}
		w, bit := level>>6, uint64(1)<<(level&63)
		level++
		t.Commit.Offset = p + 1
		if ch == '{' {
			c.stack[w] |= bit
			// FETCH
			if m == 0 {
				if m, errs, nl, base = c.refill(b, base, errs, &t); m == 0 {
					return t, false
				}
			}
			p = base + bits.TrailingZeros64(m)
			m &= m - 1
			ch = b[p]
			if ch == '}' {
				goto closer
			}
			goto keyByte
		}
		c.stack[w] &^= bit
		// FETCH
		if m == 0 {
			if m, errs, nl, base = c.refill(b, base, errs, &t); m == 0 {
				return t, false
			}
		}
		p = base + bits.TrailingZeros64(m)
		m &= m - 1
		ch = b[p]
		if ch == ']' {
			goto closer
		}
		goto valueByte
	case 't':
		if !literal(b, p, "true") {
			return t, false
		}
		t.PrevCommit.Offset, t.Commit.Offset, t.LastWasString = t.Commit.Offset, p+4, false
	case 'f':
		if !literal(b, p, "false") {
			return t, false
		}
		t.PrevCommit.Offset, t.Commit.Offset, t.LastWasString = t.Commit.Offset, p+5, false
	case 'n':
		if !literal(b, p, "null") {
			return t, false
		}
		t.PrevCommit.Offset, t.Commit.Offset, t.LastWasString = t.Commit.Offset, p+4, false
	default:
		e := number(b, p)
		if e < 0 {
			return t, false
		}
		t.PrevCommit.Offset, t.Commit.Offset, t.LastWasString = t.Commit.Offset, e, false
	}

after: // a value ended: ',' or a closer comes next
	// FETCH
	if m == 0 {
		if m, errs, nl, base = c.refill(b, base, errs, &t); m == 0 {
			return t, false
		}
	}
	p = base + bits.TrailingZeros64(m)
	m &= m - 1
	ch = b[p]
	if ch == ',' {
		t.Comma.Offset = p
		if c.stack[(level-1)>>6]>>((level-1)&63)&1 != 0 {
			goto key
		}
		goto value
	}
	if ch == '}' || ch == ']' {
		goto closer
	}
	return t, false

key: // a key comes next
	// FETCH
	if m == 0 {
		if m, errs, nl, base = c.refill(b, base, errs, &t); m == 0 {
			return t, false
		}
	}
	p = base + bits.TrailingZeros64(m)
	m &= m - 1
	ch = b[p]
keyByte:
	if ch != '"' {
		return t, false
	}
	t.KeyEnd.Offset, t.StrQuote.Offset, t.StrIsKey = p|stringFlag, p|stringFlag, true
	// FETCH
	if m == 0 {
		if m, errs, nl, base = c.refill(b, base, errs, &t); m == 0 {
			return t, false
		}
	}
	p = base + bits.TrailingZeros64(m)
	m &= m - 1
	ch = b[p]
	if ch != ':' {
		return t, false
	}
	goto value

closer: // ch, at p, closes the innermost container
	level--
	if (ch == '}') != (c.stack[level>>6]>>(level&63)&1 != 0) {
		return t, false
	}
	if level > 0 {
		t.PrevCommit.Offset, t.Commit.Offset, t.LastWasString = t.Commit.Offset, p+1, false
		goto after
	}
	upto := uint64(2)<<(p-base) - 1 // the block's bytes up to p
	if errs&upto != 0 {
		return t, false
	}
	t.Newlines -= bits.OnesCount64(nl &^ upto)
	if before := nl & upto; before != 0 {
		t.LastNewline = base + 63 - bits.LeadingZeros64(before)
	} else {
		t.LastNewline = c.ring[base>>6&(ringSize-1)].last // refill's lies past p
	}
	t.End = p
	c.place(&t, base)
	resolve(b, &t)
	return t, true
}

// refill moves on from the block at base, whose errors are errs, to the
// next block with structural bytes, counting the newlines of the blocks
// it passes into t. It returns that block's structural bytes, errors,
// newlines and offset; no structural bytes when a block it passed has
// errors or b ended.
func (c *Checker) refill(b []byte, base int, errs uint64, t *Trace) (m, errs2, nl2 uint64, base2 int) {
	for errs == 0 {
		if base += 64; base >= len(b) {
			break
		}
		if c.next == c.nblk {
			c.load(b, base)
		}
		blk := &c.blk[c.next]
		c.next++
		if base >= c.evictAt {
			c.evict(t, base-ringSize*64)
		}
		c.ring[base>>6&(ringSize-1)] = blockLines{t.Newlines, t.LastNewline, blk.newlines}
		if blk.newlines != 0 {
			t.Newlines += bits.OnesCount64(blk.newlines)
			t.LastNewline = base + 63 - bits.LeadingZeros64(blk.newlines)
		}
		m = blk.structurals
		if base+64 > len(b) { // the tail: nothing past the end
			m &= 1<<(len(b)-base) - 1
		}
		if m != 0 {
			return m, blk.errs, blk.newlines, base
		}
		errs = blk.errs
	}
	return 0, 0, 0, base
}

// begin readies c for a container.
func (c *Checker) begin() {
	c.nblk, c.next = 0, 0
	c.utf8 = utf8Carry{}
	c.carry = carries{}
	c.evictAt = ringSize * 64
	c.evicted = [2]Mark{{Offset: -1}, {Offset: -1}}
}

// load runs stage 1 over the blocks from b[off:], a batch at a time; the
// tail (a block that b ends inside) is copied first, padded with spaces.
func (c *Checker) load(b []byte, off int) {
	whole := (len(b) - off) / 64
	if whole > 0 {
		c.nblk = min(whole, batch)
		c.stage1(b, off, c.blk[:c.nblk], &c.zeros)
	} else {
		copy(c.tail[:64], c.zeros[:])
		if off > 0 {
			copy(c.tail[:64], b[off-64:off])
		}
		n := copy(c.tail[64:], b[off:])
		for i := 64 + n; i < 128; i++ {
			c.tail[i] = ' '
		}
		c.nblk = 1
		c.stage1(c.tail[:], 64, c.blk[:1], &c.zeros)
	}
	c.next = 0
}
