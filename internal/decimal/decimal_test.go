package decimal

import (
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompareHugeExponents compares numbers whose exponents are near and
// beyond 2^62 (and far beyond int64): the order is exact, never saturated.
func TestCompareHugeExponents(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"1e4611686018427387904", "1e4611686018427387905", -1},
		{"1e4611686018427387905", "1e4611686018427387904", 1},
		{"1e4611686018427387904", "10e4611686018427387903", 0},
		{"1e4611686018427387904", "0.1e4611686018427387905", 0},
		{"-1e4611686018427387904", "-1e4611686018427387905", 1},
		{"1e-4611686018427387905", "1e-4611686018427387904", -1},
		{"1e-4611686018427387904", "100e-4611686018427387906", 0},
		{"1e99999999999999999999999999999", "1e99999999999999999999999999998", 1},
		{"1e99999999999999999999999999999", "1e100000000000000000000000000000", -1},
		{"2e999999999999999999", "1e1000000000000000000", -1}, // 18 and 19 digits
		{"1e999999999999999999", "1e99999999999999999", 1},    // huge vs exact
		{"1e-999999999999999999", "1e-99999999999999999", -1}, // tiny vs exact
		{"12345e999999999999999995", "1.2345e999999999999999999", 0},
		{"1e0000000000000000000000000001", "10", 0}, // leading zeros of the exponent
		{"5e1000000000000000000", "5e-1000000000000000000", 1},
		{"-5e1000000000000000000", "5e-1000000000000000000", -1},
		{"0e99999999999999999999999", "0", 0},
		{"1.5e17", "15e16", 0},
		{"1e999999999999999998", "1e999999999999999999", -1},
	}
	for _, c := range cases {
		a, ok := Parse(c.a)
		require.True(t, ok, c.a)
		b, ok := Parse(c.b)
		require.True(t, ok, c.b)
		assert.Equal(t, c.want, Compare(&a, &b), "%s vs %s", c.a, c.b)
		assert.Equal(t, -c.want, Compare(&b, &a), "%s vs %s", c.b, c.a)
	}
}

// TestSignedDigits checks the decimal integer arithmetic of huge exponents.
func TestSignedDigits(t *testing.T) {
	cases := []struct {
		a, b signedDigits
		want signedDigits
	}{
		{signedDigits{digits: "999"}, signedDigits{digits: "1"}, signedDigits{digits: "1000"}},
		{signedDigits{digits: "1000"}, signedDigits{neg: true, digits: "1"}, signedDigits{digits: "999"}},
		{signedDigits{digits: "1"}, signedDigits{neg: true, digits: "1000"}, signedDigits{neg: true, digits: "999"}},
		{signedDigits{digits: "5"}, signedDigits{neg: true, digits: "5"}, signedDigits{digits: "0"}},
		{signedDigits{neg: true, digits: "5"}, signedDigits{neg: true, digits: "7"}, signedDigits{neg: true, digits: "12"}},
		{digitsOf(-4611686018427387904), digitsOf(1), signedDigits{neg: true, digits: "4611686018427387903"}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.a.add(c.b), "%v + %v", c.a, c.b)
	}
	assert.Equal(t, int64(hugeMag), signedDigits{digits: "1000000000000000000"}.saturate())
	assert.Equal(t, int64(-hugeMag), signedDigits{neg: true, digits: "1000000000000000000"}.saturate())
	assert.Equal(t, int64(-999999999999999999), signedDigits{neg: true, digits: "999999999999999999"}.saturate())
}

// TestAppendCanonical: equal values give equal bytes, different values
// different bytes, huge exponents included.
func TestAppendCanonical(t *testing.T) {
	groups := [][]string{
		{"1", "1.0", "1e0", "10e-1", "0.1e1", "1.000E+0"},
		{"0", "-0", "0.0", "0e99999999999999999999", "-0.0e-5"},
		{"-25", "-2.5e1", "-250e-1"},
		{"1e4611686018427387904", "10e4611686018427387903", "0.1e4611686018427387905"},
		{"1e4611686018427387905"},
		{"1e-4611686018427387904"},
		{"123456789012345678901234567890", "1.23456789012345678901234567890e29"},
		{"123456789012345678901234567891"},
	}
	canon := func(s string) string {
		d, ok := Parse(s)
		require.True(t, ok, s)
		return string(d.AppendCanonical(nil))
	}
	seen := map[string]int{}
	for gi, g := range groups {
		first := canon(g[0])
		for _, s := range g[1:] {
			assert.Equal(t, first, canon(s), "%s and %s", g[0], s)
		}
		if prev, dup := seen[first]; dup {
			t.Errorf("groups %d and %d share canonical bytes", prev, gi)
		}
		seen[first] = gi
	}
}

// randomNumberText returns a JSON number with a few digits and an exponent
// in [-30, 30], in one of several spellings.
func randomNumberText(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(4) == 0 {
		b.WriteByte('-')
	}
	b.WriteString(strconv.Itoa(r.IntN(2000)))
	if r.IntN(2) == 0 {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(r.IntN(1000)))
		if r.IntN(3) == 0 {
			b.WriteString("00")
		}
	}
	if r.IntN(2) == 0 {
		b.WriteString("e")
		b.WriteString(strconv.Itoa(r.IntN(61) - 30))
	}
	return b.String()
}

// TestDecimalAgainstBigRat checks Compare and isMultipleOf against
// math/big rationals on random numbers.
func TestDecimalAgainstBigRat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rat := func(s string) *big.Rat {
		x, ok := new(big.Rat).SetString(s)
		require.True(t, ok, s)
		return x
	}
	for range 20000 {
		as, bs := randomNumberText(r), randomNumberText(r)
		a, ok := Parse(as)
		require.True(t, ok, as)
		b, ok := Parse(bs)
		require.True(t, ok, bs)
		ra, rb := rat(as), rat(bs)
		require.Equal(t, ra.Cmp(rb), Compare(&a, &b), "%s vs %s", as, bs)
		if rb.Sign() > 0 {
			q := new(big.Rat).Quo(ra, rb)
			require.Equal(t, q.IsInt(), IsMultipleOf(&a, &b), "%s multipleOf %s", as, bs)
			// An exact multiple (and a near miss), spelled in full.
			k := new(big.Rat).SetInt64(int64(r.IntN(1000) - 500))
			m := new(big.Rat).Mul(rb, k).FloatString(40)
			dm, ok := Parse(m)
			require.True(t, ok, m)
			require.True(t, IsMultipleOf(&dm, &b), "%s multipleOf %s", m, bs)
			miss := new(big.Rat).Add(rat(m), big.NewRat(1, 1e12)).FloatString(40)
			dmiss, ok := Parse(miss)
			require.True(t, ok, miss)
			want := new(big.Rat).Quo(rat(miss), rb).IsInt()
			require.Equal(t, want, IsMultipleOf(&dmiss, &b), "%s multipleOf %s", miss, bs)
		}
	}
}

// TestSmallInt: texts of at most 18 digits and an optional '-' parse to
// their int64; anything else (a fraction, an exponent, 19 digits, a '+')
// is left to Parse.
func TestSmallInt(t *testing.T) {
	for _, s := range []string{"0", "42", "-17", "999999999999999999", "-999999999999999999"} {
		x, ok := SmallInt(s)
		require.True(t, ok, s)
		assert.Equal(t, s, strconv.FormatInt(x, 10), s)
	}
	x, ok := SmallInt("-0")
	assert.True(t, ok)
	assert.Zero(t, x)
	for _, s := range []string{"", "-", "1.0", "1e3", "9999999999999999999", "+1", "1-",
		"12345678/", "1234567:", "/2345678", "123456789012345a78", "a23456789", "--1", "1 "} {
		_, ok := SmallInt(s)
		assert.False(t, ok, s)
	}
}

// FuzzSmallInt holds SmallInt to strconv: the same value for every text
// of an optional '-' and 1 to 18 digits, false for every other.
func FuzzSmallInt(f *testing.F) {
	for _, s := range []string{"0", "-0", "7", "12345678", "123456789", "-205705993", "999999999999999999", "00000000", "1e5", "12345678:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, ok := SmallInt(s)
		d := strings.TrimPrefix(s, "-")
		want := len(d) >= 1 && len(d) <= 18 && strings.Trim(d, "0123456789") == ""
		require.Equal(t, want, ok, "%q", s)
		if ok {
			y, err := strconv.ParseInt(s, 10, 64)
			require.NoError(t, err, "%q", s)
			require.Equal(t, y, x, "%q", s)
		}
	})
}
