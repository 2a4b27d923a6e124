package validate

// An item's steps through a chain over a streamed array (the root's, a
// frame's or a lane's): the item schemas, the contains counts, and the
// pass again with paths kept that locates an evaluation error. The
// whole-array verdicts come at close (stream_chain_verdicts.go).

// itemChecks applies the item schemas of the chain to item i, innermost
// $ref target first (the order of a whole-array evaluation).
func (st *streamer) itemChecks(a *schemaChain, i int, v *jv) bool {
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
func (st *streamer) itemContains(a *schemaChain, i int, v *jv) {
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
func (st *streamer) locateItemError(a *schemaChain, i int, v *jv) {
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
