package validate

// This file drives one document through the reader: it decides, when the
// top-level value begins, whether a root array streams item by item, a
// root object member by member (and a member's array item by item), or
// the value is kept whole, and hands complete items and members to their
// evaluators (stream_items.go, stream_members.go).

// Document modes.
const (
	modeStart   = iota // before the top-level value
	modeWhole          // the value is kept whole and evaluated at the end
	modeItems          // a root array: items are evaluated as they complete
	modeMembers        // a root object: members are evaluated as they complete
	modeAfter          // the root container closed: only the tail is read
)

// doc is the per-document reading state (part of state, reused).
type doc struct {
	rd        reader
	mode      int
	fed       int64 // absolute offset up to which the scanner has read
	itemStart int64 // absolute offset where the current item's (or member's) text begins
	colon     int64 // absolute offset of the current member's colon (-1: not read yet)
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
	// valKind is what the current member's value is, once its colon is
	// read: 0 not yet known, 'v' a value evaluated when it completes,
	// 'n' an array streaming item by item (st.nest), 'd' that array done.
	valKind byte
}

// begin readies st for a new document.
func (st *state) begin() {
	st.reset()
	st.doc.rd.reset()
	st.doc.mode, st.doc.fed, st.doc.itemStart, st.doc.colon = modeStart, 0, 0, -1
	st.doc.members, st.doc.lanes, st.doc.streamed, st.doc.valKind = false, false, 0, 0
	st.doc.held, st.doc.lanesAt = 0, 0
	st.maxOut, st.incomplete = 0, false
	st.arr.reset()
	st.obj.reset()
	st.ranks = st.ranks[:0]
}

// keepFrom returns the absolute offset before which the caller may drop
// the bytes it has passed to advance: nothing before the top-level value
// is decided, the whole value in modeWhole, the current item or member
// in modeItems and modeMembers.
func (st *state) keepFrom() int64 {
	switch st.doc.mode {
	case modeStart:
		return 0
	case modeWhole:
		return st.doc.rd.start
	case modeItems, modeMembers:
		return st.doc.itemStart
	}
	return st.doc.fed
}

// advance reads the bytes of win (which begins at absolute offset base and
// holds at least everything from keepFrom on) that the scanner has not
// read yet, evaluating the items and members of a streamed root
// container as they complete. A syntax error stops the reading (st.doc.rd.err); an
// evaluation error (st.err) stops the evaluation only.
func (st *state) advance(win []byte, base int64) {
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
				} else if win[at] == '[' && st.planRootArray() || win[at] == '{' && d.members && st.planObject() {
					if len(st.arr.groups) > 0 && d.lanesAt > 0 {
						d.held = win[at] // whole while small: see lanesAfter
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
		case modeMembers:
			st.advanceMembers(win, base, i)
		case modeItems:
			j, depth, ok := d.feedToSeparator(win, i, 1)
			if !ok {
				break
			}
			if depth == 1 && win[j] == ',' && !d.rd.sc.InString() {
				st.arrayItem(&st.arr, win[d.itemStart-base:j])
				d.itemStart = base + int64(j) + 1
				if st.stopped() {
					d.mode = modeAfter // a syntax error further on still comes first
				}
			} else if depth == 0 && d.rd.ended {
				if item := win[d.itemStart-base : j]; !blank(item) {
					st.arrayItem(&st.arr, item)
				}
				d.mode = modeAfter
			}
		}
	}
}

// streamFrom sets the document to stream its root container (opened by
// the byte open) from its first item or member on.
func (st *state) streamFrom(open byte) {
	d := &st.doc
	d.itemStart, d.colon, d.held = d.rd.start+1, -1, 0
	if open == '[' {
		d.mode, d.streamed = modeItems, '['
		return
	}
	d.mode, d.streamed = modeMembers, '{'
	st.arr.recv[0] = '{'
}

// lanesAfter is how many bytes of a root container that would stream
// through lanes are held first: a document that ends sooner (every
// model-sized answer) is evaluated whole, which is an order of magnitude
// faster there (a failing branch stops at its first failure, where a
// lane must keep its diagnostics in case every branch fails); a larger
// one streams from there on, in memory bounded by this and the lanes.
// Tests set it to 0 to take every such document through lanes.
var lanesAfter int64 = 1 << 20

// startLanes turns a held root container (st.doc.held) into a streamed
// one: the items or members read so far (win, from absolute offset base,
// holds them) are evaluated in order, as advance would have as they
// completed, and the one in progress is read on from where the scanner
// is.
func (st *state) startLanes(win []byte, base int64) {
	d := &st.doc
	st.streamFrom(d.held)
	object := d.streamed == '{'
	depth, inString, escaped := 0, false, false
	for j := int(d.itemStart - base); j < int(d.fed-base) && !st.stopped(); j++ {
		c := win[j]
		switch {
		case inString:
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case depth == 0 && c == ':' && object && d.colon < 0:
			d.colon = base + int64(j)
		case depth == 0 && c == ',':
			if object {
				st.objectMember(win[d.itemStart-base:d.colon-base], win[d.colon+1-base:j])
			} else {
				st.arrayItem(&st.arr, win[d.itemStart-base:j])
			}
			d.itemStart, d.colon = base+int64(j)+1, -1
		}
	}
	if st.stopped() {
		d.mode = modeAfter
	} else if object && d.colon >= 0 {
		d.valKind = 'v' // its value has begun: read it whole (lanes never stream a member's array)
	}
}

// feedToSeparator feeds win[i:] to the reader up to and including the
// next comma or closer at depth level (see nextSeparator). It returns that
// byte's index and the depth after it; ok is false when win ends first or
// the reader failed, and all of win[i:] (or what it read) was fed.
func (d *doc) feedToSeparator(win []byte, i, level int) (j, depth int, ok bool) {
	j = nextSeparator(win, i, d.rd.sc.Depth(), level)
	if j == len(win) {
		d.fed += int64(d.rd.feed(win[i:], false))
		return j, 0, false
	}
	d.fed += int64(d.rd.feed(win[i:j+1], false))
	if d.rd.err != nil {
		return j, 0, false
	}
	return j, d.rd.sc.Depth(), true
}

// blank reports whether b holds only JSON whitespace.
func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			return false
		}
	}
	return true
}

// finish ends the document: win holds the bytes from keepFrom on (the
// whole value in modeWhole), beginning at absolute offset base.
func (st *state) finish(win []byte, base int64) (Diagnostics, error) {
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
		v, err := st.tape.read(win[d.rd.start-base:])
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

// advanceMembers is advance for a root object: it reads up to the next
// ',', ':' or '}' after i and evaluates the member that ends there (or
// hands an array value to advanceNested).
func (st *state) advanceMembers(win []byte, base int64, i int) {
	d := &st.doc
	switch {
	case d.valKind == 'n':
		st.advanceNested(win, base, i)
		return
	case d.colon >= 0 && d.valKind == 0:
		// The value's first byte decides how it is read.
		k := i
		for k < len(win) && (win[k] == ' ' || win[k] == '\t' || win[k] == '\n' || win[k] == '\r') {
			k++
		}
		if k > i {
			d.fed += int64(d.rd.feed(win[i:k], false))
			return
		}
		d.valKind = 'v'
		if win[k] == '[' && st.nestedArray(win[d.itemStart-base:d.colon-base]) {
			d.valKind = 'n'
			d.itemStart = base + int64(k) + 1
			return
		}
		if st.stopped() {
			d.mode = modeAfter
			return
		}
	}
	j := i
	if d.rd.sc.Depth() > 1 {
		j = nextCloser(win, i)
	} else {
		for j < len(win) && win[j] != ',' && win[j] != ':' && win[j] != '}' {
			j++
		}
	}
	if j == len(win) {
		d.fed += int64(d.rd.feed(win[i:], false))
		return
	}
	d.fed += int64(d.rd.feed(win[i:j+1], false))
	if d.rd.err != nil {
		return
	}
	depth := d.rd.sc.Depth()
	switch {
	case depth == 1 && win[j] == ':' && d.colon < 0 && !d.rd.sc.InString():
		d.colon = base + int64(j)
	case depth == 1 && win[j] == ',' && !d.rd.sc.InString():
		if d.valKind != 'd' {
			st.objectMember(win[d.itemStart-base:d.colon-base], win[d.colon+1-base:j])
		}
		d.itemStart, d.colon, d.valKind = base+int64(j)+1, -1, 0
	case depth == 0 && d.rd.ended:
		if d.colon >= 0 && d.valKind != 'd' {
			st.objectMember(win[d.itemStart-base:d.colon-base], win[d.colon+1-base:j])
		}
		d.mode = modeAfter
	}
	if st.stopped() {
		d.mode = modeAfter
	}
}

// advanceNested reads the array value of a member of a streamed root
// object, item by item, as advance does for a root array one level up.
func (st *state) advanceNested(win []byte, base int64, i int) {
	d := &st.doc
	j, depth, ok := d.feedToSeparator(win, i, 2)
	if !ok {
		return
	}
	switch {
	case depth == 2 && win[j] == ',' && !d.rd.sc.InString():
		st.arrayItem(&st.nest, win[d.itemStart-base:j])
		d.itemStart = base + int64(j) + 1
	case depth == 1 && win[j] == ']' && !d.rd.sc.InString():
		if item := win[d.itemStart-base : j]; !blank(item) {
			st.arrayItem(&st.nest, item)
		}
		st.nestedEnd()
		d.valKind = 'd'
		d.itemStart = base + int64(j) + 1
	}
	if st.stopped() {
		d.mode = modeAfter
	}
}
