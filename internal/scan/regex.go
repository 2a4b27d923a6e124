package scan

// Regular-expression literals where a value belongs ({"re": /ab+c/gi}),
// quoted as strings ("/ab+c/gi"), as JavaScript-minded writers mean them.
// The literal is read as a string whose delimiter is 'r': its body up to
// the '/' that ends it (not one escaped by a backslash or inside a
// character class, [/]), then its flags (letters). A line break or the
// end of input before that '/' is an error: an unterminated literal never
// becomes a string that eats the rest of the input.

// regexState is where a regular-expression literal is being read.
type regexState uint8

const (
	rxBody  regexState = iota // in the body, outside a class
	rxClass                   // in a character class: [...]
	rxFlags                   // after the closing '/': its flags
)

// regexStarts reports whether c, the byte after a '/' where a value
// belongs, begins the body of a regular-expression literal: not a comment
// ('/' or '*'), not a blank or a line break (no body), not a closer.
func regexStarts(c byte) bool {
	return c > ' ' && c != '/' && c != '*' && c != ',' && c != ']' && c != '}'
}

// openRegex begins the regular-expression literal whose '/' is at m (the
// '/' has been read): its opening quote goes before the '/'.
func (s *Scanner) openRegex(m mark) Event {
	s.st, s.inKey, s.quote = stString, false, 'r'
	s.rx = rxBody
	s.rxEsc = false
	s.rxStart = m
	return s.openOdd(s.insertBefore(RepairRegex, m, `"`))
}

// regexPlain marks the bytes of a regular-expression literal that need
// nothing: not '/', '\\', '[', ']', '"', a control byte or a non-ASCII one.
var regexPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '/' && c != '\\' && c != '[' && c != ']' && c != '"'
	}
	return t
}()

// regexString reads a regular-expression literal from b[i] (stString with
// quote 'r').
func (s *Scanner) regexString(b []byte, i int) (int, Event) {
	base := s.base
	for i < len(b) {
		c := b[i]
		off := base + int64(i)
		if s.rx == rxFlags {
			if c|0x20 >= 'a' && c|0x20 <= 'z' {
				i++
				continue
			}
			end := s.here(off)
			s.st = stAfterValue
			s.prevCommit = s.commit
			s.commit = end
			s.lastWasString = false
			return i, s.continueAt(RepairRegex, end, 0, `"`)
		}
		if s.rxEsc {
			// The byte after a backslash is the body's, whatever it is:
			// a backslash is escaped again, a byte that breaks the
			// string is read as anywhere.
			s.rxEsc = false
			if c == '\\' {
				i++
				if ev := s.continueAt(RepairRegex, s.here(off), 1, `\\`); ev != None {
					return i, ev
				}
				continue
			}
			if c >= 0x20 && c < 0x80 && c != '"' {
				i++
				continue
			}
		}
		if regexPlain[c] {
			i++
			continue
		}
		switch {
		case c == '\\':
			s.rxEsc = true
			i++
			if ev := s.continueAt(RepairRegex, s.here(off), 1, `\\`); ev != None {
				return i, ev
			}
		case c == '"':
			i++
			if ev := s.continueAt(RepairRegex, s.here(off), 1, `\"`); ev != None {
				return i, ev
			}
		case c == '[' && s.rx == rxBody:
			s.rx = rxClass
			i++
		case c == ']' && s.rx == rxClass:
			s.rx = rxBody
			i++
		case c == '/' && s.rx == rxBody:
			s.rx = rxFlags
			i++
		case c == '[' || c == ']' || c == '/':
			i++
		case c < 0x20:
			s.fail(off, c, "in a regular-expression literal", "its closing '/' on the same line")
			return i, Error
		default: // non-ASCII
			r := checkUTF8(b[i:])
			if r <= 0 {
				return s.cutUTF8(b, i, off, r)
			}
			i += r
		}
	}
	return i, None
}

// endRegex handles the end of input inside a regular-expression literal:
// after its closing '/', the literal is complete and its closing quote
// goes in; before it, the literal is unterminated, an error.
func (s *Scanner) endRegex(off int64) Event {
	if s.rx == rxFlags {
		end := s.here(off)
		s.st = stAfterValue
		s.prevCommit = s.commit
		s.commit = end
		s.lastWasString = false
		return s.continueAt(RepairRegex, end, 0, `"`)
	}
	s.failAt(s.rxStart, '/', "opening a regular-expression literal that the input ends in", "its closing '/'")
	return Error
}
