package structural

import "math/bits"

// Container pays stage 1 on every byte and stage 2 on every token; a
// byte-wise reader with a fast skip over string contents pays little
// for long strings, and one tuned for runs of numbers reads those
// faster than stage 2 does. Suits samples the start of a container to
// tell which reading is likely the faster.
const (
	// sampleMin: containers shorter than this are read by Container
	// without a sample (either reading is quick there).
	sampleMin = 1024
	// minTokens is the fewest values and keys (strings, numbers,
	// literals) per batch of 512 bytes at which Container pays.
	minTokens = 12
)

// Suits reports whether Container is likely faster than a byte-wise
// reading on the container that b holds the rest of (as Container takes
// it): whether b is short, or its first 512 bytes hold at least
// minTokens values and keys, at most half of them numbers. It runs stage
// 1 over those bytes, which Container then reads again.
func (c *Checker) Suits(b []byte) bool {
	if len(b) < sampleMin {
		return true
	}
	c.begin()
	c.load(b, 0)
	tokens, numbers := 0, 0
	for k, blk := range c.blk[:c.nblk] {
		for m := blk.structurals; m != 0; m &= m - 1 {
			switch ch := b[64*k+bits.TrailingZeros64(m)]; {
			case ch == ',' || ch == ':' || ch == '{' || ch == '}' || ch == '[' || ch == ']':
			case ch == '-' || ch-'0' < 10:
				tokens++
				numbers++
			default:
				tokens++
			}
		}
	}
	return tokens*512 >= minTokens*64*c.nblk && 2*numbers <= tokens
}
