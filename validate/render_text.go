package validate

import (
	"strconv"
	"strings"
)

// Text renders the diagnostics as compact prompt text: one
// "/path: message" line per error (the root is "/"), extra properties of one
// object on a single line with the allowed names. With maxBytes > 0 the text
// stays within maxBytes: whole lines only, and a last line "... N more
// errors not shown" when some were left out (unless even that does not fit).
// Valid (empty) diagnostics render as "".
//
// Lines are written into one buffer, and past the cap only counted: a
// list of 1,000 diagnostics cut to 2 KB renders the lines it shows.
func (d Diagnostics) Text(maxBytes int) string {
	return d.TextOmitted(maxBytes, 0)
}

// TextOmitted is Text for a list that leaves out extra further
// diagnostics (ValidateFirst's): each counts as one more line not shown,
// so the last line is "... N more errors not shown" whenever extra > 0
// (and it fits within maxBytes).
func (d Diagnostics) TextOmitted(maxBytes, extra int) string {
	total := d.lineCount() + extra
	var b []byte
	for i, line := 0, 0; i < len(d); line++ {
		j := d.lineEnd(i)
		start := len(b)
		if start > 0 {
			b = append(b, '\n')
		}
		b = d.appendLine(b, i, j)
		if maxBytes > 0 {
			need := len(b)
			if rest := total - line - 1; rest > 0 {
				need += 1 + len(omitted(rest))
			}
			if need > maxBytes {
				b = b[:start]
				tail := omitted(total - line)
				sep := min(start, 1) // a newline before the tail
				if start+sep+len(tail) <= maxBytes {
					if sep == 1 {
						b = append(b, '\n')
					}
					b = append(b, tail...)
				}
				return string(b)
			}
		}
		i = j
	}
	if extra > 0 {
		tail := omitted(extra)
		sep := min(len(b), 1)
		if maxBytes <= 0 || len(b)+sep+len(tail) <= maxBytes {
			if sep == 1 {
				b = append(b, '\n')
			}
			b = append(b, tail...)
		}
	}
	return string(b)
}

func omitted(n int) string {
	if n == 1 {
		return "... 1 more error not shown"
	}
	return "... " + strconv.Itoa(n) + " more errors not shown"
}

// lineEnd returns the end of the line of diagnostics that begins at i: the
// extra properties of one object share a line; any other diagnostic has
// its own.
func (d Diagnostics) lineEnd(i int) int {
	x := &d[i]
	j := i + 1
	if x.Code == CodeAdditionalProperties || x.Code == CodeUnevaluatedProps {
		for j < len(d) && d[j].Code == x.Code && d[j].InstanceLocation == x.InstanceLocation {
			j++
		}
	}
	return j
}

// lineCount is how many lines Text renders for d.
func (d Diagnostics) lineCount() int {
	n := 0
	for i := 0; i < len(d); i = d.lineEnd(i) {
		n++
	}
	return n
}

// appendLine appends the line of diagnostics d[i:j] (lineEnd(i) is j).
func (d Diagnostics) appendLine(b []byte, i, j int) []byte {
	x := &d[i]
	if x.Code == CodeTooMany {
		return append(append(b, "... "...), x.Message...)
	}
	path := x.InstanceLocation
	if path == "" {
		path = "/"
	}
	b = append(append(b, path...), ": "...)
	if x.Code == CodeAdditionalProperties || x.Code == CodeUnevaluatedProps {
		if j-i == 1 {
			b = append(b, "property "...)
		} else {
			b = append(b, "properties "...)
		}
		for k := i; k < j; k++ {
			if k > i {
				b = append(b, ", "...)
			}
			b = strconv.AppendQuote(b, d[k].Property)
		}
		if j-i == 1 {
			b = append(b, " is not allowed"...)
		} else {
			b = append(b, " are not allowed"...)
		}
		if len(x.Allowed) > 0 {
			b = append(append(append(b, " (allowed: "...), truncate(strings.Join(x.Allowed, ", "), 300)...), ')')
		}
		for k := i; k < j; k++ {
			if d[k].Hint != "" {
				b = append(append(strconv.AppendQuote(append(b, "; "...), d[k].Property), ": "...), d[k].Hint...)
			}
		}
		return b
	}
	b = append(b, x.Message...)
	switch x.Code {
	case CodeEnum, CodeConst, CodePattern, CodeFormat, CodeMinimum, CodeMaximum,
		CodeExclusiveMinimum, CodeExclusiveMaximum, CodeMultipleOf:
		b = append(append(b, ", got "...), x.Received...)
	case CodeType:
		if x.ReceivedType == "string" || x.ReceivedType == "integer" || x.ReceivedType == "number" {
			b = append(append(b, ' '), x.Received...)
		}
	case CodeRequired:
		if len(x.Default) > 0 {
			b = append(append(append(b, " (default "...), truncate(string(x.Default), 60)...), ')')
		}
	}
	if x.Hint != "" {
		b = append(append(append(b, " ("...), x.Hint...), ')')
	}
	return b
}
