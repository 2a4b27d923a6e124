package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// The array family's per-item rule: which subschema of a schema applies
// to an item, whether the item counts as evaluated, and contains's count
// (containsItem), the verdicts at close and the messages, written once
// and used by the whole-value evaluation (evalArray, at the end of this
// file) and by the stream (itemChecks, itemEvaluated,
// itemContains, valueSchemas).

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
// items when asked (held: an array held whole), or given (a streamed one:
// i, j; -1 none).
type dupPair struct {
	held  bool
	items []*tape.Value
	i, j  int
}

// find returns the pair, -1, -1 when every item differs.
func (p *dupPair) find(st *evaluator) (int, int) {
	if !p.held {
		return p.i, p.j
	}
	if len(p.items) < 2 {
		return -1, -1
	}
	return st.duplicate(p.items)
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

// The array family's messages, one constructor each, used by evalArray,
// the streamed chains' verdicts (arrayVerdicts) and the unevaluatedItems
// of both drivers. v is the array (nil on a streamed one: the caller sets
// its Received text).

func (st *evaluator) failMinItems(n *node, v *tape.Value, count int) *Diagnostic {
	return st.fail(n, "minItems", CodeMinItems, v, st.str("must have at least ", itoa(n.minItems), " items, has ", itoa(count)), itoa(n.minItems))
}

func (st *evaluator) failMaxItems(n *node, v *tape.Value, count int) *Diagnostic {
	return st.fail(n, "maxItems", CodeMaxItems, v, st.str("must have at most ", itoa(n.maxItems), " items, has ", itoa(count)), itoa(n.maxItems))
}

// failItemsRefused records items (additionalItems): false refusing the
// items of an array of count items past its prefixItems.
func (st *evaluator) failItemsRefused(n *node, v *tape.Value, count int) *Diagnostic {
	kw := "items"
	if n.itemsSeg == "/additionalItems" {
		kw = "additionalItems"
	}
	return st.fail(n, kw, CodeAdditionalItems, v, "must have at most "+itoa(len(n.prefixItems))+" items, has "+itoa(count), itoa(len(n.prefixItems)))
}

// failMinContains records contains (minContains) matching too few items.
func (st *evaluator) failMinContains(n *node, v *tape.Value, matches int) *Diagnostic {
	minC := minContains(n)
	kw, code := "contains", CodeContains
	if n.minContains >= 0 {
		kw, code = "minContains", CodeMinContains
	}
	return st.fail(n, kw, code, v, "must contain at least "+itoa(minC)+" matching items, has "+itoa(matches), itoa(minC))
}

func (st *evaluator) failMaxContains(n *node, v *tape.Value, matches int) *Diagnostic {
	return st.fail(n, "maxContains", CodeMaxContains, v, "must contain at most "+itoa(n.maxContains)+" matching items, has "+itoa(matches), itoa(n.maxContains))
}

// failUniqueItems records items i and j being equal.
func (st *evaluator) failUniqueItems(n *node, v *tape.Value, i, j int) *Diagnostic {
	return st.fail(n, "uniqueItems", CodeUniqueItems, v, st.str("items ", itoa(i), " and ", itoa(j), " are equal"), "unique items")
}

// minContains is the least number of matches contains asks for.
func minContains(n *node) int {
	if n.minContains >= 0 {
		return n.minContains
	}
	return 1
}

// evalArray applies the array keywords of n to a.
func (st *evaluator) evalArray(n *node, v *tape.Value, a []*tape.Value, ev int) bool {
	at := closed{v: v}
	ok := st.arrayCountVerdicts(n, &at, len(a))
	if !ok && !st.collect {
		return false
	}
	var t arrayTally
	for i, e := range a {
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
		for i, e := range a {
			st.pushInst(pathSeg{idx: i})
			r := st.containsItem(n, e, &t)
			st.popInst()
			if r && ev != 0 && n.containsEvaluates() {
				st.setBit(ev, i)
			}
		}
	}
	dup := dupPair{held: true, items: a}
	return st.arrayItemVerdicts(n, &at, len(a), &t, &dup) && ok
}

// containsEvaluates reports whether the items n's contains matches count
// as evaluated for unevaluatedItems. They do from 2020-12 on; in 2019-09
// only items, additionalItems and unevaluatedItems evaluate items.
func (n *node) containsEvaluates() bool { return n.draft >= Draft2020_12 }
