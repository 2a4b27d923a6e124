// Package excerpt cuts what an error message quotes down to a short
// excerpt. Compile errors quote the schema: a keyword's value, a $ref, an
// $id, a pattern. A schema may hold anything (a 1 MB $id, a key of a
// credentials file reached by a $ref), so what an error quotes is an
// excerpt: at most MaxValue bytes of a value and MaxURI bytes of a URI or
// JSON Pointer, cut on a rune boundary, with "…" and the full length when
// cut.
package excerpt

import (
	"errors"
	"regexp/syntax"
	"strconv"
)

const (
	// MaxValue caps a quoted schema value ("unknown type ...").
	MaxValue = 64
	// MaxURI caps a URI or JSON Pointer in a message.
	MaxURI = 160
	// MaxMessage caps the detail of an error as a whole (messages that
	// join several excerpts, a loader's error).
	MaxMessage = 512
)

// Of returns s when it has at most max bytes, else its first bytes (at
// most max, cut on a rune boundary) followed by "…" and the length of the
// whole, e.g. `https://example.com/aaaa… (1048576 bytes)`.
func Of(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// Value is Of for a value quoted from a schema: at most MaxValue bytes.
func Value(s string) string { return Of(s, MaxValue) }

// RegexpProblem describes a pattern that does not compile, quoting at
// most an excerpt of the part RE2 objects to (syntax.Error quotes it
// whole, and it may be the whole pattern).
func RegexpProblem(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return se.Code.String() + ": `" + Value(se.Expr) + "`"
	}
	return Of(err.Error(), MaxMessage)
}
