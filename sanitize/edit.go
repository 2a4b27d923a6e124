package sanitize

import "sort"

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
	k := sort.Search(len(z.marks), func(k int) bool { return z.marks[k].in > x })
	for k--; k >= 0; k-- {
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
	// The output is appended to in a local and stored back once; a
	// one-byte replacement (a quote, a comma) is appended as a byte.
	if ja, jb := int(a-z.base), int(b-z.base); len(z.chunk) > 0 && ja >= z.pend && jb <= i &&
		(len(z.marks) == 0 || z.marks[len(z.marks)-1].in <= a) {
		out := append(z.out, z.chunk[z.pend:ja]...)
		if len(repl) == 1 {
			out = append(out, repl[0])
		} else {
			out = append(out, repl...)
		}
		z.out = out
		z.pend = jb
		z.copied = true
		delta := z.delta + int64(len(repl)) - (b - a)
		z.delta = delta
		z.marks = append(z.marks, deltaMark{in: b, cum: delta, forward: forward && a == b})
		z.work += int64(len(repl)) + 1
		return
	}
	z.flush(i)
	p0, p1 := z.outPos(a), z.outPos(b)
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
	copy(z.out[p0:], repl)
	if d != 0 {
		z.work += int64(tail)
	}
	z.work += int64(len(repl))

	// Record the delta from b on; marks past b move by d.
	k := len(z.marks)
	for k > 0 && z.marks[k-1].in > b {
		z.marks[k-1].cum += int64(d)
		k--
		z.work++
	}
	prior := z.base0
	if k > 0 {
		prior = z.marks[k-1].cum
	}
	z.marks = append(z.marks, deltaMark{})
	z.work += int64(copy(z.marks[k+1:], z.marks[k:]))
	z.marks[k] = deltaMark{in: b, cum: prior + int64(d), forward: forward && a == b}
	z.delta += int64(d)
}
