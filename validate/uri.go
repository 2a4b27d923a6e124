package validate

import (
	"net/url"
	"path"
	"strings"
)

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
