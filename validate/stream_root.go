package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// The root container of a streamed document: how it is planned (its
// chain, with lanes and guards), the unevaluated* verdicts deferred
// until its lanes are resolved, and its end.

// rootRunner is the layer of the stream driver that owns the root
// container (streamer's doc comment has the layers): its chain and
// tallies, the lanes of its applicators (stream_lanes.go), the guards of
// its const and enum (stream_guard.go) and the items a deferring
// unevaluated* waits on.
type rootRunner struct {
	chainRunner

	arr schemaChain // the root container's chain (array or object)
	obj objectStream
	// The lanes of a streamed root container's anyOf, oneOf, not, if
	// and dependentSchemas (stream_lanes.go).
	lanes lanePool
	// guards are the schemas with const or enum on the streamed root
	// container (stream_guard.go).
	guards []*guard
	// pending holds, per unevaluated* node of the root chain that defers,
	// the items it waits on.
	pending []pendingList
}

// planRootArray plans a root array, with lanes for its applicators when
// lanes is set, and reports whether it streams.
func (st *rootRunner) planRootArray(lanes bool) bool {
	a := &st.arr
	st.readyLanes(false, lanes)
	a.keep = true
	if !a.plan(st.s, st.s.root) {
		return false
	}
	a.ranked = len(a.groups) > 0 || len(a.uneval) > 0
	a.unique.on = a.unique.on || st.lanes.unique
	st.lanes.shareLimits()
	return true
}

// planObject lists the schemas that apply to the root object (with lanes
// when lanes is set) and reports whether it can stream under them.
func (st *rootRunner) planObject(lanes bool) bool {
	a := &st.arr
	st.readyLanes(true, lanes)
	a.keep = true
	if !st.planObjectChain(a, &st.obj, st.s.root) {
		return false
	}
	a.ranked = len(a.groups) > 0 || len(a.uneval) > 0
	st.lanes.shareLimits()
	return true
}

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

// deferredValue settles item i (member i named k, value v) of the root
// container for the unevaluated* nodes of a that defer, once a and its
// lanes have evaluated it: at once when no lane evaluated it, else into
// the node's pending list when its schema fails.
func (st *rootRunner) deferredValue(a *schemaChain, i int, k []byte, v *tape.Value, object bool) {
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
func (st *rootRunner) deferredEnd() bool {
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

// The end of a streamed root container: its own verdicts
// (stream_chain_verdicts.go), then its lanes' (stream_lane_verdicts.go),
// and the document's diagnostics in document order.

// arrayEnd gives the root array's own verdicts once every item is read,
// and the diagnostics in document order.
func (st *rootRunner) arrayEnd() (Diagnostics, error) {
	a := &st.arr
	failed := st.arrayVerdictsAll(a, st.recs.len() > 0)
	dupI, dupJ := -1, -1
	if len(a.groups) > 0 {
		dupI, dupJ = a.duplicate(&st.evaluator)
	}
	return st.rootEnd(failed, dupI, dupJ)
}

// objectEnd gives the object's own verdicts and its lanes' once every
// member is read, and the diagnostics in document order.
func (st *rootRunner) objectEnd() (Diagnostics, error) {
	a := &st.arr
	failed := st.objectChainVerdicts(a, &st.obj, a, st.obj.count, true) || st.recs.len() > 0
	st.incomplete = st.incomplete || st.obj.dropped > 0
	return st.rootEnd(failed, -1, -1)
}

// rootEnd resolves the root container's lanes once its own verdicts are
// in (failed: one of them, or an item, failed) and returns the
// document's diagnostics in document order; dupI, dupJ are the pair
// uniqueItems reports (-1: none).
func (st *rootRunner) rootEnd(failed bool, dupI, dupJ int) (Diagnostics, error) {
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
