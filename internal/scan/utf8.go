package scan

// utf8Accept gives, for a lead byte, the sequence length (0 when the byte
// cannot start a sequence) and the range allowed for the second byte.
type utf8Lead struct {
	size   uint8
	lo, hi uint8
}

var utf8Leads = func() (t [256]utf8Lead) {
	for c := 0xC2; c <= 0xDF; c++ {
		t[c] = utf8Lead{2, 0x80, 0xBF}
	}
	t[0xE0] = utf8Lead{3, 0xA0, 0xBF}
	for c := 0xE1; c <= 0xEF; c++ {
		t[c] = utf8Lead{3, 0x80, 0xBF}
	}
	t[0xED] = utf8Lead{3, 0x80, 0x9F}
	t[0xF0] = utf8Lead{4, 0x90, 0xBF}
	for c := 0xF1; c <= 0xF3; c++ {
		t[c] = utf8Lead{4, 0x80, 0xBF}
	}
	t[0xF4] = utf8Lead{4, 0x80, 0x8F}
	return t
}()

// checkUTF8 looks at a sequence starting with a byte >= 0x80 at p[0].
// It returns n > 0 for a valid sequence of n bytes; n < 0 for an invalid one
// whose maximal subpart has -n bytes (the bytes to replace with one U+FFFD);
// n == 0 when p is a valid but incomplete prefix.
func checkUTF8(p []byte) int {
	l := utf8Leads[p[0]]
	if l.size == 0 {
		return -1
	}
	if len(p) < 2 {
		return 0
	}
	if p[1] < l.lo || p[1] > l.hi {
		return -1
	}
	if l.size == 2 {
		return 2
	}
	if len(p) < 3 {
		return 0
	}
	if p[2]&0xC0 != 0x80 {
		return -2
	}
	if l.size == 3 {
		return 3
	}
	if len(p) < 4 {
		return 0
	}
	if p[3]&0xC0 != 0x80 {
		return -3
	}
	return 4
}

// cutUTF8 ends a read at a non-ASCII sequence at b[i] (offset off) that
// checkUTF8 gave r <= 0 for, in a loop outside the string fast path: an
// incomplete sequence is kept for the next chunk (stUTF8), an invalid one
// reported. It returns where the caller resumes and the event.
func (s *Scanner) cutUTF8(b []byte, i int, off int64, r int) (int, Event) {
	if r == 0 {
		s.u8n = uint8(copy(s.u8[:], b[i:]))
		s.u8Off = off
		s.st = stUTF8
		return len(b), None
	}
	s.event(off, -r)
	return i - r, InvalidUTF8
}
