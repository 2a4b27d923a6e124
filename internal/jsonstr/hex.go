// Package jsonstr holds the small helpers of JSON string syntax that more
// than one package of jsonheal needs.
package jsonstr

// Hex4 decodes the four hex digits of a \u escape at the start of p; ok is
// false when p is shorter or holds a byte that is not a hex digit.
func Hex4(p []byte) (r rune, ok bool) {
	if len(p) < 4 {
		return 0, false
	}
	for _, c := range p[:4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			r = r<<4 | rune(c|0x20-'a'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
