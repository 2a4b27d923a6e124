package sanitize

// controlEscapes holds the shortest valid JSON escape of each control byte.
var controlEscapes = func() (t [0x20]string) {
	const hex = "0123456789abcdef"
	for c := range t {
		t[c] = `\u00` + string(hex[c>>4]) + string(hex[c&0xF])
	}
	t['\n'], t['\t'], t['\r'], t['\b'], t['\f'] = `\n`, `\t`, `\r`, `\b`, `\f`
	return t
}()

// controlEscape returns the shortest valid JSON escape of control byte c
// (below 0x20).
func controlEscape(c byte) string { return controlEscapes[c] }
