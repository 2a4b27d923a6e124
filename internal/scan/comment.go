package scan

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/jsonheal/jsonheal/internal/swar"
)

// spaces holds the blanks that stay between the comments of a run that one
// Repair drops: a run keeps at most len(spaces) of them.
const spaces = "                                                                                                                                "

// openComment handles the '/' or '#' at b[i] (at off) that begins a
// comment where a repair may drop it. A comment that ends in b with no
// line break inside it, and the comments that follow it after spaces only,
// are dropped by one Repair, whose Replacement is the spaces between them;
// anything else is read by the comment states, byte by byte. Whether
// comments come as one such Repair or one each depends on how the input
// was split; the edits are the same.
func (s *Scanner) openComment(b []byte, i int, off int64) (int, Event) {
	return s.openCommentRun(b, i, off, false)
}

// openCommentAfterValue is openComment for a comment that follows a value
// in a container. When the comments it drops at once are followed in b,
// after whitespace, by a byte at which repairAfterValue would insert the
// missing comma, and the queue has room, that comma is queued at once,
// before the comments' Repair (its edit comes first in the input), and the
// scanner reads on from the comments' end in the state that follows the
// comma: the same Repairs as a reading byte by byte, in the order of their
// edits, without a second trip through the state after the value. Where one
// blank separates the value from the comments (the usual case), the
// comments' Repair carries the comma (QueuedRepair.Comma): one record for
// both, where a run of comments comes between every two values. Otherwise
// the comma has a record of its own, which the comments' Repair follows in
// the queue, or is the event when the comma took the queue's last place.
// Either way the sanitizer applies both in input order, each on the
// uncopied part of the chunk.
func (s *Scanner) openCommentAfterValue(b []byte, i int, off int64) (int, Event) {
	return s.openCommentRun(b, i, off, true)
}

// openCommentRun is openComment, or with afterValue openCommentAfterValue.
func (s *Scanner) openCommentRun(b []byte, i int, off int64, afterValue bool) (int, Event) {
	kind := RepairComment
	if b[i] == '#' && !afterValue && s.valuePlace() {
		kind = RepairValueComment // decided before the state moves on (commaAfterComments)
	}
	joins := s.commentJoins(b, i, off)
	// Where a value belongs, a # comment may be data (RepairValueComment):
	// it has a Repair of its own, as when it comes in a later chunk.
	j, gaps := commentsFrom(b, i, !s.valuePlace())
	if j < 0 {
		s.cmtJoins = joins
		return i + 1, s.beginComment(b[i], off)
	}
	s.cmtGap = off + int64(j-i) + 1
	// Where the comments touch the value, the comma's edit and theirs are
	// both at off: it is left to the byte after them, to come after theirs
	// as byte by byte.
	comma := false
	if afterValue && s.commit.off < off && s.queueable() {
		// One blank between the value and the comments: the comma rides
		// on their Repair, which takes the queue's place found free.
		carried := !joins && s.commit.off == off-1 && i > 0 && b[i-1] == ' '
		comma = s.commaAfterComments(b, j, carried)
	}
	if kind == RepairValueComment {
		joins = false
	}
	r, ev := s.report(kind, s.here(off), j-i, spaces[:gaps])
	r.Joins, r.Comma = joins, comma
	return j, ev
}

// commaAfterComments queues the comma missing between the value before
// the comments that end at b[j] and the next, when the first byte after
// them and whitespace is one at which repairAfterValue would insert it,
// and moves on to the state after the comma. With carried it queues
// nothing but reports that the comma is wanted, for the comments' Repair
// to carry. The queue must have room.
func (s *Scanner) commaAfterComments(b []byte, j int, carried bool) bool {
	k := j
	for k < len(b) && space[b[k]] {
		k++
	}
	if k == len(b) || !s.repairs.Has(RepairMissingComma) {
		return false
	}
	switch c := b[k]; c {
	case '/', '#', 0xEF, ')', '.', '+', '}', ']':
		return false // repairAfterValue may do something else first
	default:
		st, ok := commaBefore(c, s.stack.topIsObject())
		if !ok {
			return false
		}
		s.st = st
	}
	if carried {
		return true
	}
	r := s.queueNext() // as insertBefore
	r.fill(RepairMissingComma, s.commit, 0, ",")
	r.Forward = true
	return false
}

// commentJoins reports whether the comment that begins at b[i] (at off)
// follows the last dropped comment with only whitespace between them: it
// is then part of that comment's fix, whatever the split (see RepairJoins).
// The gap's bytes before b were checked when Next returned them (see
// checkGap).
func (s *Scanner) commentJoins(b []byte, i int, off int64) bool {
	if s.cmtGap == 0 {
		return false
	}
	from := max(int(s.cmtGap-1-(off-int64(i))), 0)
	return allSpace(b[from:i])
}

// checkGap keeps track, as Next returns after consuming b[:n], of whether
// only whitespace has followed the last dropped comment: the bytes of a gap
// are looked at once here, and at most once more by commentJoins.
func (s *Scanner) checkGap(b []byte, n int) {
	from := max(int(s.cmtGap-1-s.base), 0)
	if from < n && !allSpace(b[from:n]) {
		s.cmtGap = 0
	}
}

// allSpace reports whether b is JSON whitespace only.
func allSpace(b []byte) bool {
	for _, c := range b {
		if !space[c] {
			return false
		}
	}
	return true
}

// valuePlace reports whether the scanner stands where a value belongs in
// a container (a # comment there may be data: see RepairValueComment).
func (s *Scanner) valuePlace() bool { return s.st == stValue || s.st == stArrayFirst }

// dropComment reports the Repair that drops the comment read byte by byte
// from s.cmt up to off.
func (s *Scanner) dropComment(off int64) Event {
	kind, joins := RepairComment, s.cmtJoins
	if s.cmtValue {
		kind, joins = RepairValueComment, false
	}
	r, ev := s.report(kind, s.cmt, int(off-s.cmt.off), "")
	r.Joins, r.Comma = joins, false
	s.cmtGap = off + 1
	return ev
}

// commentsFrom returns the index just past the run of comments that
// begins at b[i] (see moreComments, and hashes there), and the spaces
// between them; -1 when
// the comment at b[i] does not end in b or holds a line break. A run of
// block comments long enough for the windows is read by them from b[i]
// on, its first comment too.
func commentsFrom(b []byte, i int, hashes bool) (end, gaps int) {
	j, gaps := i, 0
	if i < len(b) && b[i] == '/' { // not " /*", which commentWindows takes too
		j, gaps = commentWindows(b, i, 0)
	}
	if j == i {
		if j = commentEnd(b, i); j < 0 {
			return -1, 0
		}
	}
	return moreComments(b, j, gaps, hashes)
}

// moreComments returns the index just past the last of the comments that
// follow b[:j] after spaces only (j itself when none does), and how many
// spaces lie between them, gaps of them counted before j, at most
// len(spaces) in all. A comment is taken only when all of it lies in b
// with no line break inside; a # comment only with hashes.
func moreComments(b []byte, j, gaps int, hashes bool) (int, int) {
	for {
		// The usual end of a run: a space at most, then a byte that
		// begins no comment.
		k := j
		if k < len(b) && b[k] == ' ' {
			k++
		}
		if k == len(b) || b[k] != '/' && b[k] != '#' && b[k] != ' ' {
			return j, gaps
		}
		j, gaps = commentWindows(b, j, gaps)
		j, gaps = shortComments(b, j, gaps)
		k = j
		for k < len(b) && b[k] == ' ' {
			k++
		}
		if gaps+k-j > len(spaces) || k < len(b) && b[k] == '#' && !hashes {
			return j, gaps
		}
		e := commentEnd(b, k)
		if e < 0 {
			return j, gaps
		}
		gaps += k - j
		j = e
	}
}

// commentWindows is moreComments for block comments, read in windows of
// 64 bytes while more than 64 bytes are left. It returns the end of the
// last comment of the run it could settle (j when none) and the spaces up
// to there, for shortComments and moreComments to read on from. Only with
// useVector, and only where a block comment begins at b[j] or b[j+1]:
// elsewhere (after a lone comment, say) the window would be read for
// nothing.
//
// Each window is four masks of 64 bits, bit k for byte base+k: opens
// ("/*" begins at k), closes ("*/" begins at k), blanks (' ') and breaks
// ('\n'). Inside a comment means from its "/*" up to the '*' of its "*/",
// which is the parity of the marks up to k as long as they take turns;
// the state at a window's end carries to the next, so windows do not wait
// for each other. A window stops the run at the first byte where the
// parity could mislead or the run ends: a "*/" outside a comment, a '*' or
// '/' shared by two marks ("/*/", "*/*"), a byte outside comments that is
// not a space (a "/*" out of turn falls there too), or a line break inside
// a comment. The comments whose "*/" ends before that byte are the ones
// moreComments would read, from each "/*" to the first "*/" after it.
//
// The loop is in assembly (commentRun); windowsModel, in the tests, is the
// same loop in Go, to which the tests hold it.
func commentWindows(b []byte, j, gaps int) (int, int) {
	if !useVector || len(b)-j <= 64 {
		return j, gaps
	}
	if w := binary.LittleEndian.Uint32(b[j:]); w&0xFFFF != '/'|'*'<<8 && w&0xFFFFFF != ' '|'/'<<8|'*'<<16 {
		return j, gaps
	}
	return commentRun(b, j, gaps)
}

// shortComments is moreComments for block comments whose "*/" lies within
// 8 bytes of their start, each found in one word; it stops before anything
// else, for moreComments to read.
func shortComments(b []byte, j, gaps int) (int, int) {
	for {
		k := j
		for k < len(b) && b[k] == ' ' {
			k++
		}
		if k+8 > len(b) || gaps+k-j > len(spaces) {
			return j, gaps
		}
		w := binary.LittleEndian.Uint64(b[k:])
		// "*/" from byte 2 on, and line breaks: the comment is short
		// when the first "*/" comes before any line break.
		ends := swar.ZeroBytes((w ^ 0x2A2A2A2A2A2A2A2A) | (w>>8 ^ 0x2F2F2F2F2F2F2F2F) | 0x8080)
		breaks := swar.ZeroBytes(w ^ 0x0A0A0A0A0A0A0A0A)
		if w&0xFFFF != '/'|'*'<<8 || ends == 0 || breaks&(ends&-ends-1) != 0 {
			return j, gaps
		}
		gaps += k - j
		j = k + bits.TrailingZeros64(ends)/8 + 2
	}
}

// commentEnd returns the index just past the comment that begins at b[i]
// when all of it is in b with no line break inside: a block comment
// through its "*/", a line comment ('//' or '#') up to its line break (LF
// or CR), which stays. Otherwise it returns -1.
func commentEnd(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	switch {
	case b[i] == '#':
		if k := lineBreak(b[i:]); k > 0 {
			return i + k
		}
	case i+1 < len(b) && b[i] == '/' && b[i+1] == '/':
		if k := lineBreak(b[i+2:]); k >= 0 {
			return i + 2 + k
		}
	case i+1 < len(b) && b[i] == '/' && b[i+1] == '*':
		return blockEnd(b, i+2)
	}
	return -1
}

// lineBreak returns the index of the first LF or CR in b, or -1. The CR
// is sought only before the LF, so that a long b without one is not read
// to its end at every comment.
func lineBreak(b []byte) int {
	k := bytes.IndexByte(b, '\n')
	if k < 0 {
		k = len(b)
	}
	if r := bytes.IndexByte(b[:k], '\r'); r >= 0 {
		return r
	}
	if k == len(b) {
		return -1
	}
	return k
}

// blockEnd returns the index just past the "*/" that ends the block
// comment whose body begins at b[k], or -1 when b holds no "*/" before a
// line break.
func blockEnd(b []byte, k int) int {
	// Comments are short: a plain loop beats a search's setup.
	for ; k+1 < len(b); k++ {
		switch b[k] {
		case '*':
			if b[k+1] == '/' {
				return k + 2
			}
		case '\n':
			return -1
		}
	}
	return -1
}
