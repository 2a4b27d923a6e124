package jsonstr

import (
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"github.com/jsonheal/jsonheal/internal/swar"
)

const hexDigits = "0123456789abcdef"

// Append appends s as a JSON string literal: '"' and '\\' escaped, \n, \r
// and \t by name, other control bytes as \u00XX (lower-case hex), every
// other byte as it is, except that each byte of s that is not part of
// valid UTF-8 becomes badUTF8 (U+FFFD itself, or its escape `\ufffd`).
// Valid text is read eight bytes at a test, so a long string with few
// escapes costs about a copy.
func Append(dst []byte, s string, badUTF8 string) []byte {
	if !utf8.ValidString(s) {
		return appendInvalid(dst, s, badUTF8)
	}
	dst = append(dst, '"')
	start := 0 // s[start:i] is still to copy
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			m := swar.MustEscape(load64(s, i))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) / 8
		} else if c := s[i]; c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = appendEscape(append(dst, s[start:i]...), s[i])
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendBytes is Append for bytes (b is only read).
func AppendBytes(dst, b []byte, badUTF8 string) []byte {
	return Append(dst, unsafe.String(unsafe.SliceData(b), len(b)), badUTF8)
}

// appendInvalid is Append for text that is not valid UTF-8, a rune at a
// time.
func appendInvalid(dst []byte, s string, badUTF8 string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(append(dst, s[start:i]...), badUTF8...)
				start = i + 1
			}
			i += size
			continue
		}
		if c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = appendEscape(append(dst, s[start:i]...), c)
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendEscape appends the escape of c, a control byte, '"' or '\\'.
func appendEscape(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// load64 reads s[i:i+8] as a little-endian word (one load once compiled).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
