// Package uriref resolves the URI references of JSON Schema ($id, $ref,
// $schema) against their base URIs, relative bases included.
package uriref

import (
	"net/url"
	"path"
	"strings"
)

// SplitFragment splits a URI at its first '#'.
func SplitFragment(u string) (base, frag string) {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		return u[:i], u[i+1:]
	}
	return u, ""
}

// Resolve resolves ref against base (both may be relative or empty). A
// relative base (a schema loaded by a relative reference, such as
// "defs/b.json") resolves a relative path in its own folder and stays
// relative; an opaque base (urn:...) resolves only fragments.
func Resolve(base, ref string) (string, error) {
	if ref == "" {
		return base, nil
	}
	if ref[0] == '#' {
		b, _ := SplitFragment(base)
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

// Normalize strips an empty fragment.
func Normalize(u string) string { return strings.TrimSuffix(u, "#") }
