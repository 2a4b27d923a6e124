// Package jsonpointer escapes and splits the reference tokens of JSON
// Pointers (RFC 6901): '~' is written "~0" and '/' "~1".
package jsonpointer

import "strings"

// EscapeToken escapes a JSON Pointer reference token; it returns tok
// itself when there is nothing to escape.
func EscapeToken(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	tok = strings.ReplaceAll(tok, "~", "~0")
	return strings.ReplaceAll(tok, "/", "~1")
}

// AppendToken appends "/" and the escaped token to dst.
func AppendToken(dst []byte, tok string) []byte {
	dst = append(dst, '/')
	for i := 0; i < len(tok); i++ {
		switch tok[i] {
		case '~':
			dst = append(dst, '~', '0')
		case '/':
			dst = append(dst, '~', '1')
		default:
			dst = append(dst, tok[i])
		}
	}
	return dst
}

// Tokens splits a JSON Pointer (already URI-unescaped) into its unescaped
// reference tokens: none for "", and false for a pointer that does not
// start with '/'.
func Tokens(p string) ([]string, bool) {
	if p == "" {
		return nil, true
	}
	if p[0] != '/' {
		return nil, false
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = UnescapeToken(t)
	}
	return toks, true
}

// UnescapeToken undoes EscapeToken: "~1" is '/' and "~0" is '~' (in that
// order, so "~01" is "~1"). It returns tok itself when it has no '~'.
func UnescapeToken(tok string) string {
	if strings.IndexByte(tok, '~') < 0 {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}
