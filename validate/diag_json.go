package validate

import "encoding/json"

// MarshalJSON encodes d as an output unit of the JSON Schema "basic"
// format, as AppendBasic and jsonheal validate --output=basic write it
// ("valid", "keywordLocation", "absoluteKeywordLocation",
// "instanceLocation", "error"), followed by the Diagnostic's details in
// the same camelCase: "keyword", "code", "message", "expected",
// "received", "receivedType", "hint", "property", "allowed" and
// "default" (the default's JSON text as JSON, not base64), each left out
// when empty.
func (d Diagnostic) MarshalJSON() ([]byte, error) {
	return d.appendJSON(nil), nil
}

// MarshalJSON encodes the diagnostics in the "basic" format
// ({"valid":true}, or {"valid":false,"errors":[...]}), each error unit
// with the details Diagnostic.MarshalJSON adds.
func (d Diagnostics) MarshalJSON() ([]byte, error) {
	if len(d) == 0 {
		return []byte(`{"valid":true}`), nil
	}
	dst := []byte(`{"valid":false,"errors":[`)
	for i := range d {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = d[i].appendJSON(dst)
	}
	return append(dst, "]}"...), nil
}

// appendJSON appends the JSON object of d (see MarshalJSON).
func (d *Diagnostic) appendJSON(dst []byte) []byte {
	dst = d.appendBasicUnit(dst)
	for _, f := range [...]struct{ name, value string }{
		{"keyword", d.Keyword}, {"code", string(d.Code)}, {"message", d.Message},
		{"expected", d.Expected}, {"received", d.Received}, {"receivedType", d.ReceivedType},
		{"hint", d.Hint}, {"property", d.Property},
	} {
		if f.value != "" {
			dst = append(dst, `,"`+f.name+`":`...)
			dst = appendJSONString(dst, f.value)
		}
	}
	if len(d.Allowed) > 0 {
		dst = append(dst, `,"allowed":[`...)
		for i, a := range d.Allowed {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, a)
		}
		dst = append(dst, ']')
	}
	if len(d.Default) > 0 {
		dst = append(dst, `,"default":`...)
		if json.Valid(d.Default) {
			dst = append(dst, d.Default...)
		} else {
			dst = appendJSONString(dst, string(d.Default))
		}
	}
	return append(dst, '}')
}
