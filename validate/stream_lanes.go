package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// Lanes: anyOf, oneOf, not and if/then/else on a streamed root array or
// object, and dependentSchemas on a streamed root object. This file holds
// the lanes and their pool, and feeds them each item (member): each is
// read into the tape once and handed to each lane that still needs it
// (laneValue); a lane that fails keeps its diagnostics (take) and its
// score for branchScore. stream_chain_plan.go plans the lanes with the
// chains and stream_lane_verdicts.go resolves them at the end.
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
	// Under a deferring unevaluated* (stream_root.go): its bit
	// there, and the last item it evaluated (its contains matches and
	// unevaluated* verdicts are that item's).
	ubit uint64
	at   int
}

// lanePool holds the lanes of a document, reused from one to the next.
type lanePool struct {
	st     *rootRunner
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
// through lanes (lanes).
func (st *rootRunner) readyLanes(object, lanes bool) {
	p := &st.lanes
	p.st, p.object, p.used, p.unique = st, object, 0, false
	p.limit = maxLaneRecords
	if st.maxOut > 0 {
		p.limit = st.maxOut
	}
	if lanes {
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
func (st *rootRunner) rootReceived() string {
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
func (st *rootRunner) groupsValue(a *schemaChain, i int, k []byte, v *tape.Value) {
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
func (st *rootRunner) laneValue(l *lane, i int, k []byte, v *tape.Value) {
	if !l.live() {
		return
	}
	l.at = i
	a := &l.schemaChain
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
func (st *rootRunner) laneEval(l *lane, a *schemaChain, o *objectStream, object bool, i int, k []byte, v *tape.Value, full int) bool {
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

// take moves the diagnostics recorded since m into lane l.
func (st *rootRunner) take(l *lane, m diagMark) {
	for i := m.n; i < st.recs.len(); i++ {
		l.add(&st.recs.out[i], st.recs.keys[i], st.recs.ranks[i])
	}
	st.release(m)
}

// add counts a diagnostic of l (branchScore's weights, for a value at the
// root) and keeps it while l has fewer than its limit.
func (l *lane) add(d *Diagnostic, key []int, rank int) {
	l.nrecs++
	l.score += recordScore(d.Code, len(key))
	if !typeMismatch(d.Code, len(key)) {
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
	return l.dead || onlyTypeMismatch(l.nrecs, l.nonType)
}
