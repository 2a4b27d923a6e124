package scan

// Next consumes bytes of chunk until an event or the end of the chunk, and
// returns how many bytes it consumed and the event (None when it consumed the
// whole chunk without one). The caller passes chunk[n:] again to go on; any
// split of the input gives the same events at the same offsets.
func (s *Scanner) Next(b []byte) (n int, ev Event) {
	s.growQueue()
	s.nq = 0
	return s.next(b)
}

// next is Next once the queue is emptied: held bytes replayed go through
// it without losing what is queued.
func (s *Scanner) next(b []byte) (n int, ev Event) {
	if s.virt != 0 {
		if ev := s.readVirtual(); ev != None {
			return 0, ev
		}
	}
	if s.replayN != 0 {
		if ev := s.readReplay(); ev != None {
			return 0, ev
		}
	}
	i := 0
	base := s.base
	for i < len(b) {
		if s.st >= stValue && s.st <= stAfterValue {
			if s.wholeAt == base+int64(i)+1 {
				i = s.readWhole(b, i, base)
			}
			var ev Event
			if i, ev = s.structure(b, i, base); ev != None {
				return s.ret(b, i, ev)
			}
			if i == len(b) {
				break
			}
		}
		switch s.st {
		case stString:
			if s.quote != '"' {
				var ev Event
				if i, ev = s.oddString(b, i); ev != None {
					return s.ret(b, i, ev)
				}
				continue
			}
			if i = stringRun(b, i); i == len(b) {
				break
			}
			c := b[i]
			off := base + int64(i)
			switch {
			case c == '"':
				i++
				if s.strComma = 0; (i == len(b) || b[i] != ' ') && s.repairs.Has(RepairUnclosedString) {
					s.strComma = s.commaBefore(b, i-1, base)
				}
				if ev := s.closeString(off); ev != None {
					return s.ret(b, i, ev)
				}
			case c == '\\':
				s.escOff = off
				s.st = stEscape
				i++
			case c < 0x20:
				s.event(off, 1)
				if c == '\n' {
					s.newline(off)
				}
				i++
				return s.ret(b, i, ControlChar)
			default:
				r := checkUTF8(b[i:])
				switch {
				case r > 0:
					i += r
				case r == 0: // incomplete at the end of the chunk
					s.u8n = uint8(copy(s.u8[:], b[i:]))
					s.u8Off = off
					s.st = stUTF8
					i = len(b)
				default:
					s.event(off, -r)
					i += -r
					return s.ret(b, i, InvalidUTF8)
				}
			}

		case stEscape:
			switch c := b[i]; {
			case validEscape[c]:
				i++
				s.st = stString
			case c == 'u':
				i++
				s.hexLeft = 4
				s.st = stUnicode
			default:
				n, ev := s.badEscape(b[i], base+int64(i))
				if i += n; ev == None { // a repair went into the queue
					continue
				}
				return s.ret(b, i, ev)
			}

		case stUnicode:
			if !isHex(b[i]) {
				n, ev := s.badEscape(b[i], base+int64(i))
				if i += n; ev == None { // a repair went into the queue
					continue
				}
				return s.ret(b, i, ev)
			}
			i++
			s.hexLeft--
			if s.hexLeft == 0 {
				s.st = stString
			}

		case stUTF8:
			s.u8[s.u8n] = b[i]
			switch r := checkUTF8(s.u8[:s.u8n+1]); {
			case r == 0:
				s.u8n++
				i++
			case r > 0:
				s.u8n = 0
				i++
				s.st = stString
				if r == 3 && s.closesTypographic(s.u8[:3]) {
					s.closeStringN(s.u8Off, 3)
					if ev := s.continueAt(RepairTypographicQuote, s.here(s.u8Off), 3, `"`); ev != None {
						return s.ret(b, i, ev)
					}
					continue
				}
				if s.quote == 'u' {
					s.uqEnd = s.here(base + int64(i))
				}
			default: // the carried bytes are a maximal invalid subpart
				carried := int(s.u8n)
				s.u8n = 0
				s.st = stString
				if s.quote == 'u' {
					s.uqEnd = s.here(base + int64(i))
				}
				s.event(s.u8Off, carried)
				return s.ret(b, i, InvalidUTF8)
			}

		case stValue, stArrayFirst:
			if i = s.skipSpace(b, i, base); i == len(b) {
				break
			}
			c := b[i]
			off := base + int64(i)
			if c == ']' && s.st == stArrayFirst {
				i++
				if ev := s.closeContainer(off); ev != None {
					return s.ret(b, i, ev)
				}
				continue
			}
			// Fast paths: a whole string, number or literal in this chunk,
			// with no event inside, needs no state.
			switch {
			case c == '"':
				s.st, s.inKey, s.quote = stString, false, '"'
				if i = stringRun(b, i+1); i < len(b) && b[i] == '"' {
					i++
					s.closeQuote(b, i-1, base)
				}
				continue
			case c == '-' || digit[c]:
				if j := numberEnd(b, i); j >= 0 {
					i = j
					if ev := s.valueDone(base + int64(i)); ev != None {
						return s.ret(b, i, ev)
					}
					continue
				}
			case c == 't' || c == 'f' || c == 'n':
				if n := literalLen(b[i:]); n > 0 {
					i += n
					if ev := s.valueDone(base + int64(i)); ev != None {
						return s.ret(b, i, ev)
					}
					continue
				}
			}
			if !s.beginValue(c, off) {
				if s.st == stError {
					return s.ret(b, i, Error)
				}
				var ev Event
				if i, ev = s.repairValue(b, c, off, i); ev != None {
					return s.ret(b, i, ev)
				}
				continue
			}
			i++

		case stObjectFirst, stKey:
			if i = s.skipSpace(b, i, base); i == len(b) {
				break
			}
			c := b[i]
			off := base + int64(i)
			switch {
			case c == '"':
				// Fast path: a whole key in this chunk, with no event
				// inside, goes straight to the colon.
				s.st, s.inKey, s.quote = stString, true, '"'
				if i = stringRun(b, i+1); i < len(b) && b[i] == '"' {
					i++
					s.closeQuote(b, i-1, base)
				}
			case c == '}' && s.st == stObjectFirst:
				i++
				if ev := s.closeContainer(off); ev != None {
					return s.ret(b, i, ev)
				}
			default:
				var ev Event
				if i, ev = s.repairKey(b, c, off, i); ev != None {
					return s.ret(b, i, ev)
				}
			}

		case stColon:
			if i = s.skipSpace(b, i, base); i == len(b) {
				break
			}
			if b[i] != ':' {
				var ev Event
				if i, ev = s.repairColon(b, b[i], base+int64(i), i); ev != None {
					return s.ret(b, i, ev)
				}
				continue
			}
			i++
			s.st = stValue

		case stAfterValue:
			if i = s.skipSpace(b, i, base); i == len(b) {
				break
			}
			c := b[i]
			off := base + int64(i)
			obj := s.stack.topIsObject()
			switch {
			case c == ',':
				s.comma = s.here(off)
				i++
				if obj {
					s.st = stKey
				} else {
					s.st = stValue
				}
			case (c == '}' && obj) || (c == ']' && !obj):
				i++
				if ev := s.closeContainer(off); ev != None {
					return s.ret(b, i, ev)
				}
			default:
				var ev Event
				if i, ev = s.repairAfterValue(b, c, off, i); ev != None {
					return s.ret(b, i, ev)
				}
			}

		case stNumber:
			var status int
			i, status = s.scanNumber(b, i)
			if status == numMore {
				break
			}
			off := base + int64(i)
			c := b[i]
			if s.tentative {
				if status == numEnded && space[c] {
					s.endOff, s.st = off, stScalarTail
					continue
				}
				return s.ret(b, i, s.abandon())
			}
			if (status == numEnded && gluedToNumber(c) || status == numBad && s.num != numSep && s.num != numMinus && isIdent(c)) &&
				!s.numQuoted && s.numStart.off != s.dot.off { // not .5, whose "0" is inserted where its quote would go
				var ev Event
				var ok bool
				if i, ev, ok = s.glued(c, off, i, s.numStart.off, s.num, s.num == numZero, false); ok {
					if ev != None {
						return s.ret(b, i, ev)
					}
					continue
				}
			}
			if status != numEnded {
				ev := s.repairNumber(c, off, status)
				if ev == Error {
					return s.ret(b, i, Error)
				}
				if ev != None {
					return s.ret(b, i, ev)
				}
				continue
			}
			s.numEndSlow = off + 1 // glued() had its say: gluedAfterFastNumber must not
			if s.numQuoted && gluedToNumber(c) && s.can(RepairUnquotedValue) {
				// 007abc: the string the leading zeros opened goes on as
				// an unquoted value, its closing quote part of the same fix.
				s.numQuoted = false
				s.st, s.inKey, s.quote = stString, false, 'u'
				s.uqBraces, s.uqBrackets = 0, 0
				s.uqEnd, s.oddFixed = s.here(off), true
				continue
			}
			if s.numQuoted {
				if ev := s.endQuotedNumber(off); ev != None { // a Repair not queued
					return s.ret(b, i, ev)
				}
				continue
			}
			if ev := s.valueDone(off); ev != None {
				return s.ret(b, i, ev)
			}

		case stLiteral:
			for i < len(b) && int(s.litPos) < len(s.lit) {
				if b[i] != s.lit[s.litPos] {
					if s.tentative {
						return s.ret(b, i, s.abandon())
					}
					if s.wordsAllowed() {
						s.beginWord(base+int64(i)-int64(s.litPos), s.lit[:s.litPos])
						break
					}
					s.fail(base+int64(i), b[i], "in the literal "+s.lit, quoteByte(s.lit[s.litPos]))
					return s.ret(b, i, Error)
				}
				s.litPos++
				i++
			}
			if s.st == stLiteral && int(s.litPos) == len(s.lit) {
				if s.tentative {
					s.st = stLiteralEnd
				} else if ev := s.valueDone(base + int64(i)); ev != None {
					return s.ret(b, i, ev)
				}
			}

		case stLiteralEnd:
			if space[b[i]] {
				s.endOff, s.st = base+int64(i), stScalarTail
				continue
			}
			return s.ret(b, i, s.abandon())

		case stScalarTail:
			switch b[i] {
			case ' ', '\t', '\r':
				i++
			case '\n':
				return s.ret(b, i, s.confirm(s.endOff))
			default:
				return s.ret(b, i, s.abandon())
			}

		case stTopEnd, stLineStart, stMidLine, stProse, stFenceMarker, stFenceInfo:
			var ev Event
			if i, ev = s.nextOutside(b, i); ev != None {
				return s.ret(b, i, ev)
			}

		case stStrClose, stSlash, stLineComment, stBlockComment, stDot, stEllipsis,
			stWord, stUnquotedKey, stConcat, stBOM, stTypoOpen, stWide, stBlank,
			stTopStrEnd, stTopTail, stTopTailEmit, stTopComma, stRadix, stKeyProbe, stBareQuote, stTupleFirst, stRootClose, stFenceCut,
			stInnerFence, stWrapValue, stEscOut:
			var ev Event
			if i, ev = s.nextRepairState(b, i); ev != None {
				return s.ret(b, i, ev)
			}
			if s.replayN != 0 { // what was held is no blank: read it again first
				if ev = s.readReplay(); ev != None {
					return s.ret(b, i, ev)
				}
			}

		case stError:
			return s.ret(b, i, Error)
		}
	}
	if s.st == stString && s.repairs.Has(RepairUnclosedString) {
		s.noteTail(b) // the next chunk may begin at a quote in this string
	}
	return s.ret(b, i, None)
}

// nextOutside runs one step of the states outside top-level values (the
// end of a value, line starts, the rest of a line, prose, fence markers
// and their info strings) from b[i], with i < len(b): rarer than the
// states inside values, they are kept out of Next's loop. It returns the
// index to read on from and the event, None when there is none yet.
func (s *Scanner) nextOutside(b []byte, i int) (int, Event) {
	base := s.base
	switch s.st {
	case stTopEnd:
		s.event(s.endOff, 0)
		s.st = stMidLine
		s.gapDirty = false
		return i, ValueEnd

	case stLineStart:
		c := b[i]
		off := base + int64(i)
		switch c {
		case ' ', '\t', '\r':
			i++
		case '\n':
			s.newline(off)
			i++
		case '`', '~':
			s.fenceChar, s.fenceCount, s.fenceStart = c, 1, off
			s.st = stFenceMarker
			i++
		case 0xEF:
			if off == 0 && s.repairs.Has(RepairBOM) {
				s.st, s.bomN = stBOM, 1
				return i + 1, None
			}
			i++
			if ev := s.outside(c, off, true); ev != None {
				return i, ev
			}
		default:
			i++
			if ev := s.outside(c, off, true); ev != None {
				return i, ev
			}
		}

	case stMidLine:
		c := b[i]
		off := base + int64(i)
		switch c {
		case ' ', '\t', '\r':
			i++
		case '\n':
			s.newline(off)
			s.st = stLineStart
			s.afterTopValue = false
			i++
		case '`', '~':
			if s.inFence {
				// A fence closed on the line of its value: ```json {...} ```
				s.fenceChar, s.fenceCount, s.fenceStart = c, 1, off
				s.st = stFenceMarker
				return i + 1, None
			}
			i++
			if ev := s.outside(c, off, false); ev != None {
				return i, ev
			}
		default:
			i++
			if ev := s.outside(c, off, false); ev != None {
				return i, ev
			}
		}

	case stProse:
		if s.colonWatch != colonOff {
			return s.watchProse(b, i)
		}
		for i < len(b) {
			c := b[i]
			off := base + int64(i)
			i++
			if c == '\n' {
				s.newline(off)
				s.st = stLineStart
				break
			}
			if (c == '{' || c == '[') && s.containersAllowed() {
				return i, s.startContainer(c, off)
			}
		}

	case stFenceMarker:
		c := b[i]
		if c == s.fenceChar {
			s.fenceCount++
			return i + 1, None
		}
		return i, s.endFenceMarker()

	case stFenceInfo:
		for i < len(b) {
			c := b[i]
			i++
			if c == '\n' {
				s.newline(base + int64(i-1))
				s.st = stLineStart
				break
			}
			if !s.fenceTag {
				continue
			}
			if (c == '{' || c == '[') && s.inFence {
				// The value on the opening fence's own line:
				// ```json {...} ``` or ```{...}```.
				return i, s.startContainer(c, base+int64(i-1))
			}
			s.fenceTag = s.fenceTagByte(c)
		}
	}
	return i, None
}
