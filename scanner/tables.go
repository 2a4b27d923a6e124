package scanner

import "encoding/binary"

// stringPlain marks bytes that need no attention inside a string: printable
// ASCII other than '"' and '\\'.
var stringPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// space marks JSON whitespace.
var space = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// digit marks '0' to '9'.
var digit = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	return t
}()

const (
	lsbs = 0x0101010101010101
	msbs = 0x8080808080808080
)

// stringSpecial8 reports whether any of the 8 bytes in v needs attention
// inside a string: '"', '\\', a control byte or a non-ASCII byte.
func stringSpecial8(v uint64) bool {
	q := v ^ (lsbs * '"')
	e := v ^ (lsbs * '\\')
	return ((v-lsbs*0x20)&^v|(q-lsbs)&^q|(e-lsbs)&^e|v)&msbs != 0
}

// skipPlain returns the index of the first byte at or after i in b that
// needs attention inside a string, or len(b).
func skipPlain(b []byte, i int) int {
	for i+8 <= len(b) {
		if stringSpecial8(binary.LittleEndian.Uint64(b[i:])) {
			break
		}
		i += 8
	}
	for i < len(b) && stringPlain[b[i]] {
		i++
	}
	return i
}
