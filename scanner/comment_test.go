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

// commentsOneByOne is the reference for moreComments: one comment at a
// time, each found by commentEnd after the spaces before it.
func commentsOneByOne(b []byte, j int) (end, gaps int) {
	for {
		blanks := len(b[j:]) - len(bytes.TrimLeft(b[j:], " "))
		e := commentEnd(b, j+blanks)
		if e < 0 || gaps+blanks > len(spaces) {
			return j, gaps
		}
		j, gaps = e, gaps+blanks
	}
}

// moreComments finds block comments a window (vector) or a word at a
// time: it must end each run where reading comment by comment does,
// whatever the bytes. Short inputs come from single bytes; long ones from
// pieces that make runs of comments, with the odd piece that breaks one
// ("/*/", "*/*", a line break, a tab).
func TestMoreCommentsMatchesByteReading(t *testing.T) {
	const alphabet = "/* \na#"
	pieces := []string{"/*c*/", "/**/", "/* long comment, no break */", " ", " ", "  ", "/*", "*/", "/", "*", "\n", "\t", "a", "#x\n", "//y\n"}
	withReaders(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		for n := range 300000 {
			var b []byte
			if n%2 == 0 {
				b = make([]byte, 1+rng.IntN(24))
				for k := range b {
					b[k] = alphabet[rng.IntN(len(alphabet))]
				}
			} else {
				// Mostly whole comments and spaces: runs long enough for
				// the 64-byte windows, ended at a random place.
				odd := 1 + rng.IntN(40)
				for len(b) < 300 {
					if rng.IntN(odd) == 0 {
						b = append(b, pieces[rng.IntN(len(pieces))]...)
					} else {
						b = append(b, pieces[rng.IntN(4)]...)
					}
				}
				b = b[:66+rng.IntN(len(b)-66)]
			}
			if rng.IntN(2) == 0 {
				copy(b, "/*")
			}
			wantEnd, wantGaps := commentsOneByOne(b, 0)
			gotEnd, gotGaps := moreComments(b, 0)
			if !assert.Equal(t, [2]int{wantEnd, wantGaps}, [2]int{gotEnd, gotGaps}, "%q", b) {
				return
			}
		}
	})
}

// A mark split by the edge of two 64-byte windows is read as one piece:
// each tricky piece is placed at every offset around the first window's
// end (and the second's), after a comment that fills the bytes before it.
func TestCommentWindowEdges(t *testing.T) {
	pieces := []string{"/*/ x */", "/**/", "*/*", "/*a*/", "/*\n*/", " /*/*/", "//x\n", "  "}
	withReaders(t, func(t *testing.T) {
		for _, piece := range pieces {
			for at := 50; at < 140; at++ {
				b := []byte("/*" + strings.Repeat("c", at-4) + "*/" + piece + strings.Repeat(" /*c*/", 30) + " 1")
				wantEnd, wantGaps := commentsOneByOne(b, 0)
				gotEnd, gotGaps := moreComments(b, 0)
				assert.Equal(t, [2]int{wantEnd, wantGaps}, [2]int{gotEnd, gotGaps}, "%q at %d", piece, at)
			}
		}
	})
}

// commentMasks marks what a byte-by-byte reading of the 65 bytes finds.
func TestCommentMasks(t *testing.T) {
	if !useVector {
		t.Skip("commentMasks is only called with the vector reading (AVX2)")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = "/* \n\ta"
	for range 20000 {
		b := make([]byte, 65)
		for k := range b {
			b[k] = alphabet[rng.IntN(len(alphabet))]
		}
		var want [4]uint64
		for k := range 64 {
			bit := uint64(1) << k
			if b[k] == '/' && b[k+1] == '*' {
				want[0] |= bit
			}
			if b[k] == '*' && b[k+1] == '/' {
				want[1] |= bit
			}
			if b[k] == ' ' {
				want[2] |= bit
			}
			if b[k] == '\n' {
				want[3] |= bit
			}
		}
		var got [4]uint64
		got[0], got[1], got[2], got[3] = commentMasks(&b[0])
		if !assert.Equal(t, want, got, "%q", b) {
			return
		}
	}
}
