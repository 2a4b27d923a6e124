// Package format checks strings against the formats JSON Schema defines
// (date-time, email, hostname, ipv4/ipv6, uri and iri, uri-template,
// json-pointer, regex, uuid, ...), for validators that assert formats.
// Formats it does not know have no checker: they are annotations only.
package format

import (
	"unsafe"

	"github.com/jsonheal/jsonheal/internal/ecmaregex"
)

// Func checks a string against a format.
type Func func(s []byte) bool

// Lookup returns the checker of the named format, nil for a format it
// does not know.
func Lookup(name string) Func { return checkers[name] }

// checkers maps format names to checkers; unknown formats are annotations.
var checkers map[string]Func

func init() {
	checkers = map[string]Func{
		"date-time":             func(b []byte) bool { return isDateTime(b2s(b)) },
		"date":                  func(b []byte) bool { return isDate(b2s(b)) },
		"time":                  func(b []byte) bool { return isTime(b2s(b)) },
		"duration":              func(b []byte) bool { return isDuration(b2s(b)) },
		"email":                 func(b []byte) bool { return isEmail(b2s(b), false) },
		"idn-email":             func(b []byte) bool { return isEmail(b2s(b), true) },
		"hostname":              func(b []byte) bool { return isHostname(b2s(b), false) },
		"idn-hostname":          func(b []byte) bool { return isHostname(b2s(b), true) },
		"ipv4":                  func(b []byte) bool { return isIPv4(b2s(b)) },
		"ipv6":                  func(b []byte) bool { return isIPv6(b2s(b)) },
		"uri":                   func(b []byte) bool { return isURI(b2s(b), true, false) },
		"uri-reference":         func(b []byte) bool { return isURI(b2s(b), false, false) },
		"iri":                   func(b []byte) bool { return isURI(b2s(b), true, true) },
		"iri-reference":         func(b []byte) bool { return isURI(b2s(b), false, true) },
		"uri-template":          func(b []byte) bool { return isURITemplate(b2s(b)) },
		"json-pointer":          func(b []byte) bool { return isJSONPointer(b2s(b)) },
		"relative-json-pointer": func(b []byte) bool { return isRelativeJSONPointer(b2s(b)) },
		"regex":                 func(b []byte) bool { return ecmaregex.Valid(string(b)) },
		"uuid":                  func(b []byte) bool { return isUUID(b2s(b)) },
	}
}

// b2s views b as a string without copying; b must not change while the
// string is in use.
func b2s(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) > 0
}

func atoi2(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHex(s[i]) {
				return false
			}
		}
	}
	return true
}
