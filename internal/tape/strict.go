package tape

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/jsonstr"
	"github.com/jsonheal/jsonheal/internal/swar"
)

// This file holds the checks of a strict tape read (ReadStrict): the
// grammar of numbers and string texts that RFC 8259 sets and the scanner
// enforces, so that a document valid for the scanner is read in one pass
// (numbers: internal/jsonnum).

// strictString reads a string's text from b[i] (after its opening quote)
// to its closing quote, checking it on the way: no control bytes, only
// the escapes RFC 8259 defines, valid UTF-8. It returns the index of the
// closing quote and whether the text has escapes; ok is false when the
// text breaks a rule or b ends first.
func strictString(b []byte, i int) (j int, esc, ok bool) {
	for i < len(b) {
		if i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			m := swar.MustEscape(x) | x&swar.Highs
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3 // the lowest flag is exact
		}
		switch c := b[i]; {
		case c == '"':
			return i, esc, true
		case c == '\\':
			if i+1 >= len(b) {
				return i, esc, false
			}
			esc = true
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if _, ok := jsonstr.Hex4(b[i+2:]); !ok {
					return i, esc, false
				}
				i += 6
			default:
				return i, esc, false
			}
		case c < 0x20:
			return i, esc, false
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 {
				return i, esc, false
			}
			i += n
		default:
			i++
		}
	}
	return i, esc, false
}
