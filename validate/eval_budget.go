package validate

import (
	"errors"
	"math"
	"strconv"

	"github.com/jsonheal/jsonheal/internal/tape"
)

// This file bounds the work of one validation. A schema can apply a
// subschema to a value many times over: {"allOf":[{"$ref":"#/$defs/b"},
// {"$ref":"#/$defs/b"}]}, b the same over c, and so on, doubles the work
// at each level. Every evaluation of a schema with subschemas counts a
// step against the value read last (the document, or one item or member
// of a streamed container). Past memoPerByte steps per byte of it, the
// results of references are remembered per (target, value): a target
// applied again to a value gives its result at once, so such a schema
// costs time linear in its size on a valid value. Past the value's
// limit, Options.EvaluationsPerByte per byte of it, its validation ends
// with ErrBudget; in a collecting pass (the value is known to fail), so
// do more than recordsPerByte diagnostics per byte of it past memoAt
// steps, and the list found so far is returned, cut short.

// memoPerByte is how many steps per byte of a value (counted as at
// least budgetFloor bytes) it takes before references' results are
// remembered: real schemas take about one step per 50 bytes, never get
// there, and so pay nothing for it. A variable for tests.
var memoPerByte int64 = 16

// recordsPerByte is how many diagnostics a value may add to the list per
// byte of it (counted as at least budgetFloor bytes) once its steps are
// past memoAt: a value that takes that many steps and fails in many more
// places than it has bytes is under a schema that applies the same
// failing subschema to it over and over. (Below memoAt, a oneOf of 100
// branches failing on every item lists its 100 failures each.)
const recordsPerByte = 2

// memoMost caps the results remembered at once (about 4 MB): when full,
// they are dropped and remembering starts again.
const memoMost = 1 << 16

// memoKey is a reference's target applied to a value of st.tape.
type memoKey struct {
	n *node
	v *tape.Value
}

// setBudget sets the limits of a value of n bytes and starts counting:
// perByte evaluations a byte (the schema's Options.EvaluationsPerByte; 0:
// no limit).
func (st *recorder) setBudget(perByte int64, n int) {
	size := int64(max(n, budgetFloor))
	st.limit, st.recCap = math.MaxInt64, math.MaxInt
	if p := perByte; p > 0 {
		st.limit = p * size
		st.recCap = st.recs.len() + int(min(recordsPerByte*size, math.MaxInt32))
	}
	st.memoAt = min(st.limit/2, memoPerByte*size)
	st.restartBudget()
}

// restartBudget starts counting the steps of a pass from 0, and forgets
// what was remembered (it is about values of the tape).
func (st *recorder) restartBudget() {
	st.steps = 0
	st.budget = st.memoAt
	st.memo = nil
}

// overBudget is called when the steps pass st.budget: past memoAt, it
// starts remembering and moves the check to the limit; past the limit,
// it ends the evaluation (st.err) and reports true. dynamic says the
// schema has a dynamic scope: then results depend on the path, and
// nothing is remembered.
func (st *recorder) overBudget(n *node, dynamic bool) bool {
	if st.steps <= st.limit {
		st.budget = st.limit
		if !dynamic {
			st.memo = make(map[memoKey]bool)
		}
		return false
	}
	st.err = &DocumentError{Offset: -1, Pointer: st.instanceLocation(), Err: ErrBudget,
		Msg: "more than " + strconv.FormatInt(st.limit, 10) + " evaluations (Options.EvaluationsPerByte), at " + n.absLoc}
	return true
}

// recordsOver reports whether a collecting pass past memoAt steps has
// recorded as many diagnostics as the value may add, and if so ends the
// evaluation with ErrBudget (which listCut turns into a list cut short).
func (st *recorder) recordsOver(n *node) bool {
	if st.steps <= st.memoAt || len(st.recs.out)+st.skipped < st.recCap || st.err != nil {
		return false
	}
	st.err = &DocumentError{Offset: -1, Pointer: st.instanceLocation(), Err: ErrBudget,
		Msg: "more than " + itoa(len(st.recs.out)+st.skipped) + " diagnostics for one value (Options.EvaluationsPerByte), at " + n.absLoc}
	return true
}

// listCut ends a collecting pass that went past the budget: the fast pass
// has already found the value invalid, so that verdict stands, with the
// diagnostics found so far and a last one saying that the list is
// incomplete (CodeTooMany).
func (st *recorder) listCut() {
	if st.collect && errors.Is(st.err, ErrBudget) {
		st.err, st.incomplete = nil, true
	}
}

// remember records r, the result of the target n applied to v.
func (st *recorder) remember(n *node, v *tape.Value, r bool) {
	if len(st.memo) >= memoMost {
		clear(st.memo)
	}
	st.memo[memoKey{n, v}] = r
}
