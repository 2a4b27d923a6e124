package validate

import "strings"

// escapePointerToken escapes a JSON Pointer reference token.
func escapePointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	s = strings.ReplaceAll(s, "~", "~0")
	return strings.ReplaceAll(s, "/", "~1")
}

// appendPointerToken appends "/" and the escaped token to dst.
func appendPointerToken(dst []byte, tok string) []byte {
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

// pointerTokens splits a JSON Pointer (already URI-unescaped) into tokens.
func pointerTokens(p string) ([]string, bool) {
	if p == "" {
		return nil, true
	}
	if p[0] != '/' {
		return nil, false
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		t = strings.ReplaceAll(t, "~1", "/")
		toks[i] = strings.ReplaceAll(t, "~0", "~")
	}
	return toks, true
}
