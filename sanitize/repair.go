package sanitize

import (
	"github.com/jsonheal/jsonheal/scanner"
)

// repair applies the scanner's Repair event; i is the chunk index the
// scanner stopped at.
func (z *Sanitizer) repair(i int) error {
	r := z.sc.LastRepair()
	k := kindOfRepair(r.Kind)
	if r.Kind == scanner.RepairBOM {
		// The mark is outside any value: it goes with the gap.
		z.gapDirty = true
		return z.addFixAt(k, r.Offset, r.Line, r.Column)
	}
	return z.applyRepair(i, r)
}

// applyQueued applies the Repairs the scanner queued (see
// scanner.Scanner.SetQueue) before the event it returned at chunk index
// i, as repair applies the one it returns.
func (z *Sanitizer) applyQueued(i int, queue []scanner.QueuedRepair) error {
	for k := range queue {
		if err := z.applyRepair(i, &queue[k]); err != nil {
			return err
		}
	}
	return nil
}

// applyRepair makes the edits of one repair (not a byte order mark) and
// records its fix, unless it joins the fix before it (the one that opened
// its string, or that dropped the comment it follows).
func (z *Sanitizer) applyRepair(i int, r *scanner.QueuedRepair) error {
	switch {
	case r.Kind == scanner.RepairFullWidth:
		// The ASCII twin stands where the character's last byte was, so
		// that the scanner can read it at that offset.
		z.editWide(i, r.Offset, r.Repl)
	case r.Closing != 0: // the string's opening and closing delimiters at once
		z.editPair(i, r.Offset, r.Closing, r.Len, r.Repl, r.Forward)
	default:
		z.edit(i, r.Offset, r.Offset+int64(r.Len), r.Repl, r.Forward)
	}
	if r.Joins {
		return nil // another edit of the fix that opened the string
	}
	return z.addFixAt(kindOfRepair(r.Kind), r.Offset, r.Line, r.Column)
}
