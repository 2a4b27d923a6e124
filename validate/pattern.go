package validate

import (
	"regexp"
	"regexp/syntax"
)

// pattern is a compiled "pattern" / patternProperties regexp. Simple
// patterns (a sequence of ASCII literals and ASCII character classes with
// quantifiers, optionally anchored: "^[a-z0-9-]+$", "^TCK-[0-9]{6}$") run
// on a bit-parallel automaton that needs no allocation and a few
// instructions per byte; the others use RE2 (linear time as well).
type pattern struct {
	re   *regexp.Regexp
	fast *bitMatcher
}

func compilePattern(src string) (*pattern, error) {
	tr := translateRegexp(src)
	re, err := regexp.Compile(tr)
	if err != nil {
		return nil, err
	}
	return &pattern{re: re, fast: newBitMatcher(tr)}, nil
}

// Match reports whether b contains a match.
func (p *pattern) Match(b []byte) bool {
	if p.fast != nil {
		return p.fast.match(b)
	}
	return p.re.Match(b)
}

// bitMatcher runs a pattern of at most 63 single-byte atoms as a bit-set
// NFA: bit j of the state means "the first j atoms have matched".
type bitMatcher struct {
	table     [256]uint64 // bit j: atom j accepts the byte
	opt       uint64      // atoms that may be skipped (?, *, {0,…})
	star      uint64      // atoms that may repeat (*)
	final     uint64      // bit n
	anchorBeg bool
	anchorEnd bool
}

func newBitMatcher(src string) *bitMatcher {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	m := &bitMatcher{}
	var subs []*syntax.Regexp
	if re.Op == syntax.OpConcat {
		subs = re.Sub
	} else {
		subs = []*syntax.Regexp{re}
	}
	if len(subs) > 0 && subs[0].Op == syntax.OpBeginText {
		m.anchorBeg = true
		subs = subs[1:]
	}
	if len(subs) > 0 && subs[len(subs)-1].Op == syntax.OpEndText {
		m.anchorEnd = true
		subs = subs[:len(subs)-1]
	}
	n := 0
	add := func(set *[128]bool, optional, star bool) bool {
		if n >= 63 {
			return false
		}
		for c := range 128 {
			if set[c] {
				m.table[c] |= 1 << n
			}
		}
		if optional {
			m.opt |= 1 << n
		}
		if star {
			m.star |= 1 << n
		}
		n++
		return true
	}
	for _, s := range subs {
		switch s.Op {
		case syntax.OpLiteral:
			if s.Flags&syntax.FoldCase != 0 {
				return nil
			}
			for _, r := range s.Rune {
				var set [128]bool
				if r >= 128 {
					return nil
				}
				set[r] = true
				if !add(&set, false, false) {
					return nil
				}
			}
		case syntax.OpCharClass:
			set, ok := asciiSet(s)
			if !ok || !add(&set, false, false) {
				return nil
			}
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
			set, ok := asciiSet(s.Sub[0])
			if !ok {
				return nil
			}
			lo, hi := 0, -1
			switch s.Op {
			case syntax.OpPlus:
				lo = 1
			case syntax.OpQuest:
				hi = 1
			case syntax.OpRepeat:
				lo, hi = s.Min, s.Max
			}
			for range lo {
				if !add(&set, false, false) {
					return nil
				}
			}
			if hi < 0 {
				if !add(&set, true, true) {
					return nil
				}
			} else {
				for range hi - lo {
					if !add(&set, true, false) {
						return nil
					}
				}
			}
		default:
			return nil
		}
	}
	m.final = 1 << n
	return m
}

// asciiSet returns the bytes matched by a single-character expression when
// they are all ASCII.
func asciiSet(s *syntax.Regexp) (set [128]bool, ok bool) {
	switch s.Op {
	case syntax.OpLiteral:
		if len(s.Rune) != 1 || s.Rune[0] >= 128 || s.Flags&syntax.FoldCase != 0 {
			return set, false
		}
		set[s.Rune[0]] = true
		return set, true
	case syntax.OpCharClass:
		for i := 0; i+1 < len(s.Rune); i += 2 {
			lo, hi := s.Rune[i], s.Rune[i+1]
			if hi >= 128 {
				return set, false
			}
			for c := lo; c <= hi; c++ {
				set[c] = true
			}
		}
		return set, true
	}
	return set, false
}

// closure adds the states reachable by skipping optional atoms.
func (m *bitMatcher) closure(s uint64) uint64 {
	for {
		t := s | (s&m.opt)<<1
		if t == s {
			return s
		}
		s = t
	}
}

func (m *bitMatcher) match(b []byte) bool {
	s := m.closure(1)
	if !m.anchorEnd && s&m.final != 0 {
		return true
	}
	for _, c := range b {
		a := s & m.table[c]
		s = a<<1 | a&m.star
		if !m.anchorBeg {
			s |= 1
		}
		s = m.closure(s)
		if s&m.final != 0 && !m.anchorEnd {
			return true
		}
		if s == 0 {
			return false
		}
	}
	return s&m.final != 0
}
