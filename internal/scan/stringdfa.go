package scan

// The inside of a string is read by a small deterministic automaton whose
// states are the reading positions that matter there: between characters
// (dfaText), after a backslash (dfaEscape), inside a UTF-8 sequence (how
// many continuation bytes are still due, and the narrower range of the
// second byte after E0, ED, F0 and F4), and dfaStop, which nothing leaves.
// A byte is one table load and one shift, with no branch: the state is a
// bit offset, and strDFA[c] holds, at offset s, the state that follows s on
// reading c (the "shift-based DFA"). Only the low six bits of the running
// value matter (a shift count is taken modulo 64), so the value needs no
// masking between steps.
//
// The automaton accepts exactly what the careful path in stringRun accepts
// without stopping, except \uXXXX escapes, which send it to dfaStop (they
// are rare; the careful path reads them). dfaStop thus marks anything that
// needs the careful path: the closing quote, a control byte, an escape
// other than a one-letter one, invalid UTF-8.
const (
	dfaText   = 0 * 6
	dfaEscape = 1 * 6
	dfaCont1  = 2 * 6 // one continuation byte due
	dfaCont2  = 3 * 6 // two continuation bytes due
	dfaCont3  = 4 * 6 // three continuation bytes due
	dfaE0     = 5 * 6 // after E0: A0 to BF, then one more
	dfaED     = 6 * 6 // after ED: 80 to 9F, then one more
	dfaF0     = 7 * 6 // after F0: 90 to BF, then two more
	dfaF4     = 8 * 6 // after F4: 80 to 8F, then two more
	dfaStop   = 9 * 6
)

// strDFA is the transition table of the string automaton, built from
// dfaNext.
var strDFA = func() (t [256]uint64) {
	for c := range 256 {
		for s := uint64(dfaText); s <= dfaStop; s += 6 {
			t[c] |= dfaNext(s, byte(c)) << s
		}
	}
	return t
}()

// dfaNext is the transition function of the string automaton.
func dfaNext(s uint64, c byte) uint64 {
	inRange := func(lo, hi byte, next uint64) uint64 {
		if c >= lo && c <= hi {
			return next
		}
		return dfaStop
	}
	switch s {
	case dfaText:
		switch {
		case c == '\\':
			return dfaEscape
		case stringPlain[c]:
			return dfaText
		case c >= 0xC2 && c <= 0xDF:
			return dfaCont1
		case c == 0xE0:
			return dfaE0
		case c == 0xED:
			return dfaED
		case c >= 0xE1 && c <= 0xEF:
			return dfaCont2
		case c == 0xF0:
			return dfaF0
		case c == 0xF4:
			return dfaF4
		case c >= 0xF1 && c <= 0xF3:
			return dfaCont3
		}
	case dfaEscape:
		if shortEscape[c] {
			return dfaText
		}
	case dfaCont1:
		return inRange(0x80, 0xBF, dfaText)
	case dfaCont2:
		return inRange(0x80, 0xBF, dfaCont1)
	case dfaCont3:
		return inRange(0x80, 0xBF, dfaCont2)
	case dfaE0:
		return inRange(0xA0, 0xBF, dfaCont1)
	case dfaED:
		return inRange(0x80, 0x9F, dfaCont1)
	case dfaF0:
		return inRange(0x90, 0xBF, dfaCont2)
	case dfaF4:
		return inRange(0x80, 0x8F, dfaCont2)
	}
	return dfaStop
}

// stringDFA runs the string automaton from b[i] (between characters) over
// the whole 8-byte words of b[i:end] while it does not stop. It returns the
// start of the word in which it stopped, or of the bytes left after the
// whole words, and the state before that word.
func stringDFA(b []byte, i, end int) (int, uint64) {
	s := uint64(dfaText)
	for i+8 <= end {
		w := b[i : i+8 : i+8]
		t := strDFA[w[0]] >> (s & 63)
		t = strDFA[w[1]] >> (t & 63)
		t = strDFA[w[2]] >> (t & 63)
		t = strDFA[w[3]] >> (t & 63)
		t = strDFA[w[4]] >> (t & 63)
		t = strDFA[w[5]] >> (t & 63)
		t = strDFA[w[6]] >> (t & 63)
		t = strDFA[w[7]] >> (t & 63)
		if t&63 == dfaStop {
			break
		}
		s = t
		i += 8
	}
	return i, s & 63
}

// dfaBackUp returns where the character or escape that b[i] lies inside
// began, given the state s of the automaton before b[i] (which read the
// bytes before it from a position between characters).
func dfaBackUp(b []byte, i int, s uint64) int {
	switch s {
	case dfaText:
		return i
	case dfaEscape:
		return i - 1
	}
	i--
	for b[i] < 0xC0 { // continuation bytes, back to the lead
		i--
	}
	return i
}
