package validate

import (
	"strings"
)

// Lanes: anyOf, oneOf, not and if/then/else on a streamed root array or
// object, and dependentSchemas on a streamed root object.
//
// Each branch of such a keyword is a lane: the chain of schemas that apply
// to the container in place from the branch on ($ref and allOf followed,
// as for the root), with its own tallies (contains counts, items: false;
// an object's presence bits, count and extra names), its own verdict and,
// when the keyword may report them, its own diagnostics. Every item or
// member is read into the tape once and handed to each lane that still
// needs it; at the end of the container each lane gives its whole-array
// or whole-object verdicts, and the lanes' verdicts are combined as
// evalApplicators combines its branches: anyOf and oneOf report the
// best-matching branch (branchScore) or one line naming the types, oneOf
// the two branches that both hold, not and if/then/else their messages;
// a dependentSchemas lane counts when its name was present, as evalObject
// applies it. A lane whose branch wants another type than the
// container's (or is false) fails without looking at the items. Lanes
// nest: a branch may have branches.
//
// Memory and time: the lanes (at most maxLanes, each a chain of at most
// maxChain schemas) and, per lane that may report, at most the Stream's
// MaxDiagnostics (past fullLanes lanes, a share of fullLanes times that,
// so that the diagnostics kept stay within fullLanes lanes' worth). A lane that would record more is full: it is not
// evaluated any further (its score, at least its limit, only matters
// should every branch fail, and then it loses to any branch that is not
// full). Should every candidate branch be full, the one that filled up
// last (the fewest diagnostics per item) is reported with its first
// diagnostics, then a CodeTooMany one (the list is incomplete), where a
// whole-value evaluation reports all of the lowest-scoring one's. Below
// that, the answer is the whole-value evaluation's to the byte.

// maxLanes bounds the lanes of one streamed container (a schema with more,
// or one that recurses through its branches, keeps the container whole).
const maxLanes = 256

// fullLanes is how many lanes keep up to the Stream's MaxDiagnostics
// each; past it, each keeps its share of fullLanes times that (at least
// minLaneRecords).
const (
	fullLanes      = 64
	minLaneRecords = 64
)

// maxLaneRecords bounds the diagnostics one lane keeps when the Stream
// sets no cap of its own (its MaxDiagnostics is the lanes' cap too).
const maxLaneRecords = 1024

// Group kinds.
const (
	groupAnyOf = 'a'
	groupOneOf = 'o'
	groupNot   = 'n'
	groupIf    = 'i' // lanes: if, then (or nil), else (or nil)
	groupDep   = 'd' // a dependentSchemas entry: one lane, applied when name is present
)

// laneGroup is one applicator keyword of a chain schema.
type laneGroup struct {
	owner int   // index of the schema in the chain
	node  *node // that schema
	kind  byte
	rank  int // where its diagnostics go among those of one location
	lanes []*lane
	name  string // groupDep: the member whose presence applies the lane
	on    bool   // groupDep: that member was present (set when resolved)
}

// lane is one branch of a laneGroup.
type lane struct {
	arrayStream      // its chain, tallies and groups (the container's count, text and hashes are the root's)
	always      bool // a true schema: holds whatever the items
	dead        bool // refuses the container (its type, or false) without looking at the items
	refusal     bool // dead, and says so with one diagnostic when it applies (a then or else)
	head        *node
	failed      bool
	recs        diagList     // its diagnostics, at most limit
	limit       int          // the most it keeps (lanePool.limit)
	nrecs       int          // every diagnostic recorded, kept or not
	full        int          // 1 + the item at which it filled up (0: not full)
	nonType     int          // those that are not a type mismatch of the container itself
	score       int          // branchScore of all of them
	obj         objectStream // a lane over a root object: its tallies of the members
	// Under a deferring unevaluated* (stream_uneval_lanes.go): its bit
	// there, and the last item it evaluated (its contains matches and
	// unevaluated* verdicts are that item's).
	ubit uint64
	at   int
}

// lanePool holds the lanes of a document, reused from one to the next.
type lanePool struct {
	st     *streamer
	object bool // the lanes read a root object (else a root array)
	lanes  []*lane
	used   int
	unique bool // a lane's chain has uniqueItems
	limit  int  // the diagnostics a lane keeps at most
}

// get returns a fresh lane, or nil past maxLanes.
func (p *lanePool) get() *lane {
	if p.used == maxLanes {
		return nil
	}
	if p.used == len(p.lanes) {
		p.lanes = append(p.lanes, &lane{})
	}
	l := p.lanes[p.used]
	p.used++
	l.arrayStream.reset()
	l.obj.reset()
	l.always, l.dead, l.refusal, l.failed, l.head = false, false, false, false, nil
	l.recs.reset()
	l.nrecs, l.nonType, l.score, l.full = 0, 0, 0, 0
	l.ubit, l.at = 0, -1
	l.limit = p.limit
	return l
}

// release drops the diagnostics the lanes of the last document kept (the
// lanes stay for the next one).
func (p *lanePool) release() {
	for _, l := range p.lanes[:p.used] {
		l.recs.reset()
	}
	p.used = 0
}

// readyLanes readies the lane pool for a root container (object or
// array), and the root chain to use it when the document may stream
// through lanes.
func (st *streamer) readyLanes(object bool) {
	p := &st.lanes
	p.st, p.object, p.used, p.unique = st, object, 0, false
	p.limit = maxLaneRecords
	if st.maxOut > 0 {
		p.limit = st.maxOut
	}
	if st.doc.lanes {
		st.arr.pool = p
	}
	st.recs.ranks = st.recs.ranks[:0]
}

// shareLimits gives each lane of the pool its share of the diagnostics
// kept, once the container's lanes are planned (fullLanes).
func (p *lanePool) shareLimits() {
	if p.used <= fullLanes {
		return
	}
	share := max(minLaneRecords, p.limit*fullLanes/p.used)
	for _, l := range p.lanes[:p.used] {
		l.limit = share
	}
}

// planRootArray plans a root array with lanes for its applicators and
// reports whether it streams.
func (st *streamer) planRootArray() bool {
	a := &st.arr
	st.readyLanes(false)
	a.keep = true
	if !a.plan(st.s, st.s.root) {
		return false
	}
	a.ranked = len(a.groups) > 0 || len(a.uneval) > 0
	a.unique.on = a.unique.on || st.lanes.unique
	st.lanes.shareLimits()
	return true
}

// planGroups adds the applicator groups of n, the k-th schema of a's
// chain, with a lane per branch; false when a branch cannot stream.
func (p *lanePool) planGroups(a *arrayStream, k int, n *node) bool {
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
func (p *lanePool) branch(a *arrayStream, k int, b *node, keep, refusal bool) *lane {
	l := p.get()
	if l == nil {
		return nil
	}
	l.kwPrefix = append(a.appendPath(append(l.kwPrefix[:0], a.kwPrefix...), k), b.seg)
	l.dynPrefix = a.appendScope(l.dynPrefix[:0], k)
	l.keep, l.ranked, l.head = keep, true, b
	switch {
	case b.boolean == 1:
		l.always = true
	case b.boolean == 2 || b.hasType && b.types&p.rootType() == 0:
		l.dead, l.failed, l.refusal = true, true, refusal && keep
	case p.object:
		l.pool = p
		if !p.st.planObjectChain(&l.arrayStream, &l.obj, b) {
			return nil
		}
	default:
		l.pool = p
		if !l.plan(p.st.s, b) {
			return nil
		}
		p.unique = p.unique || l.unique.on
	}
	return l
}

// rootType is the type of the container the lanes read.
func (p *lanePool) rootType() typeMask { return containerType(p.object) }

// rootTypeName names it, as diagnostics do.
func (p *lanePool) rootTypeName() string {
	if p.object {
		return "object"
	}
	return "array"
}

// rootReceived returns the container's Received text, closed.
func (st *streamer) rootReceived() string {
	closer := byte(']')
	if st.lanes.object {
		closer = '}'
	}
	recv := append(st.arr.recv, closer)
	if len(recv) > maxReceived {
		return truncate(string(recv), maxReceived)
	}
	return st.intern(recv)
}

// groupsValue hands item i (or member i, named k) of the root container,
// value v, to the lanes of a's groups.
func (st *streamer) groupsValue(a *arrayStream, i int, k []byte, v *jv) {
	for gi := range a.groups {
		for _, l := range a.groups[gi].lanes {
			if l != nil && st.err == nil {
				st.laneValue(l, i, k, v)
			}
		}
	}
}

// laneValue evaluates item i (or member i, named k) for lane l: a fast
// pass, and a collecting one into the lane's diagnostics when it fails and
// they may be reported.
func (st *streamer) laneValue(l *lane, i int, k []byte, v *jv) {
	if !l.live() {
		return
	}
	l.at = i
	a := &l.arrayStream
	if !st.laneEval(l, a, &l.obj, st.lanes.object, i, k, v, i+1) {
		return
	}
	if len(a.groups) > 0 && (l.keep || !l.failed) {
		st.groupsValue(a, i, k, v)
	}
}

// live reports whether lane l still evaluates what it is handed.
func (l *lane) live() bool {
	return !(l.always || l.dead || l.failed && !l.keep || l.full > 0)
}

// laneEval evaluates item i (member i named k, when object), value v,
// with the chain a (tallies o) that applies it for lane l: the lane's own
// chain, or its chain for a value below the root (stream_frame_chains.go).
// A failure fails the lane and, when the lane may report, its
// diagnostics go to the lane; at the lane's limit it is full at full. It
// reports whether the lane goes on (not full, no error).
func (st *streamer) laneEval(l *lane, a *arrayStream, o *objectStream, object bool, i int, k []byte, v *jv, full int) bool {
	ok, done := st.chainEval(a, o, object, i, k, v)
	if done {
		return false
	}
	if !ok {
		l.failed = true
		if l.keep {
			m := st.mark()
			st.collectChecks(a, o, object, i, k, v)
			st.take(l, m)
			if l.nrecs > l.limit {
				l.full = full
				return false
			}
		}
	}
	return true
}

// chainEval is the fast pass of the chain a (tallies o) over item i
// (member i named k), value v: the member's tallies, then the checks. done
// says an evaluation error stopped it (st.err, located).
func (st *streamer) chainEval(a *arrayStream, o *objectStream, object bool, i int, k []byte, v *jv) (ok, done bool) {
	if object {
		st.memberTally(a, o, k)
	}
	ok = st.laneChecks(a, o, object, i, k, v)
	if st.err == nil {
		return ok, false
	}
	if object {
		st.locateMemberError(a, o, i, k, v)
	} else {
		st.locateItemError(a, i, v)
	}
	return false, true
}

// collectChecks is the collecting pass of the chain a over item i
// (member i named k): it records why the item fails.
func (st *streamer) collectChecks(a *arrayStream, o *objectStream, object bool, i int, k []byte, v *jv) {
	st.collect, st.track = true, true
	st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
	st.laneChecks(a, o, object, i, k, v)
	st.collect, st.track = false, false
	st.inst = st.inst[:0]
}

// laneChecks applies the item (member) keywords of the chain a (tallies
// o) to item (member) i, unevaluated* last; an item also counts for
// contains, outside the collecting pass (it records nothing), and the
// fast pass lists the members unevaluatedProperties: false refuses.
func (st *streamer) laneChecks(a *arrayStream, o *objectStream, object bool, i int, k []byte, v *jv) bool {
	if object {
		ok := st.memberChecks(a, i, k, v)
		if len(a.uneval) > 0 && st.err == nil {
			ok = st.memberUneval(a, o, i, k, v, !st.collect) && ok
		}
		return ok
	}
	ok := st.itemChecks(a, i, v)
	if !st.collect {
		st.itemContains(a, i, v)
	}
	if len(a.uneval) > 0 && st.err == nil {
		ok = st.itemUneval(a, i, v) && ok
	}
	return ok
}

// take moves the diagnostics recorded since m into lane l.
func (st *streamer) take(l *lane, m diagMark) {
	for i := m.n; i < st.recs.len(); i++ {
		l.add(st.recs.out[i], st.recs.keys[i], st.recs.ranks[i])
	}
	st.release(m)
}

// add counts a diagnostic of l (branchScore's weights, for a value at the
// root) and keeps it while l has fewer than its limit.
func (l *lane) add(d Diagnostic, key []int, rank int) {
	l.nrecs++
	l.score += recordScore(d.Code, len(key))
	if len(key) != 0 || d.Code != CodeType && d.Code != CodeFalseSchema {
		l.nonType++
	}
	if l.recs.len() < l.limit {
		l.recs.add(d, key, rank)
	}
}

// hidden counts n diagnostics of l that were not recorded (refused
// names past the cap, objectStream.refuse): each would have scored 1 and
// is not a type mismatch (recordScore).
func (l *lane) hidden(n int) {
	l.nrecs += n
	l.score += n
	l.nonType += n
}

// mismatch reports whether l failed only on the type of the container
// (branchScore's mismatch): a lane anyOf and oneOf do not report.
func (l *lane) mismatch() bool {
	return l.dead || l.nrecs > 0 && l.nonType == 0
}

// laneEnd gives lane l's whole-array (whole-object) verdicts and resolves
// its groups, once every item (member) is read.
func (st *streamer) laneEnd(l *lane, dupI, dupJ int) {
	if !l.live() {
		return
	}
	a := &l.arrayStream
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
func (st *streamer) laneFails(l *lane, verdicts func(record bool) bool, dropped int) {
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
func (st *streamer) refuse(l *lane) {
	b := l.head
	m := st.mark()
	collect, track := st.collect, st.track
	st.collect, st.track = true, true
	st.inst = append(st.inst[:0], st.arr.instPrefix...)
	st.kw = append(st.kw[:0], l.kwPrefix...)
	var d *Diagnostic
	if b.boolean == 2 {
		d = st.fail(b, "", CodeFalseSchema, nil, "no value is allowed here", "nothing")
	} else {
		d = st.fail(b, "type", CodeType, nil, st.str("must be ", b.typeOr, ", got ", st.lanes.rootTypeName()), b.typeList)
		d.Allowed = b.typeNames
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
func (st *streamer) resolveGroups(a *arrayStream, owner *lane, keep bool, dupI, dupJ int) bool {
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
			g.on = o.present(g.name)
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
	case groupAnyOf:
		for _, l := range g.lanes {
			if !l.failed {
				return true
			}
		}
		return false
	case groupOneOf:
		matched, _, _ := g.matched()
		return matched == 1
	case groupNot:
		return g.lanes[0].failed
	case groupDep:
		return !g.on || !g.lanes[0].failed
	}
	br := g.chosen()
	return br == nil || !br.failed
}

// matched counts the lanes that hold and gives the first two.
func (g *laneGroup) matched() (matched, first, second int) {
	first, second = -1, -1
	for i, l := range g.lanes {
		if !l.failed {
			matched++
			if first < 0 {
				first = i
			} else if second < 0 {
				second = i
			}
		}
	}
	return matched, first, second
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
		b := g.lanes[best]
		switch {
		case l.full == 0 && b.full == 0:
			if l.score < b.score {
				best = i
			}
		case l.full == 0:
			best = i
		case b.full > 0 && l.full > b.full:
			best = i
		}
	}
	return best
}

// chosen returns the then or else lane an if group applies (or nil).
func (g *laneGroup) chosen() *lane {
	if !g.lanes[0].failed {
		return g.lanes[1]
	}
	return g.lanes[2]
}

// groupRecords records why the failed group g of a fails, as
// evalApplicators does, into owner (nil: the document's diagnostics).
func (st *streamer) groupRecords(a *arrayStream, owner *lane, g *laneGroup) {
	m := st.mark()
	switch g.kind {
	case groupAnyOf, groupOneOf:
		kw := "anyOf"
		if g.kind == groupOneOf {
			kw = "oneOf"
		}
		if matched, first, second := g.matched(); matched > 1 {
			st.onRoot(a, g, kw, CodeOneOfMultiple, "must match exactly one schema of oneOf, matches "+itoa(first)+" and "+itoa(second), "exactly one")
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
		var names []string
		seen := map[string]bool{}
		for _, b := range bs {
			for _, t := range branchTypes(b) {
				if !seen[t] {
					seen[t] = true
					names = append(names, t)
				}
			}
		}
		d := st.onRoot(a, g, kw, CodeType, "must be "+strings.Join(names, " or ")+", got "+st.lanes.rootTypeName(), strings.Join(names, ", "))
		d.Allowed = names
	case groupNot:
		at := strings.Join(a.appendPath(append([]string(nil), a.kwPrefix...), g.owner), "")
		st.onRoot(a, g, "not", CodeNot, "must not match the schema at "+at+"/not", "")
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

// onRoot records a diagnostic of g's keyword kw on the streamed root
// container.
func (st *streamer) onRoot(a *arrayStream, g *laneGroup, kw string, code Code, msg, expected string) *Diagnostic {
	root := &st.arr
	collect, track := st.collect, st.track
	st.collect, st.track = true, true
	st.inst = append(st.inst[:0], root.instPrefix...)
	st.enterChain(a, a.kwPrefix, g.owner)
	d := st.fail(g.node, kw, code, nil, msg, expected)
	d.Received = st.rootReceived()
	d.ReceivedType = st.lanes.rootTypeName()
	st.collect, st.track = collect, track
	st.inst = st.inst[:0]
	return d
}

// emit hands lane l's diagnostics, in the order a whole-value evaluation
// records them, to owner (nil: the document's) with rank.
func (st *streamer) emit(owner *lane, l *lane, rank int) {
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
		owner.add(l.recs.out[i], l.recs.keys[i], rank)
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

// recordScore is what one diagnostic adds to branchScore at the root.
func recordScore(code Code, keyLen int) int {
	switch {
	case keyLen == 0 && (code == CodeType || code == CodeFalseSchema):
		return 1001
	case keyLen <= 1 && (code == CodeConst || code == CodeEnum):
		return 101
	}
	return 1
}

// hiddenNonType counts l's diagnostics that were not kept and are not a
// type mismatch of the container itself.
func hiddenNonType(l *lane) int {
	kept := 0
	for i := range l.recs.out {
		if len(l.recs.keys[i]) != 0 || l.recs.out[i].Code != CodeType && l.recs.out[i].Code != CodeFalseSchema {
			kept++
		}
	}
	return l.nonType - kept
}
