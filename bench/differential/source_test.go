package differential

import "math/rand/v2"

// source is where the generators take their choices from: a seeded PRNG
// for the seeded test, the fuzzer's bytes for the fuzz target.
type source interface {
	// IntN returns a choice in [0, n), n > 0.
	IntN(n int) int
}

// seeded returns the source of seed: the same seed, the same schema and
// instances.
func seeded(seed uint64) source {
	return rand.New(rand.NewPCG(seed, 0x6a736f6e6865616c))
}

// byteSource takes each choice from the next byte of b (two bytes for more
// than 256 choices), then 0 once b is used up: every input the fuzzer
// makes is a schema and its instances, and a shorter input a smaller one.
type byteSource struct {
	b []byte
	i int
}

// IntN implements source.
func (s *byteSource) IntN(n int) int {
	v := s.next()
	if n > 256 {
		v = v<<8 | s.next()
	}
	return v % n
}

func (s *byteSource) next() int {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return int(s.b[s.i-1])
}
