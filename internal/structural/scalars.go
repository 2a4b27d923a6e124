package structural

import (
	"encoding/binary"
	"math/bits"

	"github.com/jsonheal/jsonheal/internal/jsonnum"
	"github.com/jsonheal/jsonheal/internal/swar"
)

// literal reports whether the literal word lies at b[p:] with a
// delimiter after it.
func literal(b []byte, p int, word string) bool {
	e := p + len(word)
	return e < len(b) && string(b[p:e]) == word && delimiter[b[e]]
}

// number returns the end of the number at b[p:] when the grammar's
// number lies there with a delimiter after it, or -1.
func number(b []byte, p int) int {
	if len(b)-p >= 32 {
		if j := number32((*[32]byte)(b[p:])); j > 0 {
			return p + j
		}
	}
	i := jsonnum.End(b, p)
	if i < 0 {
		return -1
	}
	if i >= len(b) || !delimiter[b[i]] {
		return -1
	}
	return i
}

// number32 is number's shortcut for the usual numbers: an integer part,
// maybe a fraction, no exponent, and a delimiter, all within q. Its four
// words are read at once, into a mask of the bytes that are not digits,
// so that no load waits for the one before. It returns the number's
// length, or 0 for another shape, which number then reads byte by byte.
func number32(q *[32]byte) int {
	// Integers of up to 15 digits (ids, counts) end in the first two
	// words.
	short := swar.Bits(swar.ExactNonDigits(binary.LittleEndian.Uint64(q[0:]))) |
		swar.Bits(swar.ExactNonDigits(binary.LittleEndian.Uint64(q[8:])))<<8
	if n := bits.TrailingZeros64(short); n > 0 && n < 16 && q[0] != '0' && delimiter[q[n]] {
		return n
	}
	other := swar.Bits(swar.ExactNonDigits(binary.LittleEndian.Uint64(q[0:]))) |
		swar.Bits(swar.ExactNonDigits(binary.LittleEndian.Uint64(q[8:])))<<8 |
		swar.Bits(swar.ExactNonDigits(binary.LittleEndian.Uint64(q[16:])))<<16 |
		swar.Bits(swar.ExactNonDigits(binary.LittleEndian.Uint64(q[24:])))<<24 |
		1<<32 // a stop past q
	j := 0
	if q[0] == '-' {
		j = 1
	}
	n := bits.TrailingZeros64(other >> j)
	if n == 0 || q[j] == '0' && n > 1 {
		return 0
	}
	if j += n; j < 31 && q[j] == '.' {
		j++
		if n = bits.TrailingZeros64(other >> j); n == 0 {
			return 0
		}
		j += n
	}
	if j >= 32 || !delimiter[q[j]] {
		return 0
	}
	return j
}

// delimiter marks the bytes that may follow a number or literal.
var delimiter = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, ',': true, '}': true, ']': true}
