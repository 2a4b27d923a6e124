package sanitize

import "github.com/jsonheal/jsonheal/scanner"

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
	z.edit(i, off, off+int64(z.sc.EventLen()), z.sc.Replacement(), z.sc.RepairLeansForward())
	return z.addFix(k)
}
