package scan

// A top-level object closed too early.
//
// `{"key": "value"}, "key2": "value2"}` is an object whose '}' came one
// member too soon: the comma and a quoted key with its colon after the
// closer, on the closer's line, show that the object goes on. The closer
// is then dropped (RepairMismatchedBracket, a guess) and the members read
// on in the object.
//
// The closer is held, not reported as the value's end, while what follows
// it on its line may still reopen the object (stRootClose), with no byte
// kept: blanks, a comma, blanks, a key of printable ASCII with no escape,
// blanks, then the colon that decides (or a quote: the value's, the
// colon missing too, `"key2" "value2"`). Anything else before the comma
// (a line break among them) ends the value at its closer as before; after
// the comma, anything but a quote makes the comma prose, as after any
// top-level value (see topValueComma); a key that is no such key, or no
// colon after it, is refused as before (two readings). The repair never
// reaches past a line break: `{"a":1}` on one line and `, "b":2}` on the
// next stay two records. `{"a":1}, {"b":2}` and `{"a":1}, []` are two
// values, decided as ever by Values.

// The steps of stRootClose.
const (
	rootAfterCloser uint8 = iota // blanks after the '}'
	rootAfterComma               // blanks after the ','
	rootKey                      // inside the quoted key
	rootAfterKey                 // blanks after the key's closing quote
)

// holdRootCloser is called by valueDone when the top-level container
// has closed, its closer ending at end, from stAfterValue: when the
// container is an object with members and the repair is on, the closer is
// held (stRootClose) and holdRootCloser reports true.
func (s *Scanner) holdRootCloser(end int64) bool {
	if !s.stack.isObject(0) || !s.repairs.Has(RepairMismatchedBracket) || s.commit.off <= s.valueStart+1 || s.tentative {
		return false
	}
	s.rootCloser = s.here(end - 1)
	s.endOff = end
	s.rootStep = rootAfterCloser
	s.st = stRootClose
	return true
}

// readRootClose reads b[i:] after a held top-level closer.
func (s *Scanner) readRootClose(b []byte, i int) (int, Event) {
	for ; i < len(b); i++ {
		c := b[i]
		switch s.rootStep {
		case rootAfterCloser:
			switch c {
			case ' ', '\t', '\r':
				continue
			case ',':
				s.topComma = s.here(s.base + int64(i))
				s.rootStep = rootAfterComma
				continue
			}
			return i, s.releaseRoot()
		case rootAfterComma:
			switch c {
			case ' ', '\t', '\r':
				continue
			case '"':
				s.rootStep = rootKey
				continue
			}
			return i, s.releaseRootComma()
		case rootKey:
			switch {
			case c == '"':
				s.rootKeyEnd = s.here(s.base + int64(i) + 1)
				s.rootStep = rootAfterKey
				continue
			case c >= 0x20 && c < 0x7F && c != '\\':
				continue
			}
			return i, s.rootNotReopened()
		default: // rootAfterKey
			switch c {
			case ' ', '\t', '\r':
				continue
			case ':':
				return i + 1, s.reopenRoot(stValue)
			case '"':
				if s.repairs.Has(RepairMissingColon) {
					// "key2" "value2": the colon is missing too; the
					// quote is read again where the colon belongs.
					return i, s.reopenRoot(stColon)
				}
			}
			return i, s.rootNotReopened()
		}
	}
	return i, None
}

// endRootClose is End in stRootClose.
func (s *Scanner) endRootClose() Event {
	switch s.rootStep {
	case rootAfterCloser:
		return s.releaseRoot()
	case rootAfterComma:
		return s.releaseRootComma()
	}
	return s.rootNotReopened()
}

// releaseRoot ends the top-level value at its held closer.
func (s *Scanner) releaseRoot() Event {
	s.st = stMidLine // not stAfterValue: valueDone holds nothing
	return s.valueDone(s.endOff)
}

// releaseRootComma ends the top-level value at its held closer; the comma
// after it is read as after any top-level value (stTopComma).
func (s *Scanner) releaseRootComma() Event {
	ev := s.releaseRoot()
	s.afterTopValue = false
	s.st = stTopComma
	return ev
}

// rootNotReopened refuses a quote after the comma that is not the key
// that would reopen the object, as topValueComma does.
func (s *Scanner) rootNotReopened() Event {
	s.fail(s.topComma.off, ',', "after a top-level value, on its line",
		"no member after it (the value may have been closed too early)")
	return Error
}

// reopenRoot drops the held closer and reads on in the object, in state
// st: after its next key's colon (stValue), or where the colon belongs
// (stColon).
func (s *Scanner) reopenRoot(st state) Event {
	s.stack.push(true)
	s.comma = s.topComma
	s.keyEnd = s.rootKeyEnd
	s.inKey, s.lastWasString = false, false
	s.st = st
	return s.repairAt(RepairMismatchedBracket, s.rootCloser, 1, "")
}
