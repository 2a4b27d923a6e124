package sanitize

import (
	"encoding/binary"
	"math"
	"slices"
)

// deltaMark records that for input offsets from in on, the output position
// is the input offset plus cum. Marks sort by in, and at one offset in the
// order of their edits, which is their order in the output.
type deltaMark struct {
	in      int64
	cum     int64
	forward bool // an insertion at in that belongs to what follows in
}

// outPos returns the output position of consumed input offset x inside the
// current value, after everything inserted at x so far. Marks are few past
// any point the sanitizer asks about, so the backward scan is short.
func (z *Sanitizer) outPos(x int64) int {
	for k := len(z.marks) - 1; k >= 0; k-- {
		z.work++
		if z.marks[k].in <= x {
			return int(x + z.marks[k].cum)
		}
	}
	return int(x + z.base0)
}

// cutPos returns the output position of input offset x before what was
// inserted at x for what follows it: where to cut the output to drop what
// follows x. Marks are sorted by offset, so a binary search finds the
// place however many marks lie past x (a Stream asks after every Write).
func (z *Sanitizer) cutPos(x int64) int {
	for k := z.lastMarkBefore(x+1, len(z.marks)); k >= 0; k-- { // the last mark at or before x
		z.work++
		if m := z.marks[k]; m.in < x || !m.forward {
			return int(x + m.cum)
		}
	}
	return int(x + z.base0)
}

// edit replaces the output of the consumed input bytes [a, b) of the
// current value with repl; i is the chunk index the scanner stopped at.
// An insertion (a == b) goes after whatever was inserted at a before;
// forward says it belongs to what follows a (see cutPos).
func (z *Sanitizer) edit(i int, a, b int64, repl string, forward bool) {
	// Fast path: the edited bytes lie in the part of the chunk not yet
	// copied, past every mark. Copy up to a, write repl, skip to b.
	// A replacement of the same length as what it replaces (a quote for
	// a quote) leaves the offset map as it was: it needs no mark.
	ja, jb := int(a-z.base), int(b-z.base)
	if ja < z.pend || jb > i || len(z.chunk) == 0 || a < z.lastMark {
		z.editBack(i, a, b, repl, forward)
		return
	}
	if len(repl) == 1 && jb == ja+1 {
		// One byte for one (a quote for a quote): nothing moves, so the
		// byte is patched once the chunk is copied past it (see
		// copyChunk). Edits before it take the slow path from now on.
		z.patches = append(z.patches, patch{at: len(z.out) + ja - z.pend, c: repl[0]})
		z.lastMark = b
		z.copied = true
		z.work += 2
		if len(z.patches) >= maxPatches {
			z.flush(jb)
		}
		return
	}
	out := appendRepl(z.copyChunk(ja), repl)
	z.out, z.pend, z.copied = out, jb, true
	z.work += int64(len(repl)) + 1
	if d := int64(len(repl)) - (b - a); d != 0 {
		z.delta += d
		z.addMark(deltaMark{in: b, cum: z.delta, forward: forward && a == b})
	}
}

// appendRepl appends repl to out: a quote, a comma or an escape as bytes,
// without a call to memmove.
func appendRepl(out []byte, repl string) []byte {
	switch len(repl) {
	case 0:
		return out
	case 1:
		return append(out, repl[0])
	case 2:
		return append(out, repl[0], repl[1])
	}
	return append(out, repl...)
}

// editPair applies the two edits of a string whose delimiters the scanner
// reported at once (see scanner.Scanner.ClosingOffset): the n input bytes
// at a and the n at c (a < c) each become repl, one byte. It does what two
// calls to edit do, in one step when both lie in the uncopied part of the
// chunk: two patches for a quote replaced at each end, or two insertions.
//
// Two insertions (a bare key or word quoted) leave one mark, at c: the
// offset map is asked about offsets past c, or at a only for a cut, which
// leaves out what was inserted at a for what follows it (see cutPos),
// never about the key's or word's own bytes (nothing in them is edited,
// and an edit found at a, a comma missing before a key, comes before the
// pair). The mark edit would put at a cost the unquoted class 7 to 9%.
func (z *Sanitizer) editPair(i int, a, c int64, n int, repl string, forward bool) {
	ja, jc := int(a-z.base), int(c-z.base)
	if ja < z.pend || jc+n > i || len(z.chunk) == 0 || a < z.lastMark || len(repl) != 1 || n > 1 {
		z.edit(i, a, a+int64(n), repl, forward)
		z.edit(i, c, c+int64(n), repl, false)
		return
	}
	q := repl[0]
	z.copied = true
	if n == 1 {
		at := len(z.out) - z.pend
		k := len(z.patches)
		z.patches = slices.Grow(z.patches, 2)[:k+2]
		z.patches[k].at, z.patches[k].c = at+ja, q
		z.patches[k+1].at, z.patches[k+1].c = at+jc, q
		z.lastMark = c + 1
		z.work += 4
		if k+2 >= maxPatches {
			z.flush(jc + 1)
		}
		return
	}
	// Runs of these go through applyPairs, which writes both quotes into
	// the output's spare room at once; this is the odd one.
	z.work += 4
	out := append(z.copyChunk(ja), q)
	z.out, z.pend = out, ja
	z.out, z.pend = append(z.copyChunk(jc), q), jc
	z.delta += 2
	z.addMark(deltaMark{in: c, cum: z.delta})
}

// wordRun is the longest run moveRun moves with two word moves.
const wordRun = 16

// moveRun copies chunk[from:to] to dst[at:] and returns at+to-from. dst
// must have wordRun bytes of room past that: a run of up to wordRun bytes
// is moved as two words, past its end, without a call to memmove.
func moveRun(dst []byte, at int, chunk []byte, from, to int) int {
	if to-from <= wordRun && len(chunk)-from >= wordRun {
		c, d := chunk[from:from+wordRun], dst[at:at+wordRun]
		w0, w1 := binary.LittleEndian.Uint64(c), binary.LittleEndian.Uint64(c[8:])
		binary.LittleEndian.PutUint64(d, w0)
		binary.LittleEndian.PutUint64(d[8:], w1)
	} else {
		copy(dst[at:], chunk[from:to])
	}
	return at + to - from
}

// editWide replaces the full-width character at input offset a with its
// ASCII twin, which stands where the character's last byte was (the
// scanner reads it at a+2): the same as an edit deleting [a, a+2) and one
// replacing [a+2, a+3) with twin, in one step when it can be.
func (z *Sanitizer) editWide(i int, a int64, twin string) {
	ja := int(a - z.base)
	if ja < z.pend || ja+3 > i || len(z.chunk) == 0 || a < z.lastMark {
		z.edit(i, a, a+2, "", false)
		z.edit(i, a+2, a+3, twin, false)
		return
	}
	// Runs of these go through applyWide; this is the odd one.
	out := append(z.copyChunk(ja), twin[0]) // one byte: no call to memmove
	z.out, z.pend, z.copied = out, ja+3, true
	z.work += 3
	z.delta -= 2
	z.addMark(deltaMark{in: a + 2, cum: z.delta})
}

// shortCopy is the longest run copyChunk moves in one fixed-size step.
const shortCopy = 32

// maxPatches bounds the patches waiting: past it, the chunk is copied up
// to the last one, so that a long run of quotes replaced by quotes (with
// no other edit to copy the chunk) does not hold a patch per quote.
const maxPatches = 64

// patch is a one-byte replacement waiting for its byte to be copied: out
// position at gets c.
type patch struct {
	at int
	c  byte
}

// copyChunk appends chunk[pend:j] to the output, patches the bytes that
// now are in it, and returns the output (pend is the caller's to move).
func (z *Sanitizer) copyChunk(j int) []byte {
	// Between repairs that come every few bytes, the runs to copy are
	// short: one fixed-size move, past the run into bytes that are
	// overwritten next, costs less than a call to memmove and its guess at
	// the length.
	var out []byte
	if n, p := len(z.out), z.pend; z.shortMove(j) {
		out = z.out[:n+j-p]
		move32(out[n:n+shortCopy], z.chunk[p:p+shortCopy])
	} else {
		out = append(z.out, z.chunk[z.pend:j]...)
	}
	if len(z.patches) > 0 {
		k := 0
		for ; k < len(z.patches) && z.patches[k].at < len(out); k++ {
			out[z.patches[k].at] = z.patches[k].c
		}
		z.patches = z.patches[:copy(z.patches, z.patches[k:])]
	}
	return out
}

// shortMove reports whether chunk[pend:j] may be moved to the output as
// one shortCopy-byte move (move32): it is no longer than that, and both
// the chunk from pend and the output's spare room hold that many bytes.
func (z *Sanitizer) shortMove(j int) bool { return shortMoveFits(z.out, z.chunk, z.pend, j) }

// shortMoveFits reports whether chunk[p:j] may be appended to out as one
// shortCopy-byte move (move32): it is no longer than that, and both the
// chunk from p and out's spare room hold that many bytes.
func shortMoveFits(out, chunk []byte, p, j int) bool {
	return j-p <= shortCopy && cap(out)-len(out) >= shortCopy && len(chunk)-p >= shortCopy
}

// move32 copies the shortCopy (32) bytes of src to dst as four words.
func move32(dst, src []byte) {
	s, d := src[:shortCopy], dst[:shortCopy]
	w0, w1 := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])
	w2, w3 := binary.LittleEndian.Uint64(s[16:]), binary.LittleEndian.Uint64(s[24:])
	binary.LittleEndian.PutUint64(d, w0)
	binary.LittleEndian.PutUint64(d[8:], w1)
	binary.LittleEndian.PutUint64(d[16:], w2)
	binary.LittleEndian.PutUint64(d[24:], w3)
}

// addMark appends m, the mark furthest into the input.
func (z *Sanitizer) addMark(m deltaMark) {
	z.marks = append(z.marks, m)
	z.lastMark = max(z.lastMark, m.in)
}

// marksPruneMin is the number of marks below which pruneMarks does not
// run.
const marksPruneMin = 1024

// pruneMode says when marks are pruned: as the marks grow (the default),
// or, for tests, at every step or never.
type pruneMode int8

const (
	pruneAsTheyGrow pruneMode = iota
	pruneAlways
	pruneNever
)

// nextPrune returns the number of marks at which pruneMarks runs next.
func (z *Sanitizer) nextPrune() int {
	switch z.pruning {
	case pruneAlways:
		return 0
	case pruneNever:
		return math.MaxInt
	}
	return max(marksPruneMin, 2*len(z.marks))
}

// pruneMarks drops the marks that no later edit or cut can ask about, so
// that the marks kept stay few however long the value and however many
// its repairs. Every input offset asked about from now on is at or past
// the scanner's offset or is one of its repair anchors (see
// scan.Scanner.AppendRepairAnchors; the stable offset a Stream asks
// about is one). outPos and cutPos need, for an offset x, the marks at x
// and the last one before it: pruneMarks keeps those for every anchor,
// and every mark from the last one before the scanner's offset on; the
// rest go. It runs once the marks have doubled since it last ran, which
// keeps its cost linear in the marks made, and between two calls to Next,
// with every repair found so far applied.
func (z *Sanitizer) pruneMarks() {
	floor := z.sc.Offset()
	if kf := z.lastMarkBefore(floor, len(z.marks)); kf > 0 {
		z.anchors = z.sc.AppendRepairAnchors(z.anchors[:0])
		slices.Sort(z.anchors)
		n, lo := 0, 0 // marks[:n] are kept; marks[n:lo] have been seen
		for _, p := range z.anchors {
			if p >= floor {
				break
			}
			// The last mark before p (unless kept already) and those at p.
			k := max(z.lastMarkBefore(p, kf), lo)
			for ; k < kf && z.marks[k].in <= p; k++ {
				z.marks[n] = z.marks[k]
				n++
			}
			lo = max(lo, k)
		}
		n += copy(z.marks[n:], z.marks[kf:])
		z.work += int64(n + len(z.anchors))
		z.marks = z.marks[:n]
	}
	z.pruneAt = z.nextPrune()
}

// lastMarkBefore returns the index of the last of marks[:hi] before input
// offset x, or -1.
func (z *Sanitizer) lastMarkBefore(x int64, hi int) int {
	lo := 0 // marks[:lo] are before x, marks[hi:] are not
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		z.work++
		if z.marks[m].in < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

// clearMarks forgets the marks (at a value's start and end). lastMark
// stays: no edit goes back past a value's start.
func (z *Sanitizer) clearMarks() {
	z.marks = z.marks[:0]
}

// editBack is edit for bytes already copied to the output, or before a
// mark: the output after them moves.
func (z *Sanitizer) editBack(i int, a, b int64, repl string, forward bool) {
	// Copy up to b, and past the last byte a patch waits for (a patch's
	// output position holds only until the output before it changes), but
	// no further: the scanner may have read far past b (queued repairs),
	// and what is copied past b moves.
	j := int(b - z.base)
	if n := len(z.patches); n > 0 {
		j = max(j, z.patches[n-1].at-len(z.out)+z.pend+1)
	}
	z.flush(min(j, i))
	p0, p1 := z.outPos(a), z.outPos(b)
	if p0 < 0 {
		// A Writer passed the output at a on already: the scanner's
		// stable offset was wrong. The call fails (see lateRepair).
		z.lateAt = a
		return
	}
	// A replacement behind a later insertion at b that belongs to what
	// follows b (a tuple's '(' removed once the quote of a number with
	// leading zeros went in after it: ((00))) leaves that insertion, and
	// its mark, after the bytes it replaces.
	keep := a < b && len(z.marks) > 0 && z.marks[len(z.marks)-1].in >= b
	if keep {
		p1 = z.cutPos(b)
	}
	d := len(repl) - (p1 - p0)
	tail := len(z.out) - p1
	switch {
	case d > 0:
		for k := 0; k < d; k++ {
			z.out = append(z.out, 0)
		}
		copy(z.out[p1+d:], z.out[p1:p1+tail])
	case d < 0:
		copy(z.out[p1+d:], z.out[p1:])
		z.out = z.out[:len(z.out)+d]
	}
	if len(repl) == 1 { // a comma, a quote: a store, not a call to memmove
		z.out[p0] = repl[0]
	} else {
		copy(z.out[p0:], repl)
	}
	if d != 0 {
		z.work += int64(tail)
	}
	z.work += int64(len(repl))

	// Record the delta from b on; marks past b move by d.
	k := len(z.marks)
	for k > 0 && (z.marks[k-1].in > b || keep && z.marks[k-1].in == b && z.marks[k-1].forward) {
		z.marks[k-1].cum += int64(d)
		k--
		z.work++
	}
	prior := z.base0
	if k > 0 {
		prior = z.marks[k-1].cum
	}
	z.marks = append(z.marks, deltaMark{})
	// The marks past b are few (those of the bytes read since): moved
	// one by one rather than by a call to memmove.
	for m := len(z.marks) - 1; m > k; m-- {
		z.marks[m] = z.marks[m-1]
		z.work++
	}
	mk := &z.marks[k]
	mk.in, mk.cum, mk.forward = b, prior+int64(d), forward && a == b
	z.lastMark = max(z.lastMark, z.marks[len(z.marks)-1].in)
	z.delta += int64(d)
}
