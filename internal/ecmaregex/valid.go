package ecmaregex

import "regexp"

// Valid checks a regular expression for the "regex" format: it must
// compile (RE2) and use no syntax that ECMA-262 lacks.
func Valid(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '\\' {
			switch s[i+1] {
			case 'a', 'A', 'z', 'Z', 'Q', 'E', 'C':
				return false
			}
			i++
			continue
		}
		if s[i] == '(' && s[i+1] == '?' && i+2 < len(s) {
			// Python named groups, comments and inline flags.
			if c := s[i+2]; c == 'P' || c == '#' || c >= 'a' && c <= 'z' {
				return false
			}
		}
	}
	_, err := compileRegexp(s)
	return err == nil
}

// compileRegexp compiles an ECMA-262 pattern with RE2 after translating the
// few spellings that differ (see translate).
func compileRegexp(src string) (*regexp.Regexp, error) {
	return regexp.Compile(translate(src))
}
