package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// The array family's per-item rule: which subschema of a schema applies
// to an item, whether the item counts as evaluated, and contains's count
// (containsItem) and the verdicts at close, written once and used by the
// whole-value evaluation (evalArray) and by the stream (itemChecks,
// itemEvaluated, itemContains, valueSchemas); their messages are
// diag_build.go's. At the end of this file, the unevaluated family
// (unevaluatedItems and unevaluatedProperties alike), whose step the
// tape and the stream share.

// itemSchema returns the schema n applies to item i (its prefixItems
// entry, else items or additionalItems), or nil.
func itemSchema(n *node, i int) *node {
	if i < len(n.prefixItems) {
		return n.prefixItems[i]
	}
	return n.items
}

// itemRefused reports whether sub, the schema n applies to item i, is
// items (additionalItems): false, which refuses every item past
// prefixItems: the array is reported once, with its length.
func itemRefused(n *node, i int, sub *node) bool {
	return sub.boolean == 2 && i >= len(n.prefixItems)
}

// itemEvaluates reports whether n evaluates item i (for
// unevaluatedItems) by prefixItems or items. Like a collecting
// whole-value evaluation, which stops at the first item items: false
// refuses, only that first refused item counts.
func itemEvaluates(n *node, i int) bool {
	sub := itemSchema(n, i)
	return sub != nil && (!itemRefused(n, i, sub) || i == len(n.prefixItems))
}

// dupPair is the pair of equal items uniqueItems reports: worked out from
// the items of held when asked (an array held whole), or given (a
// streamed one, held nil: i, j; -1 none).
type dupPair struct {
	held *tape.Value
	i, j int
}

// find returns the pair, -1, -1 when every item differs.
func (p *dupPair) find(st *evaluator) (int, int) {
	if p.held == nil {
		return p.i, p.j
	}
	if p.held.Len() < 2 {
		return -1, -1
	}
	return st.uniq.duplicate(st, p.held.Array())
}

// arrayCountVerdicts gives n's minItems and maxItems verdicts on the
// array c of count items, which a whole-value evaluation gives before it
// applies anything to the items. A fast pass stops at the first failure
// and records nothing.
func (st *evaluator) arrayCountVerdicts(n *node, c *closed, count int) bool {
	if count >= n.minItems && (n.maxItems < 0 || count <= n.maxItems) { // minItems: -1 when absent
		return true // inlined: the common case costs no call
	}
	return st.arrayCountFails(n, c, count)
}

// arrayCountFails is arrayCountVerdicts when one of them fails.
func (st *evaluator) arrayCountFails(n *node, c *closed, count int) bool {
	ok := true
	if n.minItems >= 0 && count < n.minItems {
		if !st.collect {
			return false
		}
		ok = false
		st.onClosed(st.failMinItems(n, nil, count), c)
	}
	if n.maxItems >= 0 && count > n.maxItems {
		if !st.collect {
			return false
		}
		ok = false
		st.onClosed(st.failMaxItems(n, nil, count), c)
	}
	return ok
}

// arrayTally is what one schema counts over an array's items, for its
// verdicts once every item is read (arrayItemVerdicts).
type arrayTally struct {
	matches  int  // items that hold contains
	addFalse bool // an item beyond prefixItems met items (or additionalItems): false
}

// containsItem is contains's per-item step, for the whole value
// (evalArray) and the stream (itemContains): it evaluates n's contains
// against the item v, counts a match in t and reports whether it
// matched. The item's own diagnostics are not kept: contains's verdict
// is the count's, given at close (arrayItemVerdicts).
func (st *evaluator) containsItem(n *node, v *tape.Value, t *arrayTally) bool {
	collect := st.collect
	st.collect = false
	r := st.eval(n.contains, v, 0)
	st.collect = collect
	if r {
		t.matches++
	}
	return r
}

// arrayItemVerdicts gives n's verdicts on the array c of count items once
// every item is read: items (additionalItems): false refusing one
// (t.addFalse), contains's matches (t.matches) against its bounds, and
// uniqueItems (dup). A fast pass stops at the first failure and records
// nothing.
func (st *evaluator) arrayItemVerdicts(n *node, c *closed, count int, t *arrayTally, dup *dupPair) bool {
	if !t.addFalse && n.contains == nil && !n.uniqueItems {
		return true // inlined: the common case costs no call
	}
	return st.arrayItemFails(n, c, count, t, dup)
}

// arrayItemFails is arrayItemVerdicts when one of them may fail.
func (st *evaluator) arrayItemFails(n *node, c *closed, count int, t *arrayTally, dup *dupPair) bool {
	ok := true
	if t.addFalse {
		if !st.collect {
			return false
		}
		ok = false
		st.onClosed(st.failItemsRefused(n, nil, count), c)
	}
	if n.contains != nil {
		if t.matches < minContains(n) {
			if !st.collect {
				return false
			}
			ok = false
			st.onClosed(st.failMinContains(n, nil, t.matches), c)
		}
		if n.maxContains >= 0 && t.matches > n.maxContains {
			if !st.collect {
				return false
			}
			ok = false
			st.onClosed(st.failMaxContains(n, nil, t.matches), c)
		}
	}
	if n.uniqueItems {
		if i, j := dup.find(st); i >= 0 {
			if !st.collect {
				return false
			}
			ok = false
			st.onClosed(st.failUniqueItems(n, nil, i, j), c)
		}
	}
	return ok
}

// evalArray applies the array keywords of n to the array v, walking its
// items on the tape (the list of them, v.Array, is made only for
// uniqueItems).
func (st *evaluator) evalArray(n *node, v *tape.Value, ev int) bool {
	at := closed{v: v}
	ok := st.arrayCountVerdicts(n, &at, v.Len())
	if !ok && !st.collect {
		return false
	}
	var t arrayTally
	e := v.First()
	for i := range v.Len() {
		if i > 0 {
			e = e.Skip()
		}
		sub := itemSchema(n, i)
		if sub == nil {
			break
		}
		if ev != 0 {
			st.setBit(ev, i)
		}
		if sub.boolean == 1 {
			continue
		}
		if st.collect && itemRefused(n, i, sub) {
			t.addFalse = true // reported with the array
			break
		}
		st.pushInst(pathSeg{idx: i})
		st.pushKw(sub.seg)
		r := st.eval(sub, e, 0)
		st.popKw()
		st.popInst()
		if !r {
			if !st.collect {
				return false
			}
			ok = false
		}
	}
	if n.contains != nil {
		e := v.First()
		for i := range v.Len() {
			if i > 0 {
				e = e.Skip()
			}
			st.pushInst(pathSeg{idx: i})
			r := st.containsItem(n, e, &t)
			st.popInst()
			if r && ev != 0 && n.containsEvaluates() {
				st.setBit(ev, i)
			}
		}
	}
	dup := dupPair{held: v}
	return st.arrayItemVerdicts(n, &at, v.Len(), &t, &dup) && ok
}

// containsEvaluates reports whether the items n's contains matches count
// as evaluated for unevaluatedItems. They do from 2020-12 on; in 2019-09
// only items, additionalItems and unevaluatedItems evaluate items.
func (n *node) containsEvaluates() bool { return n.draft >= Draft2020_12 }

// The unevaluated family: a child (an item, or a member) that nothing else
// under n evaluated meets sub, n's unevaluatedItems or
// unevaluatedProperties. false refuses it; any other schema is applied to
// it, and the child counts as evaluated when it holds. The per-child step
// (unevalChild) and the messages (diag_build.go) are written once for the
// whole-value evaluation (evalUnevaluated) and the stream (itemUneval,
// memberUneval, deferredValue, unevalVerdicts). Which children are
// unevaluated is each driver's: the tape knows it from the evaluated bits
// of the whole value, the stream from the chain (covers) and, under lanes,
// only at the end.

// evalUnevaluated applies unevaluatedProperties / unevaluatedItems, given
// the evaluated bitset own of v's members or items.
func (st *evaluator) evalUnevaluated(n *node, v *tape.Value, own, size int) bool {
	ok := true
	switch v.Type() {
	case tape.Object:
		if n.unevalProps == nil {
			return true
		}
		recMark := st.recs.len()
		i := -1
		v.Visit(func(k []byte, mv *tape.Value) {
			i++
			if st.bit(own, i) || (!ok && !st.collect) {
				return
			}
			seg := pathSeg{key: k, idx: i, isKey: true}
			st.pushInst(seg)
			if st.unevalChild(n, n.unevalProps, seg, mv, true) {
				st.setBit(own, i)
			} else {
				ok = false
			}
			st.popInst()
		})
		if st.collect && !ok {
			st.objectHints(n, v, recMark, 0)
		}
	case tape.Array:
		if n.unevalItems == nil {
			return true
		}
		a := v.Array()
		for i, e := range a {
			if st.bit(own, i) {
				continue
			}
			seg := pathSeg{idx: i}
			st.pushInst(seg)
			r := st.unevalChild(n, n.unevalItems, seg, e, true)
			st.popInst()
			if r {
				st.setBit(own, i)
				continue
			}
			ok = false
			if !st.collect {
				return false
			}
		}
	}
	return ok
}

// unevalChild applies sub, n's unevaluatedItems or unevaluatedProperties,
// to the child v at seg (st.inst ends with it) that nothing else under n
// evaluated, and reports whether it holds. A child sub refuses is
// recorded here when report is set and the pass collects: an item at its
// own location, a member with its object (the stream tallies members and
// reports them at close instead).
func (st *evaluator) unevalChild(n, sub *node, seg pathSeg, v *tape.Value, report bool) bool {
	if sub.boolean == 2 {
		if report && st.collect {
			if !seg.isKey {
				st.failUnevaluatedItem(n, v, seg.idx)
			} else {
				st.popInst()
				st.failUnevaluatedMember(n, seg.key)
				st.pushInst(seg)
			}
		}
		return false
	}
	st.pushKw(sub.seg)
	r := st.eval(sub, v, 0)
	st.popKw()
	return r
}
