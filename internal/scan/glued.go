package scan

import "strconv"

// A number inside a container with letters or punctuation glued to it
// (2024-10-18T18:35:22Z, 57eeeeb1-450b-..., 1notanumber, 12:20) is not a
// number: with RepairUnquotedValue it is read as an unquoted string, and a
// hexadecimal, octal or binary literal (0x10, 0o17, 0b101) or digits
// grouped with underscores (1_000) become the number they spell
// (RepairNumber). Without those repairs it stays the error it was; a comma
// is never inserted inside such a token.

// radixState reads a hexadecimal, octal or binary literal (state stRadix).
type radixState struct {
	base   uint64 // 16, 8 or 2
	val    uint64
	digits int  // digits read so far
	big    bool // the value does not fit in 64 bits
	neg    bool // -0x10
}

// gluedToNumber reports whether byte c, right after a number with nothing
// between them, makes the number part of a longer token: a letter, a
// digit, '_', '$', '-' or ':'.
func gluedToNumber(c byte) bool { return isIdent(c) || c == '-' || c == ':' }

// numberStart returns the index in b where the JSON number that ends just
// before b[i] begins, looking back no further than lo (the end of the value
// before it), or -1 when no number ends there. It reads the number's
// grammar backwards, so that what stands before the number (the dots of an
// ellipsis, say) is left out, in time linear in the number's length.
func numberStart(b []byte, i int, lo int) int {
	lo = max(lo, 0)
	digitsBack := func(k int) int {
		for k > lo && digit[b[k-1]] {
			k--
		}
		return k
	}
	k := digitsBack(i)
	if k == i {
		return -1
	}
	// An exponent: [eE][+-]? before the last digits, digits before it.
	if e := k; e > lo && (b[e-1] == '+' || b[e-1] == '-') && e-1 > lo && (b[e-2] == 'e' || b[e-2] == 'E') {
		if m := digitsBack(e - 2); m < e-2 {
			k = m
		}
	} else if e > lo && (b[e-1] == 'e' || b[e-1] == 'E') {
		if m := digitsBack(e - 1); m < e-1 {
			k = m
		}
	}
	// A fraction: '.' with digits before it.
	if k > lo && b[k-1] == '.' {
		if m := digitsBack(k - 1); m < k-1 {
			k = m
		}
	}
	if k > lo && b[k-1] == '-' {
		k--
	}
	if numberEndCareful(b, k) != i {
		return -1
	}
	return k
}

// numStateOf returns where a complete number spelled p stands: in its
// integer, fraction or exponent digits.
func numStateOf(p []byte) numState {
	st := numInt
	for _, c := range p {
		switch c {
		case '.':
			st = numFrac
		case 'e', 'E':
			return numExpDigits
		}
	}
	return st
}

// gluedAfterFastNumber handles byte c at off, b[i], right after a number
// the structure fast path read whole (it ended at off, and the value is
// done). It returns ok false when the repairs do not apply.
func (s *Scanner) gluedAfterFastNumber(b []byte, c byte, off int64, i int) (int, Event, bool) {
	lo := int(s.prevCommit.off - s.base)
	k := numberStart(b, i, max(lo, 0))
	if k < 0 {
		return i, None, false
	}
	start := s.base + int64(k)
	zero := string(b[k:i]) == "0" || string(b[k:i]) == "-0"
	return s.glued(c, off, i, start, numStateOf(b[k:i]), zero, true)
}

// glued turns the number from start, ended by c at off (b[i]), into a
// longer token: see gluedToNumber. num is where the number stands and zero
// whether it is 0 or -0; done says the number was already reported done
// (its commit is undone).
func (s *Scanner) glued(c byte, off int64, i int, start int64, num numState, zero bool, done bool) (int, Event, bool) {
	radix := uint64(0)
	switch c | 0x20 {
	case 'x':
		radix = 16
	case 'o':
		radix = 8
	case 'b':
		radix = 2
	}
	switch {
	case zero && radix != 0 && s.can(RepairNumber):
		s.undoDone(done)
		s.st = stRadix
		s.radix = radixState{base: radix, neg: off-start == 2}
		s.numStart = s.here(start)
		return i + 1, None, true
	case c == '_' && !zero && (num == numInt || num == numFrac || num == numExpDigits) && s.can(RepairNumber):
		s.undoDone(done)
		s.st, s.num, s.numAfterSep = stNumber, numSep, num
		s.numStart = s.here(start)
		return i + 1, s.repairAt(RepairNumber, s.here(off), 1, ""), true
	case s.can(RepairUnquotedValue):
		s.undoDone(done)
		s.st, s.inKey, s.quote = stString, false, 'u'
		s.uqBraces, s.uqBrackets = 0, 0
		s.uqEnd = s.here(off)
		return i, s.openOdd(s.insertBefore(RepairUnquotedValue, s.here(start), `"`)), true
	}
	return i, None, false
}

// undoDone takes back the end of a value that turned out to go on.
func (s *Scanner) undoDone(done bool) {
	if done {
		s.commit = s.prevCommit
	}
}

// digitValue returns the value of c as a digit in any base up to 16, or 16.
func digitValue(c byte) uint64 {
	switch {
	case digit[c]:
		return uint64(c - '0')
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return uint64(c|0x20-'a') + 10
	}
	return 16
}

// readRadix reads the digits of a hexadecimal, octal or binary literal
// from b[i] (state stRadix) and, at the byte that ends it, replaces the
// literal with its decimal value. A literal with no digit, one too large
// for 64 bits or one followed by anything but a delimiter is an error.
func (s *Scanner) readRadix(b []byte, i int) (int, Event) {
	r := &s.radix
	for ; i < len(b); i++ {
		c := b[i]
		d := digitValue(c)
		if d >= r.base {
			if c == '_' && r.digits > 0 {
				continue
			}
			break
		}
		if r.val > (1<<64-1-d)/r.base {
			r.big = true
		}
		r.val = r.val*r.base + d
		r.digits++
	}
	if i == len(b) {
		return i, None
	}
	c, off := b[i], s.base+int64(i)
	if r.digits == 0 || r.big || !endsNumber(c) {
		s.fail(off, c, "in a hexadecimal, octal or binary number", "a digit (or a number that fits in 64 bits)")
		return i, Error
	}
	repl := strconv.FormatUint(r.val, 10)
	if r.neg && r.val != 0 {
		repl = "-" + repl
	}
	m := s.numStart
	s.valueDone(off)
	return i, s.repairAt(RepairNumber, m, int(off-m.off), repl)
}

// endsNumber reports whether c may follow a number inside a container.
func endsNumber(c byte) bool {
	return space[c] || c == ',' || c == '}' || c == ']' || c == '/' || c == '#'
}

// slashAfterNumber handles a '/' or '.' at off, b[i], right after a
// number that ended there: followed by a digit (1/3, 12345/67890, 0.0.1,
// 2e3.4) the number and what follows are an unquoted value; followed by
// anything else it begins a comment or an ellipsis, as after any value.
// When the byte after it is not in b, the number's start is kept for
// stSlash or stDot to decide (see fraction).
func (s *Scanner) slashAfterNumber(b []byte, off int64, i int) (int, Event, bool) {
	start := int64(-1)
	switch {
	case s.quotedEnd == off+1: // 00.5: quoted for its leading zeros already
	case s.numEndSlow == off+1:
		if s.numStart.off != s.dot.off { // not .5, whose "0" goes where the quote would
			start = s.numStart.off
		}
	case i > 0 && digit[b[i-1]]:
		if k := numberStart(b, i, max(int(s.prevCommit.off-s.base), 0)); k >= 0 {
			start = s.base + int64(k)
		}
	}
	if start < 0 {
		return i, None, false
	}
	if i+1 == len(b) {
		s.slashNum = start + 1
		return i, None, false
	}
	if !digit[b[i+1]] {
		return i, None, false
	}
	return i, s.fraction(start, off), true
}

// fraction turns the number from start, followed by '/' or '.' and a
// digit, into an unquoted value that goes on at off (the '/' or '.', or
// the digit after it).
func (s *Scanner) fraction(start, off int64) Event {
	s.slashNum = 0
	s.commit = s.prevCommit
	s.st, s.inKey, s.quote = stString, false, 'u'
	s.uqBraces, s.uqBrackets = 0, 0
	s.uqEnd = s.here(off)
	return s.openOdd(s.insertBefore(RepairUnquotedValue, s.here(start), `"`))
}
