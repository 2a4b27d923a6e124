package scan

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
)

// numberEndByteWise is numberEnd with no word-at-a-time step: the grammar
// read one byte at a time.
func numberEndByteWise(b []byte, i int) int {
	digits := func(i int) int {
		for i < len(b) && digit[b[i]] {
			i++
		}
		return i
	}
	if b[i] == '-' {
		if i++; i == len(b) {
			return -1
		}
	}
	switch c := b[i]; {
	case c == '0':
		if i++; i < len(b) && digit[b[i]] {
			return -1
		}
	case c >= '1' && c <= '9':
		i = digits(i + 1)
	default:
		return -1
	}
	if i == len(b) {
		return -1
	}
	if b[i] == '.' {
		if i++; i == len(b) || !digit[b[i]] {
			return -1
		}
		if i = digits(i + 1); i == len(b) {
			return -1
		}
	}
	if b[i] == 'e' || b[i] == 'E' {
		if i++; i == len(b) {
			return -1
		}
		if b[i] == '+' || b[i] == '-' {
			if i++; i == len(b) {
				return -1
			}
		}
		if !digit[b[i]] {
			return -1
		}
		if i = digits(i + 1); i == len(b) {
			return -1
		}
	}
	return i
}

// numberEnd (with decimalEnd's two-word step) ends every number where the
// byte-wise grammar does, on random runs of digits, dots, signs, exponents
// and delimiters (and bytes that carry in the digit mask), from every start
// and at every length.
func TestNumberEndMatchesByteWise(t *testing.T) {
	pieces := []string{"1", "7", "0", "9", "12345678", "123456789012", "-", ".", "e", "E", "+", ",", "]", " ", "\xff", "/", ":", "a", "\x00"}
	rng := rand.New(rand.NewSource(3))
	for range 20000 {
		var b []byte
		for n := rng.Intn(10); n >= 0; n-- {
			b = append(b, pieces[rng.Intn(len(pieces))]...)
		}
		for n := 1; n <= len(b); n++ {
			for i := 0; i < n; i++ {
				if want, got := numberEndByteWise(b[:n], i), numberEnd(b[:n], i); got != want {
					assert.Equal(t, want, got, "%q from %d", b[:n], i)
					return
				}
			}
		}
	}
}

// Numbers of every usual shape (and some broken ones), with room after
// them for numberLen32's word loads and without: numberEnd ends each where
// the byte-wise grammar does.
func TestNumberEndShortcutMatchesByteWise(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	digits := func(n int) string {
		b := make([]byte, n)
		for k := range b {
			b[k] = byte('0' + rng.Intn(10))
		}
		return string(b)
	}
	for range 20000 {
		num := ""
		if rng.Intn(2) == 0 {
			num = "-"
		}
		num += digits(rng.Intn(18))
		if rng.Intn(4) > 0 {
			num += "." + digits(rng.Intn(27))
		}
		if rng.Intn(6) == 0 {
			num += []string{"e", "E", "e+", "E-", "e-"}[rng.Intn(5)] + digits(rng.Intn(4))
		}
		tail := []string{",", "]", "}", " ", ".", "e", "a", "\xff", "0", ","}[rng.Intn(10)]
		b := []byte(num + tail + "0123456789,[]{}0123456789,[]{}0123456789")
		for _, n := range []int{len(b), len(num), len(num) + 1, len(num) + 8} {
			if n > len(b) || n == 0 {
				continue
			}
			if want, got := numberEndByteWise(b[:n], 0), numberEnd(b[:n], 0); got != want {
				assert.Equal(t, want, got, "%q", b[:n])
				return
			}
		}
	}
}
