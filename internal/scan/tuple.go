package scan

// Python tuples. A '(' where a value belongs is read as an array: its
// Repair writes '[' at once. But Python reads a parenthesized single
// value as that value, (1) is 1 and ("x") is "x", while (1,) and (1, 2)
// are tuples. So each tuple is remembered (up to maxTuples nested ones;
// deeper ones stay arrays) until its ')': a ')' that closes a tuple
// holding one element and no comma after it removes the '[' written for
// the '(' and the ')' itself (one Repair, the '(' at EventOffset and the
// ')' at ClosingOffset, both replaced by nothing; it joins the fix that
// wrote the '['). Until then the '[' is not stable (see StableOffset).
//
// The element count needs no work on the hot paths but one test where a
// container closes: a tuple whose first element is a scalar holds one
// element when, at its ')', the commit before its last value is the one
// just past the '(' (prevCommit); one whose first element is a container
// (seen in stTupleFirst, the state after '(') asks to be told where that
// container ends (tupleWatch), and holds one element when its ')' comes
// right after that end, with no comma.

// maxTuples bounds the tuples remembered at once.
const maxTuples = 8

// tupleMark is a '(' read as an array that may still turn out to hold one
// element.
type tupleMark struct {
	open     mark  // the '('
	depth    int   // the depth of its array (Depth while it is innermost)
	firstEnd int64 // 1 + where its first element ended when that is a container; 0 unknown
	waiting  bool  // its first element is a container that has not ended yet
}

// openTuple reads the '(' at off (b[i]) where a value belongs as the
// opener of an array, and remembers it as a tuple.
func (s *Scanner) openTuple(off int64, i int) (int, Event) {
	s.stack.push(false)
	s.setCommit(off + 1)
	s.st = stTupleFirst
	d := s.stack.depth
	n := s.ntuples
	if n > 0 && s.tuples[0].open.off < s.valueStart {
		n = 0 // an earlier value's
	}
	for n > 0 && s.tuples[n-1].depth >= d {
		n-- // stale: closed by something other than its ')'
	}
	if n < maxTuples {
		s.tuples[n] = tupleMark{open: s.here(off), depth: d}
		n++
	}
	s.ntuples = n
	s.setTupleWatch()
	return i + 1, s.repairAt(RepairMismatchedBracket, s.here(off), 1, "[")
}

// readTupleFirst reads b[i] after a tuple's '(' (and blanks): it notes
// whether the tuple's first element is a container, then leaves b[i] to
// stArrayFirst. Anything it does not know (a comment, a Unicode blank)
// counts as a scalar: the tuple then stays an array.
func (s *Scanner) readTupleFirst(b []byte, i int) (int, Event) {
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case ' ', '\t', '\r':
			continue
		case '\n':
			s.newline(s.base + int64(i))
			continue
		case '[', '{', '(':
			if n := s.ntuples; n > 0 && s.tuples[n-1].depth == s.stack.depth {
				s.tuples[n-1].waiting = true
				s.setTupleWatch()
			}
		}
		s.st = stArrayFirst
		return i, None
	}
	return i, None
}

// setTupleWatch points tupleWatch at the depth of the innermost tuple
// waiting for its first element to end, or -1.
func (s *Scanner) setTupleWatch() {
	s.tupleWatch = -1
	for k := s.ntuples - 1; k >= 0; k-- {
		if s.tuples[k].waiting {
			s.tupleWatch = s.tuples[k].depth
			return
		}
	}
}

// tupleElementEnded is called when a container has closed into depth
// tupleWatch, just before input offset end: it is the first element of the
// tuple waiting there.
func (s *Scanner) tupleElementEnded(end int64) {
	for k := s.ntuples - 1; k >= 0; k-- {
		if t := &s.tuples[k]; t.waiting && t.depth == s.stack.depth {
			t.waiting = false
			t.firstEnd = end + 1
			break
		}
	}
	s.setTupleWatch()
}

// closeTuple reads the ')' at off (b[i]) after a value in an array: it
// closes the array, as ']', or, when the array is a tuple holding one
// element, removes the tuple's brackets.
func (s *Scanner) closeTuple(off int64, i int) (int, Event) {
	n := s.ntuples
	for n > 0 && s.tuples[n-1].depth > s.stack.depth {
		n--
	}
	s.ntuples = n
	if n == 0 || s.tuples[n-1].depth != s.stack.depth {
		return s.closeReplaced(off, i, "]")
	}
	t := s.tuples[n-1]
	s.ntuples--
	s.setTupleWatch()
	one := !s.commaRead() && (s.prevCommit.off == t.open.off+1 || t.firstEnd == s.commit.off+1)
	if !one {
		return s.closeReplaced(off, i, "]")
	}
	s.stack.pop()
	s.valueDone(off + 1)
	s.tupleClosedInto(off + 1)
	r, ev := s.report(RepairMismatchedBracket, t.open, 1, "")
	r.Closing, r.Joins = off, true
	return i + 1, ev
}

// tupleClosedInto tells the tuple watching the current depth, if any,
// that a container closed into it just before input offset end.
func (s *Scanner) tupleClosedInto(end int64) {
	if s.stack.depth == s.tupleWatch {
		s.tupleElementEnded(end)
	}
}

// tupleStable returns off, or the '(' of the outermost tuple remembered
// when that comes first: its '[' may still be removed.
func (s *Scanner) tupleStable(off int64) int64 {
	if s.ntuples > 0 && s.tuples[0].depth <= s.stack.depth && s.tuples[0].open.off >= s.valueStart {
		return min(off, s.tuples[0].open.off)
	}
	return off
}

// appendTupleAnchors appends the '(' of the tuples remembered.
func (s *Scanner) appendTupleAnchors(dst []int64) []int64 {
	for k := 0; k < s.ntuples; k++ {
		dst = append(dst, s.tuples[k].open.off)
	}
	return dst
}
