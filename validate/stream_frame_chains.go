package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// Several chains for one value: a value that becomes a frame (descend)
// is read once for each schema that applies to it, each with its own
// chain for it, at every depth below: the frame's own chain has the
// document's first schema, a valueChain each further one (allOf
// composing the same member twice, properties and patternProperties
// both matching) and each schema a live lane of the root has for it. A
// document chain's diagnostics are the document's; a lane's part goes to
// the lane as its own items would: a failure fails it, its diagnostics
// (when it may report them) join its list, its verdict on the value comes
// when the frame closes. A lane with no schema for the value only notes
// the member's presence; a chain that needs the value whole keeps it
// whole, as before. Each chain's diagnostics take the rank of the schema
// at the root it descends from (fixedRank), so that at one location they
// keep the whole-value order.

// valueChain is one more chain that reads the value of a frame below the
// root: lane l's (nil: the document's, when several schemas apply to the
// value; the frame's own chain has the first).
type valueChain struct {
	l *lane
	a schemaChain
	o objectStream
}

// lanePart is a schema for a value about to become a frame, for lane l
// (nil: the document).
type lanePart struct {
	l     *lane
	chain *schemaChain // the chain for the container holding the value
	sub   *node
	link  int
}

// liveLanes calls fn with each lane that still evaluates the values of
// the frame at level (the root's lanes that the root's items reach, or
// the frame's own), with the chain it reads them with; fn returns false
// to stop, and so does liveLanes.
func (st *streamer) liveLanes(f *frame, level int, fn func(l *lane, chain *schemaChain, o *objectStream) bool) bool {
	if level > 1 {
		for _, lc := range f.chains {
			if lc.l != nil && lc.l.live() && !fn(lc.l, &lc.a, &lc.o) {
				return false
			}
		}
		return true
	}
	var visit func(a *schemaChain) bool
	visit = func(a *schemaChain) bool {
		for gi := range a.groups {
			for _, l := range a.groups[gi].lanes {
				if l == nil || !l.live() {
					continue
				}
				if !fn(l, &l.schemaChain, &l.obj) {
					return false
				}
				if len(l.groups) > 0 && (l.keep || !l.failed) && !visit(&l.schemaChain) {
					return false
				}
			}
		}
		return true
	}
	return visit(f.a)
}

// valueParts lists in st.parts the schemas for the value at index idx
// (member key) of f: the document's (f's own chain's, then those of the
// further chains that read f), then each live lane's, and reports whether
// each of those chains lets the value be a frame.
func (st *streamer) valueParts(f *frame, level, idx int, key []byte) bool {
	st.parts = st.parts[:0]
	if !st.valueSchemas(nil, f.a, f.open, idx, key) {
		return false
	}
	for _, lc := range f.chains {
		if lc.l == nil && !st.valueSchemas(nil, &lc.a, f.open, idx, key) {
			return false
		}
	}
	return st.liveLanes(f, level, func(l *lane, chain *schemaChain, _ *objectStream) bool {
		return st.valueSchemas(l, chain, f.open, idx, key)
	})
}

// planParts plans the chains of the frame just opened at level+1 (its
// value opened by open) from st.parts: the first document schema in the
// frame's own chain, every other one in a valueChain; false when one
// cannot stream (for a further chain, uniqueItems).
func (st *streamer) planParts(level int, open byte) bool {
	child := &st.frames[level]
	fs := st.deep[level-1]
	own, n := false, 0
	for _, p := range st.parts {
		if p.l == nil && !own {
			own = true
			if !st.planValue(child.a, child.o, p.chain, p.link, p.sub, open) {
				return false
			}
			continue
		}
		if n == len(fs.chains) {
			fs.chains = append(fs.chains, &valueChain{})
		}
		lc := fs.chains[n]
		n++
		lc.l = p.l
		lc.a.reset()
		lc.o.reset()
		lc.a.ranked = p.l != nil || child.a.ranked
		lc.a.instPrefix = append(lc.a.instPrefix[:0], child.a.instPrefix...)
		if !st.planValue(&lc.a, &lc.o, p.chain, p.link, p.sub, open) {
			return false
		}
		if r := lc.a.furtherHold(); r != streams {
			lc.a.held = r
			return false
		}
	}
	child.chains = fs.chains[:n]
	return true
}

// chainTallies notes, for each further chain and live lane of f, that its
// member named key (a value that became a frame) is present.
func (st *streamer) chainTallies(f *frame, level int, key []byte) {
	for _, lc := range f.chains {
		if lc.l == nil {
			st.memberTally(&lc.a, &lc.o, key)
		}
	}
	st.liveLanes(f, level, func(_ *lane, chain *schemaChain, o *objectStream) bool {
		st.memberTally(chain, o, key)
		return true
	})
}

// frameChainsValue hands item i (member i named k) of frame f, value v, to
// its further chains.
func (st *streamer) frameChainsValue(f *frame, i int, k []byte, v *tape.Value) {
	full := st.frames[0].a.count // the root's value that holds this one, + 1
	if st.frames[0].open == '{' {
		full = st.frames[0].o.count
	}
	object := f.open == '{'
	for _, lc := range f.chains {
		switch {
		case st.err != nil:
			return
		case lc.l == nil:
			st.docEval(&lc.a, &lc.o, object, i, k, v)
		case lc.l.live():
			st.laneEval(lc.l, &lc.a, &lc.o, object, i, k, v, full)
		}
	}
}

// docEval evaluates item i (member i named k), value v, with a further
// chain a (tallies o) of the document: its diagnostics are the
// document's.
func (st *streamer) docEval(a *schemaChain, o *objectStream, object bool, i int, k []byte, v *tape.Value) {
	if ok, done := st.chainEval(a, o, object, i, k, v); !ok && !done {
		st.collectChecks(a, o, object, i, k, v)
	}
}

// frameChainsEnd gives each lane of f its verdicts on f's value, which has
// just closed.
func (st *streamer) frameChainsEnd(f *frame) {
	for _, lc := range f.chains {
		l := lc.l
		if l != nil && !l.live() {
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
		if l == nil {
			verdicts(true) // the document's
			st.incomplete = st.incomplete || lc.o.dropped > 0
			continue
		}
		st.laneFails(l, verdicts, lc.o.dropped)
	}
}
