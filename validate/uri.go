package validate

import (
	"net/url"
	"path"
	"strconv"
	"strings"
	"unsafe"
)

// b2s views b as a string without copying; b must not change while the
// string is in use.
func b2s(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// splitFragment splits a URI at its first '#'.
func splitFragment(u string) (base, frag string) {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		return u[:i], u[i+1:]
	}
	return u, ""
}

// resolveURI resolves ref against base (both may be relative or empty).
func resolveURI(base, ref string) (string, error) {
	if ref == "" {
		return base, nil
	}
	if ref[0] == '#' {
		b, _ := splitFragment(base)
		return b + ref, nil
	}
	r, err := url.Parse(ref)
	if err != nil {
		return "", err
	}
	if r.IsAbs() || base == "" {
		return r.String(), nil
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	if b.Opaque != "" {
		// urn:... bases cannot resolve relative paths.
		return r.String(), nil
	}
	if b.Scheme == "" && b.Host == "" && !strings.HasPrefix(b.Path, "/") &&
		r.Host == "" && r.Path != "" && !strings.HasPrefix(r.Path, "/") {
		// A relative base (a schema loaded by a relative reference, such
		// as "defs/b.json"): ResolveReference would root the result
		// ("/defs/c.json"); stay relative to the base's folder instead.
		res := *r
		res.Path = path.Join(path.Dir(b.Path), r.Path)
		return res.String(), nil
	}
	return b.ResolveReference(r).String(), nil
}

// normalizeURI strips an empty fragment.
func normalizeURI(u string) string { return strings.TrimSuffix(u, "#") }

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

func itoa(i int) string { return strconv.Itoa(i) }
