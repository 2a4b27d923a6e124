package sanitize

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/jsonstr"
)

// unwrapDocument handles a top-level string value that holds a whole JSON
// document ("{\"a\": 1}", a document serialized twice): when the string's
// content is by itself a valid object or array, the value is replaced by
// that content. It runs when the value has ended, on output bytes
// [start, end), and returns the change in length.
func (z *Sanitizer) unwrapDocument(start, end int) int {
	v := z.out[start:end]
	if len(v) < 4 || v[0] != '"' {
		return 0
	}
	if v[1] != '{' && v[1] != '[' {
		return 0
	}
	var ok bool
	z.scratch, ok = appendUnquoted(z.scratch[:0], v)
	if !ok {
		return 0
	}
	if z.sub == nil {
		z.sub = New(Options{Strict: true, MaxDepth: z.opts.MaxDepth})
	}
	inner, err := z.sub.Bytes(z.scratch)
	if err != nil || len(z.sub.report.Fixes) > 0 || z.sub.report.Values != 1 {
		return 0
	}
	d := len(inner) - len(v)
	tail := z.out[end:]
	if d > 0 {
		for k := 0; k < d; k++ {
			z.out = append(z.out, 0)
		}
	}
	copy(z.out[end+d:], tail)
	copy(z.out[start:], inner)
	if d < 0 {
		z.out = z.out[:len(z.out)+d]
	}
	z.work += int64(len(v) + len(inner))
	return d
}

// appendUnquoted appends the content of the valid JSON string q (with its
// quotes) to dst, unescaped.
func appendUnquoted(dst, q []byte) ([]byte, bool) {
	q = q[1 : len(q)-1]
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c != '\\' {
			dst = append(dst, c)
			continue
		}
		i++
		if i >= len(q) {
			return dst, false
		}
		switch q[i] {
		case '"', '\\', '/':
			dst = append(dst, q[i])
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := jsonstr.Hex4(q[i+1:])
			if !ok {
				return dst, false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if i+6 < len(q) && q[i+1] == '\\' && q[i+2] == 'u' {
					if r2, ok := jsonstr.Hex4(q[i+3:]); ok {
						if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
							r = pair
							i += 6
						}
					}
				}
			}
			dst = utf8.AppendRune(dst, r)
		default:
			return dst, false
		}
	}
	return dst, true
}
