package scan

import (
	"bytes"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/jsonheal/jsonheal/internal/swar"
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

// commentsFromOneByOne is the reference for commentsFrom: the comment at
// b[i] by commentEnd, then the rest one at a time.
func commentsFromOneByOne(b []byte, i int) (end, gaps int) {
	j := commentEnd(b, i)
	if j < 0 {
		return -1, 0
	}
	return commentsOneByOne(b, j)
}

// sameRuns reports whether moreComments and commentsFrom, from b[i], end
// their runs where the one-by-one references do.
func sameRuns(t *testing.T, b []byte, i int, msg string) bool {
	t.Helper()
	wantEnd, wantGaps := commentsOneByOne(b, i)
	gotEnd, gotGaps := moreComments(b, i, 0, true)
	if !assert.Equal(t, [2]int{wantEnd, wantGaps}, [2]int{gotEnd, gotGaps}, "moreComments: %s", msg) {
		return false
	}
	wantEnd, wantGaps = commentsFromOneByOne(b, i)
	gotEnd, gotGaps = commentsFrom(b, i, true)
	return assert.Equal(t, [2]int{wantEnd, wantGaps}, [2]int{gotEnd, gotGaps}, "commentsFrom: %s", msg)
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
			if !sameRuns(t, b, 0, fmt.Sprintf("%q", b)) {
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
				sameRuns(t, b, 0, fmt.Sprintf("%q at %d", piece, at))
			}
		}
	})
}

// windowsModel is commentRun's loop in Go, with the masks made byte by
// byte: see commentWindows for the bit logic.
func windowsModel(b []byte, j, gaps int) (int, int) {
	end, endGaps := j, gaps
	// What the window before leaves at bit 0 (or above bit 63): inside a
	// comment (all ones or none), a "/*" or "*/" at its last byte.
	var inside0, open63, close63 uint64
	for base := j; len(b)-base > 64; base += 64 {
		var opens, closes, blanks, breaks uint64
		for k := range 64 {
			c, next, bit := b[base+k], b[base+k+1], uint64(1)<<k
			if c == '/' && next == '*' {
				opens |= bit
			}
			if c == '*' && next == '/' {
				closes |= bit
			}
			if c == ' ' {
				blanks |= bit
			}
			if c == '\n' {
				breaks |= bit
			}
		}
		inside := swar.PrefixParity(opens|closes) ^ inside0
		slashes := closes<<1 | close63 // the '/' of each "*/"
		comment := inside | closes | slashes
		stop := closes&inside | (opens<<1|open63)&closes | slashes&opens |
			^comment&^blanks | breaks&comment
		before := ^uint64(0) // the bits before the stop
		if stop != 0 {
			before = 1<<bits.TrailingZeros64(stop) - 1
		}
		if ends := slashes & before; ends != 0 {
			e := 64 - bits.LeadingZeros64(ends) // just past the last whole comment
			g := gaps + bits.OnesCount64(blanks&^comment&(1<<e-1))
			if g > len(spaces) {
				return end, endGaps // moreComments stops at the exact comment
			}
			end, endGaps = base+e, g
		}
		if stop != 0 {
			break
		}
		gaps += bits.OnesCount64(blanks &^ comment)
		inside0, open63, close63 = -(inside >> 63), opens>>63, closes>>63
	}
	return end, endGaps
}

// commentRun (assembly) ends a run where windowsModel does, on runs of
// comments of every length broken at random (a line break, a stray '*' or
// '/', a letter outside comments, many spaces), from every start and with
// spaces already counted.
func TestCommentRunMatchesModel(t *testing.T) {
	if !useVector {
		t.Skip("commentRun is only called with the vector reading (AVX2)")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const breakage = "\n*/a"
	for range 20000 {
		var sb strings.Builder
		for sb.Len() < 64+rng.IntN(400) {
			sb.WriteString("/*")
			for range rng.IntN(12) {
				sb.WriteByte("c *\t"[rng.IntN(4)])
			}
			sb.WriteString("*/")
			sb.WriteString(strings.Repeat(" ", rng.IntN(4)))
			if rng.IntN(40) == 0 {
				sb.WriteString(strings.Repeat(" ", rng.IntN(140)))
			}
		}
		b := []byte(sb.String() + " 1")
		if rng.IntN(3) > 0 {
			b[rng.IntN(len(b))] = breakage[rng.IntN(len(breakage))]
		}
		j, gaps := rng.IntN(8), rng.IntN(130)
		if len(b)-j <= 64 {
			continue
		}
		wantEnd, wantGaps := windowsModel(b, j, gaps)
		gotEnd, gotGaps := commentRun(b, j, gaps)
		if !assert.Equal(t, [2]int{wantEnd, wantGaps}, [2]int{gotEnd, gotGaps}, "%q from %d with %d spaces", b, j, gaps) {
			return
		}
	}
}

// BenchmarkCommentsFrom measures a run of comments read by commentsFrom
// alone, with the wide reading where the CPU has it and without: 30
// comments with a space between them (as in the repair benchmark's
// comment_runs) and 3000 with none (the windows' steady pace).
func BenchmarkCommentsFrom(b *testing.B) {
	for _, run := range []struct {
		name    string
		comment string
		n       int
	}{{"30_spaced", "/*c*/ ", 30}, {"3000_packed", "/*c*/", 3000}} {
		in := []byte(strings.Repeat(run.comment, run.n) + "1" + strings.Repeat(" ", 64))
		want := strings.TrimRight(strings.Repeat(run.comment, run.n), " ")
		eachReader(func(mode string) {
			b.Run(run.name+"/"+mode, func(b *testing.B) {
				b.SetBytes(int64(len(want)))
				for b.Loop() {
					if end, _ := commentsFrom(in, 0, true); end != len(want) {
						b.Fatalf("run ended at %d, want %d", end, len(want))
					}
				}
			})
		})
	}
}

// A # comment where a value belongs may be data (RepairValueComment): it
// never joins the run of the comments before it, whether it comes in the
// same chunk or a later one.
func TestValuePlaceHashEndsRun(t *testing.T) {
	b := []byte("/**/ #x\n1")
	end, _ := commentsFrom(b, 0, false)
	assert.Equal(t, 4, end, "the run ends before the #")
	end, _ = commentsFrom(b, 0, true)
	assert.Equal(t, 7, end, "elsewhere the # joins the run")
}
