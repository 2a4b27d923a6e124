package validate

// The end of a streamed root container: its own verdicts
// (stream_chain_verdicts.go), then its lanes' (stream_lane_verdicts.go),
// and the document's diagnostics in document order.

// arrayEnd gives the root array's own verdicts once every item is read,
// and the diagnostics in document order.
func (st *streamer) arrayEnd() (Diagnostics, error) {
	a := &st.arr
	failed := st.arrayVerdictsAll(a, st.recs.len() > 0)
	dupI, dupJ := -1, -1
	if len(a.groups) > 0 {
		dupI, dupJ = a.duplicate(&st.evaluator)
	}
	return st.rootEnd(failed, dupI, dupJ)
}

// objectEnd gives the object's own verdicts and its lanes' once every
// member is read, and the diagnostics in document order.
func (st *streamer) objectEnd() (Diagnostics, error) {
	a := &st.arr
	failed := st.objectChainVerdicts(a, &st.obj, a, st.obj.count, true) || st.recs.len() > 0
	st.incomplete = st.incomplete || st.obj.dropped > 0
	return st.rootEnd(failed, -1, -1)
}

// rootEnd resolves the root container's lanes once its own verdicts are
// in (failed: one of them, or an item, failed) and returns the
// document's diagnostics in document order; dupI, dupJ are the pair
// uniqueItems reports (-1: none).
func (st *streamer) rootEnd(failed bool, dupI, dupJ int) (Diagnostics, error) {
	a := &st.arr
	if len(a.groups) > 0 {
		if st.resolveGroups(a, nil, true, dupI, dupJ) {
			failed = true
		}
		if a.deferred && st.deferredEnd() {
			failed = true
		}
		st.lanes.release()
	}
	if failed && a.ranked {
		st.recs.sortRanked()
	}
	if !failed {
		return nil, nil
	}
	return st.diagnostics(), nil
}
