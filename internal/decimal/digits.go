package decimal

import "strconv"

// signedDigits is an integer of any size written in decimal: digits holds
// its absolute value without leading zeros ("0" for zero). It carries the
// exponents of numbers too large for an int64 (1e4611686018427387904 and
// beyond); every operation is linear in the number of digits, so a hostile
// exponent costs what its text costs. math/big is avoided on purpose: its
// decimal conversion is quadratic in the length of the text.
type signedDigits struct {
	neg    bool
	digits string
}

// hugeMag is the saturated int64 stand-in of a magnitude too large for
// exact int64 arithmetic (see decimal.hugeMag). Sums and differences of two
// such stand-ins and a document-sized offset still fit an int64.
const hugeMag = 1 << 61

// exactDigits is the most digits an integer may have to be kept as an
// exact int64 (any 18-digit integer is below 1e18 < 2^60).
const exactDigits = 18

func digitsOf(x int64) signedDigits {
	if x < 0 {
		return signedDigits{neg: true, digits: strconv.FormatUint(uint64(-x), 10)}
	}
	return signedDigits{digits: strconv.FormatUint(uint64(x), 10)}
}

// trimZeros drops the leading zeros of a digit string ("" becomes "0").
func trimZeros(s string) string {
	i := 0
	for i < len(s)-1 && s[i] == '0' {
		i++
	}
	if s == "" {
		return "0"
	}
	return s[i:]
}

// cmpDigits compares two digit strings without leading zeros.
func cmpDigits(a, b string) int {
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// addDigits returns a+b for digit strings.
func addDigits(a, b string) string {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := make([]byte, len(a)+1)
	carry := byte(0)
	for i := 0; i < len(a); i++ {
		x := a[len(a)-1-i] - '0' + carry
		if i < len(b) {
			x += b[len(b)-1-i] - '0'
		}
		carry = x / 10
		out[len(out)-1-i] = x%10 + '0'
	}
	out[0] = carry + '0'
	return trimZeros(string(out))
}

// subDigits returns a-b for digit strings with a >= b.
func subDigits(a, b string) string {
	out := make([]byte, len(a))
	borrow := byte(0)
	for i := 0; i < len(a); i++ {
		x := int(a[len(a)-1-i]-'0') - int(borrow)
		if i < len(b) {
			x -= int(b[len(b)-1-i] - '0')
		}
		borrow = 0
		if x < 0 {
			x += 10
			borrow = 1
		}
		out[len(out)-1-i] = byte(x) + '0'
	}
	return trimZeros(string(out))
}

// add returns a+b.
func (a signedDigits) add(b signedDigits) signedDigits {
	if a.neg == b.neg {
		return signedDigits{neg: a.neg, digits: addDigits(a.digits, b.digits)}
	}
	switch cmpDigits(a.digits, b.digits) {
	case 0:
		return signedDigits{digits: "0"}
	case 1:
		return signedDigits{neg: a.neg, digits: subDigits(a.digits, b.digits)}
	}
	return signedDigits{neg: b.neg, digits: subDigits(b.digits, a.digits)}
}

// negate returns -a.
func (a signedDigits) negate() signedDigits {
	if a.digits == "0" {
		return a
	}
	return signedDigits{neg: !a.neg, digits: a.digits}
}

// small returns a as an int64 when it has at most exactDigits digits.
func (a signedDigits) small() (int64, bool) {
	if len(a.digits) > exactDigits {
		return 0, false
	}
	x, _ := strconv.ParseInt(a.digits, 10, 64)
	if a.neg {
		x = -x
	}
	return x, true
}

// saturate returns a as an int64, exact up to exactDigits digits and
// ±hugeMag beyond.
func (a signedDigits) saturate() int64 {
	if x, ok := a.small(); ok {
		return x
	}
	if a.neg {
		return -hugeMag
	}
	return hugeMag
}
