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
	if c := z.sc.ClosingOffset(); c != 0 {
		// The string's opening and closing delimiters at once.
		z.editPair(i, off, c, n, repl, z.sc.RepairLeansForward())
	} else {
		z.edit(i, off, off+int64(n), repl, z.sc.RepairLeansForward())
	}
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
