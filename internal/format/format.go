// Package format checks strings against the formats JSON Schema defines
// (date-time, email, hostname, ipv4/ipv6, uri and iri, uri-template,
// json-pointer, regex, uuid, ...), for validators that assert formats.
// Formats it does not know have no checker: they are annotations only.
package format

import (
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
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

// isDate checks RFC 3339 full-date.
func isDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' || !digits(s[:4]) || !digits(s[5:7]) || !digits(s[8:]) {
		return false
	}
	y, m, d := atoi2(s[:4]), atoi2(s[5:7]), atoi2(s[8:])
	if m < 1 || m > 12 || d < 1 {
		return false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && (y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
		days = 29
	}
	return d <= days
}

// isTime checks RFC 3339 full-time (time-offset required), leap seconds
// only at 23:59:60 UTC.
func isTime(s string) bool {
	if len(s) < 9 || s[2] != ':' || s[5] != ':' || !digits(s[:2]) || !digits(s[3:5]) || !digits(s[6:8]) {
		return false
	}
	h, m, sec := atoi2(s[:2]), atoi2(s[3:5]), atoi2(s[6:8])
	rest := s[8:]
	if len(rest) > 0 && rest[0] == '.' {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		rest = rest[i:]
	}
	if h > 23 || m > 59 || sec > 60 {
		return false
	}
	var offMin int
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':' && digits(rest[1:3]) && digits(rest[4:]):
		oh, om := atoi2(rest[1:3]), atoi2(rest[4:])
		if oh > 23 || om > 59 {
			return false
		}
		offMin = oh*60 + om
		if rest[0] == '+' {
			offMin = -offMin
		}
	default:
		return false
	}
	if sec == 60 {
		utc := ((h*60+m+offMin)%1440 + 1440) % 1440
		return utc == 23*60+59
	}
	return true
}

func isDateTime(s string) bool {
	if len(s) < 20 || (s[10] != 'T' && s[10] != 't') {
		return false
	}
	return isDate(s[:10]) && isTime(s[11:])
}

// isDuration checks ISO 8601 durations as in RFC 3339 appendix A.
func isDuration(s string) bool {
	if len(s) < 2 || s[0] != 'P' {
		return false
	}
	s = s[1:]
	date, tm, hasT := strings.Cut(s, "T")
	if hasT && tm == "" {
		return false
	}
	parse := func(part, units string) (string, bool) {
		var seen string
		for len(part) > 0 {
			i := 0
			for i < len(part) && part[i] >= '0' && part[i] <= '9' {
				i++
			}
			if i == 0 || i == len(part) {
				return "", false
			}
			u := part[i]
			k := strings.IndexByte(units, u)
			if k < 0 || (len(seen) > 0 && strings.IndexByte(units, seen[len(seen)-1]) >= k) {
				return "", false
			}
			seen += string(u)
			part = part[i+1:]
		}
		return seen, true
	}
	du, ok := parse(date, "YMWD")
	if !ok {
		return false
	}
	tu, ok := parse(tm, "HMS")
	if !ok || du == "" && tu == "" {
		return false
	}
	if strings.Contains(du, "W") && (len(du) > 1 || tu != "") {
		return false
	}
	// RFC 3339 appendix A: units are contiguous (no "YD" without "M").
	switch du {
	case "", "D", "M", "MD", "Y", "YM", "YMD", "W":
	default:
		return false
	}
	switch tu {
	case "", "H", "HM", "HMS", "M", "MS", "S":
	default:
		return false
	}
	return true
}

func isIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if !digits(p) || len(p) > 3 || (len(p) > 1 && p[0] == '0') || atoi2(p) > 255 {
			return false
		}
	}
	return true
}

func isIPv6(s string) bool {
	if strings.ContainsAny(s, "%") {
		return false
	}
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is6()
}

// isHostname checks RFC 1123 host names (with idn, any non-ASCII letters in
// labels are accepted).
func isHostname(s string, idn bool) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 || strings.HasSuffix(s, ".") {
		return false
	}
	for len(s) > 0 {
		label, rest, _ := strings.Cut(s, ".")
		s = rest
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		if len(label) >= 4 && label[2] == '-' && label[3] == '-' && !strings.HasPrefix(strings.ToLower(label), "xn--") {
			return false
		}
		for _, r := range label {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-':
			case idn && r > 127 && r != 0x3002 && r != 0xff0e && r != 0xff61:
			default:
				return false
			}
		}
	}
	return true
}

func isEmail(s string, idn bool) bool {
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if len(local) > 64 {
		return false
	}
	if local[0] == '"' {
		if len(local) < 2 || local[len(local)-1] != '"' {
			return false
		}
	} else {
		if local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
			return false
		}
		for _, r := range local {
			if r < 128 && !strings.ContainsRune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~.", r) {
				return false
			}
			if r >= 128 && !idn {
				return false
			}
		}
	}
	if strings.HasPrefix(domain, "[") && strings.HasSuffix(domain, "]") {
		ip := domain[1 : len(domain)-1]
		if strings.HasPrefix(strings.ToLower(ip), "ipv6:") {
			return isIPv6(ip[5:])
		}
		return isIPv4(ip)
	}
	return isHostname(domain, idn)
}

func isURI(s string, absolute, iri bool) bool {
	if !iri {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				return false
			}
		}
	}
	for _, r := range s {
		if r <= ' ' || strings.ContainsRune(`"<>\^`+"`{|}", r) {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			return false
		}
	}
	u, err := url.Parse(s)
	if err != nil {
		return false
	}
	if strings.Count(u.Host, "@") > 0 || strings.ContainsAny(u.Path, "[]") || strings.ContainsAny(u.Opaque, "[]") {
		return false
	}
	if rest := s[len(u.Scheme):]; u.Scheme != "" || strings.HasPrefix(rest, "//") {
		rest = strings.TrimPrefix(rest, ":")
		if strings.HasPrefix(rest, "//") {
			auth := rest[2:]
			if i := strings.IndexAny(auth, "/?#"); i >= 0 {
				auth = auth[:i]
			}
			if strings.Count(auth, "@") > 1 {
				return false
			}
		}
	}
	if absolute && u.Scheme == "" {
		return false
	}
	if u.Scheme == "" {
		// A relative reference: its first segment may not hold a colon.
		first, _, _ := strings.Cut(s, "/")
		if strings.Contains(first, ":") {
			return false
		}
	}
	if u.Host != "" && strings.Contains(u.Host, "[") && !strings.HasSuffix(u.Hostname(), "]") {
		if _, err := netip.ParseAddr(u.Hostname()); err != nil {
			return false
		}
	}
	return utf8.ValidString(s)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

var uriTemplateExpr = regexp.MustCompile(`^[+#./;?&=,!@|]?([A-Za-z0-9_.%]+(:[1-9][0-9]{0,3}|\*)?)(,[A-Za-z0-9_.%]+(:[1-9][0-9]{0,3}|\*)?)*$`)

func isURITemplate(s string) bool {
	for len(s) > 0 {
		i := strings.IndexAny(s, "{}")
		lit := s
		if i >= 0 {
			lit = s[:i]
		}
		for _, r := range lit {
			if r <= ' ' || r == 0x7f || strings.ContainsRune(`"<>\^`+"`|", r) {
				return false
			}
		}
		if i < 0 {
			return true
		}
		if s[i] == '}' {
			return false
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return false
		}
		if !uriTemplateExpr.MatchString(s[i+1:i+j]) || strings.Contains(s[i+1:i+j], "..") {
			return false
		}
		s = s[i+j+1:]
	}
	return true
}

func isJSONPointer(s string) bool {
	if s == "" {
		return true
	}
	if s[0] != '/' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 >= len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			return false
		}
	}
	return true
}

func isRelativeJSONPointer(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || (i > 1 && s[0] == '0') {
		return false
	}
	rest := s[i:]
	if rest == "#" {
		return true
	}
	if len(rest) > 0 && rest[0] == '+' || len(rest) > 0 && rest[0] == '-' {
		return false
	}
	return isJSONPointer(rest)
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
