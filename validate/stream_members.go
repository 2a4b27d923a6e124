package validate

// A root object streams in a Stream when its schema (and the schemas its
// $ref and allOf apply in place) needs of the whole object only what can
// be kept member by member: properties, patternProperties,
// additionalProperties and propertyNames apply to each member as it
// completes; required and dependentRequired need presence bits,
// minProperties/maxProperties a count, additionalProperties: false the
// extra names (reported, with their hints, once the object is closed).
// anyOf, oneOf, not, if/then/else and dependentSchemas are lanes
// (stream_lanes.go): each branch reads every member with its own presence
// bits, extras and diagnostics, and the lanes are combined once the
// object is closed (a dependentSchemas lane applies when its name was
// present). unevaluatedProperties applies to each member nothing under
// its schema evaluated (stream_uneval.go), unless branches are under it.
// const and enum hold the object until it fails them (stream_guard.go).

// planObject lists the schemas that apply to the root object and reports
// whether it can stream under them.
func (st *streamer) planObject() bool {
	a := &st.arr
	st.readyLanes(true)
	a.keep = true
	if !st.planObjectChain(a, &st.obj, st.s.root) {
		return false
	}
	a.ranked = len(a.groups) > 0 || len(a.uneval) > 0
	st.lanes.shareLimits()
	return true
}

// planObjectChain lists the schemas that apply in place to an object whose
// schema is root (with their lanes, when a.pool is set), reserves their
// presence bits and the names o must watch, and reports whether the
// object can stream under them.
func (st *streamer) planObjectChain(a *schemaChain, o *objectStream, root *node) bool {
	if !a.buildChain(st.s, root, true) {
		return false
	}
	for _, n := range a.chain {
		h := 0
		if len(n.props) > 0 {
			h = st.allocBits(len(n.props))
		}
		o.seen = append(o.seen, h)
		o.kept = append(o.kept, 0)
		for _, r := range n.required {
			if r.idx < 0 {
				o.watch = append(o.watch, watchName{name: r.name})
			}
		}
		for _, dr := range n.depRequired {
			o.watch = append(o.watch, watchName{name: dr.name})
			for _, name := range dr.required {
				o.watch = append(o.watch, watchName{name: name})
			}
		}
		for _, ds := range n.depSchemas {
			o.watch = append(o.watch, watchName{name: ds.name})
		}
	}
	return true
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

// objectEnd gives the object's own verdicts and its lanes' once every
// member is read, and the diagnostics in document order.
func (st *streamer) objectEnd() (Diagnostics, error) {
	a := &st.arr
	failed := st.objectChainVerdicts(a, &st.obj, a, st.obj.count, true) || st.recs.len() > 0
	st.incomplete = st.incomplete || st.obj.dropped > 0
	return st.rootEnd(failed, -1, -1)
}

// objectChainVerdicts checks the whole-object keywords of the chain c (a
// frame's or a lane's) over the streamed object at (the frame: its
// location and Received text) of count members, whose tallies for c are
// o, and, when one fails and record is set, records them all with their
// hints. It reports whether one fails.
func (st *streamer) objectChainVerdicts(c *schemaChain, o *objectStream, at *schemaChain, count int, record bool) bool {
	fails := len(o.extras) > 0 || len(o.unevalExtras) > 0 || o.dropped > 0
	return st.closeChain(c, at, '}', "object", fails, record, func(k int, obj *closed) bool {
		mark := st.recs.len()
		ok := st.objectVerdicts(c.chain[k], o, k, obj, count)
		if obj != nil {
			st.objectHints(c.chain[k], nil, mark, o.seen[k])
		}
		return ok
	}, func() { st.unevalVerdicts(c, o) })
}

// objectVerdicts gives the whole-object verdicts of the c-th chain
// schema n (o: the object's tallies for its chain) on the streamed object
// at of count members, those of evalObject in its order, the members its
// additionalProperties: false refused among them. A fast pass stops at
// the first failure and records nothing.
func (st *streamer) objectVerdicts(n *node, o *objectStream, c int, at *closed, count int) bool {
	ok := st.objectCountVerdicts(n, at, count)
	if !ok && !st.collect {
		return false
	}
	for _, x := range o.extras {
		if x.k == c {
			if !st.collect {
				return false
			}
			ok = false
			st.extraProperty(n, "additionalProperties", CodeAdditionalProperties, []byte(x.name))
		}
	}
	p := presence{watch: o.watch, seen: o.seen[c]}
	return st.objectPresenceVerdicts(n, at, &p) && ok
}
