package validate

// A streamed array (the root or a frame) item by item: each complete item
// is read, its text added to the Received text of the frames (recvValue,
// which members share), checked by the chain's item schemas, counted for
// contains and uniqueItems, and handed to the lanes
// (stream_lane_items.go); the array's own verdicts come when it closes
// (stream_chain_verdicts.go). The chain is planned in
// stream_chain_plan.go.

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
