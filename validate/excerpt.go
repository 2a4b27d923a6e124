package validate

import (
	"errors"
	"regexp/syntax"
)

// Compile errors quote the schema: a keyword's value, a $ref, an $id, a
// pattern. A schema may hold anything (a 1 MB $id, a key of a credentials
// file reached by a $ref), so what an error quotes is an excerpt: at most
// maxValueExcerpt bytes of a value and maxURIExcerpt bytes of a URI or
// JSON Pointer, cut on a rune boundary, with "…" and the full length when
// cut. Values of a document that is not a schema are never quoted at all
// (see redactLoaded).
const (
	// maxValueExcerpt caps a quoted schema value ("unknown type ...").
	maxValueExcerpt = 64
	// maxURIExcerpt caps a URI or JSON Pointer in a message.
	maxURIExcerpt = 160
	// maxMessageExcerpt caps the detail of a CompileError as a whole
	// (messages that join several excerpts, a loader's error).
	maxMessageExcerpt = 512
)

// excerpt returns s when it has at most max bytes, else its first bytes
// (at most max, cut on a rune boundary) followed by "…" and the length
// of the whole, e.g. `https://example.com/aaaa… (1048576 bytes)`.
func excerpt(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "… (" + itoa(len(s)) + " bytes)"
}

// valueExcerpt is excerpt for a value quoted from a schema.
func valueExcerpt(s string) string { return excerpt(s, maxValueExcerpt) }

// regexpProblem describes a pattern that does not compile, quoting at
// most an excerpt of the part RE2 objects to (syntax.Error quotes it
// whole, and it may be the whole pattern).
func regexpProblem(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return se.Code.String() + ": `" + valueExcerpt(se.Expr) + "`"
	}
	return excerpt(err.Error(), maxMessageExcerpt)
}
