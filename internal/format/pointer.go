package format

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
