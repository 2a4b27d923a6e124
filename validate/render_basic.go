package validate

import "github.com/jsonheal/jsonheal/internal/jsonstr"

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

// appendJSONString appends s as a JSON string literal; invalid UTF-8
// becomes the escape \ufffd.
func appendJSONString(dst []byte, s string) []byte {
	return jsonstr.Append(dst, s, `\ufffd`)
}
