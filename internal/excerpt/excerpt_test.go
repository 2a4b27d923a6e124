package excerpt

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOf(t *testing.T) {
	assert.Equal(t, "short", Of("short", 8))
	assert.Equal(t, "abcdefgh… (10 bytes)", Of("abcdefghij", 8))
	// Cut on a rune boundary: "é" is two bytes.
	assert.Equal(t, "abcdefg… (10 bytes)", Of("abcdefgé_", 8)+"")
}

func TestValue(t *testing.T) {
	s := strings.Repeat("v", MaxValue)
	assert.Equal(t, s, Value(s))
	assert.Equal(t, s+"… (65 bytes)", Value(s+"w"))
}

// TestRegexpProblem: RE2's complaint is kept, the part it quotes is cut
// to an excerpt; other errors are cut to MaxMessage.
func TestRegexpProblem(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	_, err := regexp.Compile("(" + huge)
	assert.Equal(t, "missing closing ): `("+strings.Repeat("x", MaxValue-1)+"… (1048577 bytes)`", RegexpProblem(err))
	_, err = regexp.Compile("(ab")
	assert.Equal(t, "missing closing ): `(ab`", RegexpProblem(err))
	assert.Equal(t, "plain", RegexpProblem(errors.New("plain")))
	assert.Len(t, RegexpProblem(errors.New(huge)), MaxMessage+len("… (1048576 bytes)"))
}
