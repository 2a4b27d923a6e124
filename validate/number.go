package validate

import (
	"math/big"
	"math/bits"
)

// decimal is an exact view of a JSON number's text: value =
// sign × 0.d1d2…dn × 10^mag, where d1…dn are the significant digits (no
// leading or trailing zeros). It references the text; it never rounds, so
// comparisons and multipleOf are exact for numbers of any size.
type decimal struct {
	intPart  string // digits before '.'
	fracPart string // digits after '.'
	lead     int    // leading zeros of intPart+fracPart
	sigLen   int    // number of significant digits; 0 means the value is zero
	mag      int64  // position of the decimal point relative to d1
	neg      bool
	src      string // the number's text
}

// expLimit saturates exponents: beyond it a number is "astronomically"
// large or small and only its sign and magnitude order matter.
const expLimit = 1 << 40

// parseDecimal parses JSON number text. ok is false for text that is not a
// JSON number.
func parseDecimal(s string) (d decimal, ok bool) {
	d.src = s
	i := 0
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == start {
		return d, false
	}
	d.intPart = s[start:i]
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == fs {
			return d, false
		}
		d.fracPart = s[fs:i]
	}
	var exp int64
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		es := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if exp < expLimit {
				exp = exp*10 + int64(s[i]-'0')
			}
			i++
		}
		if i == es {
			return d, false
		}
		if eneg {
			exp = -exp
		}
	}
	if i != len(s) {
		return d, false
	}
	n := len(d.intPart) + len(d.fracPart)
	lead := 0
	for lead < n && d.digit(lead) == '0' {
		lead++
	}
	if lead == n {
		d.neg = false
		return d, true // zero
	}
	trail := 0
	for d.digit(n-1-trail) == '0' {
		trail++
	}
	d.lead = lead
	d.sigLen = n - lead - trail
	d.mag = int64(len(d.intPart)-lead) + exp
	return d, true
}

// smallInt parses number text made only of an optional '-' and at most 18
// digits (no fraction, no exponent): the integers that fit an int64 with
// no work. ok is false for any other text.
func smallInt(s string) (int64, bool) {
	i := 0
	if len(s) > 0 && s[0] == '-' {
		i = 1
	}
	if i == len(s) || len(s)-i > 18 {
		return 0, false
	}
	var x int64
	for ; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		x = x*10 + int64(c-'0')
	}
	if s[0] == '-' {
		x = -x
	}
	return x, true
}

// digit returns the i-th digit of intPart+fracPart.
func (d *decimal) digit(i int) byte {
	if i < len(d.intPart) {
		return d.intPart[i]
	}
	return d.fracPart[i-len(d.intPart)]
}

// sig returns the k-th significant digit (0-based).
func (d *decimal) sig(k int) byte { return d.digit(d.lead + k) }

func (d *decimal) isZero() bool { return d.sigLen == 0 }

// isInteger reports whether the value has no fractional part.
func (d *decimal) isInteger() bool { return d.sigLen == 0 || d.mag >= int64(d.sigLen) }

// cmpDecimal returns -1, 0 or +1 as a <, ==, > b.
func cmpDecimal(a, b *decimal) int {
	as, bs := a.sign(), b.sign()
	if as != bs {
		if as < bs {
			return -1
		}
		return 1
	}
	if as == 0 {
		return 0
	}
	c := cmpAbs(a, b)
	if as < 0 {
		return -c
	}
	return c
}

func (d *decimal) sign() int {
	if d.sigLen == 0 {
		return 0
	}
	if d.neg {
		return -1
	}
	return 1
}

// cmpAbs compares |a| and |b|, both non-zero.
func cmpAbs(a, b *decimal) int {
	if a.mag != b.mag {
		if a.mag < b.mag {
			return -1
		}
		return 1
	}
	n := min(a.sigLen, b.sigLen)
	for k := range n {
		x, y := a.sig(k), b.sig(k)
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	switch {
	case a.sigLen < b.sigLen:
		return -1
	case a.sigLen > b.sigLen:
		return 1
	}
	return 0
}

// mantissa returns the significant digits as an integer D and the exponent e
// with |value| = D × 10^e; ok is false when D does not fit in uint64.
func (d *decimal) mantissa() (m uint64, e int64, ok bool) {
	if d.sigLen > 19 {
		return 0, 0, false
	}
	for k := range d.sigLen {
		m = m*10 + uint64(d.sig(k)-'0')
	}
	return m, d.mag - int64(d.sigLen), true
}

var pow10 = [20]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// isMultipleOf reports whether v is an integer multiple of m (m > 0), exactly.
func isMultipleOf(v, m *decimal) bool {
	if v.isZero() {
		return true
	}
	dv, ev, ok1 := v.mantissa()
	dm, em, ok2 := m.mantissa()
	if ok1 && ok2 {
		diff := ev - em
		switch {
		case diff >= 0 && diff < 20:
			hi, lo := bits.Mul64(dv, pow10[diff])
			return bits.Rem64(hi, lo, dm) == 0
		case diff < 0 && diff > -20:
			hi, lo := bits.Mul64(dm, pow10[-diff])
			return hi == 0 && dv%lo == 0
		case diff <= -20:
			return false // the divisor exceeds the dividend
		}
	}
	return isMultipleOfBig(v, m)
}

// isMultipleOfBig decides D_v×10^e_v ≡ 0 (mod D_m×10^e_m) without raising 10
// to large powers: with D_m = 2^a × 5^b × k (k coprime to 10) the test is
// k | D_v, v2(D_v)+d ≥ a and v5(D_v)+d ≥ b where d = e_v − e_m.
func isMultipleOfBig(v, m *decimal) bool {
	dv := v.bigMantissa()
	dm := m.bigMantissa()
	ev := v.mag - int64(v.sigLen)
	em := m.mag - int64(m.sigLen)
	d := ev - em
	a, b := stripTwoFive(dm)
	var r big.Int
	if r.Rem(dv, dm).Sign() != 0 {
		return false
	}
	v2, v5 := stripTwoFive(new(big.Int).Set(dv))
	return v2+d >= a && v5+d >= b
}

// stripTwoFive divides x by 2 and 5 as long as possible and returns the
// exponents removed.
func stripTwoFive(x *big.Int) (twos, fives int64) {
	if x.Sign() == 0 {
		return 0, 0
	}
	t := x.TrailingZeroBits()
	x.Rsh(x, t)
	five := big.NewInt(5)
	var q, r big.Int
	for {
		q.QuoRem(x, five, &r)
		if r.Sign() != 0 {
			break
		}
		x.Set(&q)
		fives++
	}
	return int64(t), fives
}

func (d *decimal) bigMantissa() *big.Int {
	buf := make([]byte, d.sigLen)
	for k := range buf {
		buf[k] = d.sig(k)
	}
	x, _ := new(big.Int).SetString(string(buf), 10)
	return x
}

// text returns the number's JSON text.
func (d *decimal) text() string { return d.src }
