package sanitize

import (
	"slices"

	"github.com/jsonheal/jsonheal/scanner"
)

// repair applies the scanner's Repair event; i is the chunk index the
// scanner stopped at.
func (z *Sanitizer) repair(i int, off int64) error {
	r := z.sc.RepairKind()
	k := kindOfRepair(r)
	if r == scanner.RepairBOM {
		// The mark is outside any value: it goes with the gap.
		z.gapDirty = true
		return z.addFix(k)
	}
	if r == scanner.RepairFullWidth {
		// The ASCII twin stands where the character's last byte was, so
		// that the scanner can read it at that offset.
		z.editWide(i, off, z.sc.Replacement())
		return z.addFix(k)
	}
	n, repl := z.sc.EventLen(), z.sc.Replacement()
	z.applyEdits(i, off, z.sc.ClosingOffset(), n, repl, z.sc.RepairLeansForward())
	if run := z.sc.CommentRun(); run != nil {
		// Several comments dropped at once, on one line: a fix each.
		line, col := z.sc.EventPos()
		if k.Confidence() < z.opts.MinConfidence {
			return z.addFixAt(k, off, line, col)
		}
		fixes := slices.Grow(z.report.Fixes, len(run))
		for _, c := range run {
			fixes = append(fixes, Fix{Kind: k, Confidence: k.Confidence(), Offset: c.Offset, Line: line, Column: col + int(c.Offset-off)})
		}
		z.report.Fixes = fixes
		return nil
	}
	if z.sc.RepairJoins() {
		return nil // another edit of the fix that opened the string
	}
	return z.addFix(k)
}

// applyEdits makes the edits of a Repair other than full-width
// punctuation: the n input bytes at off become repl, and so do the n at
// closing, the string's closing delimiter, when it is not 0.
func (z *Sanitizer) applyEdits(i int, off, closing int64, n int, repl string, forward bool) {
	if closing != 0 {
		z.editPair(i, off, closing, n, repl, forward)
	} else {
		z.edit(i, off, off+int64(n), repl, forward)
	}
}

// applyQueued applies the Repairs the scanner queued (see
// scanner.Scanner.SetQueue) before the event it returned at chunk index
// i: the same edits and fixes as repair makes for each.
func (z *Sanitizer) applyQueued(i int, queue []scanner.QueuedRepair) error {
	for k := range queue {
		r := &queue[k]
		switch {
		case r.Kind == scanner.RepairFullWidth:
			z.editWide(i, r.Offset, r.Repl)
		case r.Closing != 0:
			z.editPair(i, r.Offset, r.Closing, r.Len, r.Repl, r.Forward)
		default:
			z.edit(i, r.Offset, r.Offset+int64(r.Len), r.Repl, r.Forward)
		}
		if !r.Joins {
			if err := z.addFixAt(kindOfRepair(r.Kind), r.Offset, r.Line, r.Column); err != nil {
				return err
			}
		}
	}
	return nil
}
