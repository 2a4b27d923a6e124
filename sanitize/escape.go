package sanitize

const hexDigits = "0123456789abcdef"

// appendControlEscape appends the shortest valid JSON escape of control
// byte c (below 0x20).
func appendControlEscape(dst []byte, c byte) []byte {
	switch c {
	case '\n':
		return append(dst, '\\', 'n')
	case '\t':
		return append(dst, '\\', 't')
	case '\r':
		return append(dst, '\\', 'r')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// controlEscapeLen is the length of appendControlEscape's output for c.
func controlEscapeLen(c byte) int {
	switch c {
	case '\n', '\t', '\r', '\b', '\f':
		return 2
	}
	return 6
}
