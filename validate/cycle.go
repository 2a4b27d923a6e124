package validate

import (
	"slices"
	"strings"

	"github.com/valyala/fastjson"
)

// A schema whose references go around a cycle without any keyword in
// between moving to a part of the instance ({"$ref":"#"}, a -> b -> a
// through $ref, allOf, anyOf, oneOf, not, if/then/else, dependentSchemas)
// can never finish on a value that reaches the cycle. Compile refuses it
// (ErrRecursion) instead of failing every document at run time, and so
// it does a chain of more than MaxSchemaChain such schemas
// (ErrSchemaChain), which bounds the evaluation's depth: at most
// MaxSchemaChain schemas per level of the document.

// inPlaceEdge is a subschema applied to the same instance as its parent.
type inPlaceEdge struct {
	kw string // keyword path from the parent, e.g. "/$ref", "/allOf/1"
	to *node
}

// inPlaceEdges appends the subschemas that n applies to the instance n
// itself is applied to. $dynamicRef and $recursiveRef count only when they
// resolve statically (no dynamic anchor to look for): their targets
// otherwise depend on the evaluation path, and the run-time guard handles
// them.
func (n *node) inPlaceEdges(out []inPlaceEdge) []inPlaceEdge {
	add := func(kw string, m *node) {
		if m != nil {
			out = append(out, inPlaceEdge{kw, m})
		}
	}
	add("/$ref", n.ref)
	if n.dynRef != nil && n.dynAnchor == "" {
		add("/$dynamicRef", n.dynRef)
	}
	if n.recursiveRef != nil && !n.recursiveRef.res.recursiveAnchor {
		add("/$recursiveRef", n.recursiveRef)
	}
	for _, m := range n.allOf {
		add(m.seg, m)
	}
	for _, m := range n.anyOf {
		add(m.seg, m)
	}
	for _, m := range n.oneOf {
		add(m.seg, m)
	}
	add("/not", n.not)
	add("/if", n.ifN)
	add("/then", n.thenN)
	add("/else", n.elseN)
	for _, d := range n.depSchemas {
		add(d.n.seg, d.n)
	}
	return out
}

// children calls fn for every subschema of n: those applied in place and
// those applied to items, members and names.
func (n *node) children(fn func(*node)) {
	for _, e := range n.inPlaceEdges(nil) {
		fn(e.to)
	}
	for _, m := range []*node{n.dynRef, n.recursiveRef, n.items, n.contains, n.additional,
		n.propertyNames, n.unevalProps, n.unevalItems} {
		if m != nil {
			fn(m)
		}
	}
	for _, m := range n.prefixItems {
		fn(m)
	}
	for _, p := range n.props {
		fn(p.n)
	}
	for _, p := range n.patternProps {
		fn(p.n)
	}
}

// checkCycles returns a *CompileError with ErrRecursion when the compiled
// schemas have a cycle of in-place edges, and with ErrSchemaChain when
// one has a chain of more than MaxSchemaChain of them. It visits every
// node (those reachable from root first, in schema order, so the cycle
// reported does not depend on map order) with an iterative depth-first
// search: time and memory linear in the number of nodes and edges. nodes
// is every compiled node (the compiler's, by schema value).
func checkCycles(root *node, nodes map[*fastjson.Value]*node) error {
	order := make([]*node, 0, len(nodes))
	seen := make(map[*node]bool, len(nodes))
	visit := func(m *node) {
		if !seen[m] {
			seen[m] = true
			order = append(order, m)
		}
	}
	visit(root)
	for i := 0; i < len(order); i++ {
		order[i].children(visit)
	}
	var rest []*node
	for _, m := range nodes {
		if !seen[m] {
			rest = append(rest, m)
		}
	}
	slices.SortFunc(rest, func(a, b *node) int { return strings.Compare(a.absLoc, b.absLoc) })
	order = append(order, rest...)

	// chain[n] is 0 for a node not reached yet, -1 for one on the current
	// path, else the most nodes on an in-place chain from it (itself
	// included).
	chain := make(map[*node]int, len(order))
	var path []cycleFrame
	for _, start := range order {
		if chain[start] != 0 {
			continue
		}
		chain[start] = -1
		path = append(path[:0], cycleFrame{n: start, edges: start.inPlaceEdges(nil)})
		for len(path) > 0 {
			f := &path[len(path)-1]
			if f.next == len(f.edges) {
				chain[f.n] = f.longest + 1
				if f.longest >= MaxSchemaChain {
					return chainError(f.n)
				}
				path = path[:len(path)-1]
				if len(path) > 0 {
					p := &path[len(path)-1]
					p.longest = max(p.longest, chain[f.n])
				}
				continue
			}
			e := f.edges[f.next]
			f.next++
			switch k := chain[e.to]; {
			case k < 0:
				return cycleError(path, e)
			case k == 0:
				chain[e.to] = -1
				path = append(path, cycleFrame{n: e.to, edges: e.to.inPlaceEdges(nil)})
			default:
				f.longest = max(f.longest, k)
			}
		}
	}
	return nil
}

// chainError says that a chain of more than MaxSchemaChain subschemas
// applied to one value starts at n.
func chainError(n *node) error {
	uri, ptr, _ := strings.Cut(n.absLoc, "#")
	return &CompileError{URI: uri, Location: ptr, Err: ErrSchemaChain,
		Msg: "more than " + itoa(MaxSchemaChain) + " subschemas ($ref, allOf, anyOf, oneOf, not, if/then/else, " +
			"dependentSchemas) are applied in turn to one value from here (MaxSchemaChain)"}
}

// cycleFrame is a node on the search path and its next edge to follow.
type cycleFrame struct {
	n       *node
	edges   []inPlaceEdge
	next    int
	longest int // the longest chain from the targets of edges[:next]
}

// cycleError describes the cycle that edge e closes onto a node of path:
// each node's location and the keyword that leads on, e.g.
// "#/$defs/a /$ref -> #/$defs/b /allOf/0 -> #/$defs/a".
func cycleError(path []cycleFrame, e inPlaceEdge) error {
	i := len(path) - 1
	for path[i].n != e.to {
		i--
	}
	var b strings.Builder
	for _, f := range path[i:] {
		b.WriteString(f.n.absLoc)
		b.WriteByte(' ')
		b.WriteString(f.edges[f.next-1].kw)
		b.WriteString(" -> ")
	}
	b.WriteString(e.to.absLoc)
	start := e.to
	uri, ptr, _ := strings.Cut(start.absLoc, "#")
	return &CompileError{URI: uri, Location: ptr, Err: ErrRecursion, Msg: truncate(b.String(), 400)}
}
