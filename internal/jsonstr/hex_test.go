package jsonstr

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestHex4MatchesStrconv(t *testing.T) {
	for _, s := range []string{"0000", "00e9", "00E9", "d83D", "FFFF", "abcd", "12", "12g4", "+123", " 123", "１２３４"} {
		r, ok := Hex4([]byte(s))
		want, err := strconv.ParseUint(s, 16, 32)
		wantOK := err == nil && len(s) == 4
		assert.Equal(t, wantOK, ok, s)
		if wantOK {
			assert.Equal(t, rune(want), r, s)
		}
	}
	r, ok := Hex4([]byte("00411"))
	assert.True(t, ok, "only the first four bytes count")
	assert.Equal(t, 'A', r)
}
