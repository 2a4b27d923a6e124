package validate

// A streamed object (the root or a frame) member by member: each
// complete member is tallied (presence, extra names), checked by the
// chain's member keywords, and handed to the lanes (stream_lane_items.go);
// the object's own verdicts come when it closes
// (stream_chain_verdicts.go). The chain is planned in
// stream_chain_plan.go.

// objectMember evaluates one complete member of the streamed object whose
// chain is a and tallies o (the innermost frame's): its name's text
// (quoted, with blanks around) and its value's text. It returns the value
// (nil when it stopped the evaluation); the name is in o.key.
func (st *streamer) objectMember(a *schemaChain, o *objectStream, keyText, valText []byte) *jv {
	i := o.count
	o.count++
	o.key = appendUnescaped(o.key[:0], trimQuotes(keyText))
	k := o.key
	st.numV = nil
	v, err := st.readValue(valText)
	if err != nil {
		st.err = &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
		return nil
	}
	st.recvValue(i, true, k, v)
	st.memberTally(a, o, k)
	ok := st.memberChecks(a, i, k, v)
	if len(a.uneval) > 0 && st.err == nil {
		ok = st.memberUneval(a, o, i, k, v, true) && ok
	}
	if st.err != nil {
		st.locateMemberError(a, o, i, k, v)
		return nil
	}
	if !ok {
		st.collect, st.track = true, true
		st.memberChecks(a, i, k, v)
		if len(a.uneval) > 0 {
			st.memberUneval(a, o, i, k, v, false)
		}
		st.listCut()
		st.collect, st.track = false, false
		st.inst = st.inst[:0]
	}
	if len(a.groups) > 0 {
		st.groupsValue(a, i, k, v)
	}
	if a.deferred && st.err == nil {
		st.deferredValue(a, i, k, v, true)
	}
	return v
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
