package validate

// This file bounds the diagnostics a whole-document evaluation builds when
// its caller lists only the first ones (ValidateFirst): past the first
// keepMax, a diagnostic that cannot be among them is counted, not built
// (no message, no locations, no strings, no allocation).
//
// The evaluator does not always record in document order (a parent's
// diagnostics may follow its children's), and the list is sorted and
// deduplicated at the end (diagnostics in diag_list.go). A diagnostic is
// left out only when it provably sorts after the first keepMax: the
// diagnostics recorded so far are in document order, cover at least
// keepMax distinct instance locations (each keeps at least one
// diagnostic through the deduplication), and the current instance
// location sorts after all of them. Later diagnostics with smaller keys
// are still recorded, and only push the left-out ones further down. The
// diagnostics of one location are therefore all built or all left out,
// so the hints that pair those of one object (objectHints) are unchanged.
//
// While anyOf/oneOf compares its branches (held > 0), every diagnostic is
// built, since the branch scores read them; once the best branch is kept,
// its diagnostics are counted and dropped when they could have been left
// out (compactFrom).

// diagCap is the state of the cap, part of the recorder.
type diagCap struct {
	keepMax int // 0: no cap (Validate, streams)
	held    int // anyOf/oneOf branch comparisons in progress
	skipped int // diagnostics left out by the current pass

	// checked records of recs are known to be in document order
	// (ordered), covering locs distinct locations.
	checked int
	locs    int
	ordered bool

	// The answer of sunk for the instance path generation gen and the
	// list length n.
	sunkGen uint64
	sunkN   int
	sunkOK  bool

	sink Diagnostic // what a left-out diagnostic is written into
}

// resetCap readies the cap for a new pass (keepMax stays).
func (c *diagCap) resetCap() {
	c.held, c.skipped = 0, 0
	c.checked, c.locs, c.ordered = 0, 0, true
	c.sunkGen, c.sunkN, c.sunkOK = ^uint64(0), -1, false
}

// checkUpTo extends the order check of the recorded diagnostics to the
// first n.
func (st *recorder) checkUpTo(n int) {
	if n < st.checked {
		st.checked, st.locs, st.ordered = 0, 0, true
	}
	keys := st.recs.keys
	for i := st.checked; i < n && st.ordered; i++ {
		if i == 0 {
			st.locs = 1
			continue
		}
		switch c := cmpKey(keys[i-1], keys[i]); {
		case c > 0:
			st.ordered = false
		case c < 0:
			st.locs++
		}
	}
	st.checked = n
}

// pastFirst reports whether the current instance location sorts after the
// first n recorded diagnostics and these hold the first keepMax.
func (st *recorder) pastFirst(n int) bool {
	st.checkUpTo(n)
	return st.ordered && st.locs >= st.keepMax && cmpInst(st.inst, st.recs.keys[n-1]) > 0
}

// sunk reports whether a diagnostic at the current instance location is
// left out (counted, not built).
func (st *recorder) sunk() bool {
	if st.keepMax == 0 || st.held > 0 || !st.collect {
		return false
	}
	n := st.recs.len()
	if n < st.keepMax {
		return false
	}
	if st.sunkGen == st.gen && st.sunkN == n {
		return st.sunkOK
	}
	ok := st.pastFirst(n)
	st.sunkGen, st.sunkN, st.sunkOK = st.gen, n, ok
	return ok
}

// skip counts a left-out diagnostic and returns the scratch record its
// builder may write into.
func (st *recorder) skip() *Diagnostic {
	st.skipped++
	st.sink = Diagnostic{}
	return &st.sink
}

// isSink reports whether d is a left-out diagnostic's scratch record.
func (st *recorder) isSink(d *Diagnostic) bool { return d == &st.sink }

// compactFrom counts and drops the diagnostics recorded since mark (keys
// since kmark) when they could have been left out: they are all at the
// current instance location or below it.
func (st *recorder) compactFrom(mark, kmark int) {
	n := st.recs.len()
	if st.keepMax == 0 || st.held > 0 || n == mark || mark < st.keepMax || !st.pastFirst(mark) {
		return
	}
	st.skipped += n - mark
	st.recs.truncate(mark)
	st.keyBuf = st.keyBuf[:kmark]
}

// cmpInst is cmpKey of the instance path p and key.
func cmpInst(p []pathSeg, key []int) int {
	for i := 0; i < len(p) && i < len(key); i++ {
		if p[i].idx != key[i] {
			return p[i].idx - key[i]
		}
	}
	return len(p) - len(key)
}

// The string builders of diagnostics build nothing for a left-out one.

func (st *recorder) intern(b []byte) string {
	if st.sunk() {
		return ""
	}
	return st.diagStore.intern(b)
}

func (st *recorder) str(parts ...string) string {
	if st.sunk() {
		return ""
	}
	return st.diagStore.str(parts...)
}

func (st *recorder) quote(q string) string {
	if st.sunk() {
		return ""
	}
	return st.diagStore.quote(q)
}
