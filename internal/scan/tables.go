package scan

import (
	"encoding/binary"
	"math/bits"

	"github.com/jsonheal/jsonheal/internal/swar"
)

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

// validEscape marks the bytes that may follow a backslash in a JSON string,
// but 'u', whose four hex digits follow.
var validEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// digit marks '0' to '9'.
var digit = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	return t
}()

// lsbs and msbs are the shared word constants (package internal/swar).
const (
	lsbs = swar.Ones
	msbs = swar.Highs
)

// The SWAR helpers below test 8 bytes at once. Each computes a mask that is
// nonzero in every byte that fails the test; a byte above the first failing
// one may be flagged wrongly (by a borrow or carry that only a failing byte
// produces), never one below it, so bits.TrailingZeros64(mask)/8 is exactly
// the index of the first failing byte.

// stringSpecialMask flags the bytes of v that need attention inside a
// string: '"', '\\', a control byte or a non-ASCII byte. Below the first
// such byte every byte is printable ASCII, so each subtraction sets the high
// bit of a byte there only at a byte it tests for (a control byte, or a zero
// after the XOR); a non-ASCII byte is flagged by its own high bit (the
// usual "&^ v" of the zero-byte test is not needed, as v is ORed in).
func stringSpecialMask(v uint64) uint64 {
	q := v ^ (lsbs * '"')
	e := v ^ (lsbs * '\\')
	return ((v - lsbs*0x20) | (q - lsbs) | (e - lsbs) | v) & msbs
}

// skipPlain returns the index of the first byte at or after i in b that
// needs attention inside a string, or len(b).
func skipPlain(b []byte, i int) int {
	for i+8 <= len(b) {
		if m := stringSpecialMask(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(b) && stringPlain[b[i]] {
		i++
	}
	return i
}

// skipDigits returns the index of the first byte at or after i in b that is
// not a digit, or len(b).
func skipDigits(b []byte, i int) int {
	for i+8 <= len(b) {
		if m := swar.NonDigits(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(b) && digit[b[i]] {
		i++
	}
	return i
}

// spaces8 is eight ' ' bytes.
const spaces8 = lsbs * ' '

// skipPlainSingle is skipPlain for a single-quoted string: it also stops at
// a single quote.
func skipPlainSingle(b []byte, i int) int {
	if i+8 <= len(b) {
		// Short strings, keys above all, often end in the first word.
		v := binary.LittleEndian.Uint64(b[i:])
		if m := stringSpecialMask(v) | (v^(lsbs*'\'')-lsbs)&msbs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
		if useVector && len(b)-i >= vectorBlock {
			i += plainSingleVector(b[i:])
		}
	}
	for i+8 <= len(b) {
		v := binary.LittleEndian.Uint64(b[i:])
		a := v ^ (lsbs * '\'')
		if m := stringSpecialMask(v) | (a-lsbs)&msbs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(b) && stringPlain[b[i]] && b[i] != '\'' {
		i++
	}
	return i
}

// unquotedPlain marks the bytes an unquoted value takes as they are:
// printable ASCII other than its terminators (',' '}' ']'), the bytes
// that need escaping ('"' '\\'), and the openers ('{' '[') whose closers
// it then takes too (see uqBraces).
var unquotedPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\' && c != ',' && c != '}' && c != ']' && c != '{' && c != '['
	}
	return t
}()
