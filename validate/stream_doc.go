package validate

// This file drives one document through the reader: when the top-level
// value begins, it plans (as plan.go decides) whether a root array
// streams item by item, a root object member by member, or the value is
// kept whole, and hands
// complete items and members to their evaluators (stream_children.go);
// stream_frames.go reads the streamed containers,
// down to the values too large to read whole.

// Document modes.
const (
	modeStart  = iota // before the top-level value
	modeWhole         // the value is kept whole and evaluated at the end
	modeStream        // a root container: items and members are evaluated as they complete (st.frames)
	modeAfter         // the root container closed: only the tail is read
)

// streamer drives documents through the reader (the stream driver): it
// reads the document, streams a root container item by item or member by
// member through its chains, frames, lanes and guards, and hands what it
// reads to its evaluator. It is the per-Validate scratch space, pooled by
// the Schema.
type streamer struct {
	evaluator

	// Reading: the scanner over the document, and a streamed root array.
	doc doc
	arr schemaChain
	obj objectStream
	// frames are the containers being streamed, the root first
	// (stream_frames.go); deep stores those below the root.
	frames []frame
	deep   []*frameState
	parts  []lanePart // scratch of descend

	// The lanes of a streamed root array's anyOf, oneOf, not and if
	// (stream_lanes.go).
	lanes lanePool
	// guards are the schemas with const or enum on the streamed root
	// container (stream_guard.go).
	guards []*guard
	// pending holds, per unevaluated* node of the root chain that defers,
	// the items it waits on (stream_uneval_lanes.go).
	pending []pendingList

	// maxOut caps the diagnostics of a streamed document (0: no cap, for
	// Validate on a whole buffer).
	maxOut int
}

// doc is the per-document reading state (part of streamer, reused).
type doc struct {
	rd   reader
	mode int
	fed  int64 // absolute offset up to which the scanner has read
	// members lets a root object stream member by member (a Stream sets
	// it; Validate on a whole buffer evaluates objects as one tree, which
	// is faster there and gives the same answer).
	members bool
	// lanes lets a root array whose schema has anyOf, oneOf, not or
	// if/then/else stream through lanes (stream_lanes.go; a Stream sets
	// it). Validate on a whole buffer evaluates such an array as one
	// tape: a branch that fails there stops at its first failure, where
	// a lane must keep its diagnostics in case every branch fails.
	lanes    bool
	streamed byte // '[' or '{': the root container streams
	// held is '[' or '{' while a root container that would stream through
	// lanes is held whole until it passes lanesAt bytes (then it streams
	// from there on, startLanes); 0 otherwise. lanesAt is lanesAfter, or
	// half the Stream's MaxBuffer when that is less.
	held    byte
	lanesAt int64
	// descendAt is how many bytes of a value are read before it becomes a
	// frame of its own (stream_frames.go): descendAfter, or half the
	// Stream's MaxBuffer when that is less; never for Validate.
	descendAt int64
}

// begin readies st for a new document.
func (st *streamer) begin() {
	st.reset()
	st.setBudget(0)
	st.doc.rd.reset()
	st.doc.mode, st.doc.fed = modeStart, 0
	st.doc.members, st.doc.lanes, st.doc.streamed = false, false, 0
	st.doc.held, st.doc.lanesAt, st.doc.descendAt = 0, 0, descendAtMost
	st.frames = st.frames[:0]
	st.maxOut, st.incomplete = 0, false
	st.arr.reset()
	st.obj.reset()
	st.recs.ranks = st.recs.ranks[:0]
	clear(st.guards)
	st.guards = st.guards[:0]
	for i := range st.pending {
		st.pending[i].reset()
	}
}

// keepFrom returns the absolute offset before which the caller may drop
// the bytes it has passed to advance: nothing before the top-level value
// is decided, the whole value in modeWhole, the current item or member
// of the innermost frame in modeStream.
func (st *streamer) keepFrom() int64 {
	switch st.doc.mode {
	case modeStart:
		return 0
	case modeWhole:
		return st.doc.rd.start
	case modeStream:
		return st.frames[len(st.frames)-1].itemStart
	}
	return st.doc.fed
}

// advance reads the bytes of win (which begins at absolute offset base and
// holds at least everything from keepFrom on) that the scanner has not
// read yet, evaluating the items and members of a streamed root
// container as they complete. A syntax error stops the reading (st.doc.rd.err); an
// evaluation error (st.err) stops the evaluation only.
func (st *streamer) advance(win []byte, base int64) {
	d := &st.doc
	end := base + int64(len(win))
	for d.rd.err == nil && d.fed < end {
		i := int(d.fed - base)
		switch d.mode {
		case modeStart:
			d.fed += int64(d.rd.feed(win[i:], true))
			if d.rd.started {
				d.mode = modeWhole
				if at := d.rd.start - base; at < 0 {
					break
				} else if st.planRoot(win[at]) {
					if st.rootHeldFirst() {
						d.held = win[at] // whole while small (lanesAfter), or until its guards are decided
					} else {
						st.streamFrom(win[at])
					}
				}
			}
		case modeWhole:
			d.fed += int64(d.rd.feed(win[i:], false))
			if d.held != 0 && d.rd.err == nil && !d.rd.ended && d.fed-d.rd.start > d.lanesAt {
				st.startLanes(win, base)
			}
		case modeAfter:
			d.fed += int64(d.rd.feed(win[i:], false))
		case modeStream:
			st.advanceFrame(win, base, i)
		}
	}
}

// streamFrom sets the document to stream its root container (opened by
// the byte open) from its first item or member on.
func (st *streamer) streamFrom(open byte) {
	d := &st.doc
	d.mode, d.streamed, d.held = modeStream, open, 0
	st.arr.recv[0] = open
	st.pushFrame(open, d.rd.start+1)
}

// startLanes turns a held root container (st.doc.held) into a streamed
// one: the items or members read so far (win, from absolute offset base,
// holds them) are evaluated in order, as advance would have as they
// completed, and the one in progress is read on from where the scanner
// is.
func (st *streamer) startLanes(win []byte, base int64) {
	d := &st.doc
	if st.guardsLive() {
		if !st.checkGuards(win, base) {
			if d.lanesAt > 0 { // (tests set 0: check on every write)
				d.lanesAt = 2 * (d.fed - d.rd.start) // check again when it has doubled
			}
			return
		}
		if !st.replan() {
			d.held = 0 // whole after all
			return
		}
	}
	st.streamFrom(d.held)
	st.replay(&st.frames[0], win, base)
}

// replan plans the held root container again, once its guards are dead:
// their schemas become stubs (stream_guard.go).
func (st *streamer) replan() bool {
	st.arr.reset()
	st.obj.reset()
	st.words = st.words[:0]
	return st.planRoot(st.doc.held)
}

// finish ends the document: win holds the bytes from keepFrom on (the
// whole value in modeWhole), beginning at absolute offset base.
func (st *streamer) finish(win []byte, base int64) (Diagnostics, error) {
	d := &st.doc
	if d.rd.err == nil {
		d.rd.finish()
	}
	if d.rd.err != nil {
		return nil, d.rd.err
	}
	if st.err != nil {
		return nil, st.err
	}
	if d.mode == modeStart {
		d.mode = modeWhole // a top-level scalar, confirmed at the end
	}
	if d.mode == modeWhole {
		v, err := st.readValue(win[d.rd.start-base:])
		if err != nil {
			return nil, &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
		}
		return st.run(st.s.root, v)
	}
	if st.full() {
		// Stopped at the cap: the container's own verdicts (counts,
		// uniqueItems, required) need every item or member.
		st.incomplete = true
		st.lanes.release()
		return st.diagnostics(), nil
	}
	if d.streamed == '{' {
		return st.objectEnd()
	}
	return st.arrayEnd()
}

// validateBytes reads doc through the scanner, as a Stream does with one
// chunk: a root array that can stream is evaluated item by item (no tree
// of the whole array), any other value as one tree.
func (st *streamer) validateBytes(doc []byte) (Diagnostics, error) {
	st.begin()
	st.advance(doc, 0)
	return st.listed(st.finish(doc, 0))
}

// listed ends the list of diagnostics d with a CodeTooMany one when the
// budget cut it short (listCut).
func (st *streamer) listed(d Diagnostics, err error) (Diagnostics, error) {
	if err != nil || !st.incomplete {
		return d, err
	}
	return st.capDiagnostics(d, len(d)), nil
}

// planRoot plans the root container opened by open (a Stream's, or a
// root array's in Validate) and reports whether it streams.
func (st *streamer) planRoot(open byte) bool {
	switch {
	case open == '[':
		return st.planRootArray()
	case open == '{' && st.doc.members:
		return st.planObject()
	}
	return false
}

// rootHeldFirst reports whether the root container, planned to stream,
// is held whole first: while it is small (lanesAt, with lanes) or until
// its guards are decided.
func (st *streamer) rootHeldFirst() bool {
	return len(st.arr.groups) > 0 && st.doc.lanesAt > 0 || st.guardsLive()
}
