// Package decimal compares JSON numbers and decides multipleOf exactly, on
// their text: a Number is a view of the digits (sign, significant digits,
// magnitude) that never rounds, so 1e400, 40-digit integers and exponents
// beyond int64 compare and divide exactly. Every operation is linear in
// the length of the text (math/big only for a divisor of more than 19
// significant digits, whose cost per digit is bounded by the divisor).
package decimal

import (
	"math/big"
	"math/bits"
	"strconv"

	"github.com/jsonheal/jsonheal/internal/swar"
)

// Number is an exact view of a JSON number's text: value =
// sign × 0.d1d2…dn × 10^mag, where d1…dn are the significant digits (no
// leading or trailing zeros). It references the text; it never rounds, so
// comparisons and multipleOf are exact for numbers of any size.
type Number struct {
	intPart  string // digits before '.'
	fracPart string // digits after '.'
	lead     int    // leading zeros of intPart+fracPart
	sigLen   int    // number of significant digits; 0 means the value is zero
	mag      int64  // position of the decimal point relative to d1 (±hugeMag when huge is set)
	// huge holds the digits of |mag| when mag has more than exactDigits
	// digits (an exponent near or beyond 2^60); mag then holds ±hugeMag,
	// which orders it correctly against every exact magnitude.
	huge string
	neg  bool
	src  string // the number's text
}

// Parse parses JSON number text. ok is false for text that is not a
// JSON number.
func Parse(s string) (d Number, ok bool) {
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
	expDigits, eneg := "0", false
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		es := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == es {
			return d, false
		}
		expDigits = trimZeros(s[es:i])
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
	d.setMag(int64(len(d.intPart)-lead), expDigits, eneg)
	return d, true
}

// setMag sets the magnitude to point + exponent, exactly: an exponent of
// up to 17 digits is added as an int64; a longer one in decimal, and the
// result is kept as digits when it does not fit exactDigits.
func (d *Number) setMag(point int64, expDigits string, eneg bool) {
	if len(expDigits) < exactDigits {
		exp, _ := strconv.ParseInt(expDigits, 10, 64)
		if eneg {
			exp = -exp
		}
		d.mag = point + exp // |point| < 2^40 and |exp| < 1e17: no overflow
		return
	}
	m := digitsOf(point).add(signedDigits{neg: eneg, digits: expDigits})
	if x, ok := m.small(); ok {
		d.mag = x
		return
	}
	d.huge = m.digits
	d.mag = m.saturate()
}

// magDigits returns the magnitude as decimal digits.
func (d *Number) magDigits() signedDigits {
	if d.huge != "" {
		return signedDigits{neg: d.mag < 0, digits: d.huge}
	}
	return digitsOf(d.mag)
}

// SmallInt parses number text made only of an optional '-' and at most 18
// digits (no fraction, no exponent): the integers that fit an int64 with
// no work. ok is false for any other text.
//
// The digits are read eight at a time (eightDigits): a digit at a time,
// each step waits for the multiplication before it, and ids of nine
// digits or more are common.
func SmallInt(s string) (int64, bool) {
	d := s
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 18 {
		return 0, false
	}
	var x uint64
	head := len(d) % 8 // the digits before whole words of eight
	for i := range head {
		c := d[i] - '0'
		if c > 9 {
			return 0, false
		}
		x = x*10 + uint64(c)
	}
	for i := head; i < len(d); i += 8 {
		w := uint64(d[i]) | uint64(d[i+1])<<8 | uint64(d[i+2])<<16 | uint64(d[i+3])<<24 |
			uint64(d[i+4])<<32 | uint64(d[i+5])<<40 | uint64(d[i+6])<<48 | uint64(d[i+7])<<56
		if swar.ExactNonDigits(w) != 0 {
			return 0, false
		}
		x = x*100_000_000 + eightDigits(w)
	}
	if s[0] == '-' {
		return -int64(x), true
	}
	return int64(x), true
}

// eightDigits returns the value of the eight ASCII digits of w, the first
// in its lowest byte: pairs, then fours, then all eight, combined by
// multiplications that work on every lane at once.
func eightDigits(w uint64) uint64 {
	w -= swar.Ones * '0'
	w = w*10 + w>>8 // each 16-bit lane's low byte: its two digits' value
	const lanes = 0x000000FF000000FF
	return (w&lanes*(100+1_000_000<<32) + w>>16&lanes*(1+10_000<<32)) >> 32
}

// digit returns the i-th digit of intPart+fracPart.
func (d *Number) digit(i int) byte {
	if i < len(d.intPart) {
		return d.intPart[i]
	}
	return d.fracPart[i-len(d.intPart)]
}

// sig returns the k-th significant digit (0-based).
func (d *Number) sig(k int) byte { return d.digit(d.lead + k) }

// isZero reports whether the value is zero.
func (d *Number) isZero() bool { return d.sigLen == 0 }

// IsInteger reports whether the value has no fractional part.
func (d *Number) IsInteger() bool { return d.sigLen == 0 || d.mag >= int64(d.sigLen) }

// Compare returns -1, 0 or +1 as a <, ==, > b.
func Compare(a, b *Number) int {
	as, bs := a.Sign(), b.Sign()
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

// Sign returns -1, 0 or +1 as the value is negative, zero or positive
// (-0 is zero).
func (d *Number) Sign() int {
	if d.sigLen == 0 {
		return 0
	}
	if d.neg {
		return -1
	}
	return 1
}

// cmpMag compares the magnitudes of a and b exactly.
func cmpMag(a, b *Number) int {
	if a.mag != b.mag {
		if a.mag < b.mag {
			return -1
		}
		return 1
	}
	if a.huge == "" && b.huge == "" {
		return 0
	}
	// Both huge with the same sign (a huge magnitude is never equal to an
	// exact one, as the stand-in exceeds every exact value).
	c := cmpDigits(a.huge, b.huge)
	if a.mag < 0 {
		c = -c
	}
	return c
}

// cmpAbs compares |a| and |b|, both non-zero.
func cmpAbs(a, b *Number) int {
	if c := cmpMag(a, b); c != 0 {
		return c
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

// Mantissa returns the significant digits as an integer D and the exponent e
// with |value| = D × 10^e; ok is false when D does not fit in uint64.
func (d *Number) Mantissa() (m uint64, e int64, ok bool) {
	if d.sigLen > 19 {
		return 0, 0, false
	}
	for k := range d.sigLen {
		m = m*10 + uint64(d.sig(k)-'0')
	}
	return m, d.mag - int64(d.sigLen), true
}

var pow10 = [20]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// IsMultipleOf reports whether v is an integer multiple of m (m > 0),
// exactly. With v = Dv×10^ev and m = Dm×10^em (D the significant digits,
// which end in a non-zero digit, so 10 divides neither), v/m is
// Dv×10^(ev−em)/Dm: when ev < em it would need 10 | Dv, so it is never an
// integer; otherwise Dm must divide Dv×10^(ev−em), which is decided modulo
// Dm in time linear in the digits of v and of the exponent difference.
func IsMultipleOf(v, m *Number) bool {
	if v.isZero() {
		return true
	}
	diff := expDiff(v, m)
	if diff.neg {
		return false
	}
	dm, _, ok := m.Mantissa()
	if !ok {
		return isMultipleOfBig(v, m, diff.digits)
	}
	if dv, _, ok := v.Mantissa(); ok && len(diff.digits) == 1 {
		hi, lo := bits.Mul64(dv, pow10[diff.digits[0]-'0'])
		return bits.Rem64(hi, lo, dm) == 0
	}
	r := v.remainder(dm)
	if r == 0 {
		return true
	}
	hi, lo := bits.Mul64(r, pow10Mod(diff.digits, dm))
	return bits.Rem64(hi, lo, dm) == 0
}

// expDiff returns ev − em, the difference of the exponents of the last
// significant digits of v and m, exactly.
func expDiff(v, m *Number) signedDigits {
	if v.huge == "" && m.huge == "" {
		// |mag| < 1e18 each: the difference fits an int64.
		return digitsOf((v.mag - int64(v.sigLen)) - (m.mag - int64(m.sigLen)))
	}
	ev := v.magDigits().add(digitsOf(-int64(v.sigLen)))
	em := m.magDigits().add(digitsOf(-int64(m.sigLen)))
	return ev.add(em.negate())
}

// mulMod returns x×y mod m.
func mulMod(x, y, m uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	return bits.Rem64(hi, lo, m)
}

// pow10Mod returns 10^e mod m for the decimal exponent e, one step per
// digit of e: 10^(10a+b) = (10^a)^10 × 10^b.
func pow10Mod(e string, m uint64) uint64 {
	r := 1 % m
	for i := 0; i < len(e); i++ {
		r2 := mulMod(r, r, m)
		r8 := mulMod(mulMod(r2, r2, m), mulMod(r2, r2, m), m)
		r = mulMod(mulMod(r8, r2, m), pow10[e[i]-'0']%m, m)
	}
	return r
}

// remainder returns Dv mod m, 18 digits at a time.
func (d *Number) remainder(m uint64) uint64 {
	var r uint64
	for k := 0; k < d.sigLen; {
		n := min(18, d.sigLen-k)
		var chunk uint64
		for j := range n {
			chunk = chunk*10 + uint64(d.sig(k+j)-'0')
		}
		k += n
		hi, lo := bits.Mul64(r, pow10[n])
		var carry uint64
		lo, carry = bits.Add64(lo, chunk, 0)
		r = bits.Rem64(hi+carry, lo, m)
	}
	return r
}

// isMultipleOfBig is IsMultipleOf for a divisor of more than 19
// significant digits (written in the schema): the same test with math/big,
// whose cost per digit of v is bounded by the size of the divisor.
func isMultipleOfBig(v, m *Number, diff string) bool {
	dm := m.mantissa(new(big.Int), nil)
	r := v.mantissa(new(big.Int), dm)
	if r.Sign() == 0 {
		return true
	}
	p := big.NewInt(1)
	var p2, p8, digit big.Int
	for i := 0; i < len(diff); i++ {
		p2.Mul(p, p).Mod(&p2, dm)
		p8.Mul(&p2, &p2).Mod(&p8, dm)
		p8.Mul(&p8, &p8).Mod(&p8, dm)
		p.Mul(&p8, &p2).Mod(p, dm)
		p.Mul(p, digit.SetUint64(pow10[diff[i]-'0'])).Mod(p, dm)
	}
	return r.Mul(r, p).Mod(r, dm).Sign() == 0
}

// mantissa sets x to the significant digits as an integer, read 18 at a
// time, and returns it; with a non-nil mod, x is reduced modulo mod after
// each step, so it never grows past the divisor.
func (d *Number) mantissa(x, mod *big.Int) *big.Int {
	var chunk, scale big.Int
	for k := 0; k < d.sigLen; {
		n := min(18, d.sigLen-k)
		var c uint64
		for j := range n {
			c = c*10 + uint64(d.sig(k+j)-'0')
		}
		k += n
		x.Mul(x, scale.SetUint64(pow10[n]))
		x.Add(x, chunk.SetUint64(c))
		if mod != nil {
			x.Mod(x, mod)
		}
	}
	return x
}

// Text returns the number's JSON text, as parsed.
func (d *Number) Text() string { return d.src }

// SignificantDigits returns the number of significant digits (no leading
// or trailing zeros); 0 for zero.
func (d *Number) SignificantDigits() int { return d.sigLen }

// HasFractionPart reports whether the text has a '.' part: 1.0 has one,
// 1 and 1e0 do not.
func (d *Number) HasFractionPart() bool { return d.fracPart != "" }
