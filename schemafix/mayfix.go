package schemafix

import (
	"encoding/json"
	"slices"
	"strings"
)

// mayFix reports whether some enabled rule could fix d, from d alone: a
// cheap test that spares the document's index (a scan of all of it) when
// no rule could. It answers true whenever the rule itself might propose
// an edit for d, and may answer true for diagnostics it then finds
// nothing to do for.
func mayFix(d diag, rules Rule) bool {
	switch d.Code {
	case "enum":
		if rules&EnumCase == 0 {
			return false
		}
		switch d.ReceivedType {
		case "string":
			return enumMayMatch(d)
		case "":
			return true
		}
		return false
	case "type":
		return mayFixType(d, rules)
	case "required":
		return rules&Default != 0 && len(d.Default) > 0
	case "additional_properties":
		if rules&Rename == 0 || d.Property == "" {
			return false
		}
		for _, name := range d.Allowed {
			if Closeness(d.Property, name) > 0 {
				return true
			}
		}
	}
	return false
}

// mayFixType is mayFix for a type diagnostic: a coercion needs a string
// where a number, boolean or null is allowed, or a number or boolean where
// a string is; a wrap needs an array allowed. The received type is read as
// the validator names it ("integer" for 1.0, where the rule itself reads
// "number"): numbers are taken together.
func mayFixType(d diag, rules Rule) bool {
	allowed := func(ts ...string) bool {
		return slices.ContainsFunc(d.Allowed, func(a string) bool { return slices.Contains(ts, a) })
	}
	if rules&WrapArray != 0 && allowed("array") {
		return true
	}
	if rules&Coerce == 0 {
		return false
	}
	switch d.ReceivedType {
	case "string":
		return allowed("integer", "number", "boolean", "null")
	case "integer", "number", "boolean":
		return allowed("string")
	case "null", "object", "array":
		return false
	}
	return true // a received type this test does not know: let the rule look
}

// enumMayMatch is mayFix for an enum diagnostic on a string: the string
// (its Received text, when that is whole: a cut one ends with "...", not
// a quote) must equal an allowed string up to case and surrounding
// blanks, as enumFix asks.
func enumMayMatch(d diag) bool {
	got, ok := unquote(d.Received)
	if !ok {
		return true // not whole: let the rule read the document
	}
	got = strings.TrimSpace(got)
	for _, text := range d.Allowed {
		want, ok := unquote(text)
		if text == "null" {
			// enumFix decodes the allowed values with json.Unmarshal,
			// which reads null into a string as "": an empty string may
			// become null.
			want, ok = "", true
		}
		if ok && strings.EqualFold(got, want) {
			return true
		}
	}
	return false
}

// unquote decodes the JSON string text q; ok is false when q is not one
// (a number, a cut Received text). Text without escapes is its own
// decoding.
func unquote(q string) (s string, ok bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", false
	}
	if inner := q[1 : len(q)-1]; !strings.ContainsAny(inner, "\\\"") {
		return inner, true
	}
	return s, json.Unmarshal([]byte(q), &s) == nil
}
