package scan

import "github.com/jsonheal/jsonheal/internal/structural"

// wholeRestAfterDecline is how many top-level containers readWhole leaves
// to the usual reading, without sampling them, after Suits declined one.
const wholeRestAfterDecline = 15

// useWhole reports whether readWhole runs: where internal/structural's
// stage 1 runs in assembly. Tests turn it off to compare.
var useWhole = structural.Fast

// readWhole is the fast path for a top-level container that is strict
// JSON: at b[i], just past its opener, it has internal/structural read
// the container up to its closer. When all of it lies in b and is valid,
// no event can come before the closer, and readWhole leaves the scanner
// at the closer (returning its index) in the state the byte-at-a-time
// reading would have left it in: the lines counted, and the marks that
// later repairs look back at (the last comma, key end, closing quote and
// commits) set to the last of each. Otherwise it returns i, having
// changed nothing, and the container is read the usual way.
//
// It runs once per top-level container (wholeAt): a container broken or
// cut by the end of the chunk costs one reading of the bytes it checked.
// A container longer than 1 KiB is sampled first (structural's Suits):
// one a byte-wise reading is faster on (long strings, runs of numbers)
// is left to it, and so are the next few after it.
func (s *Scanner) readWhole(b []byte, i int, base int64) int {
	s.wholeAt = 0
	if !useWhole || s.stack.depth != 1 {
		return i
	}
	if s.checker == nil {
		s.checker = new(structural.Checker)
	}
	if s.wholeRest > 0 {
		s.wholeRest--
		return i
	}
	if !s.checker.Suits(b[i:]) {
		// Records of a stream are alike: the next few are read the
		// usual way without a sample.
		s.wholeRest = wholeRestAfterDecline
		return i
	}
	t, ok := s.checker.Container(b[i:], s.stack.topIsObject(), s.maxDepth)
	if !ok {
		return i
	}
	at := func(m structural.Mark) mark {
		k := mark{base + int64(i+m.Offset), s.line + m.Newlines, s.lineBreak}
		if m.LastNewline >= 0 {
			k.lineBreak = base + int64(i+m.LastNewline)
		}
		return k
	}
	if t.Comma.Offset >= 0 {
		s.comma = at(t.Comma)
	}
	if t.KeyEnd.Offset >= 0 {
		s.keyEnd = at(t.KeyEnd)
	}
	if t.StrQuote.Offset >= 0 {
		s.strQuote, s.strQuoteLen, s.closeSpaces = at(t.StrQuote), 1, 0
		s.inKey, s.quote = t.StrIsKey, '"'
	}
	if t.PrevCommit.Offset >= 0 { // a value ended
		s.prevCommit, s.commit = at(t.PrevCommit), at(t.Commit)
		s.lastWasString = t.LastWasString
		s.st = stAfterValue
	}
	s.line += t.Newlines
	if t.LastNewline >= 0 {
		s.lineBreak = base + int64(i+t.LastNewline)
	}
	return i + t.End
}
