package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// A child's steps through a chain (the root's, a frame's or a lane's),
// the chainRunner's part of streaming: an item's item schemas and
// contains counts, a member's tallies (presence, the extra names
// additionalProperties: false refuses) and member keywords, the pass
// again with paths kept that locates an evaluation error, and the lanes'
// fast and collecting passes over one child (chainEval, collectChecks).
// unevaluated* is stream_uneval.go's; the verdicts at close are
// stream_chain_verdicts.go's.

// enterChain sets the keyword path to the k-th schema of chain c, whose
// first schema is at prefix (when paths are kept), and the dynamic scope
// of its keywords (when the schema uses it).
func (st *chainRunner) enterChain(c *schemaChain, prefix []string, k int) {
	if st.track {
		st.kw = c.appendPath(append(st.kw[:0], prefix...), k)
	}
	if st.s.usesDyn {
		st.dyn = c.appendScope(st.dyn[:0], k)
	}
}

// itemChecks applies the item schemas of the chain to item i, innermost
// $ref target first (the order of a whole-array evaluation).
func (st *chainRunner) itemChecks(a *schemaChain, i int, v *tape.Value) bool {
	ok := true
	for _, k := range a.order {
		n := a.chain[k]
		sub := itemSchema(n, i)
		if sub == nil || sub.boolean == 1 {
			continue
		}
		if itemRefused(n, i, sub) {
			// Reported once, on the array, when its length is known.
			a.tallies[k].addFalse = true
			ok = false
			continue
		}
		st.enterChain(a, a.kwPrefix, k)
		st.pushKw(sub.seg)
		r := st.eval(sub, v, 0)
		st.popKw()
		if a.ranked && st.collect {
			st.recs.padRanks(a.rankOf(k))
		}
		if !r {
			ok = false
			if !st.collect {
				return false
			}
		}
	}
	return ok
}

// itemContains counts item i for the contains keywords of the chain.
func (st *chainRunner) itemContains(a *schemaChain, i int, v *tape.Value) {
	for _, k := range a.order {
		if st.err != nil {
			break
		}
		if n := a.chain[k]; n.contains != nil {
			st.enterChain(a, a.kwPrefix, k)
			a.hit[k] = st.containsItem(n, v, &a.tallies[k])
		}
	}
}

// locateItemError runs item i of a again with paths kept, to say where
// the evaluation error st.err is.
func (st *chainRunner) locateItemError(a *schemaChain, i int, v *tape.Value) {
	st.numV = nil
	first := st.err
	st.err = nil
	st.track = true
	st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
	st.itemChecks(a, i, v)
	st.itemContains(a, i, v)
	if st.err == nil {
		st.itemUneval(a, i, v)
	}
	st.track = false
	if st.err == nil {
		st.err = first
	}
}

// memberTally records what the verdicts of a's chain need of a member
// named k: presence, and whether additionalProperties: false refuses it.
func (st *chainRunner) memberTally(a *schemaChain, o *objectStream, k []byte) {
	for w := range o.watch {
		if o.watch[w].name == string(k) {
			o.watch[w].present = true
		}
	}
	for c, n := range a.chain {
		if prop := n.propIndexOf(k); prop >= 0 {
			st.setBit(o.seen[c], prop)
		} else if n.refusesUnnamed(k) {
			o.refuse(&o.extras, c, k, st.maxOut)
		}
	}
}

// memberChecks applies the member keywords of a's chain to member i,
// innermost $ref target first.
func (st *chainRunner) memberChecks(a *schemaChain, i int, k []byte, v *tape.Value) bool {
	ok := true
	for _, c := range a.order {
		n := a.chain[c]
		st.enterChain(a, a.kwPrefix, c)
		st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{key: k, idx: i, isKey: true})
		// additionalProperties: false is reported with the object (memberTally).
		if mok, _ := st.evalMember(n, i, k, v, 0, false); !mok {
			ok = false
		}
		if a.ranked && st.collect {
			st.recs.padRanks(a.rankOf(c))
		}
		if !ok && !st.collect {
			return false
		}
	}
	return ok
}

// locateMemberError runs member i of a again with paths kept, to say
// where the evaluation error st.err is.
func (st *chainRunner) locateMemberError(a *schemaChain, o *objectStream, i int, k []byte, v *tape.Value) {
	st.numV = nil
	first := st.err
	st.err = nil
	st.track = true
	st.memberChecks(a, i, k, v)
	if st.err == nil {
		st.memberUneval(a, o, i, k, v, false)
	}
	st.track = false
	st.inst = st.inst[:0]
	if st.err == nil {
		st.err = first
	}
}

// chainEval is the fast pass of the chain a (tallies o) over item i
// (member i named k), value v: the member's tallies, then the checks. done
// says an evaluation error stopped it (st.err, located).
func (st *chainRunner) chainEval(a *schemaChain, o *objectStream, object bool, i int, k []byte, v *tape.Value) (ok, done bool) {
	if object {
		st.memberTally(a, o, k)
	}
	ok = st.laneChecks(a, o, object, i, k, v)
	if st.err == nil {
		return ok, false
	}
	if object {
		st.locateMemberError(a, o, i, k, v)
	} else {
		st.locateItemError(a, i, v)
	}
	return false, true
}

// collectChecks is the collecting pass of the chain a over item i
// (member i named k): it records why the item fails.
func (st *chainRunner) collectChecks(a *schemaChain, o *objectStream, object bool, i int, k []byte, v *tape.Value) {
	st.collect, st.track = true, true
	st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
	st.laneChecks(a, o, object, i, k, v)
	st.collect, st.track = false, false
	st.inst = st.inst[:0]
}

// laneChecks applies the item (member) keywords of the chain a (tallies
// o) to item (member) i, unevaluated* last; an item also counts for
// contains, outside the collecting pass (it records nothing), and the
// fast pass lists the members unevaluatedProperties: false refuses.
func (st *chainRunner) laneChecks(a *schemaChain, o *objectStream, object bool, i int, k []byte, v *tape.Value) bool {
	if object {
		ok := st.memberChecks(a, i, k, v)
		if len(a.uneval) > 0 && st.err == nil {
			ok = st.memberUneval(a, o, i, k, v, !st.collect) && ok
		}
		return ok
	}
	ok := st.itemChecks(a, i, v)
	if !st.collect {
		st.itemContains(a, i, v)
	}
	if len(a.uneval) > 0 && st.err == nil {
		ok = st.itemUneval(a, i, v) && ok
	}
	return ok
}
