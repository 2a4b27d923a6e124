package validate

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/jsonheal/jsonheal/internal/canonhash"
	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// uniqueScratch is the reusable state of uniqueItems.
type uniqueScratch struct {
	canon    canonhash.Hasher
	hashes   []uint64     // canonical hash of each item seen
	next     []int32      // next distinct item with the same hash, or -1
	slots    []int32      // open-addressing table: first item of a hash, plus one
	spare    []int32      // entries moved while the table grows
	sorted   []hashedItem // the collision fallback's (hash, index) pairs
	reps     []int        // distinct values of one hash group (item indices)
	compares int          // equality tests made (a work counter for tests)
}

// hashedItem is an array item's hash and index.
type hashedItem struct {
	h uint64
	i int
}

// maxReps is how many distinct values sharing one hash are compared one by
// one before the array is searched by sorting instead.
const maxReps = 8

// duplicate returns the indices i < j of two equal items, or -1, -1.
// Short arrays of scalars are compared pair by pair and report the
// smallest i (then j), as they always have. Otherwise the pair reported
// has the smallest j (then i): the items are taken in order, each with its
// canonical hash (equal values hash alike), into a hash table whose
// entries chain the distinct items of one hash; an item is compared only
// with those, and the first match ends the search. That is O(n) for
// all-equal and all-distinct arrays; when more than maxReps distinct items
// share a hash (collisions), the search sorts instead, in O(n log n)
// comparisons.
func (u *uniqueScratch) duplicate(st *evaluator, a []*tape.Value) (int, int) {
	if len(a) <= 32 && allScalars(a) {
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				u.compares++
				if equalValues(a[i], a[j], st) {
					return i, j
				}
			}
		}
		return -1, -1
	}
	u.resetTable(64)
	u.hashes, u.next = u.hashes[:0], u.next[:0]
	heads := 0
	for j, e := range a {
		h := u.canonicalHash(st, e)
		u.hashes = append(u.hashes, h)
		u.next = append(u.next, -1)
		head := u.find(h)
		if head < 0 {
			if 2*(heads+1) > len(u.slots) {
				u.grow()
			}
			u.insert(j)
			heads++
			continue
		}
		last, reps := head, 0
		for r := head; r >= 0; r = int(u.next[r]) {
			u.compares++
			if equalValues(a[r], a[j], st) {
				return r, j
			}
			last = r
			reps++
		}
		if reps >= maxReps {
			return u.duplicateSorted(st, a)
		}
		u.next[last] = int32(j)
	}
	return -1, -1
}

// The table: open addressing with linear probing over the low bits of the
// hash; a slot holds 1 + the index of the first item with that hash. It
// starts small and doubles at half load, so an early duplicate costs
// little and a long array ends at 2 to 4 slots per distinct hash.

func (u *uniqueScratch) resetTable(size int) {
	u.slots = slices.Grow(u.slots[:0], size)[:size]
	clear(u.slots)
}

// find returns the first item with hash h, or -1.
func (u *uniqueScratch) find(h uint64) int {
	mask := len(u.slots) - 1
	for slot := int(h) & mask; ; slot = (slot + 1) & mask {
		s := u.slots[slot]
		if s == 0 {
			return -1
		}
		if u.hashes[s-1] == h {
			return int(s - 1)
		}
	}
}

// insert puts item i (whose hash is not in the table) in a free slot.
func (u *uniqueScratch) insert(i int) {
	mask := len(u.slots) - 1
	slot := int(u.hashes[i]) & mask
	for u.slots[slot] != 0 {
		slot = (slot + 1) & mask
	}
	u.slots[slot] = int32(i + 1)
}

// grow doubles the table and puts its entries back.
func (u *uniqueScratch) grow() {
	old := u.spare[:0]
	for _, s := range u.slots {
		if s != 0 {
			old = append(old, s)
		}
	}
	u.resetTable(2 * len(u.slots))
	for _, s := range old {
		u.insert(int(s - 1))
	}
	u.spare = old[:0]
}

// canonicalHash returns the canonical hash of one item.
func (u *uniqueScratch) canonicalHash(st *evaluator, v *tape.Value) uint64 {
	if testForceCollisions {
		return 0
	}
	u.canon.Reset()
	hashTree(st, &u.canon, v)
	return u.canon.Sum()
}

// duplicateSorted is duplicate for arrays whose hashes collide: the
// (hash, index) pairs are sorted and each group of equal hashes is
// searched on its own (firstEqual).
func (u *uniqueScratch) duplicateSorted(st *evaluator, a []*tape.Value) (int, int) {
	hs := u.sorted[:0]
	for i, e := range a {
		hs = append(hs, hashedItem{u.canonicalHash(st, e), i})
	}
	u.sorted = hs
	slices.SortFunc(hs, func(x, y hashedItem) int {
		if x.h != y.h {
			return cmp.Compare(x.h, y.h)
		}
		return x.i - y.i
	})
	bi, bj := -1, -1
	for x := 0; x < len(hs); {
		y := x + 1
		for y < len(hs) && hs[y].h == hs[x].h {
			y++
		}
		if y-x > 1 && (bj < 0 || hs[x+1].i < bj) {
			if i, j := u.firstEqual(st, a, hs[x:y]); j >= 0 && (bj < 0 || j < bj) {
				bi, bj = i, j
			}
		}
		x = y
	}
	return bi, bj
}

// testForceCollisions makes every canonical hash equal (tests only).
var testForceCollisions = false

// allScalars reports whether no item is an object or an array.
func allScalars(a []*tape.Value) bool {
	for _, e := range a {
		if t := e.Type(); t == tape.Object || t == tape.Array {
			return false
		}
	}
	return true
}

// firstEqual finds, in a group of items with one hash (sorted by index),
// the first item equal to an earlier one: it returns that earlier item's
// index (the value's first occurrence) and its own, or -1, -1. Each item
// is compared with the group's distinct values so far; past maxReps of
// them (hashes that collide) the group is sorted instead.
func (u *uniqueScratch) firstEqual(st *evaluator, a []*tape.Value, g []hashedItem) (int, int) {
	reps := u.reps[:0]
	defer func() { u.reps = reps[:0] }()
	for _, it := range g {
		for _, r := range reps {
			u.compares++
			if equalValues(a[r], a[it.i], st) {
				return r, it.i
			}
		}
		if len(reps) == maxReps {
			return u.firstEqualSorted(st, a, g)
		}
		reps = append(reps, it.i)
	}
	return -1, -1
}

// firstEqualSorted is firstEqual by ordering the group with compareValues
// (then by index): equal items become neighbours, and each run of equal
// items offers its first two indices.
func (u *uniqueScratch) firstEqualSorted(st *evaluator, a []*tape.Value, g []hashedItem) (int, int) {
	slices.SortFunc(g, func(x, y hashedItem) int {
		u.compares++
		if c := compareValues(st, a[x.i], a[y.i]); c != 0 {
			return c
		}
		return x.i - y.i
	})
	bi, bj := -1, -1
	for x := 0; x+1 < len(g); x++ {
		u.compares++
		if compareValues(st, a[g[x].i], a[g[x+1].i]) != 0 {
			continue
		}
		if bj < 0 || g[x+1].i < bj {
			bi, bj = g[x].i, g[x+1].i
		}
		// Skip the rest of the run.
		for x+1 < len(g) && compareValues(st, a[g[x].i], a[g[x+1].i]) == 0 {
			x++
		}
	}
	// Leave the group as firstEqual found it (sorted by index).
	slices.SortFunc(g, func(x, y hashedItem) int { return x.i - y.i })
	return bi, bj
}

// hashTree feeds a document value to the canonical hasher.
func hashTree(st *evaluator, h *canonhash.Hasher, v *tape.Value) {
	switch v.Type() {
	case tape.String:
		b := v.StringBytes()
		h.Str(b)
	case tape.Number:
		d, ok := st.number(v)
		if !ok {
			h.Str(v.Raw()) // not reached: documents are checked first
			return
		}
		h.Number(&d)
	case tape.Null:
		h.Null()
	case tape.True:
		h.Bool(true)
	case tape.False:
		h.Bool(false)
	case tape.Array:
		a := v.Array()
		h.BeginArray()
		for _, e := range a {
			hashTree(st, h, e)
		}
		h.End()
	case tape.Object:
		h.BeginObject()
		v.Visit(func(k []byte, e *tape.Value) {
			h.Key(k)
			hashTree(st, h, e)
		})
		h.End()
	}
}

// canonRank orders the JSON types for compareValues.
func canonRank(v *tape.Value) int {
	switch v.Type() {
	case tape.Null:
		return 0
	case tape.False:
		return 1
	case tape.True:
		return 2
	case tape.Number:
		return 3
	case tape.String:
		return 4
	case tape.Array:
		return 5
	}
	return 6
}

// compareValues is a total order of document values that agrees with
// JSON Schema equality (0 exactly for equal values): by type, then numbers
// by value, strings by decoded bytes, arrays item by item, objects by their
// members sorted by name. Only hash collisions reach it.
func compareValues(st *evaluator, a, b *tape.Value) int {
	ra, rb := canonRank(a), canonRank(b)
	if ra != rb {
		return cmp.Compare(ra, rb)
	}
	switch a.Type() {
	case tape.String:
		x := a.StringBytes()
		y := b.StringBytes()
		return bytes.Compare(x, y)
	case tape.Number:
		x, _ := st.number(a)
		y, _ := st.number2(b)
		return decimal.Compare(&x, &y)
	case tape.Array:
		x := a.Array()
		y := b.Array()
		for i := range min(len(x), len(y)) {
			if c := compareValues(st, x[i], y[i]); c != 0 {
				return c
			}
		}
		return cmp.Compare(len(x), len(y))
	case tape.Object:
		x, y := a, b
		if c := cmp.Compare(x.Len(), y.Len()); c != 0 {
			return c
		}
		mx, my := sortedMembers(x), sortedMembers(y)
		for i := range mx {
			if c := bytes.Compare(mx[i].k, my[i].k); c != 0 {
				return c
			}
			if c := compareValues(st, mx[i].v, my[i].v); c != 0 {
				return c
			}
		}
	}
	return 0
}

// smallObject is the most members for which equalValues looks each member
// up in the other object (a linear scan); larger objects are compared by
// their sorted members, in O(m log m).
const smallObject = 16

// hasDuplicateNames reports whether an object of at most smallObject
// members repeats a name. Without repeats, looking each member of one
// object up in the other is exact (multiset) equality; with them it is not
// ({"a":1,"a":1} would equal {"a":1,"a":2}).
func hasDuplicateNames(o *tape.Value) bool {
	var names [smallObject][]byte
	n, dup := 0, false
	o.Visit(func(k []byte, _ *tape.Value) {
		for _, m := range names[:n] {
			if string(m) == string(k) {
				dup = true
			}
		}
		if n < len(names) {
			names[n] = k
			n++
		}
	})
	return dup
}

// sortedMembers lists an object's members by name (the collision
// fallback only; it allocates).
func sortedMembers(o *tape.Value) []memberRef {
	ms := make([]memberRef, 0, o.Len())
	o.Visit(func(k []byte, v *tape.Value) { ms = append(ms, memberRef{k, v}) })
	slices.SortStableFunc(ms, func(x, y memberRef) int { return bytes.Compare(x.k, y.k) })
	return ms
}

// memberRef is an object member, for ordering objects by sorted members.
type memberRef struct {
	k []byte
	v *tape.Value
}

// equalLarge is cval.equal for an object constant of more than
// smallObject members: each member of o is looked up in the constant's
// index (not the constant's names in o, a linear scan each), and a bitset
// checks that every name of the constant was met.
func (c *cval) equalLarge(o *tape.Value, st *evaluator) bool {
	mark := len(st.words)
	seen := st.allocBits(len(c.keys))
	met, eq := 0, true
	o.Visit(func(k []byte, e *tape.Value) {
		if !eq {
			return
		}
		i, ok := c.index[b2s(k)]
		if !ok || !c.vals[i].equal(e, st) {
			eq = false
			return
		}
		if !st.bit(seen, i) {
			st.setBit(seen, i)
			met++
		}
	})
	st.words = st.words[:mark]
	return eq && met == len(c.index)
}
