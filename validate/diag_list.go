package validate

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/internal/tape"
)

// diagList is a list of diagnostics being built, each with its sort key
// (the member ordinals of its instance location from the root) and, while
// lanes order those of one location, its rank. The collecting pass
// records into one (diagStore.recs), and so do each lane and each
// deferring unevaluated* node's pending items.
type diagList struct {
	out   Diagnostics
	keys  [][]int
	ranks []int // only while ranked: padRanks gives them
}

// len returns the number of diagnostics in l.
func (l *diagList) len() int { return len(l.out) }

// truncate drops the diagnostics after mark (their ranks stay).
func (l *diagList) truncate(mark int) {
	clear(l.out[mark:])
	l.out = l.out[:mark]
	l.keys = l.keys[:mark]
}

// keepRange keeps only the diagnostics [from, to) of those after mark
// (from >= mark).
func (l *diagList) keepRange(mark, from, to int) {
	n := copy(l.out[mark:], l.out[from:to])
	copy(l.keys[mark:], l.keys[from:to])
	l.truncate(mark + n)
}

// reset empties l, keeping its storage.
func (l *diagList) reset() {
	clear(l.out)
	clear(l.keys)
	l.out, l.keys, l.ranks = l.out[:0], l.keys[:0], l.ranks[:0]
}

// add appends a copy of d with a copy of its key, and rank. The record
// is appended zero and copied in place: append(l.out, *d) copies it to a
// temporary first.
func (l *diagList) add(d *Diagnostic, key []int, rank int) {
	l.out = append(l.out, Diagnostic{})
	l.out[len(l.out)-1] = *d
	l.keys = append(l.keys, slices.Clone(key))
	l.ranks = append(l.ranks, rank)
}

// extend appends the diagnostics [from, to) of src with their keys (not
// their ranks: padRanks gives them).
func (l *diagList) extend(src *diagList, from, to int) {
	l.out = append(l.out, src.out[from:to]...)
	l.keys = append(l.keys, src.keys[from:to]...)
}

// padRanks gives rank r to the diagnostics recorded since the last rank.
func (l *diagList) padRanks(r int) {
	for len(l.ranks) < len(l.out) {
		l.ranks = append(l.ranks, r)
	}
}

// sortRanked puts l in the order a whole-value evaluation records the
// diagnostics within each location: by key, then rank, stably.
func (l *diagList) sortRanked() {
	out, keys, ranks := l.out, l.keys, l.ranks
	sorted := true
	for i := 1; i < len(out); i++ {
		if c := cmpKey(keys[i-1], keys[i]); c > 0 || c == 0 && ranks[i-1] > ranks[i] {
			sorted = false
			break
		}
	}
	if sorted {
		return
	}
	perm := make([]int, len(out))
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(a, b int) int {
		if c := cmpKey(keys[a], keys[b]); c != 0 {
			return c
		}
		return ranks[a] - ranks[b]
	})
	o2, k2, r2 := make(Diagnostics, len(out)), make([][]int, len(out)), make([]int, len(out))
	for i, p := range perm {
		o2[i], k2[i], r2[i] = out[p], keys[p], ranks[p]
	}
	copy(out, o2)
	copy(keys, k2)
	copy(ranks, r2)
}

// diagStore is the collecting pass's storage: the list it records, the
// backing store of the keys, and the scratch and string arena the
// diagnostics are built with.
type diagStore struct {
	recs      diagList
	keyBuf    []int // backing store of recs.keys
	order     []int // scratch permutation for sorting recs
	lastCount int   // diagnostics recorded by the last collecting pass
	rbuf      []byte
	tmp       []byte
	qbuf      []byte
	// arena holds the strings of the diagnostics being built; it is
	// dropped (never reused) once they are returned. arenaUsed and
	// lastArena size the next one like the last one.
	arena                *strings.Builder
	arenaUsed, lastArena int
}

// diagMark is where a diagStore was: its length and that of its keys'
// backing store.
type diagMark struct{ n, k int }

// mark returns where s is now.
func (s *diagStore) mark() diagMark { return diagMark{len(s.recs.out), len(s.keyBuf)} }

// release drops what was recorded since m, with its ranks and keys.
func (s *diagStore) release(m diagMark) {
	s.recs.truncate(m.n)
	s.recs.ranks = s.recs.ranks[:m.n]
	s.keyBuf = s.keyBuf[:m.k]
}

// resetList empties the list (handed over or dropped) and the keys.
func (s *diagStore) resetList() {
	s.recs.out = nil
	s.recs.keys = s.recs.keys[:0]
	s.keyBuf = s.keyBuf[:0]
}

// intern copies b into the diagnostics' string arena and returns it as a
// string. Chunks are never reused or grown in place (strings handed out
// point into them), so many short strings cost a few allocations.
func (s *diagStore) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	a := s.arena
	if a == nil || a.Cap()-a.Len() < len(b) {
		// A strings.Builder allocates without zeroing; its String() views
		// the buffer, and a fresh Builder never moves what was written.
		a = new(strings.Builder)
		a.Grow(max(min(s.lastArena, 64<<10), 512, len(b)))
		s.arena = a
	}
	start := a.Len()
	a.Write(b)
	s.arenaUsed += len(b)
	return a.String()[start:]
}

// str concatenates parts into the diagnostics' string arena.
func (s *diagStore) str(parts ...string) string {
	t := s.tmp[:0]
	for _, p := range parts {
		t = append(t, p...)
	}
	s.tmp = t
	return s.intern(t)
}

// quote is strconv.Quote into the diagnostics' string arena.
func (s *diagStore) quote(q string) string {
	s.qbuf = strconv.AppendQuote(s.qbuf[:0], q)
	return s.intern(s.qbuf)
}

// receivedText renders v as compact JSON of at most maxReceived bytes,
// without rendering more of a large value than it shows.
func (s *diagStore) receivedText(v *tape.Value) string {
	s.rbuf = appendLimited(s.rbuf[:0], v, maxReceived+1)
	if len(s.rbuf) > maxReceived {
		return truncate(string(s.rbuf), maxReceived)
	}
	return s.intern(s.rbuf)
}

// diagnostics sorts the records into document order (stable: evaluation
// order within one location) and drops duplicates. The slice is handed over
// to the caller.
func (s *diagStore) diagnostics() Diagnostics {
	out, keys := s.recs.out, s.recs.keys
	s.lastCount = len(out)
	sorted := true
	for i := 1; i < len(out); i++ {
		if cmpKey(keys[i-1], keys[i]) > 0 {
			sorted = false
			break
		}
	}
	if !sorted {
		// Sort a permutation (cheap ints), then move each diagnostic once
		// along the cycles of the permutation.
		perm := s.order[:0]
		for i := range out {
			perm = append(perm, i)
		}
		slices.SortStableFunc(perm, func(a, b int) int { return cmpKey(keys[a], keys[b]) })
		s.order = perm
		for i := range perm {
			if perm[i] < 0 || perm[i] == i {
				continue
			}
			tmp := out[i]
			j := i
			for {
				k := perm[j]
				perm[j] = -1
				if k == i {
					out[j] = tmp
					break
				}
				out[j] = out[k]
				j = k
			}
		}
	}
	n := dedupe(out)
	clear(out[n:])
	s.recs.out = nil
	s.recs.keys = s.recs.keys[:0]
	s.arena = nil // the returned strings point into it
	s.lastArena, s.arenaUsed = s.arenaUsed, 0
	return out[:n:n]
}

// dedupeScan is how many diagnostics of one location dedupe compares one
// by one; past it, a set: a document with many at one place (200,000
// extra members) must not cost their square.
const dedupeScan = 16

// dupKey is what makes two diagnostics of one location the same.
type dupKey struct {
	code           Code
	property, text string
}

// dedupe drops, in place, the diagnostics of out (sorted by location)
// equal to an earlier one of the same location, and returns how many are
// left.
func dedupe(out Diagnostics) int {
	n, run := 0, 0 // out[run:n]: the kept diagnostics of the current location
	var seen map[dupKey]bool
	for i := range out {
		d := &out[i]
		if n > 0 && out[n-1].InstanceLocation != d.InstanceLocation {
			run = n
			clear(seen)
		}
		key := dupKey{d.Code, d.Property, d.Message}
		dup := false
		if n-run <= dedupeScan {
			for j := run; j < n && !dup; j++ {
				dup = out[j].Code == d.Code && out[j].Property == d.Property && out[j].Message == d.Message
			}
		} else {
			if seen == nil {
				// Sized for the whole run at once: no rehashing as it fills.
				rest := 0
				for rest < len(out)-i && out[i+rest].InstanceLocation == d.InstanceLocation {
					rest++
				}
				seen = make(map[dupKey]bool, n-run+rest)
			}
			if len(seen) == 0 {
				for j := run; j < n; j++ {
					seen[dupKey{out[j].Code, out[j].Property, out[j].Message}] = true
				}
			}
			dup = seen[key]
		}
		if dup {
			continue
		}
		if n != i {
			out[n] = out[i]
		}
		n++
		if len(seen) > 0 {
			seen[key] = true
		}
	}
	return n
}

// cmpKey orders instance paths: a parent before its children, siblings by
// document position.
func cmpKey(a, b []int) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return len(a) - len(b)
}
