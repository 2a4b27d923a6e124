// Package canonhash hashes JSON values so that values equal under JSON
// Schema equality hash alike, for uniqueItems: numbers by value (1, 1.0,
// 1e0 and 10e-1 are one number: sign, significant digits, magnitude),
// strings by their decoded text, arrays item by item in order, objects by
// the sum of their members' hashes (so member order does not matter).
//
// A Hasher is fed a stream of events and never holds the values
// themselves; once its stack has grown to the deepest nesting met, hashing
// allocates nothing.
package canonhash

import (
	"hash/maphash"

	"github.com/jsonheal/jsonheal/internal/decimal"
)

// seed keys the canonical hash. It is chosen at random when the process
// starts, so items whose hashes collide cannot be prepared in advance (the
// comparison that follows a collision stays exact either way).
var seed = maphash.MakeSeed()

// Type tags of the canonical hash.
const (
	tagNull byte = iota + 1
	tagFalse
	tagTrue
	tagNumber
	tagString
	tagArray
	tagObject
	tagMember
	tagKey
)

// Hasher computes canonical hashes of JSON values. Its zero value is
// ready to use.
//
// It is fed as a stream of events, depth first, in document order:
// BeginArray/BeginObject ... End, Key before each member's value, and
// the scalars Null, Bool, Number and BeginString/StringPart/EndString (a
// string or a key may arrive in pieces split anywhere). After a top-level
// value, Sum returns its hash. The state is a stack of one small frame per
// open array or object.
type Hasher struct {
	leaf   maphash.Hash // the string, key or number being hashed
	stack  []frame
	last   uint64 // hash of the last top-level value
	inKey  bool   // the open leaf is a member name
	seeded bool
	buf    []byte // a number's canonical bytes
}

// frame is an open array or object.
type frame struct {
	object bool
	acc    uint64 // arrays: running hash of the items; objects: sum of member hashes
	n      uint64 // items or members so far
	key    uint64 // objects: hash of the pending member name
}

// Reset readies the hasher for a new top-level value.
func (h *Hasher) Reset() {
	h.stack = h.stack[:0]
	h.last = 0
	h.inKey = false
}

// Sum returns the hash of the last complete top-level value.
func (h *Hasher) Sum() uint64 { return h.last }

func mix3(tag byte, a, b uint64) uint64 {
	return maphash.Comparable(seed, [3]uint64{uint64(tag), a, b})
}

// value hands the hash of a complete value to its container.
func (h *Hasher) value(v uint64) {
	if len(h.stack) == 0 {
		h.last = v
		return
	}
	f := &h.stack[len(h.stack)-1]
	if f.object {
		f.acc += mix3(tagMember, f.key, v)
	} else {
		f.acc = mix3(tagArray, f.acc, v)
	}
	f.n++
}

// BeginArray opens an array; its items follow, then End.
func (h *Hasher) BeginArray() { h.stack = append(h.stack, frame{}) }

// BeginObject opens an object; its members follow (each a Key, or
// BeginString(true) ... EndString, then the value), then End.
func (h *Hasher) BeginObject() { h.stack = append(h.stack, frame{object: true}) }

// End closes the innermost array or object.
func (h *Hasher) End() {
	f := h.stack[len(h.stack)-1]
	h.stack = h.stack[:len(h.stack)-1]
	tag := tagArray
	if f.object {
		tag = tagObject
	}
	h.value(mix3(tag, f.acc, f.n))
}

// Null hashes null.
func (h *Hasher) Null() { h.value(mix3(tagNull, 0, 0)) }

// Bool hashes true or false.
func (h *Hasher) Bool(b bool) {
	if b {
		h.value(mix3(tagTrue, 0, 0))
	} else {
		h.value(mix3(tagFalse, 0, 0))
	}
}

// startLeaf opens a string, key or number.
func (h *Hasher) startLeaf(tag byte) {
	if !h.seeded {
		h.leaf.SetSeed(seed)
		h.seeded = true
	}
	h.leaf.Reset()
	h.leaf.WriteByte(tag)
}

// BeginString opens a string value (key false) or a member name (key
// true); its decoded bytes follow in StringPart calls, then EndString.
func (h *Hasher) BeginString(key bool) {
	h.inKey = key
	if key {
		h.startLeaf(tagKey)
	} else {
		h.startLeaf(tagString)
	}
}

// StringPart adds decoded bytes to the open string or member name.
func (h *Hasher) StringPart(b []byte) { h.leaf.Write(b) }

// EndString closes the open string or member name.
func (h *Hasher) EndString() {
	s := h.leaf.Sum64()
	if h.inKey {
		h.inKey = false
		h.stack[len(h.stack)-1].key = s
		return
	}
	h.value(s)
}

// Str hashes a whole string value (decoded).
func (h *Hasher) Str(b []byte) {
	h.BeginString(false)
	h.StringPart(b)
	h.EndString()
}

// Key hashes a whole member name (decoded); the member's value follows.
func (h *Hasher) Key(b []byte) {
	h.BeginString(true)
	h.StringPart(b)
	h.EndString()
}

// Number hashes a number by value: sign, magnitude and significant digits.
func (h *Hasher) Number(d *decimal.Number) {
	h.startLeaf(tagNumber)
	h.buf = d.AppendCanonical(h.buf[:0])
	h.leaf.Write(h.buf)
	h.value(h.leaf.Sum64())
}
