package scan

// End tells the scanner that the input is over. Call it repeatedly until it
// returns EOF: it may first report the events that only the end of input
// decides (a fence line or a top-level number ending at the last byte), then
// Truncated when a value is still open (see Truncation), or Error after a
// syntax error. End returns every Repair it finds (it never queues one).
func (s *Scanner) End() Event {
	queueOn := s.queueOn
	s.queueOn = false
	ev := s.end()
	s.queueOn = queueOn
	return ev
}

// end is End with queueing off.
func (s *Scanner) end() Event {
	if s.endedTruncated {
		return EOF
	}
	if s.virt != 0 {
		if ev := s.readVirtual(); ev != None {
			return ev
		}
	}
	if s.replayN != 0 {
		if ev := s.readReplay(); ev != None {
			return ev
		}
		return s.end()
	}
	off := s.base
	switch s.st {
	case stStrClose:
		if s.cutTicks > 0 {
			return s.endCloseFence()
		}
		if ev := s.stringDone(s.strQuote.off + 1); ev != None {
			return ev
		}
		return s.end()
	case stString:
		if s.quote == 'r' {
			return s.endRegex(off)
		}
	case stWrapValue:
		s.failAt(s.ifStart, '`', "in a fenced block wrapped in braces that holds no value", "an object or array")
		return Error
	case stInnerFence:
		if ev := s.endInnerFence(off); ev != Error {
			return ev
		}
		return Error
	case stKeyProbe:
		return s.probeFail() // never queued: End turns queueing off
	case stBareQuote:
		return s.bareValueQuote(0, true)
	case stTupleFirst:
		s.st = stArrayFirst
		return s.end()
	case stRootClose:
		return s.endRootClose()
	case stWord:
		if s.bareText() && s.can(RepairUnquotedValue) {
			// A bare word that no literal begins with, cut by the end:
			// a string cut by the end, closed as one.
			s.st, s.inKey, s.quote = stString, false, 'u'
			s.uqBraces, s.uqBrackets = 0, 0
			s.uqEnd = s.here(off)
			return s.openOdd(s.insertBefore(RepairUnquotedValue, s.wordStart, `"`))
		}
	case stLineComment, stBlockComment, stSlash:
		// A comment the input ended in is dropped all the same.
		s.st = s.retState
		return s.dropComment(off)
	case stBOM:
		return s.bomIsProse()
	case stTopStrEnd:
		return s.endTopString()
	case stTopTail:
		return s.endTail()
	case stTopTailEmit:
		return s.emitTail()
	case stTopComma:
		return s.topCommaIsProse(false)
	case stFenceMarker:
		return s.endFenceMarker()
	case stTopEnd:
		s.event(s.endOff, 0)
		s.st = stMidLine
		s.gapDirty = false
		return ValueEnd
	case stLiteralEnd:
		return s.confirm(off)
	case stScalarTail:
		return s.confirm(s.endOff)
	case stNumber:
		if s.tentative && s.num.complete() {
			return s.confirm(off)
		}
		return s.truncated(off)
	case stError:
		s.st = stEnded
		return Error
	case stLineStart, stMidLine, stProse, stFenceInfo, stEnded:
		s.st = stEnded
		return EOF
	}
	return s.truncated(off)
}

// truncated reports an open value at the end of input. The state is kept
// for Truncation; the next End returns EOF.
func (s *Scanner) truncated(off int64) Event {
	s.event(off, 0)
	s.endedTruncated = true
	return Truncated
}
