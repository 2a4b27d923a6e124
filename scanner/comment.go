package scanner

import "bytes"

// maxRun bounds the comments one Repair drops at once.
const maxRun = 32

// spaces holds the blanks that stay between the comments of a run: a run
// keeps at most len(spaces) of them.
const spaces = "                                                                "

// Span is a range of input bytes.
type Span struct {
	Offset int64
	Len    int
}

// CommentRun returns, after a Repair of kind RepairComment that drops
// several comments at once (comments separated by spaces only, read in one
// step), each comment's span, in order; the Repair's range runs from the
// first to the end of the last, and its Replacement is the spaces between
// them, which stay. After any other Repair it returns nil. Whether
// comments come as one such Repair or one each depends on how the input
// was split; the edits are the same. The slice is reused by Next.
func (s *Scanner) CommentRun() []Span {
	if s.nrun == 0 {
		return nil
	}
	return s.run[:s.nrun]
}

// openComment handles the '/' or '#' at b[i] (at off) that begins a
// comment where a repair may drop it. A comment that ends in b with no
// line break inside it, and the comments that follow it after spaces only,
// are dropped by one Repair (see CommentRun); anything else is read by the
// comment states, byte by byte.
func (s *Scanner) openComment(b []byte, i int, off int64) (int, Event) {
	j := commentEnd(b, i)
	if j < 0 {
		return i + 1, s.beginComment(b[i], off)
	}
	if s.run == nil {
		s.run = new([maxRun]Span)
	}
	run := s.run
	run[0] = Span{off, j - i}
	n, gaps := 1, 0
	for ; n < len(run); n++ {
		k := j
		for k < len(b) && b[k] == ' ' {
			k++
		}
		if gaps+k-j > len(spaces) {
			break
		}
		e := commentEnd(b, k)
		if e < 0 {
			break
		}
		run[n] = Span{off + int64(k-i), e - k}
		gaps += k - j
		j = e
	}
	ev := s.repairAt(RepairComment, s.here(off), j-i, spaces[:gaps])
	if n > 1 {
		s.nrun = n
	}
	return j, ev
}

// commentEnd returns the index just past the comment that begins at b[i]
// when all of it is in b with no line break inside: a block comment
// through its "*/", a line comment ('//' or '#') up to its line break,
// which stays. Otherwise it returns -1.
func commentEnd(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch {
	case b[i] == '#':
		if k := bytes.IndexByte(b[i:], '\n'); k > 0 {
			return i + k
		}
	case i+1 < len(b) && b[i] == '/' && b[i+1] == '/':
		if k := bytes.IndexByte(b[i+2:], '\n'); k >= 0 {
			return i + 2 + k
		}
	case i+1 < len(b) && b[i] == '/' && b[i+1] == '*':
		// Comments are short: a plain loop beats a search's setup.
		for k := i + 2; k+1 < len(b); k++ {
			switch b[k] {
			case '*':
				if b[k+1] == '/' {
					return k + 2
				}
			case '\n':
				return -1
			}
		}
	}
	return -1
}
