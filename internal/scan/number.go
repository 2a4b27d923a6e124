package scan

// numberEnd is the fast path for a number inside a container: it returns
// the index just past the number that begins at b[i] when the number is
// valid and a byte after it is in b (so that it is known to have ended), or
// -1 when the number is malformed or reaches the end of b, which the state
// machine (scanNumber) then handles byte by byte.
func numberEnd(b []byte, i int) int {
	if len(b)-i >= 32 {
		if n := numberLen32((*[32]byte)(b[i:])); n > 0 {
			return i + n
		}
	}
	return numberEndCareful(b, i)
}

// numberEndCareful is numberEnd for any number, the length of the input
// checked at every step.
func numberEndCareful(b []byte, i int) int {
	if b[i] == '-' {
		if i++; i == len(b) {
			return -1
		}
	}
	switch c := b[i]; {
	case c == '0':
		if i++; i < len(b) && digit[b[i]] {
			return -1 // a leading zero: scanNumber reports (or repairs) it
		}
	case c >= '1' && c <= '9':
		i = skipDigits(b, i+1)
	default:
		return -1
	}
	if i == len(b) {
		return -1
	}
	if b[i] == '.' {
		if i++; i == len(b) || !digit[b[i]] {
			return -1
		}
		if i = skipDigits(b, i+1); i == len(b) {
			return -1
		}
	}
	if b[i] == 'e' || b[i] == 'E' {
		if i++; i == len(b) {
			return -1
		}
		if b[i] == '+' || b[i] == '-' {
			if i++; i == len(b) {
				return -1
			}
		}
		if !digit[b[i]] {
			return -1
		}
		if i = skipDigits(b, i+1); i == len(b) {
			return -1
		}
	}
	return i
}

// literalLen is the fast path for true, false and null inside a container:
// it returns the length of the literal that p begins with when all of it is
// in p, or 0 (the state machine then reads it byte by byte).
func literalLen(p []byte) int {
	if len(p) >= 4 {
		switch string(p[:4]) {
		case "true", "null":
			return 4
		case "fals":
			if len(p) >= 5 && p[4] == 'e' {
				return 5
			}
		}
	}
	return 0
}
