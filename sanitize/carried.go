package sanitize

import (
	"encoding/binary"

	"github.com/jsonheal/jsonheal/internal/scan"
	"github.com/jsonheal/jsonheal/scanner"
)

// carriedComma makes the edit and records the fix of the comma that
// comment repair r carries (see scan.QueuedRepair.Comma), as
// applyRepair does for a comma queued on its own: an insertion leaning
// forward one byte before the comments, on their line, a column before.
func (z *Sanitizer) carriedComma(i int, r *scan.QueuedRepair) error {
	at, col := r.Offset-1, r.Column-1
	z.edit(i, at, at, ",", true)
	k := kindOfRepair(scanner.RepairMissingComma)
	if fixes, ok := usualFix(z.report.Fixes, k, k.Confidence(), at, r.Line, col, z.opts.MinConfidence); ok {
		z.report.Fixes = fixes
		return nil
	}
	return z.addFixAt(k, at, r.Line, col)
}

// carries reports whether r is a run of comments that carries the comma
// missing before it (the flag means nothing on other kinds).
func carries(r *scan.QueuedRepair) bool {
	return r.Comma && r.Kind == scanner.RepairComment
}

// applyCarried applies queue[k:] for as long as each repair is a run of
// comments that carries the comma missing before it, in the chunk's
// uncopied part past every mark, whose two fixes go in the usual place,
// and returns the index of the first repair it leaves to the others. Each
// is the two repairs it stands for, as applyRepair makes them: the comma's
// fix and the comments', the run before the space that precedes the
// comments (moved as applyPairs moves runs), then the comma, that space
// and the blanks that stay between the comments, written as words, and
// two marks. The caller checks first as for applyAhead. Unlike
// applyAhead, it need not look for a later repair that goes before the
// comments (see applyQueued): the scanner carries the comma only when a
// value begins right after the comments and their blanks, so the next
// repair edits at that value or past it (a panic planted there was never
// reached by the tests or by a minute of FuzzSanitize).
//
// Where a run of comments comes between every two values (comment_runs),
// one record and one turn of this loop for both repairs, where the comma
// had a record of its own and both went through applyAhead, cut that
// class's instructions by 18% (cachegrind, 1565 to 1287 a record) and ran
// it x1.22 faster (best-MB/s, A/B of 8 rounds). applyAhead taking these
// records as well did half as much, and cost the classes it runs 1% more
// instructions.
func (z *Sanitizer) applyCarried(i int, queue []scan.QueuedRepair, k int) int {
	ck, fk := kindOfRepair(scanner.RepairMissingComma), kindOfRepair(scanner.RepairComment)
	cc, fc := ck.Confidence(), fk.Confidence()
	if cc < z.opts.MinConfidence || fc < z.opts.MinConfidence {
		return k // applyRepair returns the error
	}
	k0, chunk, base, work := k, z.chunk, z.base, z.work
	out, pend, delta, last, fixes, marks := z.runLocals()
	for ; k < len(queue); k++ {
		r := &queue[k]
		ja := int(r.Offset-base) - 1 // the space before the comments
		jb := ja + 1 + r.Len
		n := len(fixes)
		if !carries(r) || r.Joins || ja < pend || jb > i || r.Offset-1 < last ||
			cap(fixes)-n < 2 || n > 0 && fixes[n-1].Offset >= r.Offset {
			break
		}
		f := fixes[:n+2]
		c, d := &f[n], &f[n+1]
		c.Kind, c.Confidence, c.Offset, c.Line, c.Column = ck, cc, r.Offset-1, r.Line, r.Column-1
		d.Kind, d.Confidence, d.Offset, d.Line, d.Column = fk, fc, r.Offset, r.Line, r.Column
		fixes = f
		if w := len(out); len(r.Repl)+2 <= shortCopy && cap(out)-w >= ja-pend+shortCopy {
			// The run before the space as applyPairs moves it (its word
			// moves end within the four words written past it), then the
			// comma, the space and the blanks as those four words.
			room := out[w:cap(out)]
			m := moveRun(room, 0, chunk, pend, ja)
			putCommaBlanks(room[m : m+shortCopy])
			out = out[:w+m+2+len(r.Repl)]
		} else {
			out = append(append(out, chunk[pend:ja]...), ',', ' ')
			out = append(out, r.Repl...)
		}
		pend = jb
		work += int64(len(r.Repl)) + 3
		delta++
		marks = append(marks, deltaMark{in: r.Offset - 1, cum: delta, forward: true})
		last = r.Offset + int64(r.Len)
		if d := int64(len(r.Repl) - r.Len); d != 0 {
			delta += d
			marks = append(marks, deltaMark{in: last, cum: delta})
		}
	}
	z.endRun(k-k0, work, out, pend, delta, last, fixes, marks)
	return k
}

// putCommaBlanks writes a comma and 31 spaces into d, shortCopy bytes:
// the comma, the space that stood before a run of comments, and the
// blanks kept between them (at most 30 are used).
func putCommaBlanks(d []byte) {
	d = d[:shortCopy]
	binary.LittleEndian.PutUint64(d, commaSpace)
	binary.LittleEndian.PutUint64(d[8:], spaces8)
	binary.LittleEndian.PutUint64(d[16:], spaces8)
	binary.LittleEndian.PutUint64(d[24:], spaces8)
}

// spaces8 is eight spaces as one little-endian word; commaSpace is a comma
// and seven spaces.
const (
	spaces8    = 0x2020202020202020
	commaSpace = spaces8&^0xFF | ','
)
