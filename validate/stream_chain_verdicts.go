package validate

// A chain's verdicts when its streamed container closes (the root's, a
// frame's or a lane's): the whole-array keywords (counts, contains,
// uniqueItems, items: false) and the whole-object ones (counts, presence,
// the extra names with their hints, unevaluatedProperties), a fast pass
// and, when one fails, a recording one (closeChain).

// arrayVerdictsAll records the failed whole-array keywords of the
// streamed array a, once every item is read, and reports whether the
// document fails (failed: it already did).
func (st *chainRunner) arrayVerdictsAll(a *schemaChain, failed bool) bool {
	dupI, dupJ := a.duplicate(&st.evaluator)
	if !st.chainVerdicts(a, a, dupI, dupJ, true) {
		return failed
	}
	return true
}

// chainVerdicts checks the whole-array keywords of the chain c over the
// streamed array a (c is a or one of its lanes) and, when one fails and
// record is set, records them all. It reports whether one fails.
func (st *chainRunner) chainVerdicts(c, a *schemaChain, dupI, dupJ int, record bool) bool {
	dup := dupPair{i: dupI, j: dupJ}
	return st.closeChain(c, a, ']', "array", false, record, func(k int, at *closed) bool {
		n := c.chain[k]
		ok := st.arrayCountVerdicts(n, at, a.count)
		if !ok && at == nil {
			return false
		}
		return st.arrayItemVerdicts(n, at, a.count, &c.tallies[k], &dup) && ok
	}, nil)
}

// closeChain gives the verdicts of the chain c on the container it
// streamed, once that closes, verdict(k, at) giving its k-th schema's: a
// fast pass (at nil) stops at the first failure (fails: one already did)
// and records nothing; when one fails and record is set, a second pass
// records them all, with the guards that failed, at the location and
// Received text of the frame f followed by end (']' or '}'), typ being
// the container's type; then last, when set. It reports whether one
// fails.
func (st *chainRunner) closeChain(c, f *schemaChain, end byte, typ string, fails, record bool, verdict func(k int, at *closed) bool, last func()) bool {
	collect, track := st.collect, st.track
	st.collect = false
	for _, k := range c.order {
		if fails {
			break
		}
		fails = c.guardOf[k] != nil || !verdict(k, nil)
	}
	st.collect = collect
	if !fails || !record {
		return fails
	}
	st.collect, st.track = true, true
	st.inst = append(st.inst[:0], f.instPrefix...)
	recv := append(f.recv, end)
	at := closed{recv: recv, typ: typ}
	for _, k := range c.order {
		st.enterChain(c, c.kwPrefix, k)
		if g := c.guardOf[k]; g != nil {
			st.guardFail(g, recv, typ)
		}
		verdict(k, &at)
		if c.ranked {
			st.recs.padRanks(c.rankOf(k))
		}
	}
	if last != nil {
		last()
	}
	st.collect, st.track = collect, track
	st.inst = st.inst[:0]
	return true
}

// objectChainVerdicts checks the whole-object keywords of the chain c (a
// frame's or a lane's) over the streamed object at (the frame: its
// location and Received text) of count members, whose tallies for c are
// o, and, when one fails and record is set, records them all with their
// hints. It reports whether one fails.
func (st *chainRunner) objectChainVerdicts(c *schemaChain, o *objectStream, at *schemaChain, count int, record bool) bool {
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
func (st *chainRunner) objectVerdicts(n *node, o *objectStream, c int, at *closed, count int) bool {
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

// guardFail records the diagnostic of the dead guard n (its const or
// enum) on the streamed container whose Received text is recv, as
// evalKeywords records it.
func (st *chainRunner) guardFail(n *node, recv []byte, typ string) {
	var d *Diagnostic
	if n.constV != nil {
		d = st.failConst(n, nil)
	} else {
		d = st.failEnum(n, nil)
	}
	st.setReceived(d, recv, typ)
}
