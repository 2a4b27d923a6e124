package validate

import (
	"encoding/binary"
	"hash/maphash"

	"github.com/valyala/fastjson"
)

// uniqueItems on a streamed root array: the items are gone once
// evaluated, so each leaves a 128-bit canonical hash (equal values hash
// alike: numbers by value, objects whatever their member order) and the
// index of the first item with each hash is kept. Two items are taken as
// equal when their hashes are: with two independent 64-bit keyed hashes
// (random seeds per process) a false duplicate needs a 2^-128 accident.
// Memory: about 32 bytes per item until the first duplicate is found.

var uniqueSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// maxShortUnique is the length up to which an array of scalars reports
// its first duplicate pair in pairwise order (smallest i, then j), as the
// whole-array evaluation does.
const maxShortUnique = 32

// uniqueTracker finds the first duplicate of a streamed array.
type uniqueTracker struct {
	on         bool
	seen       map[[2]uint64]int32 // hash -> first item with it
	dupI, dupJ int                 // the duplicate with the smallest j
	short      []shortItem         // the first maxShortUnique+1 items
	hasher     [2]maphash.Hash
	num        []byte
}

type shortItem struct {
	h      [2]uint64
	scalar bool
}

func (u *uniqueTracker) reset() {
	u.on = false
	if len(u.seen) > 4096 {
		u.seen = nil // do not keep a big table in a pooled state
	}
	clear(u.seen)
	u.dupI, u.dupJ = -1, -1
	u.short = u.short[:0]
}

// add takes item i.
func (u *uniqueTracker) add(st *state, v *fastjson.Value, i int) {
	var h [2]uint64
	for k := range h {
		hs := &u.hasher[k]
		hs.SetSeed(uniqueSeeds[k])
		u.write(st, hs, v)
		h[k] = hs.Sum64()
	}
	if i <= maxShortUnique {
		t := v.Type()
		u.short = append(u.short, shortItem{h, t != fastjson.TypeObject && t != fastjson.TypeArray})
	}
	if u.dupJ >= 0 {
		return
	}
	if u.seen == nil {
		u.seen = make(map[[2]uint64]int32)
	}
	if f, ok := u.seen[h]; ok {
		u.dupI, u.dupJ = int(f), i
		return
	}
	u.seen[h] = int32(i)
}

// duplicate returns the pair the whole-array evaluation reports for an
// array of count items, or -1, -1.
func (u *uniqueTracker) duplicate(count int) (int, int) {
	if count <= maxShortUnique {
		scalars := true
		for _, s := range u.short {
			scalars = scalars && s.scalar
		}
		if scalars {
			for i := range u.short {
				for j := i + 1; j < len(u.short); j++ {
					if u.short[i].h == u.short[j].h {
						return i, j
					}
				}
			}
			return -1, -1
		}
	}
	return u.dupI, u.dupJ
}

// write feeds v's canonical form to hs.
func (u *uniqueTracker) write(st *state, hs *maphash.Hash, v *fastjson.Value) {
	var tag [1]byte
	tag[0] = byte(v.Type())
	hs.Write(tag[:])
	switch v.Type() {
	case fastjson.TypeString:
		b, _ := v.StringBytes()
		u.writeLen(hs, len(b))
		hs.Write(b)
	case fastjson.TypeNumber:
		u.num = v.MarshalTo(u.num[:0])
		d, _ := parseDecimal(b2s(u.num))
		if d.sigLen == 0 {
			hs.WriteByte('0')
			return
		}
		if d.neg {
			hs.WriteByte('-')
		}
		u.writeLen(hs, int(d.mag))
		u.writeLen(hs, d.sigLen)
		for k := range d.sigLen {
			hs.WriteByte(d.sig(k))
		}
	case fastjson.TypeArray:
		a, _ := v.Array()
		u.writeLen(hs, len(a))
		for _, e := range a {
			u.write(st, hs, e)
		}
	case fastjson.TypeObject:
		// Members in any order: the sum of one hash per member.
		o, _ := v.Object()
		var sum uint64
		seed := hs.Seed()
		o.Visit(func(k []byte, e *fastjson.Value) {
			var m maphash.Hash
			m.SetSeed(seed)
			u.writeLen(&m, len(k))
			m.Write(k)
			u.write(st, &m, e)
			sum += m.Sum64()
		})
		u.writeLen(hs, o.Len())
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], sum)
		hs.Write(b[:])
	}
}

func (u *uniqueTracker) writeLen(hs *maphash.Hash, n int) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(n))
	hs.Write(b[:])
}
