package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// This file drives one document through the reader: when the top-level
// value begins, it plans (as plan.go decides) whether a root array
// streams item by item, a root object member by member, or the value is
// kept whole; stream_frames.go reads the streamed containers, down to
// the values too large to read whole, and hands each complete item and
// member to its chains. It also caps what a Stream remembers of a
// document that fails in more places than MaxDiagnostics: the evaluation
// stops, the rest is read as JSON only, and the list says it is
// incomplete.

// Document modes.
const (
	modeStart  = iota // before the top-level value
	modeWhole         // the value is kept whole and evaluated at the end
	modeStream        // a root container: items and members are evaluated as they complete (st.frames)
	modeAfter         // the root container closed: only the tail is read
)

// streamer drives documents through the reader (the stream driver): it
// reads the document and streams a root container item by item or
// member by member, down to frames for the values too large to read
// whole, handing each complete child to its rootRunner. It is the
// per-Validate scratch space, pooled by the Schema.
//
// The stream driver has three layers, each seeing only those below it:
// the chainRunner evaluates one chain's children and verdicts with the
// evaluator (stream_chain.go, stream_steps.go, stream_uneval.go,
// stream_chain_verdicts.go); the rootRunner holds the root container's
// chain, lanes, guards and pending unevaluated items (stream_root.go,
// stream_lanes.go, stream_lane_verdicts.go, stream_guard.go); the
// streamer reads the bytes (this file, stream_frames.go,
// stream_frame_chains.go).
type streamer struct {
	rootRunner

	doc doc
	// frames are the containers being streamed, the root first
	// (stream_frames.go); deep stores those below the root.
	frames []frame
	deep   []*frameState
	parts  []lanePart // scratch of descend
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
	st.setBudget(st.s.perByte, 0)
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
		if !st.checkGuards(win[d.rd.start-base:d.fed-base], d.rd.err == nil) {
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
		return st.planRootArray(st.doc.lanes)
	case open == '{' && st.doc.members:
		return st.planObject(st.doc.lanes)
	}
	return false
}

// rootHeldFirst reports whether the root container, planned to stream,
// is held whole first: while it is small (lanesAt, with lanes) or until
// its guards are decided.
func (st *streamer) rootHeldFirst() bool {
	return len(st.arr.groups) > 0 && st.doc.lanesAt > 0 || st.guardsLive()
}

// full reports whether a streamed document holds more diagnostics than
// its cap: then there are more than the list will show.
func (st *streamer) full() bool { return st.maxOut > 0 && st.recs.len() > st.maxOut }

// stopped reports whether the evaluation of a streamed document ends
// before its last byte: an evaluation error, or the cap reached. The
// reading goes on (a syntax error further on still comes first).
func (st *streamer) stopped() bool { return st.err != nil || st.full() }

// capDiagnostics returns d cut to limit, followed by one CodeTooMany
// diagnostic when the document has more than that.
func (st *streamer) capDiagnostics(d Diagnostics, limit int) Diagnostics {
	if len(d) > limit {
		clear(d[limit:])
		d = d[:limit]
		st.incomplete = true
	}
	if !st.incomplete {
		return d
	}
	return append(d, Diagnostic{
		Code:    CodeTooMany,
		Message: "only the first " + itoa(len(d)) + " diagnostics are listed; the document has more",
	})
}

// validateDoc validates a whole document. A document whose top-level
// value is not an array (an array may stream item by item) is first read
// into the tape strictly, in one pass that also checks its syntax, and
// evaluated as one tree. Only when that read fails does the document go
// through the scanner (validateBytes), which finds the error and says
// where, with the message and offset it always gave: the strict read
// fails on every document the scanner rejects, so a document it accepts
// gets the verdict the scanner's path would give.
func (st *streamer) validateDoc(doc []byte) (Diagnostics, error) {
	if i := tape.SkipBlank(doc, 0); i < len(doc) && doc[i] != '[' {
		st.begin()
		st.setBudget(st.s.perByte, len(doc)-i) // as readValue does
		if v, err := st.tape.ReadStrict(doc[i:]); err == nil {
			return st.listed(st.run(st.s.root, v))
		}
	}
	return st.validateBytes(doc)
}

// planStream sets the document st reads to stream as a Stream does (not
// Validate on a whole buffer): a root object member by member, a root
// array or object through lanes, past lanesAfter bytes; values below the
// root as frames past descendAfter; both at most half of limit, the
// bytes the Stream holds at most.
func (st *streamer) planStream(limit int) {
	d := &st.doc
	d.members, d.lanes = true, true
	d.lanesAt = min(lanesAfter, int64(limit/2))
	d.descendAt = min(descendAfter, int64(limit/2))
}

// validateFirst is validateDoc for ValidateFirst. Every document is read
// into the tape strictly and evaluated as one tree (a root array too,
// which validateDoc streams item by item: the same verdict and
// diagnostics, and the cap works on the tree); only when that read fails
// does it go through the scanner as validateDoc does, which then finds
// the error.
func (st *streamer) validateFirst(doc []byte, limit int) (Diagnostics, int, error) {
	if limit > 0 {
		if i := tape.SkipBlank(doc, 0); i < len(doc) {
			st.begin()
			st.setBudget(st.s.perByte, len(doc)-i) // as readValue does
			if v, err := st.tape.ReadStrict(doc[i:]); err == nil {
				return st.runFirst(v, limit)
			}
		}
	}
	d, err := st.validateDoc(doc)
	return d, 0, err
}

// runFirst evaluates v as run does, building at most about limit
// diagnostics (diag_cap.go); it returns them and how many it left out.
func (st *streamer) runFirst(v *tape.Value, limit int) (Diagnostics, int, error) {
	st.keepMax = limit
	d, err := st.run(st.s.root, v)
	omitted := st.skipped
	st.keepMax, st.skipped = 0, 0
	if err != nil {
		return nil, 0, err
	}
	if st.incomplete {
		d = append(d, Diagnostic{
			Code:    CodeTooMany,
			Message: "only the first " + itoa(len(d)+omitted) + " diagnostics are listed; the document has more",
		})
	}
	return d, omitted, nil
}
