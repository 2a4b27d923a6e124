package scan

// An escaped document without its outer quotes ({\"a\": 1}, [{\"a\":
// \"b\"}]): a document serialized into a JSON string whose quotes were
// lost, or printed from inside one. A backslash where a key or value
// belongs in an empty container can begin nothing valid, so when it
// escapes a quote or a line break, the top-level value is read as that
// document unescaped one level: outside strings \" is a quote and \n, \t,
// \r are blanks; inside strings \" ends the string and \\ is a backslash
// (\\" is an escaped quote of the document, \\\" too). Each unescaping
// drops a backslash (or an escaped blank); the first is the document's
// fix, the others join it. The reading lasts to the end of the top-level
// value.

// escapesHere reports whether a backslash at the current place is read
// as part of an escaped document: inside one, or where the first key or
// value of an empty container belongs.
func (s *Scanner) escapesHere() bool {
	return s.escDoc || (s.st == stObjectFirst || s.st == stArrayFirst) && s.can(RepairEscapedQuotes)
}

// dropEscape reports the Repair that drops n bytes of the escaped
// document at m.
func (s *Scanner) dropEscape(m mark, n int) Event {
	r, ev := s.report(RepairEscapedQuotes, m, n, "")
	r.Joins = s.escFixed
	s.escFixed = true
	return ev
}

// openEscapeOutside begins reading the backslash b[i], at off, outside
// strings in an escaped document (or where one may begin).
func (s *Scanner) openEscapeOutside(b []byte, i int, off int64) (int, Event) {
	s.escOutStart = s.here(off)
	s.escOutRet = s.st
	s.st = stEscOut
	if i+1 < len(b) {
		return s.escapeOutside(b[i+1], off+1, i+1)
	}
	return i + 1, None
}

// escapeOutside reads byte c, at off (b[i]), after a backslash outside
// strings: an escaped quote where a key or value belongs opens a string
// of the document (delimiter 'e', see escapedString); an escaped line
// break or tab is dropped with its backslash.
func (s *Scanner) escapeOutside(c byte, off int64, i int) (int, Event) {
	ret := s.escOutRet
	switch {
	case c == '"' && ret >= stValue && ret <= stKey:
		s.escDoc = true
		s.st, s.inKey, s.quote = stString, ret == stObjectFirst || ret == stKey, 'e'
		s.escPhase = 0
		return i + 1, s.dropEscape(s.escOutStart, 1)
	case c == 'n' || c == 'r' || c == 't':
		s.st = ret
		s.escDoc = true
		return i + 1, s.dropEscape(s.escOutStart, 2)
	}
	s.failAt(s.escOutStart, '\\', "where JSON syntax belongs", `'\"' (an escaped document) or JSON syntax`)
	return i, Error
}

// The phases of an escape inside a string of an escaped document.
const (
	escNone  = iota // no escape
	escOne          // \ read
	escTwo          // \\ read: the document's own escape, one backslash dropped
	escThree        // \\\ read: the byte after it is the escaped one, escaped again
	escHex          // inside the hex digits of \uXXXX
)

// escapedPartial returns how many output bytes the escape the input ended
// in, inside a string of an escaped document, has written: its one
// backslash kept (the others are dropped), and for \u the 'u' and the
// hex digits read.
func (s *Scanner) escapedPartial() int {
	if s.escPhase == escHex {
		return 2 + 4 - int(s.hexLeft)
	}
	return 1
}

// escapedString reads a string of an escaped document from b[i] (quote
// 'e'): \" ends it, \\ is the document's backslash, which escapes the
// byte after it (\\" and \\\" are an escaped quote); the other
// escapes are the document's own.
func (s *Scanner) escapedString(b []byte, i int) (int, Event) {
	base := s.base
	for i < len(b) {
		c := b[i]
		off := base + int64(i)
		switch s.escPhase {
		case escOne:
			switch {
			case c == '"':
				s.escPhase = escNone
				s.stringDone(off + 1) // no event inside a container
				return i + 1, s.dropEscape(s.here(s.escOff), 1)
			case c == '\\':
				s.escPhase = escTwo
				i++
				if ev := s.dropEscape(s.here(off), 1); ev != None {
					return i, ev
				}
				continue
			}
		case escTwo:
			if c == '\\' {
				s.escPhase = escThree
				i++
				if ev := s.dropEscape(s.here(off), 1); ev != None {
					return i, ev
				}
				continue
			}
			if c == '"' {
				s.escPhase = escNone
				i++
				continue
			}
		case escThree:
			if c == '"' || c == '\\' {
				s.escPhase = escNone
				i++
				continue
			}
		case escHex:
			if !isHex(c) {
				s.escPhase = escNone
				n, ev := s.badEscape(c, off)
				if i += n; ev != None {
					return i, ev
				}
				continue
			}
			i++
			if s.hexLeft--; s.hexLeft == 0 {
				s.escPhase = escNone
			}
			continue
		}
		if s.escPhase != escNone {
			// The byte after the backslash the document keeps.
			s.escPhase = escNone
			switch {
			case c == 'u':
				s.escPhase, s.hexLeft = escHex, 4
				i++
			case validEscape[c]:
				i++
			default:
				n, ev := s.badEscape(c, off)
				if i += n; ev != None {
					return i, ev
				}
			}
			continue
		}
		switch {
		case c == '\\':
			s.escPhase, s.escOff = escOne, off
			i++
		case c == '"': // a quote left unescaped: it ends the string all the same
			s.stringDone(off + 1)
			return i + 1, None
		case c < 0x20:
			s.event(off, 1)
			if c == '\n' {
				s.newline(off)
			}
			return i + 1, ControlChar
		case c >= 0x80:
			r := checkUTF8(b[i:])
			if r <= 0 {
				return s.cutUTF8(b, i, off, r)
			}
			i += r
		default:
			i++
		}
	}
	return i, None
}
