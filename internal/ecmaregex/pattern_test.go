package ecmaregex

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
		`^[a-z]{2}(-[A-Z]{2})?$`, `^[^@\s]+@[^@\s]+$`, `^a(b(cd)?)?e$`, `(xy)?z`, `^é+.$`, `^[^a-c]{2}$`,
		`^.{1,3}$`, `^(ab*)?$`, `日本?`, `^[α-ω]+x?$`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	// Single bytes (some of them not UTF-8 on their own) and whole
	// characters, among them ECMAScript white space that \s matches.
	alphabet := []string{"a", "b", "c", "d", "e", "x", "y", "z", "A", "Z", "T", "C", "K", "-", "0", "5", "9", "/",
		"_", "@", "\n", " ", "é", "\xc3", "\xa9", "\u00a0", "\u2028", "日", "本", "α", "ω", "\ufffd"}
	fast := 0
	for _, p := range patterns {
		pat, err := Compile(p)
		require.NoError(t, err)
		if pat.fast != nil {
			fast++
		}
		re := regexp.MustCompile(translate(p))
		for range 3000 {
			n := rng.IntN(12)
			b := make([]byte, 0, 2*n)
			for range n {
				b = append(b, alphabet[rng.IntN(len(alphabet))]...)
			}
			if rng.IntN(4) == 0 {
				b = append([]byte("TCK-"), b...)
			}
			require.Equal(t, re.Match(b), pat.Match(b), "pattern %q on %q", p, b)
		}
	}
	assert.Equal(t, len(patterns), fast, "all of these patterns take the fast path")
}

// TestBitMatcherGroupsAndUnicode checks the optional groups and the
// non-ASCII classes of the fast matcher on inputs that random ones rarely
// hit, against RE2 and against the expected verdicts.
func TestBitMatcherGroupsAndUnicode(t *testing.T) {
	cases := []struct {
		pattern string
		match   []string
		noMatch []string
	}{
		{`^[a-z]{2}(-[A-Z]{2})?$`, []string{"en", "pt-BR", "de-DE"}, []string{"e", "en-", "en-U", "en-USA", "EN", "pt_BR", "pt-br"}},
		{`^[^@\s]+@[^@\s]+$`, []string{"ana@example.com", "josé@exämple.org", "日本@例え.jp", "a@b"},
			[]string{"@b", "a@", "a b@c", "a@b c", "a\u00a0b@c", "a@b\u2028", "a@b@c", "\ufeffa@b"}},
		{`^a(b(cd)?)?e$`, []string{"ae", "abe", "abcde"}, []string{"abce", "acde", "abcd", "abcdcde"}},
		{`(xy)?z`, []string{"z", "xyz", "xxz", "az"}, []string{"xy", "", "x"}},
		{`^é+.$`, []string{"éx", "ééé", "é日"}, []string{"é", "e", "é\n"}},
		{`^[α-ω]+x?$`, []string{"αβγ", "ωx"}, []string{"x", "αβγxx", "Ωx"}},
	}
	for _, c := range cases {
		pat, err := Compile(c.pattern)
		require.NoError(t, err)
		require.NotNil(t, pat.fast, c.pattern)
		re := regexp.MustCompile(translate(c.pattern))
		for _, s := range c.match {
			assert.True(t, pat.Match([]byte(s)), "%q should match %q", c.pattern, s)
			assert.True(t, re.MatchString(s), "RE2: %q should match %q", c.pattern, s)
		}
		for _, s := range c.noMatch {
			assert.False(t, pat.Match([]byte(s)), "%q should not match %q", c.pattern, s)
			assert.False(t, re.MatchString(s), "RE2: %q should not match %q", c.pattern, s)
		}
	}
}
