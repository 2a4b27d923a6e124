package sanitize

// truncated handles input that ended inside a value: it records the
// Truncation, and either drops the open value or, with
// Options.CloseTruncated, completes it minimally (after dropping any
// incomplete number, literal, key or dangling comma). It returns the
// ErrTruncated error in both cases.
func (z *Sanitizer) truncated() error {
	z.flushAll()
	t := z.sc.Truncation()
	if f := z.valueCommentIn(t.Start); f != nil {
		// The open value lost its rest to a '#' taken for a comment where
		// a value belongs ({"color": #fff, "size": 2}): the input did not
		// end inside it, the guess did. Refused where the guess was made,
		// not reported (nor closed) as a truncation.
		z.cutOut(z.lastValue)
		return &Error{Err: ErrSyntax, Offset: f.Offset, Line: f.Line, Column: f.Column,
			Msg: "a '#' where a value belongs, read as a comment, leaves the value open at the end of the input: it may be data (#fff)"}
	}
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
		z.cutOut(z.lastValue)
		return err
	}
	switch {
	case t.Depth == 0 && t.Pending != PendingString:
		// A top-level number or literal that never completed: there is
		// nothing of it that could be emitted truthfully.
		// (or a top-level string whose concatenation the input ended in,
		// "\n" +, which may span lines and hold fixes of its own).
		z.cutOut(z.lastValue)
		z.dropFixesPast(t.Start)
		z.addFixAt(KindDropIncomplete, t.Start, t.StartLine, t.StartColumn)
		return err
	case t.Pending == PendingString && t.Partial == 0 && z.opts.allows(KindStringBackoff) && z.backOffString(end, line, col):
		z.values++
		z.report.Values = z.values
		return err
	case t.Pending == PendingString:
		if t.Partial > 0 {
			z.cutOut(len(z.out) - t.Partial)
			z.addFixAt(KindDropIncomplete, end-int64(t.Partial), line, col-t.Partial)
		}
		z.out = append(z.out, '"')
	case t.Pending == PendingComma && t.Partial > 0:
		z.cutOut(len(z.out) - t.Partial)
	case t.Pending == PendingComma:
		// The last element is complete: only closers are missing.
	default:
		if cut := z.cutPos(t.Commit); cut < len(z.out) {
			z.cutOut(cut)
			z.dropFixesPast(t.Commit)
			z.addFixAt(KindDropIncomplete, t.Commit, t.CommitLine, t.CommitColumn)
		}
	}
	z.out = z.sc.AppendClosers(z.out)
	z.addFixAt(KindCloseTruncated, end, line, col)
	z.values++
	z.report.Values = z.values
	return err
}

// dropFixesPast removes the fixes of the edits that the cut back to input
// offset commit dropped from the output: those past commit, and those at
// it but for an insertion that belongs to what precedes it (its bytes
// stay). Such fixes (a key quoted, a comma inserted in the element that
// was dropped) would report changes the output does not have; the
// drop_incomplete fix stands for all of them. Fixes are in input order,
// so only the last few are looked at.
func (z *Sanitizer) dropFixesPast(commit int64) {
	fixes := z.report.Fixes
	k := len(fixes)
	for k > 0 && fixes[k-1].Offset >= commit {
		k--
		z.work++
	}
	n := k
	for _, f := range fixes[k:] {
		if f.Offset == commit && f.Offset == z.backInsert && f.Kind == z.backInsertKind {
			fixes[n] = f
			n++
		}
	}
	z.report.Fixes = fixes[:n]
}

// valueCommentIn returns the first value_comment fix at or after input
// offset start (in the value open at the end), or nil.
func (z *Sanitizer) valueCommentIn(start int64) *Fix {
	for i := range z.report.Fixes {
		if f := &z.report.Fixes[i]; f.Kind == KindValueComment && f.Offset >= start {
			return f
		}
	}
	return nil
}
