package validate

// Lanes, item by item: each item (member) of the root container is read
// into the tape once and handed to each lane that still needs it
// (laneValue); a lane that fails keeps its diagnostics (take) and its
// score for branchScore. See stream_lanes.go for the whole picture.

// groupsValue hands item i (or member i, named k) of the root container,
// value v, to the lanes of a's groups.
func (st *streamer) groupsValue(a *schemaChain, i int, k []byte, v *jv) {
	for gi := range a.groups {
		for _, l := range a.groups[gi].lanes {
			if l != nil && st.err == nil {
				st.laneValue(l, i, k, v)
			}
		}
	}
}

// laneValue evaluates item i (or member i, named k) for lane l: a fast
// pass, and a collecting one into the lane's diagnostics when it fails and
// they may be reported.
func (st *streamer) laneValue(l *lane, i int, k []byte, v *jv) {
	if !l.live() {
		return
	}
	l.at = i
	a := &l.schemaChain
	if !st.laneEval(l, a, &l.obj, st.lanes.object, i, k, v, i+1) {
		return
	}
	if len(a.groups) > 0 && (l.keep || !l.failed) {
		st.groupsValue(a, i, k, v)
	}
}

// live reports whether lane l still evaluates what it is handed.
func (l *lane) live() bool {
	return !(l.always || l.dead || l.failed && !l.keep || l.full > 0)
}

// laneEval evaluates item i (member i named k, when object), value v,
// with the chain a (tallies o) that applies it for lane l: the lane's own
// chain, or its chain for a value below the root (stream_frame_chains.go).
// A failure fails the lane and, when the lane may report, its
// diagnostics go to the lane; at the lane's limit it is full at full. It
// reports whether the lane goes on (not full, no error).
func (st *streamer) laneEval(l *lane, a *schemaChain, o *objectStream, object bool, i int, k []byte, v *jv, full int) bool {
	ok, done := st.chainEval(a, o, object, i, k, v)
	if done {
		return false
	}
	if !ok {
		l.failed = true
		if l.keep {
			m := st.mark()
			st.collectChecks(a, o, object, i, k, v)
			st.take(l, m)
			if l.nrecs > l.limit {
				l.full = full
				return false
			}
		}
	}
	return true
}

// chainEval is the fast pass of the chain a (tallies o) over item i
// (member i named k), value v: the member's tallies, then the checks. done
// says an evaluation error stopped it (st.err, located).
func (st *streamer) chainEval(a *schemaChain, o *objectStream, object bool, i int, k []byte, v *jv) (ok, done bool) {
	if object {
		st.memberTally(a, o, k)
	}
	ok = st.laneChecks(a, o, object, i, k, v)
	if st.err == nil {
		return ok, false
	}
	if object {
		st.locateMemberError(a, o, i, k, v)
	} else {
		st.locateItemError(a, i, v)
	}
	return false, true
}

// collectChecks is the collecting pass of the chain a over item i
// (member i named k): it records why the item fails.
func (st *streamer) collectChecks(a *schemaChain, o *objectStream, object bool, i int, k []byte, v *jv) {
	st.collect, st.track = true, true
	st.inst = append(append(st.inst[:0], a.instPrefix...), pathSeg{idx: i})
	st.laneChecks(a, o, object, i, k, v)
	st.collect, st.track = false, false
	st.inst = st.inst[:0]
}

// laneChecks applies the item (member) keywords of the chain a (tallies
// o) to item (member) i, unevaluated* last; an item also counts for
// contains, outside the collecting pass (it records nothing), and the
// fast pass lists the members unevaluatedProperties: false refuses.
func (st *streamer) laneChecks(a *schemaChain, o *objectStream, object bool, i int, k []byte, v *jv) bool {
	if object {
		ok := st.memberChecks(a, i, k, v)
		if len(a.uneval) > 0 && st.err == nil {
			ok = st.memberUneval(a, o, i, k, v, !st.collect) && ok
		}
		return ok
	}
	ok := st.itemChecks(a, i, v)
	if !st.collect {
		st.itemContains(a, i, v)
	}
	if len(a.uneval) > 0 && st.err == nil {
		ok = st.itemUneval(a, i, v) && ok
	}
	return ok
}

// take moves the diagnostics recorded since m into lane l.
func (st *streamer) take(l *lane, m diagMark) {
	for i := m.n; i < st.recs.len(); i++ {
		l.add(&st.recs.out[i], st.recs.keys[i], st.recs.ranks[i])
	}
	st.release(m)
}

// add counts a diagnostic of l (branchScore's weights, for a value at the
// root) and keeps it while l has fewer than its limit.
func (l *lane) add(d *Diagnostic, key []int, rank int) {
	l.nrecs++
	l.score += recordScore(d.Code, len(key))
	if !typeMismatch(d.Code, len(key)) {
		l.nonType++
	}
	if l.recs.len() < l.limit {
		l.recs.add(d, key, rank)
	}
}

// hidden counts n diagnostics of l that were not recorded (refused
// names past the cap, objectStream.refuse): each would have scored 1 and
// is not a type mismatch (recordScore).
func (l *lane) hidden(n int) {
	l.nrecs += n
	l.score += n
	l.nonType += n
}

// mismatch reports whether l failed only on the type of the container
// (branchScore's mismatch): a lane anyOf and oneOf do not report.
func (l *lane) mismatch() bool {
	return l.dead || onlyTypeMismatch(l.nrecs, l.nonType)
}
