package validate

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBitMatcherAgreesWithRE2 compares the fast matcher with RE2 on random
// inputs.
func TestBitMatcherAgreesWithRE2(t *testing.T) {
	patterns := []string{
		`^[a-z0-9-]+$`, `^TCK-[0-9]{6}$`, `^C[0-9]+$`, `^[A-Z_]+$`, `^/images/`, `ab*c`, `^a?b?c?$`,
		`x{2,4}y`, `^\d{4}-\d{2}-\d{2}$`, `[abc]{3,}$`, `^$`, `a`, `^[^@]+$`, `^[a-c]{0,3}d*$`, `\w+@\w+`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("abcdxyzTCK-0123456789/_@é\n ")
	fast := 0
	for _, p := range patterns {
		pat, err := compilePattern(p)
		require.NoError(t, err)
		if pat.fast != nil {
			fast++
		}
		re := regexp.MustCompile(p)
		for range 3000 {
			n := rng.IntN(12)
			b := make([]byte, 0, n)
			for range n {
				b = append(b, alphabet[rng.IntN(len(alphabet))])
			}
			if rng.IntN(4) == 0 {
				b = append([]byte("TCK-"), b...)
			}
			require.Equal(t, re.Match(b), pat.Match(b), "pattern %q on %q", p, b)
		}
	}
	assert.GreaterOrEqual(t, fast, 12, "most of these patterns take the fast path")
}
