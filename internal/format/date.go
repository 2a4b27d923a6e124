package format

import "strings"

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
