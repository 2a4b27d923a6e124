package format

import (
	"net/netip"
	"strings"
)

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
