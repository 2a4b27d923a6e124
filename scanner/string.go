package scanner

import (
	"encoding/binary"
	"math/bits"
)

// stringRun is the fast path inside a string: from b[i], it skips content
// that needs no event (printable ASCII 8 bytes at a time, whole valid
// UTF-8 sequences and whole valid escapes) and returns where the careful
// path in Next must take over: a '"', a control byte, an escape that is
// invalid or split by the end of b, an invalid or split UTF-8 sequence, or
// len(b).
func stringRun(b []byte, i int) int {
	for {
		// Find the next byte that needs attention, 8 bytes at a time.
		for i+8 <= len(b) {
			if m := stringSpecialMask(binary.LittleEndian.Uint64(b[i:])); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				goto special
			}
			i += 8
		}
		for i < len(b) && stringPlain[b[i]] {
			i++
		}
		if i == len(b) {
			return i
		}
	special: // b[i] is not plain
		if c := b[i]; c >= 0x80 {
			for { // non-ASCII text often comes in runs
				if i+8 <= len(b) {
					// Two three-byte characters (most of CJK) in one step:
					// leads whose second byte may be any continuation byte,
					// each followed by two continuation bytes.
					w := binary.LittleEndian.Uint64(b[i:])
					if w&0xC0C0F0C0C0F0 == 0x8080E08080E0 && anyCont3[byte(w)] && anyCont3[byte(w>>24)] {
						if i += 6; b[i] < 0x80 {
							break
						}
						continue
					}
				}
				var n int
				if i+4 <= len(b) {
					// utf8Len's one-load check, inlined, with no branch on
					// the sequence length (which varies in mixed text).
					w := binary.LittleEndian.Uint32(b[i:])
					l := utf8Leads[byte(w)]
					n = int(l.size) & 7
					if c1 := byte(w >> 8); n == 0 || c1 < l.lo || c1 > l.hi || w&contMask[n] != contWant[n] {
						return i
					}
				} else if n = utf8Len(b[i:]); n == 0 {
					return i
				}
				if i += n; i == len(b) || b[i] < 0x80 {
					break
				}
			}
		} else if c == '\\' {
			// The one-letter escapes, most of them, are read here.
			if i+1 < len(b) && shortEscape[b[i+1]] {
				i += 2
				continue
			}
			n := escapeLen(b[i:])
			if n == 0 {
				return i
			}
			i += n
		} else { // '"' or a control byte
			return i
		}
	}
}

// shortEscape marks the bytes that complete a two-byte escape after '\\'.
var shortEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// anyCont3 marks the leads of three-byte sequences whose second byte may be
// any continuation byte: E1 to EC, EE and EF (E0 and ED restrict it).
var anyCont3 = func() (t [256]bool) {
	for c := 0xE1; c <= 0xEF; c++ {
		t[c] = c != 0xED
	}
	return t
}()

// contMask and contWant give, by sequence length, the high bits that the
// third and fourth bytes of a UTF-8 sequence loaded as a little-endian
// uint32 must have (10xxxxxx); the second byte is checked against its range
// in utf8Leads.
var (
	contMask = [8]uint32{3: 0xC00000, 4: 0xC0C00000}
	contWant = [8]uint32{3: 0x800000, 4: 0x80800000}
)

// utf8Len returns the length of the valid UTF-8 sequence at the start of p
// (p[0] >= 0x80), or 0 when it is invalid or incomplete.
func utf8Len(p []byte) int {
	l := utf8Leads[p[0]]
	if len(p) >= 4 { // one load for the whole sequence
		w := binary.LittleEndian.Uint32(p)
		if c := byte(w >> 8); c < l.lo || c > l.hi {
			return 0
		}
		switch l.size {
		case 2:
			return 2
		case 3:
			if w&0xC00000 == 0x800000 {
				return 3
			}
		case 4:
			if w&0xC0C00000 == 0x80800000 {
				return 4
			}
		}
		return 0
	}
	n := int(l.size)
	if n == 0 || len(p) < n || p[1] < l.lo || p[1] > l.hi {
		return 0
	}
	if n > 2 && p[2]&0xC0 != 0x80 || n > 3 && p[3]&0xC0 != 0x80 {
		return 0
	}
	return n
}

// escapeLen returns the length of the valid escape sequence at the start of
// p (p[0] == '\\'), or 0 when it is invalid or incomplete.
func escapeLen(p []byte) int {
	if len(p) < 2 {
		return 0
	}
	switch p[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if len(p) >= 6 && isHex(p[2]) && isHex(p[3]) && isHex(p[4]) && isHex(p[5]) {
			return 6
		}
	}
	return 0
}
