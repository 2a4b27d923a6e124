package validate

// evalApplicators applies allOf, anyOf, oneOf, not and if/then/else.
func (st *evaluator) evalApplicators(n *node, v *jv, ev int) bool {
	ok := true
	for _, b := range n.allOf {
		st.pushKw(b.seg)
		r := st.eval(b, v, ev)
		st.popKw()
		if !r {
			if !st.collect {
				return false
			}
			ok = false
		}
	}
	if n.anyOf != nil && !st.evalAnyOf(n, n.anyOf, "anyOf", v, ev, false) {
		if !st.collect {
			return false
		}
		ok = false
	}
	if n.oneOf != nil && !st.evalAnyOf(n, n.oneOf, "oneOf", v, ev, true) {
		if !st.collect {
			return false
		}
		ok = false
	}
	if n.not != nil {
		collect := st.collect
		st.collect = false
		st.pushKw(n.not.seg)
		r := st.eval(n.not, v, 0)
		st.popKw()
		st.collect = collect
		if !notHolds(r) {
			if !st.collect {
				return false
			}
			ok = false
			st.failNot(n, v, st.keywordLocation())
		}
	}
	if n.ifN != nil {
		collect := st.collect
		st.collect = false
		size, mark, tmp := 0, len(st.words), 0
		if ev != 0 {
			size = sizeOf(v)
			tmp = st.allocBits(size)
		}
		st.pushKw(n.ifN.seg)
		r := st.eval(n.ifN, v, tmp)
		st.popKw()
		st.collect = collect
		if r && ev != 0 {
			st.orBits(ev, tmp, size)
		}
		st.words = st.words[:mark]
		br := n.elseN
		if ifChoice(r) == thenSchema {
			br = n.thenN
		}
		if br != nil {
			st.pushKw(br.seg)
			r := st.eval(br, v, ev)
			st.popKw()
			if !r {
				if !st.collect {
					return false
				}
				ok = false
			}
		}
	}
	return ok
}

// evalAnyOf applies anyOf (one=false) or oneOf (one=true). In collect mode a
// failure is reported from the best-matching branch only.
func (st *evaluator) evalAnyOf(n *node, branches []*node, kw string, v *jv, ev int, one bool) bool {
	// Which branches hold, without diagnostics (and their annotations).
	collect := st.collect
	st.collect = false
	c := st.matchBranches(branches, v, ev, one)
	st.collect = collect
	if st.err != nil {
		return false
	}
	switch judgeBranches(c.matched, one) {
	case branchesHold:
		return true
	case branchesSeveral:
		if st.collect {
			st.failOneOfMultiple(n, kw, v, c.first, c.second)
		}
		return false
	}
	if !st.collect {
		return false
	}
	// No branch holds: report the best-matching one. Branches whose type
	// excludes the value are not evaluated again: they lose to any other.
	start := st.recs.len()
	bestStart, bestEnd, bestScore := -1, -1, int(^uint(0)>>1)
	vt := typeMask(0)
	for _, b := range branches {
		if b.boolean == 0 && b.hasType {
			if vt == 0 {
				vt = st.valueType(b, v)
			}
			if excludesType(b, vt) {
				continue
			}
		}
		bs := st.recs.len()
		st.pushKw(b.seg)
		st.eval(b, v, 0)
		st.popKw()
		if st.err != nil {
			return false
		}
		score, mismatch := st.branchScore(bs)
		if mismatch {
			continue
		}
		if betterBranch(score, 0, bestScore, 0) {
			bestStart, bestEnd, bestScore = bs, st.recs.len(), score
		}
	}
	if bestStart < 0 {
		// Every branch wants another type: one line says which.
		st.recs.truncate(start)
		st.failBranchTypes(n, kw, v, branches, typeName(st, v))
		return false
	}
	st.recs.keepRange(start, bestStart, bestEnd)
	return false
}

// matchBranches evaluates anyOf/oneOf branches in fast mode: how many hold
// and the first two that do. With ev, the annotations of the holding
// branch(es) are merged (for oneOf only when exactly one holds).
func (st *evaluator) matchBranches(branches []*node, v *jv, ev int, one bool) branchCount {
	c := noBranch
	size := 0
	if ev != 0 {
		size = sizeOf(v)
	}
	for i, b := range branches {
		mark := len(st.words)
		tmp := 0
		if ev != 0 {
			tmp = st.allocBits(size)
		}
		st.pushKw(b.seg)
		r := st.eval(b, v, tmp)
		st.popKw()
		if r {
			c.hold(i)
			if ev != 0 && branchAnnotates(c.matched, one) {
				st.orBits(ev, tmp, size)
			}
		}
		st.words = st.words[:mark]
		if st.err != nil || r && !one && ev == 0 || one && c.matched > 1 && ev == 0 {
			break
		}
	}
	return c
}

// branchScore rates the diagnostics recorded since bs: lower is a better
// match. mismatch is true when the branch failed only on the type of the
// instance itself.
func (st *evaluator) branchScore(bs int) (score int, mismatch bool) {
	depth := len(st.inst)
	nonType := 0
	for i := bs; i < st.recs.len(); i++ {
		keyLen, code := len(st.recs.keys[i])-depth, st.recs.out[i].Code
		score += recordScore(code, keyLen)
		if !typeMismatch(code, keyLen) {
			nonType++
		}
	}
	return score, onlyTypeMismatch(st.recs.len()-bs, nonType)
}
