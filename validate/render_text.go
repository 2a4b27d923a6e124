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
func (d Diagnostics) Text(maxBytes int) string {
	lines := d.lines()
	var b strings.Builder
	sep := func() int { // bytes a newline before the next line costs
		if b.Len() > 0 {
			return 1
		}
		return 0
	}
	for i, l := range lines {
		if maxBytes > 0 {
			need := sep() + len(l)
			if rest := len(lines) - i - 1; rest > 0 {
				need += 1 + len(omitted(rest))
			}
			if b.Len()+need > maxBytes {
				tail := omitted(len(lines) - i)
				if b.Len()+sep()+len(tail) <= maxBytes {
					if sep() == 1 {
						b.WriteByte('\n')
					}
					b.WriteString(tail)
				}
				return b.String()
			}
		}
		if sep() == 1 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	return b.String()
}

func omitted(n int) string {
	if n == 1 {
		return "... 1 more error not shown"
	}
	return "... " + strconv.Itoa(n) + " more errors not shown"
}

// lines builds one line per error, grouping the extra properties of an
// object.
func (d Diagnostics) lines() []string {
	var out []string
	for i := 0; i < len(d); i++ {
		x := &d[i]
		if x.Code == CodeTooMany {
			out = append(out, "... "+x.Message)
			continue
		}
		path := x.InstanceLocation
		if path == "" {
			path = "/"
		}
		if x.Code == CodeAdditionalProperties || x.Code == CodeUnevaluatedProps {
			names := []string{strconv.Quote(x.Property)}
			var hints []string
			if x.Hint != "" {
				hints = append(hints, strconv.Quote(x.Property)+": "+x.Hint)
			}
			j := i + 1
			for ; j < len(d) && d[j].Code == x.Code && d[j].InstanceLocation == x.InstanceLocation; j++ {
				names = append(names, strconv.Quote(d[j].Property))
				if d[j].Hint != "" {
					hints = append(hints, strconv.Quote(d[j].Property)+": "+d[j].Hint)
				}
			}
			i = j - 1
			var l string
			if len(names) == 1 {
				l = path + ": property " + names[0] + " is not allowed"
			} else {
				l = path + ": properties " + strings.Join(names, ", ") + " are not allowed"
			}
			if len(x.Allowed) > 0 {
				l += " (allowed: " + truncate(strings.Join(x.Allowed, ", "), 300) + ")"
			}
			if len(hints) > 0 {
				l += "; " + strings.Join(hints, "; ")
			}
			out = append(out, l)
			continue
		}
		l := path + ": " + x.Message
		switch x.Code {
		case CodeEnum, CodeConst, CodePattern, CodeFormat, CodeMinimum, CodeMaximum,
			CodeExclusiveMinimum, CodeExclusiveMaximum, CodeMultipleOf:
			l += ", got " + x.Received
		case CodeType:
			if x.ReceivedType == "string" || x.ReceivedType == "integer" || x.ReceivedType == "number" {
				l += " " + x.Received
			}
		case CodeRequired:
			if len(x.Default) > 0 {
				l += " (default " + truncate(string(x.Default), 60) + ")"
			}
		}
		if x.Hint != "" {
			l += " (" + x.Hint + ")"
		}
		out = append(out, l)
	}
	return out
}
