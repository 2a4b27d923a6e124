package format

import (
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

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

// uriTemplateExpr matches one expression of a URI template. It is
// compiled at its first use, not at every start of every binary that
// links the package (about 0.5 ms of each start of the CLI).
var uriTemplateExpr = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+#./;?&=,!@|]?([A-Za-z0-9_.%]+(:[1-9][0-9]{0,3}|\*)?)(,[A-Za-z0-9_.%]+(:[1-9][0-9]{0,3}|\*)?)*$`)
})

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
		if !uriTemplateExpr().MatchString(s[i+1:i+j]) || strings.Contains(s[i+1:i+j], "..") {
			return false
		}
		s = s[i+j+1:]
	}
	return true
}
