package jsonstr

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/swar"
)

const hexDigits = "0123456789abcdef"

// Append appends s as a JSON string literal: '"' and '\\' escaped, \n, \r
// and \t by name, other control bytes as \u00XX (lower-case hex), every
// other byte as it is, except that each byte of s that is not part of
// valid UTF-8 becomes badUTF8 (U+FFFD itself, or its escape `\ufffd`).
// Valid text is read and written eight bytes at a time, so a long string
// costs about a copy plus a few nanoseconds per escape.
func Append(dst []byte, s string, badUTF8 string) []byte {
	if !utf8.ValidString(s) {
		return appendInvalid(dst, s, badUTF8)
	}
	return appendValid(dst, s)
}

// maxEscape is the longest escape of one byte (\u00XX).
const maxEscape = 6

// appendValid is Append for valid UTF-8. It writes into dst's spare
// capacity directly: each word of s is stored whole, then the output
// advances past the bytes before its first escape (all eight when there
// is none) and the escape is written over the rest.
func appendValid(dst []byte, s string) []byte {
	dst = append(dst, '"')
	w := len(dst)
	buf := grow(dst, w, len(s)+len(s)/8+2*8)
	i := 0
	for i+8 <= len(s) {
		if len(buf)-w < 8+maxEscape {
			buf = grow(buf, w, len(s)-i+2*8)
		}
		x := load64(s, i)
		binary.LittleEndian.PutUint64(buf[w:], x)
		m := swar.MustEscape(x)
		if m == 0 {
			w += 8
			i += 8
			continue
		}
		k := bits.TrailingZeros64(m) / 8
		w = putEscape(buf, w+k, s[i+k])
		i += k + 1
	}
	for ; i < len(s); i++ {
		if len(buf)-w < maxEscape {
			buf = grow(buf, w, len(s)-i+maxEscape)
		}
		if c := s[i]; c >= 0x20 && c != '"' && c != '\\' {
			buf[w] = c
			w++
		} else {
			w = putEscape(buf, w, c)
		}
	}
	return append(buf[:w], '"')
}

// grow returns buf (its first w bytes kept) with at least n bytes of room
// past w, at its full length.
func grow(buf []byte, w, n int) []byte {
	buf = slices.Grow(buf[:w], n)
	return buf[:cap(buf)]
}

// putEscape writes the escape of c (a control byte, '"' or '\\') at
// buf[w:], which has room for it, and returns the index past it.
func putEscape(buf []byte, w int, c byte) int {
	buf[w] = '\\'
	switch c {
	case '"', '\\':
		buf[w+1] = c
	case '\n':
		buf[w+1] = 'n'
	case '\r':
		buf[w+1] = 'r'
	case '\t':
		buf[w+1] = 't'
	default:
		buf[w+1], buf[w+2], buf[w+3] = 'u', '0', '0'
		buf[w+4], buf[w+5] = hexDigits[c>>4], hexDigits[c&0xF]
		return w + 6
	}
	return w + 2
}

// AppendValid appends s as a JSON string literal, as Append does, when s
// is valid UTF-8; otherwise it returns dst unchanged and false. It reads s
// once to check it and once to quote it. (Callers holding bytes view them
// as a string themselves: this package imports no unsafe, so that the
// packages tested without the race detector may use it.)
func AppendValid(dst []byte, s string) ([]byte, bool) {
	if !utf8.ValidString(s) {
		return dst, false
	}
	return appendValid(dst, s), true
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
	var e [maxEscape]byte
	return append(dst, e[:putEscape(e[:], 0, c)]...)
}

// load64 reads s[i:i+8] as a little-endian word (one load once compiled).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
