package scan

// The repairs of bare words: a word read where a value or key belongs
// (unquoted values, Python literals, non-finite numbers, wrappers) and how
// it ends.

// readWord reads the bare word going on at b[i] (state stWord) up to its
// end, and decides it there when the end is in b.
func (s *Scanner) readWord(b []byte, i int) (int, Event) {
	for i < len(b) && isIdent(b[i]) {
		if s.wordLen < len(s.word) {
			s.word[s.wordLen] = b[i]
		}
		s.wordLen++
		i++
	}
	if i == len(b) {
		return i, None
	}
	return s.endWord(b, b[i], s.base+int64(i), i)
}

// endWord decides a bare word ended by byte c, b[i], at off.
func (s *Scanner) endWord(b []byte, c byte, off int64, i int) (int, Event) {
	if s.wordLen <= len(s.word) && specialWordStart[s.word[0]] {
		w := s.word[:s.wordLen]
		kind, repl := RepairKind(0), ""
		switch string(w) {
		case "True", "TRUE":
			kind, repl = RepairPythonLiteral, "true"
		case "False", "FALSE":
			kind, repl = RepairPythonLiteral, "false"
		case "None", "NULL", "Null":
			kind, repl = RepairPythonLiteral, "null"
		case "undefined", "NaN", "Infinity", "-Infinity":
			kind, repl = RepairNonFinite, "null"
			if s.nonFiniteStrings {
				repl = nonFiniteString(string(w))
			}
		case "ObjectId", "ISODate", "NumberLong", "NumberInt", "NumberDecimal", "Date", "UUID":
			if c == '(' && s.wrapDepth == 0 && s.can(RepairWrapper) {
				s.wrapDepth = s.stack.depth
				s.st = stValue
				return i + 1, s.repairAt(RepairWrapper, s.wordStart, s.wordLen+1, "")
			}
		}
		if kind != 0 && s.can(kind) {
			m := s.wordStart
			s.valueDone(off)
			return i, s.repairAt(kind, m, s.wordLen, repl)
		}
	}
	if s.can(RepairUnquotedValue) && c != '(' {
		if j, end := unquotedEnd(b, i); j < len(b) {
			// The value ends in b with nothing inside that needs
			// attention: one Repair inserts both quotes.
			closing := s.here(off + int64(end-i))
			s.st = stAfterValue
			s.prevCommit = s.commit
			s.commit = closing
			s.lastWasString = false
			r, ev := s.report(RepairUnquotedValue, s.wordStart, 0, `"`)
			r.Forward, r.Closing, r.Requote = true, closing.off, false // as insertBefore
			return j, ev
		}
		s.st, s.inKey, s.quote = stString, false, 'u'
		s.uqBraces, s.uqBrackets = 0, 0
		s.uqEnd = s.here(off)
		return i, s.openOdd(s.insertBefore(RepairUnquotedValue, s.wordStart, `"`))
	}
	s.fail(s.wordStart.off, s.word[0], "where a value belongs", "a value (not a bare word)")
	return i, Error
}

// unquotedEnd looks from b[i], just past a bare word that begins an
// unquoted value, for the byte that ends the value: ',', '}', ']' or a
// line end, after bytes that need nothing. It returns that byte's index
// and the end of the value (its trailing spaces left out), or len(b) when
// it is not in b or something that needs attention comes first.
func unquotedEnd(b []byte, i int) (j, end int) {
	j = i
	for j < len(b) && unquotedPlain[b[j]] {
		j++
	}
	if j == len(b) {
		return j, j
	}
	switch b[j] {
	case ',', '}', ']', '\n', '\r':
		end = j
		for end > i && b[end-1] == ' ' {
			end--
		}
		return j, end
	}
	return len(b), len(b)
}

func nonFiniteString(w string) string {
	switch w {
	case "undefined":
		return `"undefined"`
	case "NaN":
		return `"NaN"`
	case "Infinity":
		return `"Infinity"`
	}
	return `"-Infinity"`
}

// endQuotedNumber closes, at off, a number quoted for its leading zeros:
// the closing quote is part of the fix that opened it (one fix a number).
func (s *Scanner) endQuotedNumber(off int64) Event {
	s.numQuoted = false
	s.quotedEnd = off + 1
	s.valueDone(off)
	r, ev := s.report(RepairLeadingZero, s.here(off), 0, `"`)
	r.Joins = true
	return ev
}
