package scan

// The repairs of quotes that are not ASCII double quotes: typographic
// (“…”, ‘…’, „…“, and full-width ＂…＂) and full-width delimiters.

// quoteRepair is the repair that rewrites the current odd string's quotes.
func (s *Scanner) quoteRepair() RepairKind {
	switch s.quote {
	case '\'':
		return RepairSingleQuote
	case 'T', 'S', 'L', 'W':
		return RepairTypographicQuote
	}
	return RepairUnquotedValue
}

// closesTypographic reports whether p (three bytes) is the closing quote of
// the current typographic string.
func (s *Scanner) closesTypographic(p []byte) bool {
	switch s.quote {
	case 'T':
		return string(p) == "\u201d"
	case 'S':
		return string(p) == "\u2019"
	case 'L': // „…“, as German writes it
		return string(p) == "\u201c"
	case 'W': // ＂…＂, full-width
		return string(p) == "\uff02"
	}
	return false
}

// beginTypographic starts reading what may be a typographic opening quote
// (its first byte, 0xE2, is at off) where a key or a value belongs.
func (s *Scanner) beginTypographic(off int64, key bool) {
	s.typoStart = s.here(off)
	s.inKey = key
	s.u8[0], s.u8n = 0xE2, 1
	s.st = stTypoOpen
}

// endTypographicOpen decides the three bytes read by stTypoOpen, which
// end at end.
func (s *Scanner) endTypographicOpen(end int64) Event {
	p := s.u8[:3]
	s.u8n = 0
	switch string(p) {
	case "\u201c":
		s.st, s.quote = stString, 'T'
		return s.openOdd(s.repairAt(RepairTypographicQuote, s.typoStart, 3, `"`))
	case "\u2018":
		s.st, s.quote = stString, 'S'
		return s.openOdd(s.repairAt(RepairTypographicQuote, s.typoStart, 3, `"`))
	case "\u201e": // low-9
		s.st, s.quote = stString, 'L'
		return s.openOdd(s.repairAt(RepairTypographicQuote, s.typoStart, 3, `"`))
	}
	// Another character: a bare word that begins with it.
	if !s.inKey && checkUTF8(p) == 3 && s.can(RepairUnquotedValue) {
		s.st, s.quote = stString, 'u'
		s.uqBraces, s.uqBrackets = 0, 0
		s.uqEnd = s.here(end)
		return s.openOdd(s.insertBefore(RepairUnquotedValue, s.typoStart, `"`))
	}
	s.failAt(s.typoStart, 0xE2, "where a value or key belongs", "a value")
	return Error
}

// beginWide starts reading what may be full-width punctuation (its first
// byte, 0xEF, is at off) where JSON syntax belongs.
func (s *Scanner) beginWide(off int64) {
	s.wideStart = s.here(off)
	s.wideRet = s.st
	s.u8[0], s.u8n = 0xEF, 1
	s.st = stWide
}

// openWide starts reading what may be full-width punctuation whose first
// byte, b[i] (0xEF), is at off; when its three bytes are all in b, they are
// decided at once.
func (s *Scanner) openWide(b []byte, i int, off int64) (int, Event) {
	if i+3 <= len(b) {
		if c := wideTwin(b[i : i+3]); c != 0 {
			// The usual case, decided without stWide's buffer.
			s.placeTwin(c, off+2)
			_, ev := s.report(RepairFullWidth, s.here(off), 3, wideTwins[c])
			return i + 3, ev
		}
	}
	s.beginWide(off)
	if i+3 > len(b) || b[i+1] == '\n' || b[i+2] == '\n' {
		return i + 1, None // stWide reads on, counting lines
	}
	s.u8[1], s.u8[2], s.u8n = b[i+1], b[i+2], 3
	return i + 3, s.endWide(off + 3)
}

// wideTwin returns the ASCII twin of the full-width punctuation p (three
// bytes), or 0. The six characters (U+FF0C, U+FF1A, U+FF3B, U+FF3D,
// U+FF5B, U+FF5D) are EF BC xx or EF BD xx: a table on the last two bytes
// decides in one load instead of a string switch.
func wideTwin(p []byte) byte {
	if p[0] != 0xEF || p[1]&^1 != 0xBC {
		return 0
	}
	return wideTwinAfter[p[1]&1][p[2]]
}

// endWide decides the three bytes read by stWide, which end at end. The
// ASCII twin is read next, as if it stood at the character's last byte.
func (s *Scanner) endWide(end int64) Event {
	s.u8n = 0
	s.st = s.wideRet
	if c := wideTwin(s.u8[:3]); c != 0 {
		s.placeTwin(c, end-1)
		return s.repairAt(RepairFullWidth, s.wideStart, 3, wideTwins[c])
	}
	if string(s.u8[:3]) == "\uff02" && s.wideRet >= stValue && s.wideRet <= stKey && s.can(RepairTypographicQuote) {
		// ＂key＂: a full-width quotation mark opens a string, which the
		// next one closes (a typographic quote, as “…” is).
		s.st, s.inKey, s.quote = stString, s.wideRet == stObjectFirst || s.wideRet == stKey, 'W'
		return s.openOdd(s.repairAt(RepairTypographicQuote, s.wideStart, 3, `"`))
	}
	if (s.wideRet == stValue || s.wideRet == stArrayFirst) && checkUTF8(s.u8[:3]) == 3 && s.can(RepairUnquotedValue) {
		s.st, s.inKey, s.quote = stString, false, 'u'
		s.uqBraces, s.uqBrackets = 0, 0
		s.uqEnd = s.here(end)
		return s.openOdd(s.insertBefore(RepairUnquotedValue, s.wideStart, `"`))
	}
	s.failAt(s.wideStart, 0xEF, "where JSON syntax belongs", "a value or punctuation")
	return Error
}

// placeTwin reads c, the ASCII twin of full-width punctuation, as if it
// stood at the character's last byte, at. A comma after a value, a colon
// after a key, an opener where a value belongs and a closer that matches
// inside a container are read here, as the structure fast path reads
// them; anything else (a closer that ends the top-level value, a closer
// that does not match, a comma or closer after a comma) is left as a
// virtual byte for Next to read the careful way.
func (s *Scanner) placeTwin(c byte, at int64) {
	switch {
	case c == ',' && s.st == stAfterValue:
		s.comma = s.here(at)
		if s.stack.topIsObject() {
			s.st = stKey
		} else {
			s.st = stValue
		}
	case c == ':' && s.st == stColon:
		s.st = stValue
	case (c == '[' || c == '{') && (s.st == stValue || s.st == stArrayFirst) && s.stack.depth < s.maxDepth:
		s.stack.push(c == '{')
		s.setCommit(at + 1)
		if c == '{' {
			s.st = stObjectFirst
		} else {
			s.st = stArrayFirst
		}
	case (c == ']' || c == '}') && s.st == stAfterValue && s.stack.depth > 1 && (c == '}') == s.stack.topIsObject():
		s.stack.pop()
		s.prevCommit = s.commit
		s.setCommit(at + 1)
		s.lastWasString = false
		s.tupleClosedInto(at + 1)
	default:
		s.virt, s.virtOff = c, at
	}
}
