package scan

import "github.com/jsonheal/jsonheal/internal/blank"

// nextRepairState: the byte-by-byte states of the repairs, entered from
// Next when the fast path meets a byte it does not take.

// nextRepairState runs one step of a repair state from b[i].
func (s *Scanner) nextRepairState(b []byte, i int) (int, Event) {
	base := s.base
	c := b[i]
	off := base + int64(i)
	switch s.st {
	case stStrClose:
		if (c == '`' || s.cutTicks > 0) && !s.inKey && s.quote == '"' {
			return s.closeFence(b, i) // {"a": "x"```
		}
		if c == ' ' && s.closeSpaces < 64 {
			s.closeSpaces++
			return i + 1, None
		}
		if blank.Lead[c] && s.repairs.Has(RepairWhitespace) {
			if j, ev, ok := s.blankAfterQuote(b, i); ok {
				return j, ev
			}
		}
		if s.reopens(c) {
			if s.mayProbe() {
				s.st, s.probe = stKeyProbe, probeState{}
				return i, None
			}
			repl := `\"`
			switch {
			case s.strQuoteLen == 1 && s.quote != '\'':
				// an ASCII quote in a typographic string: see oddString
			case s.quote == '\'':
				repl = "'"
			case s.quote == 'T':
				repl = "\u201d"
			case s.quote == 'S':
				repl = "\u2019"
			case s.quote == 'L':
				repl = "\u201c"
			case s.quote == 'W':
				repl = "\uff02"
			}
			s.st = stString
			return i, s.repairAt(RepairInnerQuote, s.strQuote, s.strQuoteLen, repl)
		}
		s.closeSpaces = 0 // read no more: as readWhole leaves it
		return i, s.stringDone(s.strQuote.off + int64(s.strQuoteLen))

	case stSlash:
		switch c {
		case '/':
			s.st = stLineComment
		case '*':
			s.st, s.cmtStar = stBlockComment, false
		default:
			if (s.retState == stValue || s.retState == stArrayFirst) && regexStarts(c) && s.can(RepairRegex) {
				s.slashNum = 0
				return i, s.openRegex(s.cmt) // the '/' ended the last chunk
			}
			if num := s.slashNum; num != 0 && digit[c] && s.retState == stAfterValue && s.cmt.off == s.commit.off {
				return i, s.fraction(num-1, off) // 1/3, the '/' read last
			}
			s.slashNum = 0 // the number ended: 0/ then ']' reads as in one chunk
			s.fail(off, c, "after '/'", "'/' or '*' (a comment)")
			return i, Error
		}
		s.slashNum = 0
		return i + 1, None

	case stLineComment:
		// A line comment ends at a line break, LF or CR (as in JSON5 and
		// JavaScript): in a CR-only file, or before CR LF.
		for i < len(b) && b[i] != '\n' && b[i] != '\r' {
			i++
		}
		if i == len(b) {
			return i, None
		}
		s.st = s.retState
		return i, s.dropComment(base + int64(i))

	case stBlockComment:
		for i < len(b) {
			c := b[i]
			i++
			if c == '\n' {
				s.newline(base + int64(i-1))
			}
			if s.cmtStar && c == '/' {
				s.st = s.retState
				return i, s.dropComment(base + int64(i))
			}
			s.cmtStar = c == '*'
		}
		return i, None

	case stDot:
		if num := s.slashNum; num != 0 && digit[c] && s.retState == stAfterValue && s.dot.off == s.commit.off {
			return i, s.fraction(num-1, off) // 0.0.1, the second '.' read last
		}
		s.slashNum = 0
		switch {
		case digit[c] && s.can(RepairNumber) && s.retState != stAfterValue && s.retState != stKey && s.retState != stObjectFirst:
			s.st, s.num = stNumber, numDot
			s.numStart = s.dot
			return i, s.insertBefore(RepairNumber, s.dot, "0")
		case c == '.' && s.can(RepairEllipsis):
			s.st, s.dots = stEllipsis, 2
			return i + 1, None
		}
		if s.retState == stAfterValue || s.retState == stKey || s.retState == stObjectFirst {
			s.fail(off, c, "after '.'", "'..' (an ellipsis)")
		} else {
			s.fail(off, c, "after '.'", "a digit or '..' (an ellipsis)")
		}
		return i, Error

	case stEllipsis:
		if c != '.' {
			s.fail(off, c, "in '...'", "'.'")
			return i, Error
		}
		i++
		if s.dots++; s.dots < 3 {
			return i, None
		}
		end := base + int64(i)
		obj := s.stack.topIsObject()
		if (s.retState == stKey || (s.retState == stValue && !obj)) && s.commaRead() {
			s.st = stAfterValue
			return i, s.repairAt(RepairEllipsis, s.comma, int(end-s.comma.off), "")
		}
		s.st = s.retState
		return i, s.repairAt(RepairEllipsis, s.dot, 3, "")

	case stWord:
		return s.readWord(b, i)

	case stUnquotedKey:
		if i = keyEnd(b, i); i == len(b) {
			return i, None
		}
		off = base + int64(i)
		s.keyEnd = s.here(off)
		s.bareKeyEnd = off + 1
		s.st = stColon
		return i, s.continueAt(RepairUnquotedKey, s.keyEnd, 0, `"`)

	case stConcat:
		i = s.skipSpace(b, i, base)
		if i == len(b) {
			return i, None
		}
		c, off = b[i], base+int64(i)
		switch {
		case (c == '/' || c == '#') && s.repairs.Has(RepairComment):
			return s.openComment(b, i, off)
		case c == '"' || (c == '\'' && s.repairs.Has(RepairSingleQuote)):
			s.st, s.inKey, s.quote = stString, false, c
			s.oddFixed = false // the string's opening quote is no repair of its own
			if s.stack.depth > 0 {
				s.commit = s.prevCommit // a top-level string has no commit to undo
			}
			return i + 1, s.repairAt(RepairConcatenation, s.strQuote, int(off+1-s.strQuote.off), "")
		}
		s.fail(off, c, "after '+'", "a string")
		return i, Error

	case stTypoOpen, stWide:
		// A three-byte character that may be syntax, carried across chunks
		// so that a split anywhere gives the same result; the bytes of it
		// that are in b are read in one step.
		for s.u8n < 3 && i < len(b) {
			if b[i] == '\n' { // read as part of the character, still a line break
				s.newline(base + int64(i))
			}
			s.u8[s.u8n] = b[i]
			s.u8n++
			i++
		}
		if s.u8n < 3 {
			return i, None
		}
		if s.st == stWide {
			return i, s.endWide(base + int64(i))
		}
		return i, s.endTypographicOpen(base + int64(i))

	case stBlank, stTopStrEnd, stTopTail, stTopTailEmit, stTopComma:
		return s.contractState(b, i)

	case stRadix:
		return s.readRadix(b, i)

	case stKeyProbe:
		return s.readProbe(b, i)

	case stBareQuote:
		return i, s.bareValueQuote(c, false)

	case stTupleFirst:
		return s.readTupleFirst(b, i)

	case stRootClose:
		return s.readRootClose(b, i)

	case stFenceCut:
		return s.readFenceCut(b, i)

	case stInnerFence:
		return s.readInnerFence(b, i)

	case stWrapValue:
		return s.readWrappedValue(b, i)

	case stEscOut:
		return s.escapeOutside(c, off, i)

	case stBOM:
		if c != "\xEF\xBB\xBF"[s.bomN] {
			return i, s.bomIsProse()
		}
		s.bomN++
		i++
		if s.bomN < 3 {
			return i, None
		}
		s.st = stLineStart
		s.last.fill(RepairBOM, mark{0, 1, -1}, 3, "") // never queued
		return i, Repair
	}
	return i, None
}

// bomIsProse turns the start of a byte order mark that did not complete
// into prose.
func (s *Scanner) bomIsProse() Event {
	s.event(0, 1)
	s.last.Line, s.last.Column = 1, 1
	s.gapDirty = true
	s.st = stProse
	return Prose
}

// readVirtual reads the pending ASCII twin of full-width punctuation as if
// it stood at virtOff.
func (s *Scanner) readVirtual() Event {
	c := s.virt
	s.virt = 0
	saved := s.base
	s.base = s.virtOff
	s.virtBuf[0] = c
	queueOn := s.queueOn // the twin's own repair is returned, not queued
	s.queueOn = false
	n, ev := s.Next(s.virtBuf[:])
	s.queueOn = queueOn
	s.base = saved
	if n == 0 {
		s.virt = c // not read yet: an event came first
	}
	return ev
}

// commaRead reports whether the last comma was read after the last element
// of the innermost container (and not inserted by a missing-comma repair,
// which has no input byte to delete).
func (s *Scanner) commaRead() bool { return s.comma.off >= s.commit.off }

// beginDot starts reading a '.' at off where a number (.5) or an ellipsis
// (...) may follow.
func (s *Scanner) beginDot(off int64) Event {
	s.retState = s.st
	s.dot = s.here(off)
	s.st = stDot
	return None
}
