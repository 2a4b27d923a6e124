package swar

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// naive returns the exact mask of the bytes of w for which match holds.
func naive(w []byte, match func(byte) bool) uint64 {
	var m uint64
	for i, c := range w {
		if match(c) {
			m |= 0x80 << (8 * i)
		}
	}
	return m
}

// firstIndex is the index of the lowest flagged byte, 8 when none.
func firstIndex(m uint64) int { return bits.TrailingZeros64(m) / 8 }

func TestMasksAgreeWithBytewiseTests(t *testing.T) {
	words := [][]byte{
		[]byte("abcdefgh"), []byte("\x00\x01\x00\xff\x80\x00a\x00"), []byte(`a"b\c"\"`),
		[]byte("\x01\x00\x00\x00\x00\x00\x00\x00"), []byte("\xff\xff\xff\xff\xff\xff\xff\x00"),
		[]byte(`\\\\\\\\`), []byte("\x1f\x20\x9f\xa0\x1f\xff\x7f\n"), []byte("ab\tc\x00\x1f d"), []byte("\"\x00\"\x00\x22\x5c\x5d\x21"), []byte("\x00\x00\x00\x00\x00\x00\x00\x00"),
	}
	isZero := func(c byte) bool { return c == 0 }
	isQB := func(c byte) bool { return c == '"' || c == '\\' }
	mustEscape := func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }
	for _, w := range words {
		x := binary.LittleEndian.Uint64(w)
		assert.Equal(t, naive(w, isZero), ExactZeroBytes(x), "%q", w)
		assert.Equal(t, firstIndex(naive(w, isZero)), firstIndex(ZeroBytes(x)), "%q", w)
		assert.Zero(t, ZeroBytes(x)&^naive(w, func(byte) bool { return true }))
		assert.Equal(t, firstIndex(naive(w, isQB)), firstIndex(QuoteOrBackslash(x)), "%q", w)
		assert.Equal(t, naive(w, isZero), ExactZeroBytes(x^Broadcast(0)), "%q", w)
		assert.Equal(t, firstIndex(naive(w, mustEscape)), firstIndex(MustEscape(x)), "%q", w)
		assert.Zero(t, MustEscape(x)&^naive(w, func(c byte) bool { return c < 0x80 }), "%q", w)
	}
	assert.Equal(t, uint64(0x2222222222222222), Broadcast('"'))
}

// TestPrefixParityAgreesWithBits computes each bit's prefix parity one bit
// at a time on random words and on the edges.
func TestPrefixParityAgreesWithBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 8))
	words := []uint64{0, 1, 1 << 63, ^uint64(0), 0x8000000000000001, 0x5555555555555555}
	for range 10000 {
		words = append(words, rng.Uint64())
	}
	for _, x := range words {
		var want uint64
		parity := uint64(0)
		for k := range 64 {
			parity ^= x >> k & 1
			want |= parity << k
		}
		require.Equal(t, want, PrefixParity(x), "%#x", x)
	}
}
