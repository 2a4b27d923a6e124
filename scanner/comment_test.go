package scanner

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A comment that follows the last dropped comment with only whitespace
// between them joins its fix, whether the two come in one Repair or in two.
func TestCommentJoins(t *testing.T) {
	cases := []struct {
		in    string
		joins []string // per comment edit, in order: "fix" or "joins"
	}{
		{"[1 /*a*/ /*b*/ 2]", []string{"fix", "joins"}},
		{"[1 // a\n  // b\n\t# c\r\n /*d*/ 2]", []string{"fix", "joins", "joins", "joins"}},
		{"[1 /*a*/, /*b*/ 2]", []string{"fix", "fix"}},
		{"[1 /*a*/ 2 /*b*/]", []string{"fix", "fix"}},
		{"[/*a\nb*/ /*c*/ /*d", []string{"fix", "joins", "joins"}},
		{"[1 /*a*/ \"x\" /*b*/]", []string{"fix", "fix"}},
	}
	for _, c := range cases {
		for _, cut := range []int{1, len(c.in)} {
			var got []string
			for _, line := range scanRepair([]byte(c.in), []int{cut}) {
				if !strings.Contains(line, " comment+") {
					continue
				}
				if strings.HasSuffix(line, "joins=true") {
					got = append(got, "joins")
				} else {
					got = append(got, "fix")
				}
			}
			assert.Equal(t, c.joins, got, "%q in chunks of %d", c.in, cut)
		}
	}
}

// moreComments finds short block comments a word at a time: it must end
// each run where reading comment by comment does, whatever the bytes.
func TestMoreCommentsMatchesByteReading(t *testing.T) {
	// One comment at a time, each found by commentEnd after the spaces
	// before it.
	byteReading := func(b []byte, j int) (end, gaps int) {
		for {
			blanks := len(b[j:]) - len(bytes.TrimLeft(b[j:], " "))
			e := commentEnd(b, j+blanks)
			if e < 0 || gaps+blanks > len(spaces) {
				return j, gaps
			}
			j, gaps = e, gaps+blanks
		}
	}
	const alphabet = "/* \na#"
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		b := make([]byte, 1+rng.IntN(24))
		for k := range b {
			b[k] = alphabet[rng.IntN(len(alphabet))]
		}
		if rng.IntN(2) == 0 {
			copy(b, "/*")
		}
		wantEnd, wantGaps := byteReading(b, 0)
		gotEnd, gotGaps := moreComments(b, 0)
		if !assert.Equal(t, [2]int{wantEnd, wantGaps}, [2]int{gotEnd, gotGaps}, "%q", b) {
			return
		}
	}
}
