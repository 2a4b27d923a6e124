package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// Frames: the containers a Stream reads item by item (member by member).
// Each complete item or member is read into the tape (arrayItem,
// objectMember), its text added to the Received text of the frames
// (recvValue), stepped through the frame's chain (stream_steps.go,
// stream_uneval.go) and, at the root, handed to the lanes
// (stream_lanes.go) and to a deferring unevaluated* (stream_root.go).
//
// The root container is the first frame. An item or member value inside
// a frame is read whole, into the tape, when it completes; one that is
// still open past descendAt bytes (64 KiB, or half of MaxBuffer) becomes
// a frame of its own when the schemas that apply to it let it stream
// (descend): its items or members so far are handed over from
// the bytes held (replay), and the rest are evaluated as they complete,
// at any depth. The parent counts the value as one item (member); the
// child gives its own verdicts (counts, required, uniqueItems) when it
// closes. So memory is bounded by the depth and by one value under
// descendAt at each level (per schema that applies), not by the document.
//
// Each schema that applies to the value, the document's and those of the
// root's live lanes, gets its own chain for it (stream_frame_chains.go). A
// value does not become a frame when its parent needs it whole: a parent
// chain (or a live lane) with unevaluated*, with contains or uniqueItems
// (an array: they look at each item whole), with propertyNames the
// member's name fails (an object: its diagnostic must take its place
// among the member's own), or with false for it; nor when a schema for
// it has branches (anyOf and oneOf with one branch for the value's type,
// the nullable array or object, are that branch: soleBranch), const,
// or enum (or, beyond the first, uniqueItems); its unevaluated* streams
// as the root's does, each item settled as it completes. Otherwise it is
// read whole, up to MaxBuffer.

// frame is one container read item by item.
type frame struct {
	a         *schemaChain  // its chain, tallies, locations and Received text
	o         *objectStream // an object's tallies
	open      byte          // '[' or '{'
	itemStart int64         // absolute offset where the current item's (member's) text begins
	colon     int64         // the current member's colon (-1: not read yet)
	// valKind is how the current item (member value) is read: 0 whole,
	// unless it grows past descendAt; 'w' whole (it cannot be a frame);
	// 'd' done by a child frame.
	valKind byte
	words   int // len(st.words) when it opened: its presence bits go with it
	// chains are the further chains that read this frame's value: the
	// document's beyond the frame's own, and the root's lanes' (a
	// valueChain each, stream_frame_chains.go).
	chains []*valueChain
}

// frameState is the storage of a frame below the root.
type frameState struct {
	a      schemaChain
	o      objectStream
	key    []byte        // the member name the frame is the value of
	chains []*valueChain // storage of the frame's further chains
}

// pushFrame opens a frame for a container opened by open whose items
// begin at start; the root's storage is st.arr and st.obj.
func (st *streamer) pushFrame(open byte, start int64) *frame {
	depth := len(st.frames)
	f := frame{open: open, itemStart: start, colon: -1, words: len(st.words)}
	if depth == 0 {
		f.a, f.o = &st.arr, &st.obj
	} else {
		for len(st.deep) < depth {
			st.deep = append(st.deep, &frameState{})
		}
		fs := st.deep[depth-1]
		fs.a.reset()
		fs.o.reset()
		f.a, f.o = &fs.a, &fs.o
	}
	st.frames = append(st.frames, f)
	return &st.frames[depth]
}

// advanceFrame reads win from i in the innermost frame, up to the next
// separator of its own, and evaluates the item or member that ends there.
func (st *streamer) advanceFrame(win []byte, base int64, i int) {
	d := &st.doc
	level := len(st.frames)
	f := &st.frames[level-1]
	j := i
	if d.rd.sc.Depth() > level {
		j = nextCloser(win, i)
	} else {
		for j < len(win) && win[j] != ',' && win[j] != ':' && win[j] != ']' && win[j] != '}' {
			j++
		}
	}
	if j == len(win) {
		d.fed += int64(d.rd.feed(win[i:], false))
		st.maybeDescend(f, level, win, base)
		return
	}
	d.fed += int64(d.rd.feed(win[i:j+1], false))
	if d.rd.err != nil {
		return
	}
	depth := d.rd.sc.Depth()
	switch {
	case depth > level || d.rd.sc.InString():
		st.maybeDescend(f, level, win, base)
	case depth == level && win[j] == ':' && f.open == '{' && f.colon < 0:
		f.colon = base + int64(j)
	case depth == level && win[j] == ',':
		st.frameValue(f, win, base, j)
		f.itemStart, f.colon, f.valKind = base+int64(j)+1, -1, 0
	case depth == level-1:
		st.frameValue(f, win, base, j)
		st.closeFrame(base + int64(j) + 1)
	}
	if st.stopped() {
		d.mode = modeAfter // a syntax error further on still comes first
	}
}

// frameValue evaluates the item or member of f that ends at win[j], unless
// a child frame read it or it is blank (an empty container).
func (st *streamer) frameValue(f *frame, win []byte, base int64, j int) {
	if f.valKind == 'd' {
		return
	}
	if f.open == '[' {
		if item := win[f.itemStart-base : j]; !blank(item) {
			i := f.a.count
			if v := st.arrayItem(f.a, item); v != nil && len(f.chains) > 0 {
				st.frameChainsValue(f, i, nil, v)
			}
		}
		return
	}
	if f.colon >= 0 {
		i := f.o.count
		if v := st.objectMember(f.a, f.o, win[f.itemStart-base:f.colon-base], win[f.colon+1-base:j]); v != nil && len(f.chains) > 0 {
			st.frameChainsValue(f, i, f.o.key, v)
		}
	}
}

// closeFrame ends the innermost frame, whose closer ends just before
// next: the root's verdicts come at finish, a child's now.
func (st *streamer) closeFrame(next int64) {
	level := len(st.frames)
	if level == 1 {
		st.doc.mode = modeAfter
		return
	}
	f := &st.frames[level-1]
	closer := byte(']')
	if f.open == '{' {
		closer = '}'
	}
	st.recvAppend(level-1, func(b []byte) []byte { return append(b, closer) })
	if f.open == '[' {
		st.arrayVerdictsAll(f.a, false)
	} else {
		st.objectChainVerdicts(f.a, f.o, f.a, f.o.count, true)
		st.incomplete = st.incomplete || f.o.dropped > 0
	}
	st.frameChainsEnd(f)
	st.words = st.words[:f.words]
	st.frames = st.frames[:level-1]
	st.frames[level-2].itemStart = next
}

// recvAppend applies add to the Received text of the frames below level
// (the containers around the innermost one's value), innermost first,
// while they are short enough to grow.
func (st *streamer) recvAppend(level int, add func([]byte) []byte) {
	for k := level - 1; k >= 0; k-- {
		a := st.frames[k].a
		if len(a.recv) > maxReceived+1 {
			return // the ones around it are longer still
		}
		a.recv = add(a.recv)
	}
}

// maybeDescend turns the current value of f, open past descendAt bytes,
// into a frame of its own when it may stream; otherwise it is read whole.
func (st *streamer) maybeDescend(f *frame, level int, win []byte, base int64) {
	d := &st.doc
	if f.valKind != 0 || d.fed-f.itemStart <= d.descendAt || d.rd.sc.Depth() <= level || d.rd.err != nil || d.mode != modeStream {
		return
	}
	at := f.itemStart
	if f.open == '{' {
		at = f.colon + 1
	}
	for at < d.fed && blank(win[at-base:at-base+1]) {
		at++
	}
	if !st.descend(f, level, win, base, at) {
		f.valKind = 'w'
	}
}

// descend makes the value of f that opens at absolute offset at a frame
// of its own, and reports whether it did.
func (st *streamer) descend(f *frame, level int, win []byte, base, at int64) bool {
	a, o := f.a, f.o
	if a.descendHold(level) != streams {
		return false
	}
	idx := a.count
	seg := pathSeg{idx: idx}
	if f.open == '{' {
		o.key = tape.AppendUnescaped(o.key[:0], trimQuotes(win[f.itemStart-base:f.colon-base]))
		idx = o.count
		seg = pathSeg{idx: idx, isKey: true}
	}
	if !st.valueParts(f, level, idx, o.key) {
		return false
	}
	open := win[at-base]
	child := st.pushFrame(open, at+1)
	c := child.a
	if f.open == '{' {
		fs := st.deep[level-1]
		fs.key = append(fs.key[:0], o.key...)
		seg.key = fs.key
	}
	c.instPrefix = append(append(c.instPrefix[:0], a.instPrefix...), seg)
	c.ranked = st.arr.ranked // the root's ranks cover every diagnostic
	if !st.planParts(level, open) {
		st.words = st.words[:child.words]
		st.frames = st.frames[:level]
		return false
	}
	f = &st.frames[level-1] // pushFrame may have moved it
	f.valKind = 'd'
	// The parent counts the value now; the Received texts around it open it.
	i := a.count
	if f.open == '[' {
		a.count++
	} else {
		i = o.count
		o.count++
		st.memberTally(a, o, seg.key)
		st.chainTallies(f, level, seg.key)
	}
	st.recvAppend(level, func(b []byte) []byte {
		if i > 0 {
			b = append(b, ',')
		}
		if seg.isKey {
			b = appendJSONString(b, b2s(seg.key))
			b = append(b, ':')
		}
		return append(b, open)
	})
	c.recv = append(c.recv[:0], open)
	st.replay(child, win, base)
	// The value in progress in the child may be past descendAt already.
	st.maybeDescend(&st.frames[level], level+1, win, base)
	return true
}

// valueSchemas appends to st.parts, for lane l (nil: the document), the
// schemas of a's chain that apply to the value at index idx (member key)
// of a container opened by open, in the order a whole-value evaluation
// applies them. It reports false when the value may not be a frame:
// false applies to it, or the chain needs the value whole (contains,
// uniqueItems, unevaluated*, propertyNames that the name fails).
func (st *streamer) valueSchemas(l *lane, a *schemaChain, open byte, idx int, key []byte) bool {
	take := func(k int, s *node) bool {
		switch {
		case s == nil || s.boolean == 1:
		case s.boolean == 2:
			return false
		default:
			st.parts = append(st.parts, lanePart{l: l, chain: a, sub: s, link: k})
		}
		return true
	}
	if a.childHold(open == '{') != streams {
		return false
	}
	if open == '[' {
		for _, k := range a.order {
			if !take(k, itemSchema(a.chain[k], idx)) {
				return false
			}
		}
		return true
	}
	for _, k := range a.order {
		n := a.chain[k]
		if n.propertyNames != nil && !st.namePasses(a, k, key) {
			return false
		}
		m := n.memberSchemas(key, n.propAt(key, -1))
		for sub := m.next(); sub != nil; sub = m.next() {
			if !take(k, sub) {
				return false
			}
		}
	}
	return true
}

// replay evaluates the items (members) of the innermost frame f that the
// scanner has read completely, from f.itemStart to the scanner's offset
// (win, from absolute offset base, holds them), as advanceFrame would
// have as they completed, and leaves f at the one in progress.
func (st *streamer) replay(f *frame, win []byte, base int64) {
	d := &st.doc
	start, colon := eachItem(win, int(f.itemStart-base), int(d.fed-base), f.open == '{', func(start, colon, end int) bool {
		f.itemStart, f.colon = base+int64(start), -1
		if colon >= 0 {
			f.colon = base + int64(colon)
		}
		st.frameValue(f, win, base, end)
		return !st.stopped()
	})
	f.itemStart, f.colon = base+int64(start), -1
	if colon >= 0 {
		f.colon = base + int64(colon)
	}
	if st.stopped() {
		d.mode = modeAfter
	}
}

// arrayItem evaluates one complete item of the streamed array a and
// returns its value (nil when it stopped the evaluation).
func (st *streamer) arrayItem(a *schemaChain, text []byte) *tape.Value {
	i := a.count
	a.count++
	st.numV = nil // the parser reuses its values
	v, err := st.readValue(text)
	if err != nil {
		st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
		st.err = &DocumentError{Offset: -1, Pointer: st.instanceLocation(), Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
		st.inst = st.inst[:0]
		return nil
	}
	st.recvValue(i, false, nil, v)
	if a.unique.on {
		a.unique.add(v, text, i)
	}
	ok := st.itemChecks(a, i, v)
	st.itemContains(a, i, v)
	if len(a.uneval) > 0 && st.err == nil {
		ok = st.itemUneval(a, i, v) && ok
	}
	if st.err != nil {
		st.locateItemError(a, i, v)
		return nil
	}
	if !ok {
		st.collect, st.track = true, true
		st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
		st.itemChecks(a, i, v)
		st.itemUneval(a, i, v)
		st.listCut()
		st.collect, st.track = false, false
		st.inst = st.inst[:0]
	}
	if len(a.groups) > 0 {
		st.groupsValue(a, i, nil, v)
	}
	if a.deferred && st.err == nil {
		st.deferredValue(a, i, nil, v, false)
	}
	return v
}

// objectMember evaluates one complete member of the streamed object whose
// chain is a and tallies o (the innermost frame's): its name's text
// (quoted, with blanks around) and its value's text. It returns the value
// (nil when it stopped the evaluation); the name is in o.key.
func (st *streamer) objectMember(a *schemaChain, o *objectStream, keyText, valText []byte) *tape.Value {
	i := o.count
	o.count++
	o.key = tape.AppendUnescaped(o.key[:0], trimQuotes(keyText))
	k := o.key
	st.numV = nil
	v, err := st.readValue(valText)
	if err != nil {
		st.err = &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
		return nil
	}
	st.recvValue(i, true, k, v)
	st.memberTally(a, o, k)
	ok := st.memberChecks(a, i, k, v)
	if len(a.uneval) > 0 && st.err == nil {
		ok = st.memberUneval(a, o, i, k, v, true) && ok
	}
	if st.err != nil {
		st.locateMemberError(a, o, i, k, v)
		return nil
	}
	if !ok {
		st.collect, st.track = true, true
		st.memberChecks(a, i, k, v)
		if len(a.uneval) > 0 {
			st.memberUneval(a, o, i, k, v, false)
		}
		st.listCut()
		st.collect, st.track = false, false
		st.inst = st.inst[:0]
	}
	if len(a.groups) > 0 {
		st.groupsValue(a, i, k, v)
	}
	if a.deferred && st.err == nil {
		st.deferredValue(a, i, k, v, true)
	}
	return v
}

// recvValue appends item i (member i named k, when member) of the
// innermost frame, value v, to the Received text of the frames that show
// it: that frame's and those around it, while they are short enough.
func (st *streamer) recvValue(i int, member bool, k []byte, v *tape.Value) {
	for f := len(st.frames) - 1; f >= 0; f-- {
		a := st.frames[f].a
		if len(a.recv) > maxReceived+1 {
			return // the ones around it are longer still
		}
		if i > 0 {
			a.recv = append(a.recv, ',')
		}
		if member {
			a.recv = appendJSONString(a.recv, b2s(k))
			a.recv = append(a.recv, ':')
		}
		a.recv = appendLimited(a.recv, v, maxReceived+1)
	}
}
