package scan

// structure is the fast path between tokens inside a container. From the
// state s.st (stValue, stArrayFirst, stObjectFirst, stKey, stColon or
// stAfterValue), it reads whole keys, colons, scalar values, commas,
// openers and closers that lie in b and need no event, going from one to
// the next by direct jumps instead of a round trip through Next's state
// switch. A byte the strict grammar rejects where it stands goes straight
// to the repair function Next would give it (repairValue, repairKey,
// repairColon, repairAfterValue; a single quote, a bare key and a bare
// word straight to the reader those would call), whose event structure
// returns; when the function put its repair straight into the queue (see
// report) and read past the byte, structure reads on from the state it
// left. The repairs come every few bytes in broken input, and the detour
// through Next's switch cost more than the repair. Otherwise it stops,
// with s.st set to the state it is in and no event, at the first byte it
// does not handle: the end of b, a byte inside a string that needs an
// event (or the end of b inside a string), a closing quote the
// inner-quote repair must look past (closeQuote), a number or literal cut
// by the end of b, a closer it cannot match at once (the top-level
// value's, or a mismatched one), or the depth cap. Next then reads that
// byte the careful way, so events, repairs, errors and offsets are
// unchanged. Arrays of numbers go through numbersRun, which reads them
// with less bookkeeping per element.
//
// Its labels, in order: dispatch (jump to the label of s.st), arrayFirstRun
// and arrayFirst (after '['), value and valueByte (where a value begins),
// done (a value inside a container ended), after (after a value: ',', a
// closer, or a repair), resume (numbersRun stopped), comma, opener,
// closer, objectFirst (after '{'), key and keyByte (where a key begins),
// colon.
func (s *Scanner) structure(b []byte, i int, base int64) (int, Event) {
	var c byte
	var j, at, nq int
	var ev Event
dispatch:
	switch s.st {
	case stValue:
		goto value
	case stArrayFirst:
		goto arrayFirst
	case stObjectFirst:
		goto objectFirst
	case stKey:
		goto key
	case stColon:
		goto colon
	case stAfterValue:
		goto after
	}
	return i, None

arrayFirstRun: // after a '[' structure read
	if len(b)-i >= 32 && (b[i] == '[' || b[i] == '-' || digit[b[i]]) {
		i, at = s.numbersRun(b, i, base, atArrayFirst)
		goto resume
	}
arrayFirst:
	s.st = stArrayFirst
	if i = s.skipSpace(b, i, base); i == len(b) {
		return i, None
	}
	if c = b[i]; c == ']' {
		goto closer
	}
	goto valueByte

value:
	s.st = stValue
	if oneSpace(b, i) {
		i++
	} else if i = s.skipSpace(b, i, base); i == len(b) {
		return i, None
	}
valueByte:
	c = b[i]
	if c == 0xEF && s.stack.depth < s.maxDepth {
		if c = s.wideTwinAt(b, i); c == '{' || c == '[' {
			i = s.queueWide(i, base, c)
			goto opener
		}
		c = b[i]
	}
	switch {
	case c == '"':
		s.inKey, s.quote = false, '"'
		if j = quoteInWord(b, i+1); j < 0 {
			if j = stringRun(b, i+1); j == len(b) || b[j] != '"' {
				s.st = stString // the careful path goes on from j
				return j, None
			}
		}
		if i = j + 1; i < len(b) && (b[i] == ',' || b[i] == '}' || b[i] == ']' || b[i] == 0xEF && s.repairs.Has(RepairFullWidth)) {
			// What closeQuote and stringDone would do, here: the byte
			// after the quote closes the string at once (a byte that may
			// begin full-width punctuation does too, with its repair on).
			s.quoteSeen(base + int64(j))
			s.prevCommit = s.commit
			s.setCommit(base + int64(i))
			s.lastWasString = true
			goto after
		}
		if !s.closeQuote(b, j, base) {
			return i, None
		}
		goto after
	case c == '-' || digit[c]:
		// numberEnd, its first step written out.
		if len(b)-i >= 32 {
			if j = numberLen32((*[32]byte)(b[i:])); j > 0 {
				i += j
				break
			}
		}
		if j = numberEndCareful(b, i); j < 0 {
			return i, None
		}
		i = j
	case c == 't' || c == 'f' || c == 'n':
		if j = literalLen(b[i:]); j == 0 {
			return i, None
		}
		i += j
	case c == '{' || c == '[':
		goto opener
	// The commonest repairs of a value, as repairValue makes them, without
	// its earlier cases (none of which takes these bytes).
	case c == '\'' && s.repairs.Has(RepairSingleQuote):
		if i, ev = s.openSingle(b, i, base+int64(i), false); ev != None || i == len(b) {
			return i, ev
		}
		goto dispatch
	case isIdentStart(c) && s.wordsAllowed():
		s.beginWord(base+int64(i), "")
		if i, ev = s.readWord(b, i); ev != None || i == len(b) {
			return i, ev
		}
		goto dispatch
	default:
		j, nq = i, s.nq
		if i, ev = s.repairValue(b, c, base+int64(i), i); ev != None || i == j && s.nq == nq || i == len(b) {
			return i, ev
		}
		goto dispatch // a repair went into the queue
	}

done: // a value inside a container (depth >= 1) ended just before b[i]
	s.prevCommit = s.commit
	s.setCommit(base + int64(i))
	s.lastWasString = false
after:
	s.st = stAfterValue
	if i = s.skipSpace(b, i, base); i == len(b) {
		return i, None
	}
	switch c = b[i]; c {
	case ',':
		goto comma
	case '}', ']':
		goto closer
	case 0xEF:
		switch c = s.wideTwinAt(b, i); {
		case c == ',':
			i = s.queueWide(i, base, c)
			goto comma
		case (c == '}' || c == ']') && s.closesHere(c):
			i = s.queueWide(i, base, c)
			goto closer
		}
	}
	j, nq = i, s.nq
	if i, ev = s.repairAfterValue(b, b[i], base+int64(i), i); ev != None || i == j && s.nq == nq || i == len(b) {
		return i, ev
	}
	goto dispatch // a repair went into the queue

resume: // numbersRun stopped at b[i]
	switch at {
	case atAfterValue:
		goto after
	case atArrayFirst:
		goto arrayFirst
	}
	goto value

comma: // b[i], or the full-width twin that ends there, is ',' after a value
	s.comma = s.here(base + int64(i))
	i++
	if s.stack.topIsObject() {
		goto key
	}
	goto value

opener: // c, b[i] or the full-width twin that ends there, is '{' or '['
	if s.stack.depth >= s.maxDepth {
		return i, None
	}
	s.stack.push(c == '{')
	i++
	s.setCommit(base + int64(i))
	if c == '{' {
		goto objectFirst
	}
	goto arrayFirstRun

closer: // c, b[i] or the full-width twin that ends there, is '}' or ']'
	if !s.closesHere(c) {
		return i, None
	}
	s.stack.pop()
	i++
	if s.stack.depth == s.tupleWatch {
		s.tupleElementEnded(base + int64(i))
	}
	goto done

objectFirst:
	s.st = stObjectFirst
	if i = s.skipSpace(b, i, base); i == len(b) {
		return i, None
	}
	if c = b[i]; c == '}' {
		goto closer
	}
	goto keyByte

key:
	s.st = stKey
	if oneSpace(b, i) {
		i++
	} else if i = s.skipSpace(b, i, base); i == len(b) {
		return i, None
	}
keyByte:
	// The commonest repairs of a key, as repairKey makes them, without its
	// earlier cases (none of which takes these bytes).
	if c = b[i]; c == '\'' && s.repairs.Has(RepairSingleQuote) {
		if i, ev = s.openSingle(b, i, base+int64(i), true); ev != None || i == len(b) {
			return i, ev
		}
		goto dispatch
	} else if isIdent(c) && s.repairs.Has(RepairUnquotedKey) {
		if i, ev = s.openUnquotedKey(b, i, base+int64(i)); ev != None || i == len(b) {
			return i, ev
		}
		goto dispatch
	}
	if b[i] != '"' {
		j, nq = i, s.nq
		if i, ev = s.repairKey(b, b[i], base+int64(i), i); ev != None || i == j && s.nq == nq || i == len(b) {
			return i, ev
		}
		goto dispatch // a repair went into the queue
	}
	s.inKey, s.quote = true, '"'
	if j = quoteInWord(b, i+1); j < 0 {
		if j = stringRun(b, i+1); j == len(b) || b[j] != '"' {
			s.st = stString // the careful path goes on from j
			return j, None
		}
	}
	if i = j + 1; i < len(b) && (b[i] == ':' || b[i] == 0xEF && s.wideTwinAt(b, i) == ':') {
		// What closeQuote and stringDone would do, here: the colon, or
		// its full-width twin, closes the key at once.
		s.quoteSeen(base + int64(j))
		s.keyEnd = s.here(base + int64(i))
		if b[i] == 0xEF {
			i = s.queueWide(i, base, ':') // b[i] stands for ':'
		}
		i++
		goto value
	}
	if !s.closeQuote(b, j, base) {
		return i, None
	}
colon:
	s.st = stColon
	if i = s.skipSpace(b, i, base); i == len(b) {
		return i, None
	}
	if b[i] == 0xEF && s.wideTwinAt(b, i) == ':' {
		i = s.queueWide(i, base, ':') // b[i] stands for ':'
	} else if b[i] != ':' {
		j, nq = i, s.nq
		if i, ev = s.repairColon(b, b[i], base+int64(i), i); ev != None || i == j && s.nq == nq || i == len(b) {
			return i, ev
		}
		goto dispatch // a repair went into the queue
	}
	i++
	goto value
}

// closeQuote closes the string whose closing '"' is b[j] (inside a
// container) as closeString does, and reports true when that settled it:
// without the inner-quote repair at once, with it when the byte after the
// quote is in b and shows at once that the quote closes the string (what
// stStrClose would decide on reading it). Otherwise it leaves the scanner in
// stStrClose, as closeString does, and reports false.
func (s *Scanner) closeQuote(b []byte, j int, base int64) bool {
	off := base + int64(j)
	s.quoteSeen(off) // with repairs off too: readWhole keeps the last one
	if s.repairs != 0 {
		if s.repairs.Has(RepairInnerQuote) {
			if j+1 == len(b) || !closesAtOnce(b[j+1]) && (b[j+1] == ' ' || s.reopens(b[j+1])) {
				s.st, s.strComma = stStrClose, 0
				if j+1 == len(b) || b[j+1] != ' ' { // after a space no probe is made
					s.strComma = s.commaBefore(b, j, base) // for RepairUnclosedString
				}
				return false
			}
		}
	}
	s.stringDone(off + 1)
	return true
}

// quoteSeen records the '"' at off that may close the current string, for
// the repairs that look back at it (inner quotes, concatenation, the end
// of input), with no spaces read after it yet.
func (s *Scanner) quoteSeen(off int64) {
	s.strQuote, s.strQuoteLen, s.closeSpaces = s.here(off), 1, 0
}

// oneSpace reports whether b[i] is the usual gap between tokens (after
// ':' and ',', before a comment): one space, then a byte that is not
// whitespace, which the structure fast path and skipSpaceRun step over
// without a loop.
func oneSpace(b []byte, i int) bool {
	return i+1 < len(b) && b[i] == ' ' && !space[b[i+1]]
}

// closesHere reports whether closer c ends the innermost container where
// the structure fast path may close it: it matches, and it is not the
// top-level value's (whose end is an event).
func (s *Scanner) closesHere(c byte) bool {
	return (c == '}') == s.stack.topIsObject() && s.stack.depth > 1
}

// wideTwinAt returns the ASCII twin of the full-width punctuation that
// begins at b[i] when its three bytes are in b, the repair is on and the
// queue has room for it; otherwise 0. The structure fast path reads the
// commas, colons, openers and matching closers of an answer written in
// full width as their twins, by the same code as the ASCII ones, as
// placeTwin would, without a trip through the repair functions: they come
// every few bytes there.
func (s *Scanner) wideTwinAt(b []byte, i int) byte {
	if i+3 > len(b) || !s.repairs.Has(RepairFullWidth) || !s.queueable() {
		return 0
	}
	return wideTwin(b[i : i+3])
}

// queueWide queues the repair that replaces the full-width punctuation at
// b[i] with its ASCII twin c, as openWide does, and returns the index of
// the character's last byte, where the twin is read (see placeTwin). It
// follows the wideTwinAt that found c and room in the queue for it.
func (s *Scanner) queueWide(i int, base int64, c byte) int {
	r := &s.queue[s.nq] // as queueNext, written out to keep queueWide inlined
	s.nq++
	r.fill(RepairFullWidth, s.here(base+int64(i)), 3, wideTwins[c])
	return i + 2
}
