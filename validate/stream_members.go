package validate

// A member's steps through a chain over a streamed object (the root's, a
// frame's or a lane's): its tallies (presence, the extra names
// additionalProperties: false refuses), the member keywords, and the pass
// again with paths kept that locates an evaluation error. The
// whole-object verdicts come at close (stream_chain_verdicts.go).

// memberTally records what the verdicts of a's chain need of a member
// named k: presence, and whether additionalProperties: false refuses it.
func (st *streamer) memberTally(a *schemaChain, o *objectStream, k []byte) {
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
func (st *streamer) memberChecks(a *schemaChain, i int, k []byte, v *jv) bool {
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
func (st *streamer) locateMemberError(a *schemaChain, o *objectStream, i int, k []byte, v *jv) {
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
