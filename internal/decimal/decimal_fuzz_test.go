package decimal

import (
	"encoding/json"
	"math/big"
	"testing"
)

// FuzzDecimalCompare: for any two JSON numbers, Compare is
// antisymmetric, agrees with the canonical bytes (equal exactly when the
// bytes are), and, for exponents small enough for math/big, with big.Rat;
// IsMultipleOf agrees with big.Rat too.
func FuzzDecimalCompare(f *testing.F) {
	for _, p := range [][2]string{
		{"1", "1.0"}, {"-0", "0e9"}, {"1e4611686018427387904", "1e4611686018427387905"},
		{"0.1e99999999999999999999", "1e99999999999999999998"}, {"12.5", "2.5"}, {"7e-3", "0.007"},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, as, bs string) {
		a, ok1 := Parse(as)
		b, ok2 := Parse(bs)
		if !ok1 || !ok2 || !json.Valid([]byte(as)) || !json.Valid([]byte(bs)) {
			return
		}
		c := Compare(&a, &b)
		if Compare(&b, &a) != -c {
			t.Fatalf("%s vs %s: not antisymmetric", as, bs)
		}
		if (c == 0) != (string(a.AppendCanonical(nil)) == string(b.AppendCanonical(nil))) {
			t.Fatalf("%s vs %s: cmp %d disagrees with the canonical bytes", as, bs, c)
		}
		if a.huge != "" || b.huge != "" || a.mag > 400 || a.mag < -400 || b.mag > 400 || b.mag < -400 {
			return
		}
		ra, _ := new(big.Rat).SetString(as)
		rb, _ := new(big.Rat).SetString(bs)
		if ra == nil || rb == nil {
			return
		}
		if ra.Cmp(rb) != c {
			t.Fatalf("%s vs %s: cmp %d, big.Rat %d", as, bs, c, ra.Cmp(rb))
		}
		if rb.Sign() > 0 {
			if want := new(big.Rat).Quo(ra, rb).IsInt(); IsMultipleOf(&a, &b) != want {
				t.Fatalf("%s multipleOf %s: want %v", as, bs, want)
			}
		}
	})
}
