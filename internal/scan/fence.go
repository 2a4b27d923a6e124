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
	s.st = s.ifRet
	return s.repairAt(RepairInnerFence, s.ifStart, int(end-s.ifStart.off), "")
}
