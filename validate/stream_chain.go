package validate

import "slices"

// The chain of a streamed container: the schemas that apply to it in
// place (its schema, their $ref targets and allOf branches), where it is,
// and what it keeps for its lanes and unevaluated*. A root container,
// a lane's branch of it and a frame are each read through one.

// chainRunner is the layer of the stream driver that evaluates one
// chain (streamer's doc comment has the layers): it plans an object's
// chain, steps each child through it (stream_steps.go, stream_uneval.go)
// and gives its verdicts at close (stream_chain_verdicts.go), with the
// evaluator and nothing of the document.
type chainRunner struct {
	evaluator
	// maxOut caps the diagnostics of a streamed document (0: no cap, for
	// Validate on a whole buffer).
	maxOut int
}

// schemaChain is a chain of schemas applied in place to a streamed
// container: the root array or object, a lane's branch of it, or a value
// below the root that became a frame. It holds the schemas, what they
// count over the items, where the container is, and what the chain keeps
// for its lanes and unevaluated*. (It was arrayStream: it began as the
// state of a root array read item by item.)
type schemaChain struct {
	// chain is the schemas that apply to the array in place: its schema
	// and, in turn, their $ref targets and allOf branches (each schema
	// once), in preorder; links says how each is reached, order lists
	// them in the order a whole-value evaluation applies them.
	chain []*node
	links []chainLink
	order []int
	// guardOf[k], when set, is the schema whose const or enum the
	// container fails (chain[k] is its stub, stream_guard.go); guards
	// counts the schemas with const or enum met.
	guardOf []*node
	guards  int
	soles   int        // anyOf and oneOf walked as their sole branch (soleBranch)
	held    holdReason // why the chain keeps its container whole (when planning it failed)
	tallies []arrayTally
	count   int    // items read
	recv    []byte // the array's Received text so far (appendLimited)
	unique  uniqueTracker
	chainPlace
	chainLanes
	chainUneval
}

// chainPlace is where a chain applies: the value's instance location,
// the keyword path to its first schema and the dynamic scope it is
// applied in.
type chainPlace struct {
	// Where the array is: its instance location and the keyword path to
	// its schema (empty for a root array).
	instPrefix []pathSeg
	kwPrefix   []string
	// dynPrefix is the dynamic scope ($dynamicRef, $recursiveRef) in
	// which the chain's first schema is applied, outermost resource first
	// (empty for the root); scope is scratch for appendScope.
	dynPrefix []*resourceNode
	scope     []*resourceNode
}

// chainLanes is what a chain keeps for its lanes (stream_lanes.go).
type chainLanes struct {
	// pool, when set, lets the chain hold anyOf, oneOf, not and
	// if/then/else: groups lists them with their lanes. ownRank[k] and a
	// group's rank order the diagnostics of one location as a
	// whole-value evaluation records them; ranked says to keep
	// st.recs.ranks beside st.recs.out.
	pool    *lanePool
	groups  []laneGroup
	ownRank []int
	rank    int
	ranked  bool
	// fixedRank, when not -1, is the rank of all its diagnostics: a
	// chain for a value below the root has the rank of the schema it
	// descends from, so that at one location its diagnostics and those of
	// the other chains (and lanes) that read the value keep the order of
	// the schemas at the root; within it, they come in evaluation order.
	fixedRank int
	keep      bool // its diagnostics may be reported (the root's, a lane's under anyOf, oneOf, then, else)
}

// chainUneval is what a chain keeps for unevaluatedItems and
// unevaluatedProperties (stream_uneval.go): the chain schemas that have
// them, innermost first; hit[k] says whether the current item matched
// chain schema k's contains, passed[k] whether k's unevaluated* schema
// held on it.
type chainUneval struct {
	uneval   []unevalNode
	hit      []bool
	passed   []bool
	deferred bool // an uneval node has lanes under it
}

func (a *schemaChain) reset() {
	a.chain, a.links, a.order, a.count = a.chain[:0], a.links[:0], a.order[:0], 0
	a.guardOf, a.guards, a.soles, a.held = a.guardOf[:0], 0, 0, streams
	a.pool, a.groups, a.ownRank, a.rank, a.ranked, a.keep = nil, a.groups[:0], a.ownRank[:0], 0, false, false
	a.fixedRank = -1
	a.uneval, a.hit, a.passed, a.deferred = a.uneval[:0], a.hit[:0], a.passed[:0], false
	a.dynPrefix = a.dynPrefix[:0]
	a.instPrefix, a.kwPrefix = a.instPrefix[:0], a.kwPrefix[:0]
	a.tallies = a.tallies[:0]
	a.recv = append(a.recv[:0], '[')
	a.unique.reset()
}

// appendScope appends to dst the dynamic scope in which the keywords of
// the k-th schema of the chain apply: a's prefix, then the resource of
// each schema from the chain's first to the k-th, as eval pushes them
// (once in a row; a leaf pushes none).
func (a *schemaChain) appendScope(dst []*resourceNode, k int) []*resourceNode {
	dst = append(dst, a.dynPrefix...)
	start := len(dst)
	for j := k; j >= 0; j = a.links[j].parent {
		if !a.chain[j].leaf {
			dst = append(dst, a.chain[j].res)
		}
	}
	slices.Reverse(dst[start:])
	w := start
	for _, r := range dst[start:] {
		if w == 0 || dst[w-1] != r {
			dst[w] = r
			w++
		}
	}
	return dst[:w]
}

// appendPath appends the keyword path segments from the first schema of
// the chain to the k-th.
func (a *schemaChain) appendPath(dst []string, k int) []string {
	n := 0
	for j := k; a.links[j].parent >= 0; j = a.links[j].parent {
		n++
	}
	dst = append(dst, make([]string, n)...) // no allocation when dst has room
	for j, at := k, len(dst)-1; a.links[j].parent >= 0; j, at = a.links[j].parent, at-1 {
		dst[at] = a.links[j].seg
	}
	return dst
}

// rankOf is the rank of the diagnostics of the k-th schema of a's chain.
func (a *schemaChain) rankOf(k int) int {
	if a.fixedRank >= 0 {
		return a.fixedRank
	}
	return a.ownRank[k]
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
