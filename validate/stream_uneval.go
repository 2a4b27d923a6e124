package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// unevaluatedItems and unevaluatedProperties on a streamed container.
//
// A chain schema n with unevaluatedItems (unevaluatedProperties) applies
// it to the items (members) that nothing under n evaluated: n and the
// schemas its $ref and allOf reach (in the preorder chain, the schemas
// from n up to end), by prefixItems, items or a contains the item matched
// (properties, patternProperties or additionalProperties for a member),
// or by an unevaluated* of theirs that held on it. All of that is known
// once the item is read, so each item is settled as it completes, in
// memory that does not grow with the container. Under lanes a branch's
// annotations are known only at the end: on the root container such a
// schema defers (stream_root.go); elsewhere it keeps the
// container whole (walk).
//
// Like evalArray in a collecting pass, items: false marks only the first
// item it refuses as evaluated; the answer is the whole-value one either
// way (a valid document never meets it).

// unevalNode is a chain schema with unevaluatedItems or
// unevaluatedProperties.
type unevalNode struct {
	k, end int // the chain schema, and the end of its part of the chain: [k, end)
	rank   int // where its diagnostics go among those of one location
	// lanes, when set, are the lanes under it: it defers
	// (stream_root.go).
	lanes []*lane
}

// itemEvaluated reports whether chain schema d evaluates item i by
// prefixItems or items (covers adds contains).
func (a *schemaChain) itemEvaluated(d, i int) bool {
	return itemEvaluates(a.chain[d], i)
}

// memberEvaluated reports whether chain schema d evaluates a member named
// k.
func (a *schemaChain) memberEvaluated(d int, k []byte) bool {
	n := a.chain[d]
	m := n.memberSchemas(k, n.propAt(k, -1))
	return m.evaluates()
}

// unevaluated reports whether nothing under the chain schema of u
// evaluated the current item i (member k, when object).
// (u's own a.passed is reset before this is asked).
func (a *schemaChain) unevaluated(u unevalNode, i int, k []byte, object bool) bool {
	return !a.covers(u.k, u.end, i, k, object, true)
}

// itemUneval applies the unevaluatedItems of a's chain to item i (value
// v), innermost first; st.inst is the item's location when collecting.
func (st *chainRunner) itemUneval(a *schemaChain, i int, v *tape.Value) bool {
	ok := true
	for _, u := range a.uneval {
		n := a.chain[u.k]
		a.passed[u.k] = false
		if n.unevalItems == nil || u.lanes != nil || !a.unevaluated(u, i, nil, false) {
			continue
		}
		st.enterChain(a, a.kwPrefix, u.k)
		ok = st.applyUneval(a, u, n.unevalItems, pathSeg{idx: i}, v) && ok
	}
	return ok
}

// applyUneval applies sub, the unevaluated* schema of u's chain schema,
// to the current item or member v at seg (st.inst is its location) and
// notes in a.passed whether it held.
func (st *chainRunner) applyUneval(a *schemaChain, u unevalNode, sub *node, seg pathSeg, v *tape.Value) bool {
	r := st.unevalChild(a.chain[u.k], sub, seg, v, true)
	a.passed[u.k] = r
	st.rankUneval(a, u)
	return r
}

// unevalRank is the rank of u's diagnostics: a chain for a value below
// the root has one rank for all of them (fixedRank).
func (a *schemaChain) unevalRank(u unevalNode) int {
	if a.fixedRank >= 0 {
		return a.fixedRank
	}
	return u.rank
}

// rankUneval gives u's rank to the diagnostics it recorded.
func (st *chainRunner) rankUneval(a *schemaChain, u unevalNode) {
	if a.ranked && st.collect {
		st.recs.padRanks(a.unevalRank(u))
	}
}

// memberUneval applies the unevaluatedProperties of a's chain to member i
// named k (value v), innermost first. A member unevaluatedProperties:
// false refuses is reported with the object (objectChainVerdicts): with
// tally, it is added to o's list.
func (st *chainRunner) memberUneval(a *schemaChain, o *objectStream, i int, k []byte, v *tape.Value, tally bool) bool {
	ok := true
	for _, u := range a.uneval {
		n := a.chain[u.k]
		a.passed[u.k] = false
		if n.unevalProps == nil || u.lanes != nil || !a.unevaluated(u, i, k, true) {
			continue
		}
		if n.unevalProps.boolean == 2 {
			ok = false
			if tally {
				o.refuse(&o.unevalExtras, u.k, k, st.maxOut)
			}
			continue
		}
		st.enterChain(a, a.kwPrefix, u.k)
		seg := pathSeg{key: k, idx: i, isKey: true}
		st.inst = append(append(st.inst[:0], a.instPrefix...), seg)
		ok = st.applyUneval(a, u, n.unevalProps, seg, v) && ok
	}
	return ok
}

// unevalVerdicts records the members the unevaluatedProperties: false of
// c's chain refused, o being c's tallies, with their hints.
func (st *chainRunner) unevalVerdicts(c *schemaChain, o *objectStream) {
	for _, u := range c.uneval {
		if u.lanes != nil {
			continue // deferredEnd
		}
		n := c.chain[u.k]
		mark := st.recs.len()
		for _, x := range o.unevalExtras {
			if x.k == u.k {
				st.enterChain(c, c.kwPrefix, u.k)
				st.failUnevaluatedMember(n, []byte(x.name))
			}
		}
		st.objectHints(n, nil, mark, o.seen[u.k])
		if c.ranked {
			st.recs.padRanks(c.unevalRank(u))
		}
	}
}

// covers reports whether a schema of a's chain in [from, to) evaluates
// item i (member k, when object); with state, a contains match (a.hit)
// and an unevaluated* that held (a.passed) on the current item count.
func (a *schemaChain) covers(from, to, i int, k []byte, object, state bool) bool {
	for d := from; d < to; d++ {
		if state && (a.passed[d] || !object && a.hit[d] && a.chain[d].containsEvaluates()) {
			return true
		}
		if object && a.memberEvaluated(d, k) || !object && a.itemEvaluated(d, i) {
			return true
		}
	}
	return false
}

// laneCover returns the lanes under u that evaluated item i (member k).
func (u *unevalNode) laneCover(i int, k []byte, object bool) uint64 {
	var m uint64
	for _, l := range u.lanes {
		if l.dead || l.always || l.failed && !l.keep {
			continue // it covers nothing, or cannot count
		}
		if l.schemaChain.covers(0, len(l.chain), i, k, object, l.at == i) {
			m |= l.ubit
		}
	}
	return m
}
