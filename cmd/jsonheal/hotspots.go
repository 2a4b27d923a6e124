package main

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/internal/jsonpointer"
)

// schemaDiag is one schema diagnostic of an incident, reduced to what hot
// spots group by.
type schemaDiag struct {
	// pointer is the JSON Pointer of the failing value with array indexes
	// folded to "*"; for a missing or extra property it ends with the
	// property's name, so that each field is a hot spot of its own.
	pointer string
	// keyword is the failing JSON Schema keyword ("" when unknown).
	keyword string
	// message is the diagnostic's text, "/where: what" (the pointer not
	// folded; "/" is the root), with the value received when the compact
	// text says it.
	message string
}

// schemaDiags returns the schema diagnostics of an incident that failed
// the schema: from a reject's structured details (JSON Schema "basic"
// output) when it has them, else parsed from the compact text of the dead
// letter's last attempt. Nil for other failures.
func schemaDiags(in *incident) []schemaDiag {
	if in.reason() != "schema" {
		return nil
	}
	if in.reject != nil {
		if ds := basicDiags(in.reject.Details, in.reject.Error); ds != nil {
			return ds
		}
		return textDiags(in.reject.Error)
	}
	return textDiags(lastDiagnostics(in.task))
}

// basicDiags reads the errors of a "basic" output, bare or under
// "diagnostics"; text is the compact text, whose lines say more (the value
// received) and serve as messages where they match.
func basicDiags(details json.RawMessage, text string) []schemaDiag {
	if len(details) == 0 {
		return nil
	}
	type basic struct {
		Errors []struct {
			KeywordLocation  string `json:"keywordLocation"`
			InstanceLocation string `json:"instanceLocation"`
			Error            string `json:"error"`
		} `json:"errors"`
	}
	var d struct {
		basic
		Diagnostics *basic `json:"diagnostics"`
	}
	if json.Unmarshal(details, &d) != nil {
		return nil
	}
	b := d.basic
	if d.Diagnostics != nil {
		b = *d.Diagnostics
	}
	var out []schemaDiag
	for _, e := range b.Errors {
		kw := lastSegment(e.KeywordLocation)
		out = append(out, schemaDiag{
			pointer: hotSpotPointer(e.InstanceLocation, kw, e.Error),
			keyword: kw,
			message: textLine(text, e.InstanceLocation, e.Error),
		})
	}
	return out
}

// textDiags parses compact diagnostics, one "POINTER: message" line each
// ("/" is the root); the keyword is inferred from the message.
func textDiags(text string) []schemaDiag {
	var out []schemaDiag
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimPrefix(strings.TrimSpace(line), "- ")
		path, msg, ok := strings.Cut(line, ": ")
		if !ok || !strings.HasPrefix(path, "/") {
			continue
		}
		if path == "/" {
			path = ""
		}
		kw := keywordOf(msg)
		out = append(out, schemaDiag{pointer: hotSpotPointer(path, kw, msg), keyword: kw, message: line})
	}
	return out
}

// textLine returns the line of the compact text that renders the
// diagnostic at pointer with message, or "pointer: message".
func textLine(text, pointer, message string) string {
	if pointer == "" {
		pointer = "/"
	}
	head := pointer + ": " + message
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, head) {
			return line
		}
	}
	return head
}

// hotSpotPointer folds the array indexes of pointer to "*" and, for a
// missing or extra property, appends the property named in message.
func hotSpotPointer(pointer, keyword, message string) string {
	segs := strings.Split(pointer, "/")
	for i, s := range segs {
		if i > 0 && isIndex(s) {
			segs[i] = "*"
		}
	}
	p := strings.Join(segs, "/")
	switch keyword {
	case "required", "additionalProperties", "unevaluatedProperties", "dependentRequired":
		if name, ok := quotedProperty(message); ok {
			p += "/" + jsonpointer.EscapeToken(name)
		}
	}
	return p
}

func isIndex(s string) bool {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// quotedProperty returns the first Go-quoted name after "property " or
// "properties " in a diagnostic message.
func quotedProperty(message string) (string, bool) {
	for _, lead := range []string{"property ", "properties "} {
		if i := strings.Index(message, lead+`"`); i >= 0 {
			q, err := strconv.QuotedPrefix(message[i+len(lead):])
			if err != nil {
				return "", false
			}
			name, err := strconv.Unquote(q)
			return name, err == nil
		}
	}
	return "", false
}

// lastSegment returns the last segment of a JSON Pointer, unescaped.
func lastSegment(pointer string) string {
	i := strings.LastIndexByte(pointer, '/')
	return jsonpointer.UnescapeToken(pointer[i+1:])
}

// keywordRules infer the keyword of a compact diagnostic from its message
// (validate's wording); the first rule whose every part is in the message
// wins. Structured details make this unnecessary: only dead letters, which
// keep the text, need it.
var keywordRules = []struct {
	parts   []string
	keyword string
}{
	{[]string{"missing required property "}, "required"},
	{[]string{"property ", " is not allowed"}, "additionalProperties"},
	{[]string{"properties ", " are not allowed"}, "additionalProperties"},
	{[]string{"must match pattern "}, "pattern"},
	{[]string{"must be a valid "}, "format"},
	{[]string{"must be a multiple of "}, "multipleOf"},
	{[]string{"must be one of "}, "enum"},
	{[]string{"must be <= "}, "maximum"},
	{[]string{"must be < "}, "exclusiveMaximum"},
	{[]string{"must be >= "}, "minimum"},
	{[]string{"must be > "}, "exclusiveMinimum"},
	{[]string{"must be at least ", " characters"}, "minLength"},
	{[]string{"must be at most ", " characters"}, "maxLength"},
	{[]string{"must have at least ", " items"}, "minItems"},
	{[]string{"must have at most ", " items"}, "maxItems"},
	{[]string{"must have at least ", " properties"}, "minProperties"},
	{[]string{"must have at most ", " properties"}, "maxProperties"},
	{[]string{"must contain at least "}, "contains"},
	{[]string{"must contain at most "}, "maxContains"},
	{[]string{" are equal"}, "uniqueItems"},
	{[]string{"must match exactly one schema of oneOf"}, "oneOf"},
	{[]string{"must not match the schema"}, "not"},
	{[]string{"no value is allowed here"}, "false"},
	{[]string{"is not allowed here"}, "unevaluatedItems"},
}

func keywordOf(message string) string {
	if rest, ok := strings.CutPrefix(message, "must be "); ok {
		// "must be string or null, got integer" (type), "must be 5, got
		// 4" (const).
		want, _, _ := strings.Cut(rest, ", got ")
		for _, t := range strings.Split(want, " or ") {
			switch t {
			case "string", "number", "integer", "boolean", "object", "array", "null":
				continue
			}
			return keywordRule(message, "const")
		}
		return "type"
	}
	return keywordRule(message, "")
}

// keywordRule returns the keyword of the first rule message matches, or
// fallback.
func keywordRule(message, fallback string) string {
	for _, r := range keywordRules {
		all := true
		for _, p := range r.parts {
			if !strings.Contains(message, p) {
				all = false
				break
			}
		}
		if all {
			return r.keyword
		}
	}
	return fallback
}

// hotSpotHint is the one-line hint of a hot spot of 3 failures or more:
// the same field failing the same way again and again points at the schema
// or the prompt, not the model.
func hotSpotHint(keyword string) string {
	const lead = "the same field keeps failing: the schema or the prompt may be the problem, not the model"
	switch keyword {
	case "required":
		return lead + " (make the field optional, or say in the prompt where its value comes from)"
	case "additionalProperties", "unevaluatedProperties":
		return lead + " (allow the property, or tell the model which properties exist)"
	case "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf":
		return lead + " (check the range, and state it in the prompt)"
	case "pattern", "format":
		return lead + " (show the expected form in the prompt, with an example)"
	case "enum", "const":
		return lead + " (list the allowed values in the prompt, or accept the ones the model uses)"
	case "type":
		return lead + " (state the type in the prompt, or accept both)"
	}
	return lead
}
