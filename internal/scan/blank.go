package scan

import "github.com/jsonheal/jsonheal/internal/blank"

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

// openBlank reads the blank that may begin at b[i] (off), a blank lead
// byte where JSON syntax belongs. When b holds the whole blank, it is
// dropped with a RepairWhitespace; when b ends inside what may still be
// one, its bytes are held (stBlank). ok is false when b[i] begins no
// blank: the caller reads it as before.
func (s *Scanner) openBlank(b []byte, i int, off int64) (j int, ev Event, ok bool) {
	switch n := blank.Len(b[i:]); {
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
	switch n := blank.Len(b[i:]); {
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
		n := blank.Len(s.blankBuf[:s.blankN+1])
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
