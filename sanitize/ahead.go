package sanitize

import (
	"github.com/jsonheal/jsonheal/internal/scan"
	"github.com/jsonheal/jsonheal/scanner"
)

// applyAhead applies queue[k:] for as long as each repair is a plain edit
// of the chunk's uncopied part past every mark (not a string's two
// delimiters, not full-width punctuation, not a group of comments that a
// later repair goes before) whose fix goes in the usual place (after the
// last, at or above the floor), and returns the index of the first repair
// it leaves to applyRepair. It does what applyRepair and edit's fast path
// do for each, one byte replaced by one included, with the output, the
// chunk position, the offset map and the fix log held in locals across
// the run, which spares each repair two calls and that state's loads and
// stores where repairs come every few bytes (comments, commas, numbers,
// literals). The caller checks first that a chunk is being read and
// that no patch waits (see edit). A run of comments that carries a comma
// is left to applyCarried.
func (z *Sanitizer) applyAhead(i int, queue []scan.QueuedRepair, k int) int {
	k0, chunk, base, work := k, z.chunk, z.base, z.work
	out, pend, delta, last, fixes, marks := z.runLocals()
	for ; k < len(queue); k++ {
		r := &queue[k]
		ja := int(r.Offset - base)
		jb := ja + r.Len
		if r.Closing != 0 || r.Kind == scanner.RepairFullWidth || ja < pend || jb > i || r.Offset < last || carries(r) {
			break
		}
		if r.Kind == scanner.RepairComment && (k == k0 || queue[k-1].Kind != scanner.RepairComment) {
			// A group of comments that a later repair goes before (see
			// applyQueued) is left to applyQueued.
			if m := commentGroupEnd(queue, k); m < len(queue) && editsBefore(&queue[m], r.Offset) {
				break
			}
		}
		fk := kindOfRepair(r.Kind)
		if !r.Joins {
			var ok bool
			if fixes, ok = usualFix(fixes, fk, fk.Confidence(), r.Offset, r.Line, r.Column, z.opts.MinConfidence); !ok && !z.pastCap(fixes, fk, fk.Confidence(), z.opts.MinConfidence) {
				break
			}
			if r.Len == 0 && !r.Forward {
				z.backInsert, z.backInsertKind = r.Offset, fk
			}
		}
		if n := len(out); shortMoveFits(out, chunk, pend, ja) { // as copyChunk
			out = out[:n+ja-pend]
			move32(out[n:n+shortCopy], chunk[pend:pend+shortCopy])
		} else {
			out = append(out, chunk[pend:ja]...)
		}
		out = appendRepl(out, r.Repl)
		pend = jb
		work += int64(len(r.Repl)) + 1
		last = r.Offset + int64(r.Len) // at or past last (tested above)
		if d := int64(len(r.Repl) - r.Len); d != 0 {
			delta += d
			marks = append(marks, deltaMark{in: last, cum: delta, forward: r.Forward && r.Len == 0})
		}
	}
	z.endRun(k-k0, work, out, pend, delta, last, fixes, marks)
	return k
}

// applyWide applies queue[k:] for as long as each repair is full-width
// punctuation in the chunk's uncopied part past every mark whose fix goes
// in the usual place, and returns the index of the first repair it leaves
// to the others. Each does what editWide's fast path and applyRepair do:
// the run before the character and its ASCII twin appended, the fix, one
// mark. The caller checks first as for applyAhead.
//
// Where full-width punctuation comes every 30 bytes or so (the full_width
// class), the per-repair trip through applyRepair and editWide, with the
// sanitizer's state loaded and stored each time, is a tenth of the time:
// this loop, which holds only what a full-width repair needs, runs that
// class x1.13 faster. (applyAhead taking full-width repairs too, one loop
// for both, gained nothing: its longer loop held more state.)
func (z *Sanitizer) applyWide(i int, queue []scan.QueuedRepair, k int) int {
	k0, chunk, base := k, z.chunk, z.base
	out, pend, delta, last, fixes, marks := z.runLocals()
	fk := kindOfRepair(scanner.RepairFullWidth)
	for ; k < len(queue); k++ {
		r := &queue[k]
		ja := int(r.Offset - base)
		if r.Kind != scanner.RepairFullWidth || r.Joins || ja < pend || ja+3 > i || r.Offset < last {
			break
		}
		var ok bool
		if fixes, ok = usualFix(fixes, fk, fk.Confidence(), r.Offset, r.Line, r.Column, z.opts.MinConfidence); !ok && !z.pastCap(fixes, fk, fk.Confidence(), z.opts.MinConfidence) {
			break
		}
		if n := len(out); shortMoveFits(out, chunk, pend, ja+1) { // as editWide
			out = out[:n+ja-pend+1]
			move32(out[n:n+shortCopy], chunk[pend:pend+shortCopy])
			out[n+ja-pend] = r.Repl[0]
		} else {
			out = append(append(out, chunk[pend:ja]...), r.Repl[0])
		}
		pend = ja + 3
		delta -= 2
		last = r.Offset + 2
		marks = append(marks, deltaMark{in: last, cum: delta})
	}
	z.endRun(k-k0, z.work+3*int64(k-k0), out, pend, delta, last, fixes, marks)
	return k
}

// applyPairs applies queue[k:] for as long as each repair inserts both
// quotes of a bare key or word (see editPair) in the chunk's uncopied
// part past every mark, whose fix goes in the usual place, and returns
// the index of the first repair it leaves to the others. Each does what
// editPair's fast path and applyRepair do: the bytes before and between
// the quotes and both quotes written into the output's spare room, the
// fix, one mark. The caller checks first as for applyAhead.
//
// Like applyWide, and for the same reason, it runs the unquoted class
// x1.06 faster (A/B of 11 rounds); it takes only insertions: with a quote
// replaced at each end (patches) in the same loop, its state no longer
// fitted the registers, and nothing was gained on either class.
func (z *Sanitizer) applyPairs(i int, queue []scan.QueuedRepair, k int) int {
	k0, chunk, base := k, z.chunk, z.base
	out, pend, delta, last, fixes, marks := z.runLocals()
	for ; k < len(queue); k++ {
		r := &queue[k]
		ja, jc := int(r.Offset-base), int(r.Closing-base)
		n := len(out)
		if r.Closing == 0 || r.Len != 0 || !r.Forward || r.Joins || len(r.Repl) != 1 ||
			ja < pend || jc > i || r.Offset < last || cap(out)-n < jc-pend+2+wordRun {
			break
		}
		fk := kindOfRepair(r.Kind)
		var ok bool
		if fixes, ok = usualFix(fixes, fk, fk.Confidence(), r.Offset, r.Line, r.Column, z.opts.MinConfidence); !ok && !z.pastCap(fixes, fk, fk.Confidence(), z.opts.MinConfidence) {
			break
		}
		q := r.Repl[0]
		room := out[n:cap(out)]
		w := moveRun(room, 0, chunk, pend, ja)
		room[w] = q
		w = moveRun(room, w+1, chunk, ja, jc)
		room[w] = q
		out = out[:n+w+1]
		pend = jc
		delta += 2
		last = r.Closing
		marks = append(marks, deltaMark{in: last, cum: delta})
	}
	z.endRun(k-k0, z.work+4*int64(k-k0), out, pend, delta, last, fixes, marks)
	return k
}

// applyQuotes applies queue[k:] for as long as each repair is a
// single-quoted string read whole with nothing inside to rewrite (both
// quotes replaced by double quotes: the only repair with a closing offset
// that replaces one byte at each end) in the chunk's uncopied part past
// every mark and patch, whose fix goes in the usual place, and returns the
// index of the first repair it leaves to the others. Each does what
// editPair's patches and applyRepair do: the fix, and two patches for
// copyChunk to apply when the chunk is copied. Unlike the other run loops
// it may start with patches waiting; the caller checks that a chunk is
// being read.
//
// The loop holds offsets only: lo, the first offset a repair may edit
// (past the chunk's copied part, the last mark and the last patch), end,
// the offset of the first byte not read, and shift, from an input offset
// to its place in the output while the chunk is not copied.
func (z *Sanitizer) applyQuotes(i int, queue []scan.QueuedRepair, k int) int {
	// One kind: its confidence is tested against the floor once, here
	// (usualFix below gets it as its own floor), and its replacement, a
	// double quote for each delimiter, is written as a constant.
	fk := kindOfRepair(scanner.RepairSingleQuote)
	c := fk.Confidence()
	if c < z.opts.MinConfidence {
		return k
	}
	k0, base := k, z.base
	lo, end := max(z.lastMark, base+int64(z.pend)), base+int64(i)
	shift := int64(len(z.out)-z.pend) - base
	fixes, patches := z.report.Fixes, z.patches
	flushTo := 0
	for ; k < len(queue); k++ {
		r := &queue[k]
		if r.Closing == 0 || r.Len != 1 || r.Requote || r.Kind != scanner.RepairSingleQuote ||
			r.Offset < lo || r.Closing >= end {
			break
		}
		var ok bool
		if fixes, ok = usualFix(fixes, fk, c, r.Offset, r.Line, r.Column, c); !ok && !z.pastCap(fixes, fk, c, c) {
			break
		}
		patches = append(patches, patch{at: int(r.Offset + shift), c: '"'}, patch{at: int(r.Closing + shift), c: '"'})
		lo = r.Closing + 1
		if len(patches) >= maxPatches {
			k, flushTo = k+1, int(lo-base)
			break
		}
	}
	if n := k - k0; n > 0 {
		z.copied = true
		z.lastMark, z.work = lo, z.work+4*int64(n)
		z.report.Fixes, z.patches = fixes, patches
		if flushTo > 0 {
			z.flush(flushTo)
		}
	}
	return k
}

// runLocals returns the sanitizer's state that the run loops (applyAhead,
// applyWide, applyPairs, applyCarried) hold in locals across a run: the output, the
// chunk position, the offset map's delta and last mark, the fix log and
// the marks.
func (z *Sanitizer) runLocals() (out []byte, pend int, delta, last int64, fixes []Fix, marks []deltaMark) {
	return z.out, z.pend, z.delta, z.lastMark, z.report.Fixes, z.marks
}

// endRun stores back the state runLocals gave, and the work counter,
// after a run loop applied n repairs (nothing when n is 0).
func (z *Sanitizer) endRun(n int, work int64, out []byte, pend int, delta, last int64, fixes []Fix, marks []deltaMark) {
	if n == 0 {
		return
	}
	z.copied = true
	z.out, z.pend, z.delta, z.lastMark, z.work = out, pend, delta, last, work
	z.report.Fixes, z.marks = fixes, marks
}
