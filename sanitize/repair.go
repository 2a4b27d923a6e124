package sanitize

import (
	"github.com/jsonheal/jsonheal/internal/scan"
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
// scan.Scanner.SetQueue) before the event it returned at chunk index
// i, as repair applies the one it returns.
//
// The scanner finds some repairs only past the comments that follow the
// place they edit: a comma missing between a value and the next, or a
// trailing comma, shows at the byte after the comments. (A missing comma
// it sees as it reads the comments at once comes before them in the queue
// already.) When such a repair is queued right after the comments, it is
// applied before them: the edits
// then come in input order, the output of the comments is written once,
// after the comma, instead of moved to make room for it, and the fix is
// recorded in its place at once.
//
// Runs of plain edits go through applyAhead, runs of full-width
// punctuation through applyWide, runs of bare keys and words quoted
// through applyPairs, runs of single-quoted strings with nothing inside
// to rewrite through applyQuotes, the rest through applyRepair.
func (z *Sanitizer) applyQueued(i int, queue []scan.QueuedRepair) error {
	for k := 0; k < len(queue); k++ {
		// The run loops' precondition (a chunk is being read, the tests
		// have not turned them off, and but for applyQuotes, which makes
		// patches, no patch waits) and own first test, here to spare the
		// call where it would take nothing.
		switch r := &queue[k]; {
		case len(z.chunk) == 0 || z.noRunLoops:
		case r.Closing != 0 && r.Len == 1 && !r.Requote:
			k = z.applyQuotes(i, queue, k)
		case len(z.patches) > 0:
		case r.Closing != 0:
			if r.Len == 0 {
				k = z.applyPairs(i, queue, k)
			}
		case r.Kind == scanner.RepairFullWidth:
			k = z.applyWide(i, queue, k)
		case carries(r):
			k = z.applyCarried(i, queue, k)
		default:
			k = z.applyAhead(i, queue, k)
		}
		if k == len(queue) {
			break
		}
		if queue[k].Kind != scanner.RepairComment {
			if err := z.applyRepair(i, &queue[k]); err != nil {
				return err
			}
			continue
		}
		m := commentGroupEnd(queue, k) // queue[k:m] are comments
		before := m < len(queue) && editsBefore(&queue[m], queue[k].Offset)
		if before {
			if err := z.applyRepair(i, &queue[m]); err != nil {
				return err
			}
		}
		for ; k < m; k++ {
			if err := z.applyRepair(i, &queue[k]); err != nil {
				return err
			}
		}
		if !before {
			k-- // queue[m] is next
		}
	}
	return nil
}

// commentGroupEnd returns the index just past the run of comment repairs
// that begins at queue[k].
func commentGroupEnd(queue []scan.QueuedRepair, k int) int {
	m := k + 1
	for m < len(queue) && queue[m].Kind == scanner.RepairComment {
		m++
	}
	return m
}

// editsBefore reports whether r is one edit (not a string's two
// delimiters, not full-width punctuation) that ends before input offset
// off. At off itself the order found stays, as it does for the fixes (see
// placeLastFix), whatever the split.
func editsBefore(r *scan.QueuedRepair, off int64) bool {
	return r.Closing == 0 && r.Kind != scanner.RepairFullWidth && r.Offset+int64(r.Len) < off
}

// applyRepair makes the edits of one repair (not a byte order mark) and
// records its fix, unless it joins the fix before it (the one that opened
// its string, or that dropped the comment it follows).
func (z *Sanitizer) applyRepair(i int, r *scan.QueuedRepair) error {
	if carries(r) {
		if err := z.carriedComma(i, r); err != nil {
			return err
		}
	}
	switch {
	case r.Kind == scanner.RepairFullWidth:
		// The ASCII twin stands where the character's last byte was, so
		// that the scanner can read it at that offset.
		z.editWide(i, r.Offset, r.Repl)
	case r.Closing != 0: // the string's opening and closing delimiters at once
		if r.Requote {
			return z.requote(i, r)
		}
		z.editPair(i, r.Offset, r.Closing, r.Len, r.Repl, r.Forward)
	default:
		z.edit(i, r.Offset, r.Offset+int64(r.Len), r.Repl, r.Forward)
	}
	if r.Joins {
		return nil // another edit of the fix that opened the string
	}
	k := kindOfRepair(r.Kind)
	if r.Len == 0 && !r.Forward {
		z.backInsert, z.backInsertKind = r.Offset, k
	}
	if fixes, ok := usualFix(z.report.Fixes, k, k.Confidence(), r.Offset, r.Line, r.Column, z.opts.MinConfidence); ok {
		z.report.Fixes = fixes
		return nil
	}
	return z.addFixAt(k, r.Offset, r.Line, r.Column)
}

// usualFix is addFixAt's usual case for a fix of kind k and confidence c
// at input offset off, on line line at column col: when fixes has room for
// it and it goes after the last one, at or above the floor, it is written
// there, and usualFix returns the longer slice and true; otherwise it
// writes nothing and returns false. Small enough to be inlined.
func usualFix(fixes []Fix, k Kind, c Confidence, off int64, line, col int, floor Confidence) ([]Fix, bool) {
	n := len(fixes)
	if n == cap(fixes) || c < floor || n > 0 && fixes[n-1].Offset > off {
		return fixes, false
	}
	f := &fixes[:n+1][n]
	f.Kind, f.Confidence, f.Offset, f.Line, f.Column = k, c, off, line, col
	return fixes[:n+1], true
}

// pastCap is usualFix's case of a full log, for the run loops: a fix of
// kind k and confidence c at or above floor, made once Fixes lists
// MaxFixes, is counted in z.past, and pastCap returns true, so that the
// loop goes on. (Each such repair left its loop for applyRepair before,
// which cost a long document past its cap a fifth of its speed.)
func (z *Sanitizer) pastCap(fixes []Fix, k Kind, c, floor Confidence) bool {
	if len(fixes) < MaxFixes || c < floor {
		return false
	}
	z.omit(k)
	return true
}
