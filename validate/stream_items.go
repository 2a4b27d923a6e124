package validate

// (What streams is decided in plan.go; walk builds the chains it allows.)
// A root array streams when its schema only needs, of the whole array,
// what can be counted or hashed item by item: the item schemas
// (prefixItems, items, additionalItems), minItems/maxItems, contains with
// its bounds, uniqueItems (a hash per item), $ref and allOf to schemas of
// the same kind, and anyOf, oneOf, not and if/then/else whose branches
// are of the same kind (each branch is a lane, stream_lanes.go). Each
// item is parsed and evaluated as soon as its last byte is read, then
// dropped; the array's own verdicts come at the end. unevaluatedItems is
// settled item by item too (stream_uneval.go), unless branches are under
// its schema. $dynamicRef and $recursiveRef are followed in the scope the
// chain fixes; const and enum hold the array until it fails them
// (stream_guard.go).

// chainLink says how a schema of a chain is reached: from the schema at
// index parent (-1 for the first), through the keyword path segment seg
// ("/$ref" or "/allOf/i").
type chainLink struct {
	parent int
	seg    string
}

// buildChain lists the schemas that apply in place to a value whose schema
// is root, through $ref and allOf, and reports whether each of them lets
// the value stream (object: as a root object, else as an array).
func (a *schemaChain) buildChain(s *Schema, root *node, object bool) bool {
	a.chain, a.links, a.order, a.guardOf = a.chain[:0], a.links[:0], a.order[:0], a.guardOf[:0]
	a.guards, a.soles = 0, 0
	a.groups, a.ownRank, a.rank = a.groups[:0], a.ownRank[:0], 0
	a.uneval, a.deferred, a.held = a.uneval[:0], false, streams
	if !a.walk(root, -1, "", object) {
		return false
	}
	a.hit, a.passed = a.hit[:0], a.passed[:0]
	for range a.chain {
		a.hit, a.passed = append(a.hit, false), append(a.passed, false)
	}
	return true
}

func (a *schemaChain) walk(n *node, parent int, seg string, object bool) bool {
	branches := a.pool != nil
	if r := a.chainHold(n, object, branches); r != streams {
		return a.hold(r)
	}
	k, groups, guards, unevals, soles := len(a.chain), len(a.groups), a.guards, len(a.uneval), a.soles
	var g *guard
	if branches && n.plan.guard {
		g = a.pool.st.guardFor(n, a.pool.rootType())
		a.guards++
	}
	a.links = append(a.links, chainLink{parent, seg})
	a.ownRank = append(a.ownRank, 0)
	if g != nil && g.dead {
		// Its const or enum fails: nothing else of n applies (guards),
		// but its unevaluated*, over nothing evaluated, still would.
		if n.trackEval {
			return a.hold(holdUnevalGuard)
		}
		a.chain, a.guardOf = append(a.chain, g.stub), append(a.guardOf, n)
		a.order = append(a.order, k)
		a.ownRank[k] = a.rank
		a.rank += 2
		return true
	}
	a.chain, a.guardOf = append(a.chain, n), append(a.guardOf, nil)
	if n.ref != nil && !a.walk(n.ref, k, "/$ref", object) {
		return false
	}
	// $dynamicRef and $recursiveRef resolve in the dynamic scope at n,
	// which the chain fixes.
	if n.dynRef != nil && !a.walk(dynTarget(n, a.appendScope(a.scope[:0], k)), k, "/$dynamicRef", object) {
		return false
	}
	if n.recursiveRef != nil && !a.walk(recursiveTarget(n, a.appendScope(a.scope[:0], k)), k, "/$recursiveRef", object) {
		return false
	}
	a.order = append(a.order, k) // after its $ref, before its allOf (evalKeywords' order)
	a.ownRank[k] = a.rank
	a.rank += 2 // the next one is its dependentSchemas' (evalObject's end)
	for _, b := range n.allOf {
		if !a.walk(b, k, b.seg, object) {
			return false
		}
	}
	if !branches {
		// An anyOf or oneOf with one branch for the container's type (a
		// nullable array or object) is that branch (soleBranch).
		for _, b := range n.plan.sole[objIndex(object)] {
			if b != nil {
				if !a.walk(b, k, b.seg, object) {
					return false
				}
				a.soles++
			}
		}
	}
	if branches && n.plan.lanes {
		// evalApplicators' order: after the allOf branches.
		if !a.pool.planGroups(a, k, n) {
			return false
		}
	}
	if n.trackEval {
		// unevaluated* after the rest of n (eval's order). A branch's
		// annotations are known only at the end: with lanes under n, it
		// defers (the root's chain only, not over another that does).
		u := unevalNode{k: k, end: len(a.chain), rank: a.rank}
		if r := a.unevalHold(&u, guards, soles, groups, unevals); r != streams {
			return a.hold(r)
		}
		a.deferred = a.deferred || u.lanes != nil
		a.uneval = append(a.uneval, u)
		a.rank++
	}
	return true
}

// plan lists the schemas that apply to an array whose schema is root and
// reports whether it can stream under them.
func (a *schemaChain) plan(s *Schema, root *node) bool {
	a.tallies = a.tallies[:0]
	if !a.buildChain(s, root, false) {
		return false
	}
	unique := false
	for _, n := range a.chain {
		a.tallies = append(a.tallies, arrayTally{})
		unique = unique || n.uniqueItems
	}
	a.unique.on = unique
	return true
}

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

// arrayEnd gives the root array's own verdicts once every item is read,
// and the diagnostics in document order.
func (st *streamer) arrayEnd() (Diagnostics, error) {
	a := &st.arr
	failed := st.arrayVerdictsAll(a, st.recs.len() > 0)
	dupI, dupJ := -1, -1
	if len(a.groups) > 0 {
		dupI, dupJ = a.duplicate(&st.evaluator)
	}
	return st.rootEnd(failed, dupI, dupJ)
}

// rootEnd resolves the root container's lanes once its own verdicts are
// in (failed: one of them, or an item, failed) and returns the
// document's diagnostics in document order; dupI, dupJ are the pair
// uniqueItems reports (-1: none).
func (st *streamer) rootEnd(failed bool, dupI, dupJ int) (Diagnostics, error) {
	a := &st.arr
	if len(a.groups) > 0 {
		if st.resolveGroups(a, nil, true, dupI, dupJ) {
			failed = true
		}
		if a.deferred && st.deferredEnd() {
			failed = true
		}
		st.lanes.release()
	}
	if failed && a.ranked {
		st.recs.sortRanked()
	}
	if !failed {
		return nil, nil
	}
	return st.diagnostics(), nil
}

// duplicate returns the pair of equal items uniqueItems reports, or -1,
// -1 (worked out once, when every item is read).
func (a *schemaChain) duplicate(st *evaluator) (int, int) {
	if !a.unique.on || a.count <= 1 {
		return -1, -1
	}
	if !a.unique.done {
		a.unique.finalI, a.unique.finalJ = a.unique.duplicate(st, a.count)
		a.unique.done = true
	}
	return a.unique.finalI, a.unique.finalJ
}

// arrayVerdictsAll records the failed whole-array keywords of the
// streamed array a, once every item is read, and reports whether the
// document fails (failed: it already did).
func (st *streamer) arrayVerdictsAll(a *schemaChain, failed bool) bool {
	dupI, dupJ := a.duplicate(&st.evaluator)
	if !st.chainVerdicts(a, a, dupI, dupJ, true) {
		return failed
	}
	return true
}

// chainVerdicts checks the whole-array keywords of the chain c over the
// streamed array a (c is a or one of its lanes) and, when one fails and
// record is set, records them all. It reports whether one fails.
func (st *streamer) chainVerdicts(c, a *schemaChain, dupI, dupJ int, record bool) bool {
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
func (st *streamer) closeChain(c, f *schemaChain, end byte, typ string, fails, record bool, verdict func(k int, at *closed) bool, last func()) bool {
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
