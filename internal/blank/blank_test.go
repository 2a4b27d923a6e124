package blank

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// TestLenAgreesWithTheRuneList checks every rune against the lists of
// the doc comments, whole and cut, so that no other character is taken
// for a blank.
func TestLenAgreesWithTheRuneList(t *testing.T) {
	blanks := map[rune]bool{0x00A0: true, 0x1680: true, 0x202F: true, 0x205F: true, 0x3000: true, 0xFEFF: true}
	for r := rune(0x2000); r <= 0x200B; r++ {
		blanks[r] = true
	}
	separators := map[rune]bool{0x0085: true, 0x2028: true, 0x2029: true}
	for r := rune(0); r <= 0x10FFFF; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		b := utf8.AppendRune(nil, r)
		want, wantLine := 0, 0
		if blanks[r] {
			want, wantLine = len(b), len(b)
		}
		if separators[r] {
			wantLine = len(b)
		}
		if Len(b) != want || LineLen(b) != wantLine || Len(append(b, 'x')) != want {
			t.Errorf("%U: Len %d, LineLen %d, want %d, %d", r, Len(b), LineLen(b), want, wantLine)
		}
		for k := 1; k < len(b); k++ {
			if want > 0 && Len(b[:k]) != -1 || wantLine > 0 && LineLen(b[:k]) != -1 {
				t.Errorf("%U cut at %d: Len %d, LineLen %d, want -1", r, k, Len(b[:k]), LineLen(b[:k]))
			}
		}
	}
	assert.Equal(t, 0, Len(nil))
	assert.Equal(t, -1, LineLen([]byte("\xC2")))
	assert.Equal(t, 0, Len([]byte("\xC2\x85")), "NEL is a blank only at a line start")
}
