package validate

import (
	"strconv"

	"github.com/jsonheal/jsonheal/internal/tape"
)

// Text helpers of diagnostics: quoting, truncating, and the Received
// rendering of a value.

// maxReceived caps Diagnostic.Received.
const maxReceived = 64

func quote(s string) string { return strconv.Quote(s) }

// truncate cuts s to at most max bytes (on a rune boundary) with "…".
func truncate(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - 3
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}

// appendLimited appends v's JSON text, stopping soon after limit bytes.
func appendLimited(b []byte, v *tape.Value, limit int) []byte {
	switch v.Type() {
	case tape.Object:
		b = append(b, '{')
		first := true
		v.Visit(func(k []byte, e *tape.Value) {
			if len(b) > limit {
				return
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, b2s(k))
			b = append(b, ':')
			b = appendLimited(b, e, limit)
		})
		return append(b, '}')
	case tape.Array:
		a := v.Array()
		b = append(b, '[')
		for i, e := range a {
			if len(b) > limit {
				break
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = appendLimited(b, e, limit)
		}
		return append(b, ']')
	case tape.String:
		s := v.StringBytes()
		if len(s) > limit {
			s = s[:limit]
		}
		return appendJSONString(b, b2s(s))
	}
	return v.AppendScalar(b)
}
