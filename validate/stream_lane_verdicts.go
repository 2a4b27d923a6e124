package validate

import "strings"

// Lanes at the end of the container: each lane gives its whole-array
// (whole-object) verdicts, its groups combine their lanes as
// evalApplicators combines branches, and the failed groups report the
// best-matching lane or one diagnostic of their own. See stream_lanes.go
// for the whole picture.

// laneEnd gives lane l's whole-array (whole-object) verdicts and resolves
// its groups, once every item (member) is read.
func (st *rootRunner) laneEnd(l *lane, dupI, dupJ int) {
	if !l.live() {
		return
	}
	a := &l.schemaChain
	verdicts := func(record bool) bool {
		if st.lanes.object {
			return st.objectChainVerdicts(a, &l.obj, &st.arr, st.obj.count, record)
		}
		return st.chainVerdicts(a, &st.arr, dupI, dupJ, record)
	}
	if verdicts(false) {
		st.laneFails(l, verdicts, l.obj.dropped)
	}
	if (l.keep || !l.failed) && st.resolveGroups(a, l, l.keep, dupI, dupJ) {
		l.failed = true
	}
}

// laneFails fails lane l on its verdicts and, when it may report them,
// records them into it (verdicts(true)), counting the dropped refused
// names it did not keep.
func (st *rootRunner) laneFails(l *lane, verdicts func(record bool) bool, dropped int) {
	l.failed = true
	if l.keep {
		m := st.mark()
		verdicts(true)
		st.take(l, m)
		l.hidden(dropped)
	}
}

// refuse records why the dead lane l refuses the root container, as eval
// does: its type, or false.
func (st *rootRunner) refuse(l *lane) {
	b := l.head
	m := st.mark()
	collect, track := st.collect, st.track
	st.collect, st.track = true, true
	st.inst = append(st.inst[:0], st.arr.instPrefix...)
	st.kw = append(st.kw[:0], l.kwPrefix...)
	var d *Diagnostic
	if b.boolean == 2 {
		d = st.failFalse(b, nil)
	} else {
		d = st.failType(b, nil, st.lanes.rootTypeName())
	}
	d.Received = st.rootReceived()
	d.ReceivedType = st.lanes.rootTypeName()
	st.collect, st.track = collect, track
	st.inst = st.inst[:0]
	st.recs.padRanks(0)
	st.take(l, m)
}

// resolveGroups ends the lanes of a's groups and combines their verdicts;
// with keep, the failed groups' diagnostics go to owner (nil: the
// document's). It reports whether a group fails.
func (st *rootRunner) resolveGroups(a *schemaChain, owner *lane, keep bool, dupI, dupJ int) bool {
	failed := false
	o := &st.obj
	if owner != nil {
		o = &owner.obj
	}
	for gi := range a.groups {
		g := &a.groups[gi]
		for _, l := range g.lanes {
			if l != nil {
				st.laneEnd(l, dupI, dupJ)
			}
		}
		if g.kind == groupDep {
			g.on = watched(o.watch, g.name)
		}
		if g.holds() {
			continue
		}
		failed = true
		if !keep {
			break
		}
		st.groupRecords(a, owner, g)
	}
	return failed
}

// holds reports whether g's keyword holds, its lanes ended.
func (g *laneGroup) holds() bool {
	switch g.kind {
	case groupAnyOf, groupOneOf:
		return judgeBranches(g.matched().matched, g.kind == groupOneOf) == branchesHold
	case groupNot:
		return notHolds(!g.lanes[0].failed)
	case groupDep:
		return dependentHolds(g.on, !g.lanes[0].failed)
	}
	br := g.chosen()
	return br == nil || !br.failed
}

// matched counts the lanes that hold and gives the first two.
func (g *laneGroup) matched() branchCount {
	c := noBranch
	for i, l := range g.lanes {
		if !l.failed {
			c.hold(i)
		}
	}
	return c
}

// best returns the index of the lane a failed anyOf or oneOf reports (-1:
// none, every branch wants another type): the lowest score, the first of
// equals, a full lane only when every candidate is (then the one that
// filled up last).
func (g *laneGroup) best() int {
	best := -1
	for i, l := range g.lanes {
		if l.mismatch() {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		if b := g.lanes[best]; betterBranch(l.score, l.full, b.score, b.full) {
			best = i
		}
	}
	return best
}

// chosen returns the then or else lane an if group applies (or nil).
func (g *laneGroup) chosen() *lane {
	return g.lanes[ifChoice(!g.lanes[ifSchema].failed)]
}

// groupRecords records why the failed group g of a fails, as
// evalApplicators does, into owner (nil: the document's diagnostics).
func (st *rootRunner) groupRecords(a *schemaChain, owner *lane, g *laneGroup) {
	m := st.mark()
	switch g.kind {
	case groupAnyOf, groupOneOf:
		kw := "anyOf"
		if g.kind == groupOneOf {
			kw = "oneOf"
		}
		if c := g.matched(); judgeBranches(c.matched, g.kind == groupOneOf) == branchesSeveral {
			st.onRoot(a, g, func() *Diagnostic { return st.failOneOfMultiple(g.node, kw, nil, c.first, c.second) })
			break
		}
		best := g.best()
		if best >= 0 {
			st.emit(owner, g.lanes[best], g.rank)
			return
		}
		// Every branch wants another type: one line says which.
		bs := g.node.anyOf
		if g.kind == groupOneOf {
			bs = g.node.oneOf
		}
		st.onRoot(a, g, func() *Diagnostic { return st.failBranchTypes(g.node, kw, nil, bs, st.lanes.rootTypeName()) })
	case groupNot:
		at := strings.Join(a.appendPath(append([]string(nil), a.kwPrefix...), g.owner), "")
		st.onRoot(a, g, func() *Diagnostic { return st.failNot(g.node, nil, at) })
	case groupIf, groupDep:
		br := g.lanes[0]
		if g.kind == groupIf {
			br = g.chosen()
		}
		if br.refusal {
			st.refuse(br) // only once it is known to apply
		}
		st.emit(owner, br, g.rank)
		return
	}
	st.recs.padRanks(g.rank)
	if owner != nil {
		st.take(owner, m)
	}
}

// onRoot records the diagnostic of g that build records, on the streamed
// root container.
func (st *rootRunner) onRoot(a *schemaChain, g *laneGroup, build func() *Diagnostic) {
	root := &st.arr
	collect, track := st.collect, st.track
	st.collect, st.track = true, true
	st.inst = append(st.inst[:0], root.instPrefix...)
	st.enterChain(a, a.kwPrefix, g.owner)
	d := build()
	d.Received = st.rootReceived()
	d.ReceivedType = st.lanes.rootTypeName()
	st.collect, st.track = collect, track
	st.inst = st.inst[:0]
}

// emit hands lane l's diagnostics, in the order a whole-value evaluation
// records them, to owner (nil: the document's) with rank.
func (st *rootRunner) emit(owner *lane, l *lane, rank int) {
	l.recs.sortRanked()
	if owner == nil {
		if l.nrecs > len(l.recs.out) {
			st.incomplete = true
		}
		st.recs.extend(&l.recs, 0, l.recs.len())
		for range l.recs.out {
			st.recs.ranks = append(st.recs.ranks, rank)
		}
		return
	}
	for i := range l.recs.out {
		owner.add(&l.recs.out[i], l.recs.keys[i], rank)
	}
	// What l counted but did not keep counts for owner too.
	hidden := l.nrecs - len(l.recs.out)
	if hidden > 0 {
		kept := 0
		for i := range l.recs.out {
			kept += recordScore(l.recs.out[i].Code, len(l.recs.keys[i]))
		}
		owner.nrecs += hidden
		owner.score += l.score - kept
		owner.nonType += hiddenNonType(l)
	}
}

// hiddenNonType counts l's diagnostics that were not kept and are not a
// type mismatch of the container itself.
func hiddenNonType(l *lane) int {
	kept := 0
	for i := range l.recs.out {
		if !typeMismatch(l.recs.out[i].Code, len(l.recs.keys[i])) {
			kept++
		}
	}
	return l.nonType - kept
}
