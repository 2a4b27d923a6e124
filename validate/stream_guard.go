package validate

import (
	"slices"

	"github.com/jsonheal/jsonheal/internal/tape"
)

// Guards: const and enum on a root container that streams (in its
// schema's chain or in a lane's).
//
// A schema whose const or enum fails records that one diagnostic and
// nothing else of its own: evalKeywords returns before its $ref, allOf,
// branches and array or object keywords. So a guard (a chain schema with
// const or enum) decides what the rest of its subtree may say, and it
// must be decided before any item is evaluated under it. Until then the
// container is held whole, as lanes are held (lanesAfter); every so often
// the items read so far are compared with the guard's candidates (its
// const, or the enum values of the container's type): an array item by
// item, an object member by member, names looked up (a name read twice,
// or one the candidate lacks, rules it out). A guard with no candidate
// left is dead: the container's chains are planned again with the
// guard's schema as a stub that asks nothing of the items and fails with
// the const or enum diagnostic once the container is closed, and the
// container streams from there (replay). A container that ends while a
// guard still lives (it equals a candidate so far, so it is about the
// size of the schema) is evaluated whole, as before. Each check scans the
// bytes held, and the next comes when they have doubled: linear time.

// guard is one schema with const or enum on the streamed root container.
type guard struct {
	n     *node
	stub  *node   // n without its keywords: what a dead guard's chains hold
	cands []*cval // the values of the container's type it accepts
	dead  bool    // no candidate is left
	live  []bool  // scratch of check: per candidate
	seen  [][]bool
}

// guardFor returns the guard of n for a root container of type t
// (tArray or tObject), created with its candidates the first time.
func (st *rootRunner) guardFor(n *node, t typeMask) *guard {
	for _, g := range st.guards {
		if g.n == n {
			return g
		}
	}
	jt := tape.Array
	if t == tObject {
		jt = tape.Object
	}
	g := &guard{n: n}
	// With both, const is checked first: a value other than the const
	// fails it, whatever the enum says; only the const's value reaches
	// the enum.
	switch {
	case n.constV != nil:
		if n.constV.t == jt {
			g.cands = append(g.cands, n.constV)
		}
	default:
		for _, c := range n.enum.others {
			if c.t == jt {
				g.cands = append(g.cands, c)
			}
		}
	}
	g.dead = len(g.cands) == 0
	g.stub = &node{res: n.res, absLoc: n.absLoc, seg: n.seg, draft: n.draft, vocab: n.vocab, leaf: true,
		minLength: -1, maxLength: -1, minItems: -1, maxItems: -1, minProps: -1, maxProps: -1,
		minContains: -1, maxContains: -1}
	st.guards = append(st.guards, g)
	return g
}

// keyIndex returns the position of name among an object constant's
// members, or -1.
func (c *cval) keyIndex(name string) int {
	if c.index != nil {
		if j, ok := c.index[name]; ok {
			return j
		}
		return -1
	}
	for j, k := range c.keys {
		if k == name {
			return j
		}
	}
	return -1
}

// guardsLive reports whether a guard of the document is still undecided.
func (st *rootRunner) guardsLive() bool {
	for _, g := range st.guards {
		if !g.dead {
			return true
		}
	}
	return false
}

// checkGuards compares the complete items (members) of the held root
// container (held: its bytes read so far, from its opening bracket on)
// with the candidates of the guards still live, and reports whether
// every guard is dead. readOK says the reader has found no syntax error
// in them: only then does the item in progress count.
func (st *rootRunner) checkGuards(held []byte, readOK bool) bool {
	object := held[0] == '{'
	for _, g := range st.guards {
		if g.dead {
			continue
		}
		g.live = g.live[:0]
		g.seen = g.seen[:0]
		for _, c := range g.cands {
			g.live = append(g.live, true)
			g.seen = append(g.seen, make([]bool, len(c.keys)))
		}
	}
	i, to := 0, len(held)
	start, colon := eachItem(held, 1, to, object, func(start, colon, end int) bool {
		val := held[start:end]
		if object {
			val = held[colon+1 : end]
		}
		if blank(val) {
			return true
		}
		st.numV = nil
		v, err := st.readValue(val)
		if err != nil {
			return false // the reader reports it where it is
		}
		var key string
		if object {
			key = string(tape.AppendUnescaped(nil, trimQuotes(held[start:colon])))
		}
		for _, g := range st.guards {
			if !g.dead {
				g.checkItem(&st.evaluator, i, key, object, v)
			}
		}
		i++
		return true
	})
	if readOK && !blank(held[start:to]) {
		// The item in progress: its index (and a member's name, once its
		// colon is read) can rule candidates out already.
		var key string
		if colon >= 0 {
			key = string(tape.AppendUnescaped(nil, trimQuotes(held[start:colon])))
		}
		for _, g := range st.guards {
			if !g.dead {
				g.checkOpen(i, key, object, colon >= 0)
			}
		}
	}
	all := true
	for _, g := range st.guards {
		if !g.dead {
			g.dead = !slices.Contains(g.live, true)
			all = all && g.dead
		}
	}
	st.numV = nil
	return all
}

// checkItem rules out the candidates of g that item i (member key) of the
// container, value v, does not match.
func (g *guard) checkItem(st *evaluator, i int, key string, object bool, v *tape.Value) {
	for ci, c := range g.cands {
		if !g.live[ci] {
			continue
		}
		if !object {
			g.live[ci] = i < len(c.arr) && c.arr[i].equal(v, st)
			continue
		}
		j := c.keyIndex(key)
		if j < 0 || g.seen[ci][j] || !c.vals[j].equal(v, st) {
			g.live[ci] = false
			continue
		}
		g.seen[ci][j] = true
	}
}

// checkOpen rules out the candidates of g that cannot have item i (a
// member named key, when named) whose value is not read yet.
func (g *guard) checkOpen(i int, key string, object, named bool) {
	for ci, c := range g.cands {
		switch {
		case !g.live[ci]:
		case !object:
			g.live[ci] = i < len(c.arr)
		case i >= len(c.keys):
			g.live[ci] = false
		case named:
			j := c.keyIndex(key)
			g.live[ci] = j >= 0 && !g.seen[ci][j]
		}
	}
}
