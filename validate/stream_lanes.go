package validate

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
	schemaChain      // its chain, tallies and groups (the container's count, text and hashes are the root's)
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
	l.schemaChain.reset()
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
