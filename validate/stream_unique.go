package validate

import (
	"hash/maphash"
	"math/bits"

	"github.com/valyala/fastjson"
)

// uniqueItems on a streamed root array: the items are gone once
// evaluated, so each leaves a canonical hash (equal values hash
// alike: numbers by value, objects whatever their member order; two
// lanes keyed with seeds drawn per process), and 72 bits of it with the
// index of the first item with each hash are kept in an open-addressed
// table of 12-byte slots. Two items are taken as equal when their hashes
// are: a false duplicate needs a 2^-72 accident per pair (about 10^-10
// for a million items). Memory: 15 to 30 bytes per distinct item (19 on
// average) until the first duplicate is found, none after.

var uniqueSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// maxShortUnique is the length up to which an array of scalars is
// compared pair by pair by the whole-array evaluation (duplicate), whose
// order of reporting may differ from the first repeat: the texts of such
// an array's items are kept and handed to duplicate itself at the end.
const maxShortUnique = 32

// uniqueShards splits the table by the top bits of the hash, so that it
// grows a shard at a time (no moment holds an old and a new copy of it
// all).
const uniqueShards = 256

// uniqueTracker finds the first duplicate of a streamed array.
type uniqueTracker struct {
	on         bool
	shards     [][]uniqueSlot
	used       []int
	dupI, dupJ int         // the duplicate with the smallest j
	short      []byte // "[" and the texts of the first items, while they are scalars
	shortOK    bool   // every item so far is a scalar, and at most maxShortUnique+1 were
	scratch    []byte
}

// uniqueSlot is one entry of the table: 64 bits of the hash (the low
// half of the first lane, the second lane's low half) and 1 + the first
// item index (0: empty). With the 8 bits that pick the shard, 72 bits of
// the hash tell items apart.
type uniqueSlot struct {
	h0, h1 uint32
	idx    int32
}

func (u *uniqueTracker) reset() {
	u.on = false
	u.shards, u.used = nil, nil // a table is made per array, and only for a long one
	u.dupI, u.dupJ = -1, -1
	u.short = append(u.short[:0], '[')
	u.shortOK = true
}

// add takes item i, whose JSON text is text.
func (u *uniqueTracker) add(v *fastjson.Value, text []byte, i int) {
	h := u.hash(v)
	if u.shortOK {
		t := v.Type()
		if i > maxShortUnique || t == fastjson.TypeObject || t == fastjson.TypeArray {
			u.shortOK = false
			u.short = u.short[:1]
		} else {
			if i > 0 {
				u.short = append(u.short, ',')
			}
			u.short = append(u.short, text...)
		}
	}
	if u.dupJ >= 0 {
		return
	}
	if u.shards == nil {
		u.shards, u.used = make([][]uniqueSlot, uniqueShards), make([]int, uniqueShards)
	}
	k := h[0] >> 56
	if 5*(u.used[k]+1) > 4*len(u.shards[k]) {
		u.grow(k)
	}
	if f := u.insert(k, uniqueSlot{uint32(h[0]), uint32(h[1]), int32(i) + 1}); f >= 0 {
		u.dupI, u.dupJ = f, i
		u.shards, u.used = nil, nil // the answer is known: free the table
	}
}

// insert puts s in shard k, or returns the index of the item already
// there with its hash (else -1).
func (u *uniqueTracker) insert(k uint64, s uniqueSlot) int {
	t := u.shards[k]
	mask := uint64(len(t) - 1)
	for p := uint64(s.h0) & mask; ; p = (p + 1) & mask {
		e := &t[p]
		if e.idx == 0 {
			*e = s
			u.used[k]++
			return -1
		}
		if e.h0 == s.h0 && e.h1 == s.h1 {
			return int(e.idx) - 1
		}
	}
}

// grow doubles shard k.
func (u *uniqueTracker) grow(k uint64) {
	old := u.shards[k]
	u.shards[k] = make([]uniqueSlot, max(16, 2*len(old)))
	u.used[k] = 0
	for _, s := range old {
		if s.idx != 0 {
			u.insert(k, s)
		}
	}
}

// duplicate returns the pair the whole-array evaluation reports for an
// array of count items, or -1, -1.
func (u *uniqueTracker) duplicate(st *state, count int) (int, int) {
	if u.shortOK && count <= maxShortUnique {
		v, err := st.kparser.ParseBytes(append(u.short, ']'))
		if err == nil {
			st.numV = nil
			a, _ := v.Array()
			return st.duplicate(a)
		}
	}
	return u.dupI, u.dupJ
}

// mix combines two 64-bit values (a multiply-fold, as in wyhash).
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a^0x9E3779B97F4A7C15, b^0xD6E8FEB86659FD93)
	return hi ^ lo
}

// hash returns the two lanes of v's canonical hash.
func (u *uniqueTracker) hash(v *fastjson.Value) [2]uint64 {
	t := uint64(v.Type()) + 1
	switch v.Type() {
	case fastjson.TypeString:
		b, _ := v.StringBytes()
		return [2]uint64{mix(t, maphash.Bytes(uniqueSeeds[0], b)), mix(t, maphash.Bytes(uniqueSeeds[1], b))}
	case fastjson.TypeNumber:
		// Sign, magnitude and significant digits: 1, 1.0 and 10e-1 alike.
		text := v.MarshalTo(u.scratch[:0])
		d, _ := parseDecimal(b2s(text))
		c := append(text, 0)[len(text):] // after the text, which d points into
		if d.sigLen > 0 {
			if d.neg {
				c = append(c, '-')
			}
			m := uint64(d.mag)
			c = append(c, byte(m), byte(m>>8), byte(m>>16), byte(m>>24), byte(m>>32), byte(m>>40), byte(m>>48), byte(m>>56))
			for k := range d.sigLen {
				c = append(c, d.sig(k))
			}
		}
		u.scratch = c
		return [2]uint64{mix(t, maphash.Bytes(uniqueSeeds[0], c)), mix(t, maphash.Bytes(uniqueSeeds[1], c))}
	case fastjson.TypeArray:
		a, _ := v.Array()
		h := [2]uint64{t, ^t}
		for _, e := range a {
			x := u.hash(e)
			h[0], h[1] = mix(h[0], x[0]), mix(h[1], x[1])
		}
		return [2]uint64{mix(h[0], uint64(len(a))), mix(h[1], uint64(len(a)))}
	case fastjson.TypeObject:
		// Members in any order: the sum of one hash per member.
		o, _ := v.Object()
		var sum [2]uint64
		o.Visit(func(k []byte, e *fastjson.Value) {
			x := u.hash(e)
			sum[0] += mix(maphash.Bytes(uniqueSeeds[0], k), x[0])
			sum[1] += mix(maphash.Bytes(uniqueSeeds[1], k), x[1])
		})
		n := uint64(o.Len())
		return [2]uint64{mix(t, mix(sum[0], n)), mix(^t, mix(sum[1], n))}
	}
	return [2]uint64{mix(t, 1), mix(t, 2)}
}
