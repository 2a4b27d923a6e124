package validate

import (
	"math"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// This file is the one place that decides what streams: whether a
// container (array or object) is read item by item (member by member)
// or held whole, by which mechanism, and, when held, why. The stream
// driver (stream_*.go) builds its chains, lanes, guards and frames as
// these functions say; Schema.Plan (plan_report.go) reports the same
// decisions per schema location.
//
// What is decided once, at compile time, per schema node and container
// type, is in node.plan (planNodes): whether the node's own keywords let
// the container stream, with and without lanes, and its sole anyOf and
// oneOf branches. What depends on the other schemas that apply in place
// (a chain: $ref, allOf, sole branches, lanes) is decided as the chain
// is built (walk asks chainHold, unevalHold), once per container, never
// per item. What depends on the document (a guard's candidates, a
// member's name under propertyNames, false for one item) is decided
// when the document says it.

// Stream thresholds.

// maxChain bounds the schemas a chain follows (through $ref and allOf).
const maxChain = 32

// maxLanes bounds the lanes of one streamed container (a schema with more,
// or one that recurses through its branches, keeps the container whole).
const maxLanes = 256

// maxUnevalLanes bounds the lanes under one deferring unevaluated* (a bit
// each, stream_root.go).
const maxUnevalLanes = 64

// lanesAfter is how many bytes of a root container that would stream
// through lanes are held first: a document that ends sooner (every
// model-sized answer) is evaluated whole, which is an order of magnitude
// faster there (a failing branch stops at its first failure, where a
// lane must keep its diagnostics in case every branch fails); a larger
// one streams from there on, in memory bounded by this and the lanes.
// Tests set it to 0 to take every such document through lanes.
var lanesAfter int64 = 1 << 20

// descendAfter is how many bytes of an item or member value a Stream
// reads before it turns the value into a frame of its own: a value under
// it is read whole, which is faster, and its diagnostics, all recorded
// before the cap on them applies, stay few. Tests set it to 0 to turn
// every value that may stream into one.
var descendAfter int64 = 64 << 10

// descendAtMost is descendAt when nothing may descend (Validate on a
// whole buffer: the value is there anyway).
const descendAtMost = math.MaxInt64

// holdReason says why a container is held whole (read as one value)
// rather than streamed; 0 (streams) when it is not.
type holdReason uint8

// Reasons. Their texts (holdTexts) are part of Schema.Plan's output:
// keep them stable.
const (
	streams holdReason = iota
	// A schema's own keywords (nodePlan.own).
	holdBoolean   // true or false: decided without the items
	holdType      // its type excludes the container
	holdConst     // const or enum without guards
	holdNot       // not without lanes
	holdIf        // if/then/else without lanes
	holdAnyOf     // anyOf with several candidate branches, without lanes
	holdOneOf     // oneOf with several candidate branches, without lanes
	holdDependent // dependentSchemas without lanes
	// The chain (chainHold, unevalHold, lanes).
	holdChainLong   // more than maxChain schemas in place
	holdRepeat      // a schema met twice in place
	holdLanes       // more than maxLanes lanes
	holdUnevalGuard // unevaluated* with const or enum in place
	holdUnevalSole  // unevaluated* over a sole anyOf/oneOf branch
	holdUnevalLanes // unevaluated* over lanes away from the root, or nested
	holdUnevalMany  // unevaluated* over more than maxUnevalLanes lanes
	// The items (members) of a streamed container (childHold).
	holdItemsUneval   // unevaluated* reads each item whole
	holdItemsUnique   // uniqueItems compares each item whole
	holdItemsContains // contains evaluates each item whole
	holdItemsLanes    // lanes away from the root
	holdItemsTwice    // a second chain with uniqueItems for the value
	numHoldReasons
)

// holdTexts are the reasons' texts, as Schema.Plan reports them.
var holdTexts = [numHoldReasons]string{
	streams:           "",
	holdBoolean:       "true or false schema: decided without reading the value",
	holdType:          "type excludes this container",
	holdConst:         "const/enum compares the whole value (guards only at the root)",
	holdNot:           "not needs lanes (only at the root)",
	holdIf:            "if/then/else needs lanes (only at the root)",
	holdAnyOf:         "anyOf with several candidate branches needs lanes (only at the root)",
	holdOneOf:         "oneOf with several candidate branches needs lanes (only at the root)",
	holdDependent:     "dependentSchemas needs lanes (only at the root)",
	holdChainLong:     "more than 32 schemas apply in place ($ref, allOf)",
	holdRepeat:        "a schema applies twice in place (a cycle, or two paths)",
	holdLanes:         "more than 256 lanes",
	holdUnevalGuard:   "unevaluated* with const/enum in place",
	holdUnevalSole:    "unevaluated* over a sole anyOf/oneOf branch",
	holdUnevalLanes:   "unevaluated* over lanes away from the root, or over lanes that defer",
	holdUnevalMany:    "unevaluated* over more than 64 lanes",
	holdItemsUneval:   "unevaluated* reads each one whole",
	holdItemsUnique:   "uniqueItems compares each one whole",
	holdItemsContains: "contains evaluates each one whole",
	holdItemsLanes:    "lanes away from the root",
	holdItemsTwice:    "a second schema with uniqueItems applies to the value",
}

// String returns the reason's text (empty for streams).
func (r holdReason) String() string {
	if r >= numHoldReasons {
		return ""
	}
	return holdTexts[r]
}

// nodePlan is what a schema node decides, by itself, about a container
// it applies to (computed once by planNodes; the zero value, a node
// without keywords, lets any container stream).
type nodePlan struct {
	// own[object][lanes] is why the node keeps a container (an object
	// when object is 1, else an array) whole, with or without lanes for
	// its branches (streams: it does not).
	own [2][2]holdReason
	// sole[object][0] and [1] are the sole candidate branches of its
	// anyOf and oneOf for that container (soleBranch), or nil.
	sole [2][2]*node
	// guard: const or enum, a guard on a streamed root container.
	guard bool
	// lanes: anyOf, oneOf, not, if or dependentSchemas, lane groups when
	// the chain has lanes.
	lanes bool
}

// planNodes computes every node's plan (once, at the end of Compile:
// soleBranch reads the branches' types, compiled by then).
func planNodes(nodes map[*fastjson.Value]*node) {
	for _, n := range nodes {
		n.planOwn()
	}
}

// planOwn fills n.plan.
func (n *node) planOwn() {
	p := &n.plan
	p.guard = n.constV != nil || n.enum != nil
	p.lanes = n.anyOf != nil || n.oneOf != nil || n.not != nil || n.ifN != nil || len(n.depSchemas) > 0
	for o := range 2 {
		t := containerType(o == 1)
		p.sole[o][0], p.sole[o][1] = soleBranch(n.anyOf, t), soleBranch(n.oneOf, t)
		for l := range 2 {
			p.own[o][l] = n.ownHold(o == 1, l == 1)
		}
	}
}

// ownHold is why n by itself keeps a container whole (object: an
// object, else an array), with lanes for its branches when lanes is set,
// or streams: it asks nothing of the whole container beyond what
// streaming keeps.
func (n *node) ownHold(object, lanes bool) holdReason {
	t := containerType(object)
	switch {
	case n.boolean != 0:
		return holdBoolean
	case n.hasType && n.types&t == 0:
		return holdType
	case lanes:
		return streams
	case n.constV != nil || n.enum != nil:
		return holdConst
	case n.not != nil:
		return holdNot
	case n.ifN != nil:
		return holdIf
	case n.anyOf != nil && soleBranch(n.anyOf, t) == nil:
		return holdAnyOf
	case n.oneOf != nil && soleBranch(n.oneOf, t) == nil:
		return holdOneOf
	case object && len(n.depSchemas) > 0:
		return holdDependent
	}
	return streams
}

// objIndex is 1 for an object, 0 for an array (nodePlan's index).
func objIndex(object bool) int {
	if object {
		return 1
	}
	return 0
}

// containerType is the type of the container a chain reads.
func containerType(object bool) typeMask {
	if object {
		return tObject
	}
	return tArray
}

// soleBranch returns the one branch of an anyOf or oneOf that does not
// refuse a value of type t outright (false, or a type without t), or nil
// when there is not exactly one. Such a keyword is that branch applied in
// place: it holds when the branch does (oneOf: no other one can), and
// when it does not, evalAnyOf reports the branch's diagnostics, the
// others being type mismatches; a branch that streams (walk) never fails
// on the container's own type, so it is never a mismatch itself.
func soleBranch(bs []*node, t typeMask) *node {
	var sole *node
	for _, b := range bs {
		if b.refuses(t) {
			continue
		}
		if sole != nil {
			return nil
		}
		sole = b
	}
	return sole
}

// refuses reports whether n refuses any value of type t outright, without
// looking into it: false, or a type without t. Such a branch is passed
// over by soleBranch, and is a dead lane (stream_lanes.go).
func (n *node) refuses(t typeMask) bool {
	return n.boolean == 2 || n.boolean == 0 && n.hasType && n.types&t == 0
}

// hold records why the chain a keeps its container whole and returns
// false (walk's answer).
func (a *schemaChain) hold(r holdReason) bool {
	a.held = r
	return false
}

// chainHold is why n cannot join the chain a (as its next schema): the
// chain is as long as it may be, n keeps the container whole by itself,
// or n is in the chain already.
func (a *schemaChain) chainHold(n *node, object, lanes bool) holdReason {
	if len(a.chain) == maxChain {
		return holdChainLong
	}
	if r := n.plan.own[objIndex(object)][boolIndex(lanes)]; r != streams {
		return r
	}
	for j, c := range a.chain {
		if c == n || a.guardOf[j] == n {
			return holdRepeat // a cycle, or a schema met twice: the whole-value path decides
		}
	}
	return streams
}

// boolIndex is 1 for true, 0 for false.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unevalHold is why the unevaluated* of the k-th schema of a, u, cannot
// stream, given what walking that schema added to a: guards and soles
// past those counts, groups and uneval nodes from those indexes on.
// Lanes under u are listed in u (underLanes) when it defers.
func (a *schemaChain) unevalHold(u *unevalNode, guards, soles, groups, unevals int) holdReason {
	switch {
	case a.guards > guards:
		return holdUnevalGuard
	case a.soles > soles:
		// A sole branch's evaluations count only when it holds.
		return holdUnevalSole
	case len(a.groups) > groups && a != &a.pool.st.arr:
		return holdUnevalLanes // the root's chain only defers
	case len(a.groups) > groups && !a.underLanes(u, groups):
		return holdUnevalMany
	}
	for _, in := range a.uneval[unevals:] {
		if in.lanes != nil {
			return holdUnevalLanes // not over another that defers
		}
	}
	return streams
}

// underLanes lists, in u's unevalNode, the lanes of a's groups from
// index groups on and of the groups nested in them, giving each a bit.
// It reports false when there are more than 64 or a lane's chain defers
// unevaluated* of its own.
func (a *schemaChain) underLanes(u *unevalNode, groups int) bool {
	u.lanes = u.lanes[:0]
	var add func(gs []laneGroup) bool
	add = func(gs []laneGroup) bool {
		for gi := range gs {
			for _, l := range gs[gi].lanes {
				if l == nil {
					continue
				}
				if len(u.lanes) == maxUnevalLanes {
					return false
				}
				l.ubit = 1 << len(u.lanes)
				u.lanes = append(u.lanes, l)
				if !add(l.groups) {
					return false
				}
			}
		}
		return true
	}
	return add(a.groups[groups:])
}

// childHold is why no item (member, when object) of the container the
// chain a reads may become a frame of its own: a's chain needs each of
// them whole. (Per item, valueSchemas also holds one that false applies
// to, or whose name propertyNames refuses.)
func (a *schemaChain) childHold(object bool) holdReason {
	if len(a.uneval) > 0 {
		return holdItemsUneval
	}
	if object {
		return streams
	}
	if a.unique.on {
		return holdItemsUnique
	}
	for _, k := range a.order {
		if a.chain[k].contains != nil {
			return holdItemsContains
		}
	}
	return streams
}

// furtherHold is why a value about to become a frame cannot, when a is
// a further chain for it (valueChain: a second schema of the document
// for the value): its uniqueItems (the hashes are the frame's own
// chain's).
func (a *schemaChain) furtherHold() holdReason {
	if a.unique.on {
		return holdItemsTwice
	}
	return streams
}

// descendHold is why no value of the frame at level (1: the root's),
// whose chain is a, may become a frame.
func (a *schemaChain) descendHold(level int) holdReason {
	if len(a.uneval) > 0 {
		return holdItemsUneval
	}
	if len(a.groups) > 0 && level > 1 {
		return holdItemsLanes
	}
	return streams
}

// planned reports whether Plan lists n, below the root, for a container
// (object: an object, else an array): it is a schema object, its type
// does not exclude the container, and it has a keyword that may concern
// it (type, an applicator or reference, unevaluated*, const or enum, a
// keyword of the container's kind): with none, it lets any container
// through as it streams.
func (n *node) planned(object bool) bool {
	if n.boolean != 0 || n.hasType && n.types&containerType(object) == 0 {
		return false
	}
	return n.hasType || n.hasApplicators || n.trackEval || n.constV != nil || n.enum != nil ||
		object && n.hasObjectKw || !object && n.hasArrayKw
}

// mechanism describes what the chain a (planned to stream) holds beside
// its schemas, for Plan.
func (a *schemaChain) mechanism(st *streamer, root bool) string {
	var b strings.Builder
	if len(a.groups) > 0 {
		b.WriteString(", lanes (")
		b.WriteString(strconv.Itoa(st.lanes.used))
		b.WriteString(") past ")
		b.WriteString(sizeText(st.doc.lanesAt))
	}
	for _, g := range st.guards {
		if g.dead {
			b.WriteString(", const/enum fails")
		} else {
			b.WriteString(", const/enum guard")
		}
	}
	if a.unique.on {
		b.WriteString(", uniqueItems hashes")
	}
	if a.deferred {
		b.WriteString(", unevaluated* deferred over lanes")
	} else if len(a.uneval) > 0 {
		b.WriteString(", unevaluated* item by item")
	}
	if !root {
		b.WriteString(", past ")
		b.WriteString(sizeText(st.doc.descendAt))
	}
	if b.Len() == 0 {
		return ""
	}
	return b.String()
}

// childHoldAll is childHold of a and of every lane under it: a value of
// the container becomes a frame only when every chain that reads it
// lets it (valueParts).
func (a *schemaChain) childHoldAll(object bool) holdReason {
	if r := a.childHold(object); r != streams {
		return r
	}
	for gi := range a.groups {
		for _, l := range a.groups[gi].lanes {
			if l == nil || l.dead || l.always {
				continue
			}
			if r := l.childHoldAll(object); r != streams {
				return r
			}
		}
	}
	return streams
}

// sizeText writes a byte count as Plan does: "1 MiB", "64 KiB", or bytes.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
