package validate

import (
	"github.com/jsonheal/jsonheal/internal/decimal"
)

// pathSeg is one step of the instance location.
type pathSeg struct {
	key   []byte // member name
	idx   int    // array index, or member ordinal (document order)
	isKey bool   // an object member (else an array item)
}

// state is the per-Validate scratch space, pooled by the Schema.
type state struct {
	s       *Schema
	tape    tape // the value being evaluated (a document, item or member)
	ktape   tape // a member name evaluated as a string (propertyNames)
	collect bool // collecting diagnostics (else: stop at the first failure)
	// track keeps the keyword and instance paths (kw, inst). Only
	// diagnostics and errors read them, so the first, fast pass over a
	// document runs without; it is set for the collecting pass and to
	// locate an error.
	track bool
	err   error // a DocumentError that ends the evaluation

	// Evaluation stacks.
	kw    []string        // keyword path segments
	inst  []pathSeg       // instance path
	dyn   []*resourceNode // dynamic scope
	refs  []refFrame      // $ref evaluations in progress
	words []uint64        // bitsets (evaluated members, seen properties)
	// runV is the value of the innermost evaluation in progress, chain
	// the number of evaluations of it in progress (schemas applied to it
	// in turn).
	runV  *jv
	chain int
	// The work on the value read last (eval_budget.go): steps counts its
	// evaluations (per pass), the next check is at budget, it may take
	// limit; memo holds results of references once steps pass memoAt.
	// recCap is the length st.recs may reach before a collecting pass
	// on it stops.
	steps, budget, limit, memoAt int64
	recCap                       int
	memo                         map[memoKey]bool

	// Numbers and uniqueItems scratch.
	numV      *jv            // the number last asked for (nil after reset)
	numParsed bool           // num and numOK hold its parse
	num       decimal.Number // its text, parsed (it points into the document)
	numOK     bool
	uniq      uniqueScratch

	// Diagnostics of a collecting pass (diag_list.go).
	diagStore

	// Reading: the scanner over the document, and a streamed root array.
	doc doc
	arr arrayStream
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
	// Validate on a whole buffer); incomplete says the list returned is
	// not all of them (the cap stopped the evaluation, or a lane kept
	// only its first maxLaneRecords).
	maxOut     int
	incomplete bool

	// failStreak counts the documents in a row that failed, up to
	// collectFirstAfter (see run).
	failStreak int
}

// refFrame is a reference's target being applied to a value, with the
// length of the dynamic scope and the mode it was applied in.
type refFrame struct {
	n       *node
	v       *jv
	dyn     int
	collect bool
}

// pushKw enters a keyword path segment (when tracking paths).
func (st *state) pushKw(seg string) {
	if st.track {
		st.kw = append(st.kw, seg)
	}
}

// popKw leaves the last keyword path segment.
func (st *state) popKw() {
	if st.track {
		st.kw = st.kw[:len(st.kw)-1]
	}
}

// pushInst enters an instance path segment (when tracking paths).
func (st *state) pushInst(s pathSeg) {
	if st.track {
		st.inst = append(st.inst, s)
	}
}

// popInst leaves the last instance path segment.
func (st *state) popInst() {
	if st.track {
		st.inst = st.inst[:len(st.inst)-1]
	}
}

func (st *state) reset() {
	st.collect = false
	st.track = false
	st.resetList()
	st.kw = st.kw[:0]
	st.inst = st.inst[:0]
	st.dyn = st.dyn[:0]
	st.refs = st.refs[:0]
	st.words = st.words[:0]
	st.runV, st.chain = nil, 0
	st.restartBudget()
	st.err = nil
	st.numV = nil // the tape reuses its entries from value to value
}

// numText returns the text of the number value v. The last value asked
// for is remembered with its parse: "type" and the numeric keywords of one
// schema ask for the same number in turn.
func (st *state) numText(v *jv) string {
	if v != st.numV {
		st.numV = v
		st.numParsed = false
	}
	return b2s(v.raw())
}

// number parses the text of a number value (valid until the next call).
func (st *state) number(v *jv) (decimal.Number, bool) {
	s := st.numText(v)
	if !st.numParsed {
		st.num, st.numOK = decimal.Parse(s)
		st.numParsed = true
	}
	return st.num, st.numOK
}

// number2 is number without the memory, to hold two numbers at once.
func (st *state) number2(v *jv) (decimal.Number, bool) {
	return decimal.Parse(b2s(v.raw()))
}

// allocBits reserves a zeroed bitset of n bits; it returns a handle (offset
// + 1) into st.words. Release with st.words = st.words[:mark].
func (st *state) allocBits(n int) int {
	off := len(st.words)
	w := (n + 63) / 64
	if w == 0 {
		w = 1
	}
	for range w {
		st.words = append(st.words, 0)
	}
	return off + 1
}

func (st *state) setBit(h, i int) {
	st.words[h-1+i/64] |= 1 << (uint(i) % 64)
}

func (st *state) bit(h, i int) bool {
	return st.words[h-1+i/64]&(1<<(uint(i)%64)) != 0
}

// orBits merges bitset src into dst, both of n bits.
func (st *state) orBits(dst, src, n int) {
	w := (n + 63) / 64
	for i := range w {
		st.words[dst-1+i] |= st.words[src-1+i]
	}
}

// sizeOf returns the number of members or items of v (0 for scalars).
func sizeOf(v *jv) int {
	return v.Len()
}
