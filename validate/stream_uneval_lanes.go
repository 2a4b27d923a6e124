package validate

// unevaluatedItems and unevaluatedProperties over lanes, on a streamed
// root container.
//
// A root chain schema u with unevaluated* and branches under it (anyOf,
// oneOf, not, if/then/else, dependentSchemas of u or of the schemas its
// $ref and allOf reach) applies it to the items nothing under u
// evaluated, and what a branch evaluated counts only as evalApplicators
// keeps it: an anyOf branch that holds, the first oneOf branch that
// holds, an if that holds, the then or else it chooses (whatever their
// verdict), a dependentSchemas entry whose name is present, never not;
// inside a branch, only when the branch itself counts. Those verdicts
// come at the end, so each item is settled then, from what was kept of
// it as it completed:
//
//   - the lanes under u that evaluated it (one bit per lane: at most
//     maxLanes, a uint64); nothing else of u's part of the chain did, or
//     it is settled at once, as without lanes;
//   - when u's unevaluated* schema fails on it, its diagnostics, recorded
//     as it completes (the value is gone by the end), or for
//     unevaluatedProperties: false only the member's name (the hints
//     need every name first, as unevalVerdicts gives them).
//
// An item no lane evaluated is certain: its diagnostics stay where they
// are. The others wait in u's pending list; at the end those whose lanes
// all ended up not counting are reported, the rest dropped. Memory: the
// pending items that fail u's schema, at most MaxDiagnostics+1 per set
// of lanes (past it, should that set not count, the list is incomplete,
// CodeTooMany). A lane full of diagnostics (MaxDiagnostics) is no longer
// evaluated: from there on what it evaluates is judged by its schemas
// alone (contains matches and its own unevaluated* count as not met).
//
// Not streamed (the container is held whole): a schema with unevaluated*
// over one that defers (nested), or such a schema in a lane's chain
// (walk).

// pendingUneval is one item (member) u's unevaluated* schema failed on
// that a lane evaluated.
type pendingUneval struct {
	lanes    uint64 // the lanes under u that evaluated it
	from, to int    // its diagnostics in the list's recs
	named    bool   // unevaluatedProperties: false: only the member's name
	name     string // (it may be "")
}

// pendingList is what a deferring unevaluated* node keeps until the end.
type pendingList struct {
	items    []pendingUneval
	recs     diagList
	count    map[uint64]int  // items kept per set of lanes
	overflow map[uint64]bool // sets of lanes with items not kept
}

func (p *pendingList) reset() {
	clear(p.items)
	p.items = p.items[:0]
	p.recs.reset()
	clear(p.count)
	clear(p.overflow)
}

// room reports whether another item evaluated by lanes may be kept (at
// most limit per set of lanes), and notes the overflow when not.
func (p *pendingList) room(lanes uint64, limit int) bool {
	if p.count == nil {
		p.count, p.overflow = map[uint64]int{}, map[uint64]bool{}
	}
	if p.count[lanes] > limit {
		p.overflow[lanes] = true
		return false
	}
	p.count[lanes]++
	return true
}

// covers reports whether a schema of a's chain in [from, to) evaluates
// item i (member k, when object); with state, a contains match (a.hit)
// and an unevaluated* that held (a.passed) on the current item count.
func (a *schemaChain) covers(from, to, i int, k []byte, object, state bool) bool {
	for d := from; d < to; d++ {
		if state && (a.passed[d] || !object && a.hit[d] && a.chain[d].containsEvaluates()) {
			return true
		}
		if object && a.memberEvaluated(d, k) || !object && a.itemEvaluated(d, i) {
			return true
		}
	}
	return false
}

// laneCover returns the lanes under u that evaluated item i (member k).
func (u *unevalNode) laneCover(i int, k []byte, object bool) uint64 {
	var m uint64
	for _, l := range u.lanes {
		if l.dead || l.always || l.failed && !l.keep {
			continue // it covers nothing, or cannot count
		}
		if l.schemaChain.covers(0, len(l.chain), i, k, object, l.at == i) {
			m |= l.ubit
		}
	}
	return m
}

// deferredValue settles item i (member i named k, value v) of the root
// container for the unevaluated* nodes of a that defer, once a and its
// lanes have evaluated it: at once when no lane evaluated it, else into
// the node's pending list when its schema fails.
func (st *streamer) deferredValue(a *schemaChain, i int, k []byte, v *jv, object bool) {
	for ui := range a.uneval {
		u := &a.uneval[ui]
		n := a.chain[u.k]
		sub := n.unevalItems
		if object {
			sub = n.unevalProps
		}
		if u.lanes == nil || sub == nil || a.covers(u.k, u.end, i, k, object, true) {
			continue
		}
		lanes := u.laneCover(i, k, object)
		for len(st.pending) <= ui {
			st.pending = append(st.pending, pendingList{})
		}
		p := &st.pending[ui]
		if object && sub.boolean == 2 {
			if lanes == 0 || p.room(lanes, st.maxOut) {
				p.items = append(p.items, pendingUneval{lanes: lanes, named: true, name: string(k)})
			}
			continue
		}
		seg := pathSeg{idx: i}
		if object {
			seg = pathSeg{key: k, idx: i, isKey: true}
		}
		st.enterChain(a, a.kwPrefix, u.k)
		if st.unevalChild(n, sub, seg, v, false) || st.err != nil {
			continue
		}
		m := st.mark()
		st.collect, st.track = true, true
		st.enterChain(a, a.kwPrefix, u.k)
		st.inst = append(append(st.inst[:0], a.instPrefix...), seg)
		st.unevalChild(n, sub, seg, v, true)
		st.collect, st.track = false, false
		st.inst = st.inst[:0]
		st.recs.padRanks(u.rank)
		if lanes == 0 {
			continue // certain: it stays
		}
		if p.room(lanes, st.maxOut) {
			from := p.recs.len()
			for r := m.n; r < st.recs.len(); r++ {
				p.recs.add(&st.recs.out[r], st.recs.keys[r], st.recs.ranks[r])
			}
			p.items = append(p.items, pendingUneval{lanes: lanes, from: from, to: p.recs.len()})
		}
		st.release(m)
	}
}

// counting returns the lanes of the groups gs (those owned by chain
// schemas in [from, to)) whose evaluations count, and those of the groups
// nested in them, their verdicts known.
func counting(gs []laneGroup, from, to int) uint64 {
	var m uint64
	for gi := range gs {
		g := &gs[gi]
		if g.owner < from || g.owner >= to {
			continue
		}
		held := noBranch
		for li, l := range g.lanes {
			if l == nil {
				continue
			}
			var c bool
			switch g.kind {
			case groupAnyOf, groupOneOf:
				if !l.failed {
					held.hold(li)
					c = branchAnnotates(held.matched, g.kind == groupOneOf)
				}
			case groupIf:
				ifHeld := !g.lanes[ifSchema].failed
				c = li == ifSchema && ifHeld || li == ifChoice(ifHeld)
			case groupDep:
				c = g.on // an entry that applies (dependentHolds)
			}
			if c {
				m |= l.ubit | counting(l.groups, 0, len(l.chain))
			}
		}
	}
	return m
}

// deferredEnd reports, once the root container's lanes are resolved, the
// pending items of each deferring unevaluated* node that no counting
// lane evaluated, and reports whether there was one.
func (st *streamer) deferredEnd() bool {
	a := &st.arr
	failed := false
	for ui, u := range a.uneval {
		if u.lanes == nil {
			continue
		}
		if ui >= len(st.pending) {
			continue // nothing pending
		}
		p := &st.pending[ui]
		on := counting(a.groups, u.k, u.end)
		for lanes := range p.overflow {
			if lanes&on == 0 {
				st.incomplete = true
			}
		}
		n := a.chain[u.k]
		for _, x := range p.items {
			if x.lanes&on == 0 && !x.named {
				failed = true
				st.recs.extend(&p.recs, x.from, x.to)
			}
		}
		st.recs.padRanks(u.rank)
		mark := st.recs.len()
		for _, x := range p.items {
			if x.lanes&on != 0 || !x.named {
				continue
			}
			failed = true
			st.collect, st.track = true, true
			st.inst = append(st.inst[:0], a.instPrefix...)
			st.enterChain(a, a.kwPrefix, u.k)
			st.failUnevaluatedMember(n, []byte(x.name))
		}
		if st.lanes.object && st.recs.len() > mark {
			st.objectHints(n, nil, mark, st.obj.seen[u.k])
		}
		st.collect, st.track = false, false
		st.inst = st.inst[:0]
		st.recs.padRanks(u.rank)
	}
	return failed
}
