package validate

import (
	"github.com/valyala/fastjson"
)

// A root array streams when its schema only needs, of the whole array,
// what can be counted or hashed item by item: the item schemas
// (prefixItems, items, additionalItems), minItems/maxItems, contains with
// its bounds, uniqueItems (a hash per item) and $ref to a schema of the
// same kind. Each item is parsed and evaluated as soon as its last byte is
// read, then dropped; the array's own verdicts come at the end. Any other
// keyword on the root (an applicator, unevaluatedItems, const, enum,
// $dynamicRef) keeps the array whole, evaluated as before.

// maxChain bounds the $ref chain followed from the root.
const maxChain = 32

// arrayStream is the state of a root array read item by item.
type arrayStream struct {
	chain   []*node // the array's schema, then its $ref targets in turn
	tallies []arrayTally
	// Where the array is: its instance location and the keyword path to
	// its schema (empty for a root array).
	instPrefix []pathSeg
	kwPrefix   []string
	count      int     // items read
	recv       []byte  // the array's Received text so far (appendLimited)
	outer      *[]byte // the enclosing object's Received text, while it shows the items
	unique     uniqueTracker
}

// arrayTally is what one schema of the chain counts over the items.
type arrayTally struct {
	matches  int  // items that hold contains
	addFalse bool // an item beyond prefixItems met items (or additionalItems): false
}

func (a *arrayStream) reset() {
	a.chain, a.count = a.chain[:0], 0
	a.instPrefix, a.kwPrefix, a.outer = a.instPrefix[:0], a.kwPrefix[:0], nil
	a.tallies = a.tallies[:0]
	a.recv = append(a.recv[:0], '[')
	a.unique.reset()
}

// plan follows the $ref chain from root and reports whether an array can
// stream under it.
func (a *arrayStream) plan(s *Schema, root *node) bool {
	if s.usesDyn {
		return false
	}
	a.chain, a.tallies = a.chain[:0], a.tallies[:0]
	unique := false
	for n := root; n != nil; n = n.ref {
		if len(a.chain) == maxChain || n.boolean != 0 || n.hasType && n.types&tArray == 0 ||
			n.constV != nil || n.enum != nil || n.dynRef != nil || n.recursiveRef != nil ||
			hasApplicator(n) || n.trackEval || n.unevalItems != nil {
			return false
		}
		for _, c := range a.chain {
			if c == n {
				return false // a $ref cycle: the whole-value path reports it
			}
		}
		a.chain = append(a.chain, n)
		unique = unique || n.uniqueItems
	}
	for range a.chain {
		a.tallies = append(a.tallies, arrayTally{})
	}
	a.unique.on = unique
	return true
}

// hasApplicator reports whether n has an in-place applicator that looks
// at a whole value (allOf, anyOf, oneOf, not, if). $ref does not count:
// the chain follows it.
func hasApplicator(n *node) bool {
	return n.allOf != nil || n.anyOf != nil || n.oneOf != nil || n.not != nil || n.ifN != nil
}

// itemSchema returns the schema n applies to item i, or nil.
func itemSchema(n *node, i int) *node {
	if i < len(n.prefixItems) {
		return n.prefixItems[i]
	}
	return n.items
}

// arrayItem evaluates one complete item of the streamed array a.
func (st *state) arrayItem(a *arrayStream, text []byte) {
	i := a.count
	a.count++
	st.numV = nil // the parser reuses its values
	v, err := st.parser.ParseBytes(text)
	if err != nil {
		st.err = &DocumentError{Offset: -1, Pointer: "/" + itoa(i), Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
		return
	}
	if len(a.recv) <= maxReceived+1 {
		if i > 0 {
			a.recv = append(a.recv, ',')
		}
		a.recv = appendLimited(a.recv, v, maxReceived+1)
	}
	if a.outer != nil && len(*a.outer) <= maxReceived+1 {
		if i > 0 {
			*a.outer = append(*a.outer, ',')
		}
		*a.outer = appendLimited(*a.outer, v, maxReceived+1)
	}
	if a.unique.on {
		a.unique.add(v, text, i)
	}
	ok := st.itemChecks(a, i, v)
	st.itemContains(a, i, v)
	if st.err != nil {
		// Run the item again with paths kept, to say where the error is.
		st.numV = nil
		first := st.err
		st.err = nil
		st.track = true
		st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
		st.itemChecks(a, i, v)
		st.itemContains(a, i, v)
		if st.err == nil {
			st.err = first
		}
		return
	}
	if ok {
		return
	}
	st.collect, st.track = true, true
	st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
	st.itemChecks(a, i, v)
	st.collect, st.track = false, false
	st.inst = st.inst[:0]
}

// itemChecks applies the item schemas of the chain to item i, innermost
// $ref target first (the order of a whole-array evaluation).
func (st *state) itemChecks(a *arrayStream, i int, v *fastjson.Value) bool {
	ok := true
	for k := len(a.chain) - 1; k >= 0; k-- {
		n := a.chain[k]
		sub := itemSchema(n, i)
		if sub == nil || sub.boolean == 1 {
			continue
		}
		if sub.boolean == 2 && i >= len(n.prefixItems) {
			// Reported once, on the array, when its length is known.
			a.tallies[k].addFalse = true
			ok = false
			continue
		}
		st.enterChain(a.kwPrefix, k)
		st.depth = len(a.kwPrefix) + k + 1
		st.pushKw(sub.seg)
		r := st.eval(sub, v, 0)
		st.popKw()
		if !r {
			ok = false
			if !st.collect {
				return false
			}
		}
	}
	return ok
}

// itemContains counts item i for the contains keywords of the chain.
func (st *state) itemContains(a *arrayStream, i int, v *fastjson.Value) {
	collect := st.collect
	st.collect = false
	for k := len(a.chain) - 1; k >= 0 && st.err == nil; k-- {
		if c := a.chain[k].contains; c != nil {
			st.enterChain(a.kwPrefix, k)
			st.depth = len(a.kwPrefix) + k + 1
			if st.eval(c, v, 0) {
				a.tallies[k].matches++
			}
		}
	}
	st.collect = collect
}

// enterChain sets the keyword path to the k-th schema of a chain whose
// first schema is at prefix: k times "/$ref" after it (when paths are
// kept).
func (st *state) enterChain(prefix []string, k int) {
	if !st.track {
		return
	}
	st.kw = append(st.kw[:0], prefix...)
	for range k {
		st.kw = append(st.kw, "/$ref")
	}
}

// arrayEnd gives the root array's own verdicts once every item is read,
// and the diagnostics in document order.
func (st *state) arrayEnd() (Diagnostics, error) {
	if !st.arrayVerdictsAll(&st.arr, st.nrec() > 0) {
		return nil, nil
	}
	return st.diagnostics(), nil
}

// arrayVerdictsAll records the failed whole-array keywords of the
// streamed array a, once every item is read, and reports whether the
// document fails (failed: it already did).
func (st *state) arrayVerdictsAll(a *arrayStream, failed bool) bool {
	dupI, dupJ := -1, -1
	if a.unique.on && a.count > 1 {
		dupI, dupJ = a.unique.duplicate(st, a.count)
	}
	fails := false
	for k := len(a.chain) - 1; k >= 0 && !fails; k-- {
		n, t := a.chain[k], &a.tallies[k]
		fails = n.minItems >= 0 && a.count < n.minItems || n.maxItems >= 0 && a.count > n.maxItems ||
			t.addFalse || n.contains != nil && (t.matches < minContains(n) || n.maxContains >= 0 && t.matches > n.maxContains) ||
			n.uniqueItems && dupI >= 0
	}
	if !fails {
		return failed
	}
	collect, track := st.collect, st.track
	st.collect, st.track = true, true
	st.inst = append(st.inst[:0], a.instPrefix...)
	recv := append(a.recv, ']')
	for k := len(a.chain) - 1; k >= 0; k-- {
		st.enterChain(a.kwPrefix, k)
		st.arrayVerdicts(a.chain[k], &a.tallies[k], a.count, dupI, dupJ, recv)
	}
	st.collect, st.track = collect, track
	st.inst = st.inst[:0]
	return true
}

// minContains is the least number of matches contains asks for.
func minContains(n *node) int {
	if n.minContains >= 0 {
		return n.minContains
	}
	return 1
}

// arrayVerdicts records the failed whole-array keywords of n, with the
// messages evalArray gives them.
func (st *state) arrayVerdicts(n *node, t *arrayTally, count, dupI, dupJ int, recv []byte) {
	rec := func(kw string, code Code, msg, expected string) {
		d := st.fail(n, kw, code, nil, msg, expected)
		if len(recv) > maxReceived {
			d.Received = truncate(string(recv), maxReceived)
		} else {
			d.Received = st.intern(recv)
		}
		d.ReceivedType = "array"
	}
	if n.minItems >= 0 && count < n.minItems {
		rec("minItems", CodeMinItems, st.str("must have at least ", itoa(n.minItems), " items, has ", itoa(count)), itoa(n.minItems))
	}
	if n.maxItems >= 0 && count > n.maxItems {
		rec("maxItems", CodeMaxItems, st.str("must have at most ", itoa(n.maxItems), " items, has ", itoa(count)), itoa(n.maxItems))
	}
	if t.addFalse {
		kw := "items"
		if n.itemsSeg == "/additionalItems" {
			kw = "additionalItems"
		}
		rec(kw, CodeAdditionalItems, "must have at most "+itoa(len(n.prefixItems))+" items, has "+itoa(count), itoa(len(n.prefixItems)))
	}
	if n.contains != nil {
		minC := minContains(n)
		if t.matches < minC {
			kw, code := "contains", CodeContains
			if n.minContains >= 0 {
				kw, code = "minContains", CodeMinContains
			}
			rec(kw, code, "must contain at least "+itoa(minC)+" matching items, has "+itoa(t.matches), itoa(minC))
		}
		if n.maxContains >= 0 && t.matches > n.maxContains {
			rec("maxContains", CodeMaxContains, "must contain at most "+itoa(n.maxContains)+" matching items, has "+itoa(t.matches), itoa(n.maxContains))
		}
	}
	if n.uniqueItems && dupI >= 0 {
		rec("uniqueItems", CodeUniqueItems, st.str("items ", itoa(dupI), " and ", itoa(dupJ), " are equal"), "unique items")
	}
}
