package validate

import (
	"hash/maphash"
	"math/big"
	"math/bits"
	"strconv"

	"github.com/jsonheal/jsonheal/internal/tape"
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
	dupI, dupJ int    // the duplicate with the smallest j
	short      []byte // "[" and the texts of the first items, while they are scalars
	shortOK    bool   // every item so far is a scalar, and at most maxShortUnique+1 were
	scratch    []byte
	// The answer of duplicate, once asked for at the end of the array.
	done           bool
	finalI, finalJ int
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
	u.done, u.finalI, u.finalJ = false, -1, -1
	u.short = append(u.short[:0], '[')
	u.shortOK = true
}

// add takes item i, whose JSON text is text.
func (u *uniqueTracker) add(v *tape.Value, text []byte, i int) {
	h := u.hash(v)
	if u.shortOK {
		t := v.Type()
		if i > maxShortUnique || t == tape.Object || t == tape.Array {
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
func (u *uniqueTracker) duplicate(st *evaluator, count int) (int, int) {
	if u.shortOK && count <= maxShortUnique {
		v, err := st.ktape.Read(append(u.short, ']'))
		if err == nil {
			st.numV = nil
			a := v.Array()
			return st.uniq.duplicate(st, a)
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
func (u *uniqueTracker) hash(v *tape.Value) [2]uint64 {
	t := uint64(v.Type()) + 1
	switch v.Type() {
	case tape.String:
		b := v.StringBytes()
		return [2]uint64{mix(t, maphash.Bytes(uniqueSeeds[0], b)), mix(t, maphash.Bytes(uniqueSeeds[1], b))}
	case tape.Number:
		// Canonical digits and exponent: 1, 1.0 and 10e-1 alike.
		text := append(u.scratch[:0], v.Raw()...)
		c := appendCanonNumber(text, text)[len(text):]
		u.scratch = text
		return [2]uint64{mix(t, maphash.Bytes(uniqueSeeds[0], c)), mix(t, maphash.Bytes(uniqueSeeds[1], c))}
	case tape.Array:
		a := v.Array()
		h := [2]uint64{t, ^t}
		for _, e := range a {
			x := u.hash(e)
			h[0], h[1] = mix(h[0], x[0]), mix(h[1], x[1])
		}
		return [2]uint64{mix(h[0], uint64(len(a))), mix(h[1], uint64(len(a)))}
	case tape.Object:
		// Members in any order: the sum of one hash per member.
		var sum [2]uint64
		v.Visit(func(k []byte, e *tape.Value) {
			x := u.hash(e)
			sum[0] += mix(maphash.Bytes(uniqueSeeds[0], k), x[0])
			sum[1] += mix(maphash.Bytes(uniqueSeeds[1], k), x[1])
		})
		n := uint64(v.Len())
		return [2]uint64{mix(t, mix(sum[0], n)), mix(^t, mix(sum[1], n))}
	}
	return [2]uint64{mix(t, 1), mix(t, 2)}
}

// appendCanonNumber appends to dst a canonical form of the JSON number
// text t, the same for equal numbers however they are spelled: the
// significant digits, '-' when negative, 'e' and the exponent of the last
// digit (exact for exponents of any length). Zero is "0" whatever its sign. dst must
// not overlap t past len(dst).
func appendCanonNumber(dst, t []byte) []byte {
	i, neg := 0, false
	if i < len(t) && t[i] == '-' {
		neg = true
		i++
	}
	start := len(dst)
	fracLen := 0
	for ; i < len(t) && t[i] >= '0' && t[i] <= '9'; i++ {
		dst = append(dst, t[i])
	}
	if i < len(t) && t[i] == '.' {
		for i++; i < len(t) && t[i] >= '0' && t[i] <= '9'; i++ {
			dst = append(dst, t[i])
			fracLen++
		}
	}
	exp := "0"
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		exp = string(t[i+1:])
	}
	digits := dst[start:]
	lead := 0
	for lead < len(digits) && digits[lead] == '0' {
		lead++
	}
	digits = digits[lead:]
	if len(digits) == 0 {
		return append(dst[:start], '0')
	}
	trail := 0
	for digits[len(digits)-1-trail] == '0' {
		trail++
	}
	n := copy(dst[start:], digits[:len(digits)-trail]) // moves left: no overlap trouble
	dst = dst[:start+n]
	if neg {
		dst = append(dst, '-')
	}
	dst = append(dst, 'e')
	adj := int64(trail - fracLen) // the value is digits × 10^(exp+adj)
	if e, err := strconv.ParseInt(exp, 10, 64); err == nil && e > -1<<60 && e < 1<<60 {
		return strconv.AppendInt(dst, e+adj, 10)
	}
	var e big.Int
	if _, ok := e.SetString(exp, 10); !ok {
		return append(dst, exp...)
	}
	return e.Add(&e, big.NewInt(adj)).Append(dst, 10)
}
