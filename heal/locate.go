package heal

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// The functions below navigate a document that is already known to be one
// valid JSON value (the sanitizer said so). They never allocate on the
// common paths and never recurse.

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// skipString returns the index just past the string starting at b[i] == '"'.
func skipString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// skipValue returns the index just past the value starting at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = skipString(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	j := i
	for j < len(b) && !isSpace(b[j]) && b[j] != ',' && b[j] != '}' && b[j] != ']' {
		j++
	}
	return j
}

// member is one object member: the key's span (quotes included) and the
// value's span.
type member struct {
	keyStart, keyEnd, valStart, valEnd int
}

// nextMember reads the member at or after i inside an object (i just past
// '{' or just past a value); ok is false at the closing '}'.
func nextMember(b []byte, i int) (m member, next int, ok bool) {
	i = skipSpace(b, i)
	if i < len(b) && b[i] == ',' {
		i = skipSpace(b, i+1)
	}
	if i >= len(b) || b[i] != '"' {
		return member{}, i, false
	}
	m.keyStart, m.keyEnd = i, skipString(b, i)
	i = skipSpace(b, m.keyEnd)
	if i < len(b) && b[i] == ':' {
		i++
	}
	m.valStart = skipSpace(b, i)
	m.valEnd = skipValue(b, m.valStart)
	return m, m.valEnd, true
}

// keyEquals reports whether the JSON string text quoted equals name.
func keyEquals(quoted []byte, name string) bool {
	raw := quoted[1 : len(quoted)-1]
	if strings.IndexByte(string(raw), '\\') < 0 {
		return string(raw) == name
	}
	var s string
	return json.Unmarshal(quoted, &s) == nil && s == name
}

// decodeKey returns the decoded text of a JSON string.
func decodeKey(quoted []byte) string {
	if raw := quoted[1 : len(quoted)-1]; bytes.IndexByte(raw, '\\') < 0 {
		return string(raw) // nothing to decode
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return string(quoted)
	}
	return s
}

// locate returns the span of the value at JSON Pointer ptr ("" = root).
func locate(doc []byte, ptr string) (start, end int, ok bool) {
	i := skipSpace(doc, 0)
	for ptr != "" {
		if ptr[0] != '/' {
			return 0, 0, false
		}
		ptr = ptr[1:]
		tok := ptr
		if k := strings.IndexByte(ptr, '/'); k >= 0 {
			tok, ptr = ptr[:k], ptr[k:]
		} else {
			ptr = ""
		}
		if strings.IndexByte(tok, '~') >= 0 {
			tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		}
		if i >= len(doc) {
			return 0, 0, false
		}
		switch doc[i] {
		case '{':
			found := false
			for j := i + 1; ; {
				m, next, more := nextMember(doc, j)
				if !more {
					break
				}
				if keyEquals(doc[m.keyStart:m.keyEnd], tok) {
					i, found = m.valStart, true // the last duplicate wins below
				}
				j = next
			}
			if !found {
				return 0, 0, false
			}
		case '[':
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 {
				return 0, 0, false
			}
			j := skipSpace(doc, i+1)
			for k := 0; ; k++ {
				if j >= len(doc) || doc[j] == ']' {
					return 0, 0, false
				}
				if k == n {
					break
				}
				j = skipSpace(doc, skipValue(doc, j))
				if j < len(doc) && doc[j] == ',' {
					j = skipSpace(doc, j+1)
				}
			}
			i = j
		default:
			return 0, 0, false
		}
	}
	if i >= len(doc) {
		return 0, 0, false
	}
	return i, skipValue(doc, i), true
}

// jsonType names the JSON type of the value text v as JSON Schema does.
func jsonType(v []byte) string {
	if len(v) == 0 {
		return ""
	}
	switch v[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	if isJSONInteger(string(v)) {
		return "integer"
	}
	return "number"
}

// isJSONInteger reports whether s is exactly a JSON integer:
// -?(0|[1-9][0-9]*).
func isJSONInteger(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
	}
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// isJSONNumber reports whether s is exactly a JSON number.
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	start := i
	if n := digits(); n == 0 || (n > 1 && s[start] == '0') {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
