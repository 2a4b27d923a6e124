package scan

// Unicode blanks outside strings (RepairWhitespace).
//
// A model copying text from the web or a word processor leaves no-break
// spaces, thin spaces, ideographic spaces and zero-width characters
// between tokens: {"a":\u00a0"foo"}, [1,\u202f2]. Where JSON syntax
// belongs (a value, a key, a colon, a comma or a closer) they are blanks,
// dropped with a RepairWhitespace, never the start of a bare value.
// Inside strings they stay as they are.
//
// A blank is two or three bytes; when the chunk ends inside one, the
// bytes read so far are held (stBlank) until the character is complete.
// When the next byte shows it is no blank after all, the held bytes are
// read again by the state they stood in, as if the input had not been
// split there (replay), so that results never depend on the split.

// blankLead marks the first bytes of the blanks: C2 (U+00A0), E1
// (U+1680), E2 (U+2000-U+200B, U+202F, U+205F), E3 (U+3000), EF (U+FEFF).
var blankLead = [256]bool{0xC2: true, 0xE1: true, 0xE2: true, 0xE3: true, 0xEF: true}

// blankLen returns the length of the blank p begins with, 0 when p does
// not begin with one, or -1 when p is a proper prefix of one.
func blankLen(p []byte) int {
	if len(p) == 0 || !blankLead[p[0]] {
		return 0
	}
	want := 3
	if p[0] == 0xC2 {
		want = 2
	}
	n := min(len(p), want)
	if !isBlankPrefix(p[:n]) {
		return 0
	}
	if n < want {
		return -1
	}
	return want
}

// isBlankPrefix reports whether p (one to three bytes) is a blank or a
// proper prefix of one.
func isBlankPrefix(p []byte) bool {
	switch p[0] {
	case 0xC2: // U+00A0
		return len(p) < 2 || p[1] == 0xA0
	case 0xE1: // U+1680
		return len(p) < 2 || p[1] == 0x9A && (len(p) < 3 || p[2] == 0x80)
	case 0xE2:
		if len(p) < 2 {
			return true
		}
		switch p[1] {
		case 0x80: // U+2000-U+200B, U+202F
			return len(p) < 3 || p[2] >= 0x80 && p[2] <= 0x8B || p[2] == 0xAF
		case 0x81: // U+205F
			return len(p) < 3 || p[2] == 0x9F
		}
		return false
	case 0xE3: // U+3000
		return len(p) < 2 || p[1] == 0x80 && (len(p) < 3 || p[2] == 0x80)
	case 0xEF: // U+FEFF
		return len(p) < 2 || p[1] == 0xBB && (len(p) < 3 || p[2] == 0xBF)
	}
	return false
}

// openBlank reads the blank that may begin at b[i] (off), a blank lead
// byte where JSON syntax belongs. When b holds the whole blank, it is
// dropped with a RepairWhitespace; when b ends inside what may still be
// one, its bytes are held (stBlank). ok is false when b[i] begins no
// blank: the caller reads it as before.
func (s *Scanner) openBlank(b []byte, i int, off int64) (j int, ev Event, ok bool) {
	switch n := blankLen(b[i:]); {
	case n > 0:
		return i + n, s.repairAt(RepairWhitespace, s.here(off), n, ""), true
	case n < 0 && !s.replaying:
		s.holdBlank(b[i:], off)
		return len(b), None, true
	}
	return i, None, false
}

// holdBlank holds p, the proper prefix of a blank at the end of a chunk,
// which begins at off, in the state the scanner is in.
func (s *Scanner) holdBlank(p []byte, off int64) {
	s.blankStart, s.blankRet = s.here(off), s.st
	s.blankN = uint8(copy(s.blankBuf[:], p))
	s.st = stBlank
}

// blankAfterQuote is stStrClose's reading of a blank lead byte b[i] after
// a quote that may close its string: a blank shows the quote closes it
// (the blank is then read in the state after the string). It returns
// ok false when b[i] begins no blank (reopens decides, as before).
func (s *Scanner) blankAfterQuote(b []byte, i int) (j int, ev Event, ok bool) {
	switch n := blankLen(b[i:]); {
	case n > 0:
		return i, s.stringDone(s.strQuote.off + int64(s.strQuoteLen)), true
	case n < 0 && !s.replaying:
		s.holdBlank(b[i:], s.base+int64(i))
		return len(b), None, true
	}
	return i, None, false
}

// readHeldBlank is the stBlank state: it adds the bytes of b to the held
// ones until the blank is complete (dropped with a RepairWhitespace) or
// a byte shows it is none (the held bytes are then replayed, see
// readReplay, before that byte is read).
func (s *Scanner) readHeldBlank(b []byte, i int) (int, Event) {
	for i < len(b) {
		s.blankBuf[s.blankN] = b[i]
		n := blankLen(s.blankBuf[:s.blankN+1])
		if n == 0 {
			// No blank: read the held bytes again where they stood.
			s.st = s.blankRet
			s.replayBuf, s.replayN, s.replayOff = s.blankBuf, s.blankN, s.blankStart.off
			s.blankN = 0
			return i, None
		}
		s.blankN++
		i++
		if n > 0 {
			s.blankN = 0
			s.st = s.blankRet
			if s.st == stStrClose {
				s.stringDone(s.strQuote.off + int64(s.strQuoteLen)) // inside a container: no event
			}
			return i, s.repairAt(RepairWhitespace, s.blankStart, n, "")
		}
	}
	return i, None
}

// readReplay reads the held bytes of what was no blank again, in the
// state they stood in, as Next would have read them unsplit. It returns
// the first event they give (the rest, if any, waits for the next call).
func (s *Scanner) readReplay() Event {
	var buf [3]byte
	n := copy(buf[:], s.replayBuf[:s.replayN])
	off := s.replayOff
	s.replayN = 0
	saved, queueOn := s.base, s.queueOn
	s.base, s.queueOn, s.replaying = off, false, true // a replayed repair is returned, not queued
	k, ev := s.next(buf[:n])
	s.base, s.queueOn, s.replaying = saved, queueOn, false
	if k < n {
		s.replayN = uint8(copy(s.replayBuf[:], buf[k:n]))
		s.replayOff = off + int64(k)
	}
	return ev
}
