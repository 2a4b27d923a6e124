package validate

// Feeding a child: each complete item (member) of the innermost streamed
// container (the root or a frame) is read, its text added to the Received
// text of the frames, checked by the chain (stream_items.go,
// stream_members.go, stream_uneval.go) and handed to the lanes
// (stream_lane_items.go) and to a deferring unevaluated*
// (stream_uneval_lanes.go). The chain is
// planned before (stream_chain_plan.go); its verdicts come when the
// container closes (stream_chain_verdicts.go).

// arrayItem evaluates one complete item of the streamed array a and
// returns its value (nil when it stopped the evaluation).
func (st *streamer) arrayItem(a *schemaChain, text []byte) *jv {
	i := a.count
	a.count++
	st.numV = nil // the parser reuses its values
	v, err := st.readValue(text)
	if err != nil {
		st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
		st.err = &DocumentError{Offset: -1, Pointer: st.instanceLocation(), Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
		st.inst = st.inst[:0]
		return nil
	}
	st.recvValue(i, false, nil, v)
	if a.unique.on {
		a.unique.add(v, text, i)
	}
	ok := st.itemChecks(a, i, v)
	st.itemContains(a, i, v)
	if len(a.uneval) > 0 && st.err == nil {
		ok = st.itemUneval(a, i, v) && ok
	}
	if st.err != nil {
		st.locateItemError(a, i, v)
		return nil
	}
	if !ok {
		st.collect, st.track = true, true
		st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
		st.itemChecks(a, i, v)
		st.itemUneval(a, i, v)
		st.listCut()
		st.collect, st.track = false, false
		st.inst = st.inst[:0]
	}
	if len(a.groups) > 0 {
		st.groupsValue(a, i, nil, v)
	}
	if a.deferred && st.err == nil {
		st.deferredValue(a, i, nil, v, false)
	}
	return v
}

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

// recvValue appends item i (member i named k, when member) of the
// innermost frame, value v, to the Received text of the frames that show
// it: that frame's and those around it, while they are short enough.
func (st *streamer) recvValue(i int, member bool, k []byte, v *jv) {
	for f := len(st.frames) - 1; f >= 0; f-- {
		a := st.frames[f].a
		if len(a.recv) > maxReceived+1 {
			return // the ones around it are longer still
		}
		if i > 0 {
			a.recv = append(a.recv, ',')
		}
		if member {
			a.recv = appendJSONString(a.recv, b2s(k))
			a.recv = append(a.recv, ':')
		}
		a.recv = appendLimited(a.recv, v, maxReceived+1)
	}
}
