package validate

// Planning the chains: the schemas that apply in place to a streamed
// container (buildChain; planObjectChain for an object, planValue for a
// value below the root), with a lane per applicator branch (planGroups,
// branch), before its first item or member is read. Each child then
// steps through the chain (stream_steps.go), and the verdicts come at
// close (stream_chain_verdicts.go; the root's in stream_root.go).

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

// planGroups adds the applicator groups of n, the k-th schema of a's
// chain, with a lane per branch; false when a branch cannot stream.
func (p *lanePool) planGroups(a *schemaChain, k int, n *node) bool {
	base := a.rank
	a.rank += 4
	add := func(kind byte, rank int) *laneGroup {
		if len(a.groups) < cap(a.groups) {
			a.groups = a.groups[:len(a.groups)+1]
		} else {
			a.groups = append(a.groups, laneGroup{})
		}
		g := &a.groups[len(a.groups)-1]
		g.owner, g.node, g.kind, g.rank, g.lanes = k, n, kind, rank, g.lanes[:0]
		g.name, g.on = "", false
		return g
	}
	// The group is added first and filled by index: planning a branch
	// adds groups to the branch's lane only, never to a.
	branches := func(kind byte, rank int, bs []*node) bool {
		gi := len(a.groups)
		add(kind, rank)
		for _, b := range bs {
			l := p.branch(a, k, b, a.keep, false)
			if l == nil {
				return false
			}
			a.groups[gi].lanes = append(a.groups[gi].lanes, l)
		}
		return true
	}
	if n.anyOf != nil && !branches(groupAnyOf, base, n.anyOf) {
		return false
	}
	if n.oneOf != nil && !branches(groupOneOf, base+1, n.oneOf) {
		return false
	}
	if n.not != nil {
		l := p.branch(a, k, n.not, false, false)
		if l == nil {
			return false
		}
		g := add(groupNot, base+2)
		g.lanes = append(g.lanes, l)
	}
	if n.ifN != nil {
		cond := p.branch(a, k, n.ifN, false, false)
		if cond == nil {
			return false
		}
		var then, els *lane
		if n.thenN != nil {
			if then = p.branch(a, k, n.thenN, a.keep, true); then == nil {
				return false
			}
		}
		if n.elseN != nil {
			if els = p.branch(a, k, n.elseN, a.keep, true); els == nil {
				return false
			}
		}
		g := add(groupIf, base+3)
		g.lanes = append(g.lanes, cond, then, els)
	}
	if p.object {
		for _, ds := range n.depSchemas {
			l := p.branch(a, k, ds.n, a.keep, true)
			if l == nil {
				return false
			}
			g := add(groupDep, a.ownRank[k]+1)
			g.name = ds.name
			g.lanes = append(g.lanes, l)
		}
	}
	return true
}

// branch plans the lane of branch b of the k-th schema of a's chain.
// keep says whether its diagnostics may be reported; refusal whether,
// should b refuse the container outright, it must say so (a then or else: anyOf
// and oneOf pass over such a branch, not and if only need its verdict; a
// dependentSchemas entry says so too).
func (p *lanePool) branch(a *schemaChain, k int, b *node, keep, refusal bool) *lane {
	l := p.get()
	if l == nil {
		a.held = holdLanes
		return nil
	}
	l.kwPrefix = append(a.appendPath(append(l.kwPrefix[:0], a.kwPrefix...), k), b.seg)
	l.dynPrefix = a.appendScope(l.dynPrefix[:0], k)
	l.keep, l.ranked, l.head = keep, true, b
	switch {
	case b.boolean == 1:
		l.always = true
	case b.refuses(p.rootType()):
		l.dead, l.failed, l.refusal = true, true, refusal && keep
	case p.object:
		l.pool = p
		if !p.st.planObjectChain(&l.schemaChain, &l.obj, b) {
			a.held = l.held
			return nil
		}
	default:
		l.pool = p
		if !l.plan(p.st.s, b) {
			a.held = l.held
			return nil
		}
		p.unique = p.unique || l.unique.on
	}
	return l
}

// namePasses reports whether the member name key holds under the
// propertyNames of the k-th schema of a's chain. A value whose name holds
// may be a frame: propertyNames then says nothing of it. One whose name
// fails is read whole, so that its diagnostic takes its place among the
// member's own as memberChecks records them.
func (st *chainRunner) namePasses(a *schemaChain, k int, key []byte) bool {
	n := a.chain[k]
	st.enterChain(a, a.kwPrefix, k)
	ok := st.eval(n.propertyNames, st.ktape.ReadString(key), 0)
	if st.err != nil {
		st.err = nil // read whole, the member's evaluation says where
		return false
	}
	return ok
}

// planValue plans c (o) as the chain of sub, reached from the link-th
// schema of the parent chain p, for a value opened by open; false when
// it cannot stream as a frame.
func (st *chainRunner) planValue(c *schemaChain, o *objectStream, p *schemaChain, link int, sub *node, open byte) bool {
	c.dynPrefix = p.appendScope(c.dynPrefix[:0], link)
	ok := false
	if open == '[' {
		ok = c.plan(st.s, sub)
	} else {
		ok = st.planObjectChain(c, o, sub)
	}
	if !ok {
		return false
	}
	c.fixedRank = p.rankOf(link)
	c.kwPrefix = append(p.appendPath(append(c.kwPrefix[:0], p.kwPrefix...), link), sub.seg)
	return true
}

// planObjectChain lists the schemas that apply in place to an object whose
// schema is root (with their lanes, when a.pool is set), reserves their
// presence bits and the names o must watch, and reports whether the
// object can stream under them.
func (st *chainRunner) planObjectChain(a *schemaChain, o *objectStream, root *node) bool {
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
