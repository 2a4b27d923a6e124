package validate

import (
	"hash/maphash"

	"github.com/jsonheal/jsonheal/internal/decimal"
)

// canonSeed keys the canonical hash. It is chosen at random when the
// process starts, so items whose hashes collide cannot be prepared in
// advance (the comparison that follows a collision stays exact either way).
var canonSeed = maphash.MakeSeed()

// Type tags of the canonical hash.
const (
	canonNull byte = iota + 1
	canonFalse
	canonTrue
	canonNumber
	canonString
	canonArray
	canonObject
	canonMember
	canonKey
)

// canonHasher hashes JSON values so that values equal under JSON Schema
// equality hash alike: numbers by value (1, 1.0, 1e0 and 10e-1 are one
// number: sign, significant digits, magnitude), strings by their decoded
// text, arrays item by item in order, objects by the sum of their members'
// hashes (so member order does not matter).
//
// It is fed as a stream of events, depth first, in document order:
// beginArray/beginObject ... end, key before each member's value, and
// the scalars null, boolean, number and beginString/stringPart/endString (a
// string or a key may arrive in pieces split anywhere). After a top-level
// value, sum returns its hash. The state is a stack of one small frame per
// open array or object: it never holds the values themselves.
type canonHasher struct {
	leaf   maphash.Hash // the string, key or number being hashed
	stack  []canonFrame
	last   uint64 // hash of the last top-level value
	inKey  bool   // the open leaf is a member name
	seeded bool
	buf    []byte // a number's canonical bytes
}

// canonFrame is an open array or object.
type canonFrame struct {
	object bool
	acc    uint64 // arrays: running hash of the items; objects: sum of member hashes
	n      uint64 // items or members so far
	key    uint64 // objects: hash of the pending member name
}

// reset readies the hasher for a new top-level value.
func (h *canonHasher) reset() {
	h.stack = h.stack[:0]
	h.last = 0
	h.inKey = false
}

// sum returns the hash of the last complete top-level value.
func (h *canonHasher) sum() uint64 { return h.last }

func mix3(tag byte, a, b uint64) uint64 {
	return maphash.Comparable(canonSeed, [3]uint64{uint64(tag), a, b})
}

// value hands the hash of a complete value to its container.
func (h *canonHasher) value(v uint64) {
	if len(h.stack) == 0 {
		h.last = v
		return
	}
	f := &h.stack[len(h.stack)-1]
	if f.object {
		f.acc += mix3(canonMember, f.key, v)
	} else {
		f.acc = mix3(canonArray, f.acc, v)
	}
	f.n++
}

func (h *canonHasher) beginArray()  { h.stack = append(h.stack, canonFrame{}) }
func (h *canonHasher) beginObject() { h.stack = append(h.stack, canonFrame{object: true}) }

// end closes the innermost array or object.
func (h *canonHasher) end() {
	f := h.stack[len(h.stack)-1]
	h.stack = h.stack[:len(h.stack)-1]
	tag := canonArray
	if f.object {
		tag = canonObject
	}
	h.value(mix3(tag, f.acc, f.n))
}

func (h *canonHasher) null() { h.value(mix3(canonNull, 0, 0)) }

func (h *canonHasher) boolean(b bool) {
	if b {
		h.value(mix3(canonTrue, 0, 0))
	} else {
		h.value(mix3(canonFalse, 0, 0))
	}
}

// startLeaf opens a string, key or number.
func (h *canonHasher) startLeaf(tag byte) {
	if !h.seeded {
		h.leaf.SetSeed(canonSeed)
		h.seeded = true
	}
	h.leaf.Reset()
	h.leaf.WriteByte(tag)
}

// beginString opens a string value (key false) or a member name (key
// true); its decoded bytes follow in stringPart calls.
func (h *canonHasher) beginString(key bool) {
	h.inKey = key
	if key {
		h.startLeaf(canonKey)
	} else {
		h.startLeaf(canonString)
	}
}

// stringPart adds decoded bytes to the open string or member name.
func (h *canonHasher) stringPart(b []byte) { h.leaf.Write(b) }

// endString closes the open string or member name.
func (h *canonHasher) endString() {
	s := h.leaf.Sum64()
	if h.inKey {
		h.inKey = false
		h.stack[len(h.stack)-1].key = s
		return
	}
	h.value(s)
}

// str hashes a whole string value (decoded).
func (h *canonHasher) str(b []byte) {
	h.beginString(false)
	h.stringPart(b)
	h.endString()
}

// key hashes a whole member name (decoded); the member's value follows.
func (h *canonHasher) key(b []byte) {
	h.beginString(true)
	h.stringPart(b)
	h.endString()
}

// number hashes a number by value: sign, magnitude and significant digits.
func (h *canonHasher) number(d *decimal.Number) {
	h.startLeaf(canonNumber)
	h.buf = d.AppendCanonical(h.buf[:0])
	h.leaf.Write(h.buf)
	h.value(h.leaf.Sum64())
}
