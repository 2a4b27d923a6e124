package scan

// A colon in the prose after a top-level value, on its line.
//
// `"score": 5` is a member whose braces the model left out: read as a
// string and prose, the value is "score" and ": 5" is dropped. So is
// `{"a": 1}: 2` (the object was a key), and `{"a": 1} total: 2` holds a
// member after the value. Prose that begins with a byte that may begin a
// value ("[1] 2", "{...}, 2") is already no certain drop
// (ProseLikeValue); a colon is one more place where a value begins, so
// the same test applies after it:
//
//   - the prose on a top-level value's line begins with ':' (after
//     blanks): the value was a member's name, whatever follows;
//   - a ':' further in that prose is followed, after blanks, by a byte
//     that may begin a value (mayBeginScalar, or '{' and '[' where they
//     begin no value: the text after a top-level string, or prose after
//     a fence).
//
// "Note: the fields above are required." stays certain prose: a word
// follows its colon, as a word begins "The answer is 42.". Prose on the
// lines after the value's is not watched, as for ProseLikeValue.
//
// The text after a top-level string is read to its line's end before its
// Prose event (toptail.go), so its colon is known then. Other prose is
// reported at its first byte, before the colon is read: with
// SetProseWatch on, the scanner watches the rest of the run on the
// value's line, and at the first byte that may begin a value after a
// colon it reports a second Prose event within the same run, at the
// colon, with ProseLikeValue true. The byte is then read on as prose.

// The steps of the watch for a colon and a value after it.
const (
	colonOff   uint8 = iota // not watching
	colonSeek               // watching for a ':'
	colonValue              // after a ':', over blanks
	colonFound              // a value-like byte followed a ':' (the top-level string's tail)
)

// SetProseWatch turns on or off (off after New, kept by Reset) the second
// Prose event of a run of prose on a top-level value's line that holds a
// ':' followed by a byte that may begin a value (see ProseLikeValue). A
// caller that reads every Prose event as the start of a run leaves it off.
func (s *Scanner) SetProseWatch(on bool) { s.proseWatch = on }

// proseAfterValue classifies prose that begins with byte c on the line a
// top-level value ended on; its Prose event is recorded already.
func (s *Scanner) proseAfterValue(c byte) {
	if mayBeginScalar(c) || c == ':' {
		s.proseLikeValue = true
	} else if s.proseWatch {
		s.colonWatch = colonSeek
	}
}

// mayBeginAfterColon reports whether c, the first non-blank byte after a
// ':' in prose, may begin a value there.
func mayBeginAfterColon(c byte) bool {
	return mayBeginScalar(c) || c == '{' || c == '['
}

// tailColonByte advances the watch over c, a byte of the text after a
// top-level string that is neither a quote nor a space.
func (s *Scanner) tailColonByte(c byte) {
	switch {
	case c == ':':
		if s.tailColon != colonFound {
			s.tailColon = colonValue
		}
	case s.tailColon != colonValue || c == '\t':
	case mayBeginAfterColon(c):
		s.tailColon = colonFound
	default:
		s.tailColon = colonSeek
	}
}

// watchProse reads prose on a top-level value's line, from b[i], while
// the watch is on: as the plain prose state does, and for a ':' and a
// byte after it that may begin a value.
func (s *Scanner) watchProse(b []byte, i int) (int, Event) {
	base := s.base
	for ; i < len(b); i++ {
		c := b[i]
		off := base + int64(i)
		switch {
		case c == '\n':
			s.colonWatch = colonOff
			s.newline(off)
			s.st = stLineStart
			return i + 1, None
		case (c == '{' || c == '[') && s.containersAllowed():
			s.colonWatch = colonOff
			return i + 1, s.startContainer(c, off)
		case c == ':':
			s.colonWatch, s.colonAt = colonValue, off
		case s.colonWatch != colonValue || c == ' ' || c == '\t' || c == '\r':
		case mayBeginAfterColon(c):
			s.colonWatch = colonOff
			s.event(s.colonAt, 1)
			s.proseLikeValue = true
			return i, Prose // c is read again, as prose
		default:
			s.colonWatch = colonSeek
		}
	}
	return i, None
}
