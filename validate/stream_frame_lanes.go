package validate

// Lanes below the root: a value of a root container with lanes that
// becomes a frame (descend) is read once for the root's own chain and
// once for each live lane that has a schema for it, each with its own
// chain for the value (a laneChild), at every depth below. A lane's
// part goes to the lane as its own items would: a failure fails it, its
// diagnostics (when it may report them) join its list, its verdict on
// the value comes when the frame closes. A lane with no schema for the
// value only notes the member's presence; a value for which a lane (or
// the root) has two schemas, or one that needs the value whole, is read
// whole as before.

// laneChild is lane l's chain for the value of a frame below the root.
type laneChild struct {
	l *lane
	a arrayStream
	o objectStream
}

// lanePart is a lane's schema for a value about to become a frame.
type lanePart struct {
	l     *lane
	chain *arrayStream // the lane's chain for the container holding the value
	sub   *node
	link  int
}

// liveLanes calls fn with each lane that still evaluates the values of
// the frame at level (the root's lanes that the root's items reach, or
// the frame's own), with the chain it reads them with; fn returns false
// to stop, and so does liveLanes.
func (st *state) liveLanes(f *frame, level int, fn func(l *lane, chain *arrayStream, o *objectStream) bool) bool {
	if level > 1 {
		for _, lc := range f.lanes {
			if lc.l.live() && !fn(lc.l, &lc.a, &lc.o) {
				return false
			}
		}
		return true
	}
	var visit func(a *arrayStream) bool
	visit = func(a *arrayStream) bool {
		for gi := range a.groups {
			for _, l := range a.groups[gi].lanes {
				if l == nil || !l.live() {
					continue
				}
				if !fn(l, &l.arrayStream, &l.obj) {
					return false
				}
				if len(l.groups) > 0 && (l.keep || !l.failed) && !visit(&l.arrayStream) {
					return false
				}
			}
		}
		return true
	}
	return visit(f.a)
}

// laneParts lists in st.parts the lanes with a schema for the value at
// index idx (member key) of f, and reports whether each live lane lets
// the value be a frame.
func (st *state) laneParts(f *frame, level, idx int, key []byte) bool {
	st.parts = st.parts[:0]
	return st.liveLanes(f, level, func(l *lane, chain *arrayStream, _ *objectStream) bool {
		if len(chain.uneval) > 0 {
			return false // its unevaluated* looks at the value whole
		}
		sub, link, ok := valueSchema(chain, f.open, idx, key)
		if ok && sub != nil {
			st.parts = append(st.parts, lanePart{l: l, chain: chain, sub: sub, link: link})
		}
		return ok
	})
}

// planLanes gives the frame just opened at level+1 (its value opened by
// open) a laneChild for each of st.parts; false when one cannot stream
// (unevaluated* or uniqueItems in it).
func (st *state) planLanes(level int, open byte) bool {
	child := &st.frames[level]
	fs := st.deep[level-1]
	child.lanes = child.lanes[:0]
	for i, p := range st.parts {
		if i == len(fs.lanes) {
			fs.lanes = append(fs.lanes, &laneChild{})
		}
		lc := fs.lanes[i]
		lc.l = p.l
		lc.a.reset()
		lc.o.reset()
		lc.a.ranked = true
		lc.a.instPrefix = append(lc.a.instPrefix[:0], child.a.instPrefix...)
		if !st.planValue(&lc.a, &lc.o, p.chain, p.link, p.sub, open) || lc.a.unique.on {
			return false
		}
		child.lanes = append(child.lanes, lc)
	}
	return true
}

// laneTallies notes, for each live lane of f, that its member named key
// (a value that became a frame) is present.
func (st *state) laneTallies(f *frame, level int, key []byte) {
	st.liveLanes(f, level, func(_ *lane, chain *arrayStream, o *objectStream) bool {
		st.memberTally(chain, o, key)
		return true
	})
}

// frameLanesValue hands item i (member i named k) of frame f, value v, to
// its lanes.
func (st *state) frameLanesValue(f *frame, i int, k []byte, v *jv) {
	full := st.frames[0].a.count // the root's value that holds this one, + 1
	if st.frames[0].open == '{' {
		full = st.frames[0].o.count
	}
	for _, lc := range f.lanes {
		if st.err != nil {
			return
		}
		if lc.l.live() {
			st.laneEval(lc.l, &lc.a, &lc.o, f.open == '{', i, k, v, full)
		}
	}
}

// frameLanesEnd gives each lane of f its verdicts on f's value, which has
// just closed.
func (st *state) frameLanesEnd(f *frame) {
	for _, lc := range f.lanes {
		l := lc.l
		if !l.live() {
			continue
		}
		verdicts := func(record bool) bool {
			if f.open == '{' {
				return st.objectChainVerdicts(&lc.a, &lc.o, f.a, f.o.count, record)
			}
			return st.chainVerdicts(&lc.a, f.a, -1, -1, record)
		}
		if !verdicts(false) {
			continue
		}
		l.failed = true
		if l.keep {
			mark, kmark := st.nrec(), len(st.keys)
			verdicts(true)
			st.take(l, mark, kmark)
		}
	}
}
