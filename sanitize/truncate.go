package sanitize

// truncated handles input that ended inside a value: it records the
// Truncation, and either drops the open value or, with
// Options.CloseTruncated, completes it minimally (after dropping any
// incomplete number, literal, key or dangling comma). It returns the
// ErrTruncated error in both cases.
func (z *Sanitizer) truncated() error {
	z.flushAll()
	t := z.sc.Truncation()
	line, col := z.sc.Pos()
	end := z.sc.Offset()
	z.open = z.sc.AppendOpen(z.open[:0])
	z.report.Truncated = true
	z.report.Truncation = Truncation{
		Offset: end, Line: line, Column: col,
		Open: string(z.open), Pending: t.Pending, Start: t.Start,
	}
	err := &Error{Err: ErrTruncated, Offset: end, Line: line, Column: col,
		Msg: "input ended inside a value (open \"" + string(z.open) + "\", pending " + t.Pending.String() + ")"}
	if !z.opts.CloseTruncated {
		z.out = z.out[:z.lastValue]
		return err
	}
	switch {
	case t.Depth == 0 && t.Pending != PendingString:
		// A top-level number or literal that never completed: there is
		// nothing of it that could be emitted truthfully.
		z.out = z.out[:z.lastValue]
		z.addFixAt(KindDropIncomplete, t.Start, line, col-int(end-t.Start))
		return err
	case t.Pending == PendingString:
		if t.Partial > 0 {
			z.out = z.out[:len(z.out)-t.Partial]
			z.addFixAt(KindDropIncomplete, end-int64(t.Partial), line, col-t.Partial)
		}
		z.out = append(z.out, '"')
	case t.Pending == PendingComma && t.Partial > 0:
		z.out = z.out[:len(z.out)-t.Partial]
	case t.Pending == PendingComma:
		// The last element is complete: only closers are missing.
	default:
		if cut := z.cutPos(t.Commit); cut < len(z.out) {
			z.out = z.out[:cut]
			z.addFixAt(KindDropIncomplete, t.Commit, t.CommitLine, t.CommitColumn)
		}
	}
	z.out = z.sc.AppendClosers(z.out)
	z.addFixAt(KindCloseTruncated, end, line, col)
	z.values++
	z.report.Values = z.values
	return err
}
