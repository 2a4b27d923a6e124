package validate

// The unevaluated family's per-child step and messages, written once for
// the whole-value evaluation (evalUnevaluated) and the stream
// (itemUneval, memberUneval, deferredValue, unevalVerdicts): a child (an
// item, or a member) that nothing else under n evaluated meets sub, n's
// unevaluatedItems or unevaluatedProperties. false refuses it; any other
// schema is applied to it, and the child counts as evaluated when it
// holds. Which children are unevaluated is each driver's: the tape knows
// it from the evaluated bits of the whole value, the stream from the
// chain (covers) and, under lanes, only at the end.

// unevalChild applies sub, n's unevaluatedItems or unevaluatedProperties,
// to the child v at seg (st.inst ends with it) that nothing else under n
// evaluated, and reports whether it holds. A child sub refuses is
// recorded here when report is set and the pass collects: an item at its
// own location, a member with its object (the stream tallies members and
// reports them at close instead).
func (st *evaluator) unevalChild(n, sub *node, seg pathSeg, v *jv, report bool) bool {
	if sub.boolean == 2 {
		if report && st.collect {
			if !seg.isKey {
				st.failUnevaluatedItem(n, v, seg.idx)
			} else {
				st.popInst()
				st.failUnevaluatedMember(n, seg.key)
				st.pushInst(seg)
			}
		}
		return false
	}
	st.pushKw(sub.seg)
	r := st.eval(sub, v, 0)
	st.popKw()
	return r
}

// failUnevaluatedItem records unevaluatedItems refusing item i, v.
func (st *evaluator) failUnevaluatedItem(n *node, v *jv, i int) *Diagnostic {
	return st.fail(n, "unevaluatedItems", CodeUnevaluatedItems, v, "item "+itoa(i)+" is not allowed here", "no more items")
}

// failUnevaluatedMember records unevaluatedProperties: false refusing
// the member named k, on its object.
func (st *evaluator) failUnevaluatedMember(n *node, k []byte) {
	st.extraProperty(n, "unevaluatedProperties", CodeUnevaluatedProps, k)
}
