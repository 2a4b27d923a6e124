// Package jsonnum holds the strict grammar of a JSON number (RFC 8259),
// for the readers that check it on their own: internal/tape's strict
// read and internal/structural's stage 2.
package jsonnum

// End returns the index just past the number at b[i] by the strict
// grammar -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, or -1 when none
// begins there. What follows the number is the caller's to check.
func End(b []byte, i int) int {
	end, _ := Scan(b, i)
	return end
}

// Scan is End that also says whether the number is written as an
// integer: no fraction, no exponent.
func Scan(b []byte, i int) (end int, integral bool) {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i >= len(b):
		return -1, false
	case b[i] == '0':
		i++
	case b[i] >= '1' && b[i] <= '9':
		i = digitsEnd(b, i+1)
	default:
		return -1, false
	}
	integral = true
	if i < len(b) && b[i] == '.' {
		j := digitsEnd(b, i+1)
		if j == i+1 {
			return -1, false
		}
		i, integral = j, false
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digitsEnd(b, i)
		if j == i {
			return -1, false
		}
		i, integral = j, false
	}
	return i, integral
}

// digitsEnd returns the index of the first byte at or after i that is not
// a decimal digit.
func digitsEnd(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}
