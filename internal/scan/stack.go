package scan

// stack is a bit stack of open containers: 1 for an object, 0 for an array.
type stack struct {
	bits  []uint64
	depth int
}

func (s *stack) reset(maxDepth int) {
	words := maxDepth/64 + 1
	if cap(s.bits) < words {
		s.bits = make([]uint64, words)
	}
	s.bits = s.bits[:words]
	s.depth = 0
}

// push records a new container; the caller checks the depth cap first.
func (s *stack) push(object bool) {
	w, b := s.depth>>6, uint(s.depth&63)
	if object {
		s.bits[w] |= 1 << b
	} else {
		s.bits[w] &^= 1 << b
	}
	s.depth++
}

func (s *stack) pop() { s.depth-- }

// topIsObject reports whether the innermost open container is an object.
func (s *stack) topIsObject() bool {
	d := s.depth - 1
	return s.bits[d>>6]>>(uint(d&63))&1 == 1
}

// isObject reports whether the container at depth d (0 = outermost) is an
// object.
func (s *stack) isObject(d int) bool {
	return s.bits[d>>6]>>(uint(d&63))&1 == 1
}
