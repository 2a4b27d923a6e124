package scan

// Markdown fences inside a container ([```json {"a":1} ```], a fenced
// block a model put inside the brackets it was asked for): three or more
// backticks and an optional language tag where a value or a closer
// belongs are dropped. Backticks inside strings are content; outside
// containers fence lines are the scanner's own (see nextOutside).

// openInnerFence begins reading the fence whose first backtick is b[i],
// at off.
func (s *Scanner) openInnerFence(b []byte, i int, off int64) (int, Event) {
	s.ifStart = s.here(off)
	s.ifRet = s.st
	s.ifTicks, s.ifTag = 0, false
	s.st = stInnerFence
	return s.readInnerFence(b, i)
}

// readInnerFence reads the fence going on at b[i] (stInnerFence): its
// backticks, then its tag (letters, digits, '_', '$'). The byte after
// them ends it and is read again in the state the fence stands in.
func (s *Scanner) readInnerFence(b []byte, i int) (int, Event) {
	for !s.ifTag && i < len(b) && b[i] == '`' {
		if s.ifTicks < 255 {
			s.ifTicks++
		}
		i++
	}
	if i == len(b) {
		return i, None
	}
	if s.ifTicks < 3 {
		return i, s.endInnerFence(s.base + int64(i))
	}
	for i < len(b) && isIdent(b[i]) {
		s.ifTag = true
		i++
	}
	if i == len(b) {
		return i, None
	}
	return i, s.endInnerFence(s.base + int64(i))
}

// endInnerFence drops the fence read so far, which ends at end, and goes
// back to the state it stands in; fewer than three backticks are an
// error.
func (s *Scanner) endInnerFence(end int64) Event {
	if s.ifTicks < 3 {
		s.failAt(s.ifStart, '`', "where JSON syntax belongs", "JSON syntax (three backticks begin a markdown fence)")
		return Error
	}
	if s.ifRet == stObjectFirst {
		// {```json\n{"a":1}\n```}: a fenced block wrapped in braces (a
		// fence cannot stand where a key does). The brace goes with the
		// fence, and the fenced value is the top-level value, read as
		// inside a fenced block: the closing fence line ends it, the
		// brace after it with it. The value must be an object or an
		// array (see readWrappedValue).
		m := mark{s.valueStart, s.ifStart.line, s.ifStart.lineBreak} // on the fence's line
		s.stack.pop()
		s.st = stWrapValue
		s.fenceSeen, s.inFence = true, true
		return s.repairAt(RepairInnerFence, m, int(end-s.valueStart), "")
	}
	s.st = s.ifRet
	return s.repairAt(RepairInnerFence, s.ifStart, int(end-s.ifStart.off), "")
}

// readWrappedValue reads, from b[i], the blanks after a fence that a
// top-level '{' wraps, up to the value: an object or an array, read on
// as the top-level value (a scalar there would be a value with no
// container around it, which the states inside values do not read).
func (s *Scanner) readWrappedValue(b []byte, i int) (int, Event) {
	if i = s.skipSpace(b, i, s.base); i == len(b) {
		return i, None
	}
	if c := b[i]; c != '{' && c != '[' {
		s.fail(s.base+int64(i), c, "in a fenced block wrapped in braces", "an object or array")
		return i, Error
	}
	s.st = stValue
	return i, None
}

// wrapMayCome reports whether a fence that takes the top-level '{' (see
// endInnerFence) may still come, or is being read.
func (s *Scanner) wrapMayCome() bool {
	return s.stack.depth == 1 && s.lineBreak < s.valueStart &&
		(s.wrapClean && s.st == stObjectFirst || s.st == stInnerFence && s.ifRet == stObjectFirst)
}
