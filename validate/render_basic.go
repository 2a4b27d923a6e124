package validate

import "unicode/utf8"

// AppendBasic appends the diagnostics in the JSON Schema 2020-12 "basic"
// output format: {"valid":true} when there are none, else
// {"valid":false,"errors":[{"valid":false,"keywordLocation":...,
// "absoluteKeywordLocation":...,"instanceLocation":...,"error":...},...]}.
func (d Diagnostics) AppendBasic(dst []byte) []byte {
	if len(d) == 0 {
		return append(dst, `{"valid":true}`...)
	}
	dst = append(dst, `{"valid":false,"errors":[`...)
	for i := range d {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = d[i].appendBasicUnit(dst)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}

// appendBasicUnit appends x as an output unit of the "basic" format,
// without its closing brace.
func (x *Diagnostic) appendBasicUnit(dst []byte) []byte {
	dst = append(dst, `{"valid":false,"keywordLocation":`...)
	dst = appendJSONString(dst, x.KeywordLocation)
	if x.AbsoluteKeywordLocation != "" && x.AbsoluteKeywordLocation[0] != '#' {
		dst = append(dst, `,"absoluteKeywordLocation":`...)
		dst = appendJSONString(dst, x.AbsoluteKeywordLocation)
	}
	dst = append(dst, `,"instanceLocation":`...)
	dst = appendJSONString(dst, x.InstanceLocation)
	dst = append(dst, `,"error":`...)
	msg := x.Message
	if x.Hint != "" {
		msg += " (" + x.Hint + ")"
	}
	return appendJSONString(dst, msg)
}

// appendJSONString appends s as a JSON string literal.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}
