// Package ecmaregex runs the ECMA-262 regular expressions of JSON Schema
// ("pattern", "patternProperties", the "regex" format) on Go's RE2: a few
// ECMA spellings are translated first, and simple patterns run on a
// bit-parallel automaton instead. Both are linear time.
package ecmaregex

import (
	"regexp"
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// Pattern is a compiled "pattern" / patternProperties regexp. Simple
// patterns (a sequence of literals and character classes with quantifiers
// and optional groups, optionally anchored: "^[a-z0-9-]+$",
// "^TCK-[0-9]{6}$", "^[a-z]{2}(-[A-Z]{2})?$", "^[^@\s]+@[^@\s]+$") run
// on a bit-parallel automaton that needs no allocation and a few
// instructions per byte; the others use RE2 (linear time as well).
type Pattern struct {
	re   *regexp.Regexp
	fast *bitMatcher
}

// Compile translates an ECMA-262 pattern and compiles it; the error is
// RE2's (a *syntax.Error for bad syntax).
func Compile(src string) (*Pattern, error) {
	tr := translate(src)
	re, err := regexp.Compile(tr)
	if err != nil {
		return nil, err
	}
	return &Pattern{re: re, fast: newBitMatcher(tr)}, nil
}

// Match reports whether b contains a match.
func (p *Pattern) Match(b []byte) bool {
	if p.fast != nil {
		return p.fast.match(b)
	}
	return p.re.Match(b)
}

// bitMatcher runs a pattern of at most 63 single-character atoms as a
// bit-set NFA: bit j of the state means "the first j atoms have matched".
// ASCII bytes take one table lookup; other characters are decoded (invalid
// UTF-8 as U+FFFD, one byte at a time, as RE2 does) and looked up in the
// classes of the atoms that accept some non-ASCII character.
type bitMatcher struct {
	table     [128]uint64 // bit j: atom j accepts the ASCII byte
	wide      []wideAtom  // atoms that accept non-ASCII characters
	opt       uint64      // atoms that may be skipped (?, *, {0,…})
	star      uint64      // atoms that may repeat (*)
	skips     []groupSkip // optional groups of several atoms: (…)?
	final     uint64      // bit n
	anchorBeg bool
	anchorEnd bool
	// Derived: the initial state; 1 when a match may start anywhere (no
	// ^), else 0; final when reaching it ends the match (no $), else 0.
	start, restart, early uint64
	closes                bool // some atom or group is optional
}

// wideAtom is an atom's set of non-ASCII characters.
type wideAtom struct {
	bit    uint64
	ranges []rune // sorted inclusive pairs, as syntax.Regexp.Rune
}

// groupSkip lets the state skip an optional group: bit from implies bit to.
type groupSkip struct {
	from, to uint64
}

// maxAtoms bounds the atoms of a bitMatcher (bit 63 marks the final state).
const maxAtoms = 63

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
	b := bitBuilder{m: m}
	for _, s := range subs {
		if !b.add(s) {
			return nil
		}
	}
	m.final = 1 << b.n
	m.closes = m.opt != 0 || len(m.skips) > 0
	m.start = m.closure(1)
	if !m.anchorBeg {
		m.restart = 1
	}
	if !m.anchorEnd {
		m.early = m.final
	}
	return m
}

// bitBuilder compiles a regexp into a bitMatcher's atoms.
type bitBuilder struct {
	m *bitMatcher
	n int // atoms so far
}

// add compiles s; false when s is not made of supported parts: literals,
// character classes (. included), repetitions of a single character, and
// optional groups of those.
func (b *bitBuilder) add(s *syntax.Regexp) bool {
	switch s.Op {
	case syntax.OpEmptyMatch:
		return true
	case syntax.OpLiteral:
		if s.Flags&syntax.FoldCase != 0 {
			return false
		}
		for _, r := range s.Rune {
			if !b.atom([]rune{r, r}, false, false) {
				return false
			}
		}
		return true
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		set, ok := charSet(s)
		return ok && b.atom(set, false, false)
	case syntax.OpCapture:
		return b.add(s.Sub[0])
	case syntax.OpConcat:
		for _, sub := range s.Sub {
			if !b.add(sub) {
				return false
			}
		}
		return true
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, -1
		switch s.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = s.Min, s.Max
		}
		set, ok := charSet(s.Sub[0])
		if !ok {
			// A group: only "optional, once" is supported.
			if lo != 0 || hi != 1 {
				return false
			}
			from := b.n
			if !b.add(s.Sub[0]) {
				return false
			}
			b.m.skips = append(b.m.skips, groupSkip{from: 1 << from, to: 1 << b.n})
			return true
		}
		for range lo {
			if !b.atom(set, false, false) {
				return false
			}
		}
		if hi < 0 {
			return b.atom(set, true, true)
		}
		for range hi - lo {
			if !b.atom(set, true, false) {
				return false
			}
		}
		return true
	}
	return false
}

// atom adds an atom accepting the characters of set (inclusive pairs).
func (b *bitBuilder) atom(set []rune, optional, star bool) bool {
	if b.n >= maxAtoms {
		return false
	}
	bit := uint64(1) << b.n
	var wide []rune
	for i := 0; i+1 < len(set); i += 2 {
		lo, hi := set[i], set[i+1]
		for c := lo; c <= hi && c < utf8.RuneSelf; c++ {
			b.m.table[c] |= bit
		}
		if hi >= utf8.RuneSelf {
			wide = append(wide, max(lo, utf8.RuneSelf), hi)
		}
	}
	if len(wide) > 0 {
		b.m.wide = append(b.m.wide, wideAtom{bit: bit, ranges: wide})
	}
	if optional {
		b.m.opt |= bit
	}
	if star {
		b.m.star |= bit
	}
	b.n++
	return true
}

// charSet returns the characters matched by a single-character expression
// as sorted inclusive pairs.
func charSet(s *syntax.Regexp) ([]rune, bool) {
	switch s.Op {
	case syntax.OpLiteral:
		if len(s.Rune) != 1 || s.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []rune{s.Rune[0], s.Rune[0]}, true
	case syntax.OpCharClass:
		return s.Rune, true
	case syntax.OpAnyChar:
		return []rune{0, unicode.MaxRune}, true
	case syntax.OpAnyCharNotNL:
		return []rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}, true
	}
	return nil, false
}

// closure adds the states reachable by skipping optional atoms and groups.
// Skipping a run of optional atoms is one addition: the carry of
// opt + (s&opt) runs from each state in the run up to the atom after it.
func (m *bitMatcher) closure(s uint64) uint64 {
	s |= (m.opt + s&m.opt) ^ m.opt
	if len(m.skips) == 0 {
		return s
	}
	for {
		t := s
		for _, g := range m.skips {
			if t&g.from != 0 {
				t |= g.to
			}
		}
		t |= (m.opt + t&m.opt) ^ m.opt
		if t == s {
			return s
		}
		s = t
	}
}

// accepts returns the atoms that accept the non-ASCII character r.
func (m *bitMatcher) accepts(r rune) uint64 {
	var a uint64
	for _, w := range m.wide {
		for i := 0; i+1 < len(w.ranges); i += 2 {
			if r < w.ranges[i] {
				break
			}
			if r <= w.ranges[i+1] {
				a |= w.bit
				break
			}
		}
	}
	return a
}

func (m *bitMatcher) match(b []byte) bool {
	s := m.start
	if s&m.early != 0 {
		return true
	}
	for i := 0; i < len(b); {
		var a uint64
		if c := b[i]; c < utf8.RuneSelf {
			a = s & m.table[c]
			i++
		} else {
			r, size := utf8.DecodeRune(b[i:])
			a = s & m.accepts(r)
			i += size
		}
		s = a<<1 | a&m.star | m.restart
		if m.closes {
			s = m.closure(s)
		}
		if s&m.early != 0 {
			return true
		}
		if s == 0 {
			return false
		}
	}
	return s&m.final != 0
}
