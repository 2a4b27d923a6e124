package validate

// evalObject applies the object keywords of n to the object v.
func (st *evaluator) evalObject(n *node, v *jv, ev int) bool {
	at := closed{v: v}
	ok := st.objectCountVerdicts(n, &at, v.Len())
	if !ok && !st.collect {
		return false
	}
	mark := len(st.words)
	recMark := st.recs.len()
	seen := 0
	if len(n.props) > 0 {
		seen = st.allocBits(len(n.props))
	}
	// Required names not among "properties" are looked up directly; the
	// others are checked after the member pass from the seen bits. In fast
	// mode, check everything first: it is the cheapest way to fail.
	if len(n.required) > 0 && !st.collect && !n.requiredKnown && !st.objectPresenceVerdicts(n, &at, &presence{v: v}) {
		st.words = st.words[:mark]
		return false
	}
	if !st.collect && !st.track && ev == 0 && n.propertyNames == nil && len(n.patternProps) == 0 &&
		(len(n.props) > 0 || n.additional != nil) {
		ok = st.visitMembers(n, v, seen)
	} else if len(n.props) > 0 || len(n.patternProps) > 0 || n.additional != nil || n.propertyNames != nil || ev != 0 {
		i := -1
		v.Visit(func(k []byte, mv *jv) {
			i++
			if !ok && !st.collect {
				return
			}
			st.pushInst(pathSeg{key: k, idx: i, isKey: true})
			mok, evaluated := st.evalMember(n, i, k, mv, seen, true)
			ok = ok && mok
			st.popInst()
			if evaluated && ev != 0 {
				st.setBit(ev, i)
			}
		})
	}
	if !ok && !st.collect {
		st.words = st.words[:mark]
		return false
	}
	if !st.objectPresenceVerdicts(n, &at, &presence{v: v, seen: seen}) {
		if !st.collect {
			st.words = st.words[:mark]
			return false
		}
		ok = false
	}
	if st.collect && !ok {
		st.objectHints(n, v, recMark, seen)
	}
	st.words = st.words[:mark]
	for _, ds := range n.depSchemas {
		if v.Get(ds.name) == nil {
			continue
		}
		st.pushKw(ds.n.seg)
		r := st.eval(ds.n, v, ev)
		st.popKw()
		if !r {
			if !st.collect {
				return false
			}
			ok = false
		}
	}
	return ok
}

// visitMembers is the member pass of evalObject in its most common case: a
// fast pass (no diagnostics, no paths, no annotations) over an object
// schema with properties and/or additionalProperties only.
func (st *evaluator) visitMembers(n *node, o *jv, seen int) bool {
	ok := true
	// Documents tend to list the members in the schema's order (models
	// write them so): the property after the last one found is tried
	// first, then the hash.
	next := 0
	o.Visit(func(k []byte, mv *jv) {
		if !ok {
			return
		}
		j := n.propAt(k, next)
		if j >= 0 {
			next = j + 1
			st.setBit(seen, j)
		}
		if sub, extra := n.soleMemberSchema(j); sub != nil {
			ok = !refusedBy(sub, extra) && st.eval(sub, mv, 0)
		}
	})
	return ok
}

// evalUnevaluated applies unevaluatedProperties / unevaluatedItems, given
// the evaluated bitset own of v's members or items.
func (st *evaluator) evalUnevaluated(n *node, v *jv, own, size int) bool {
	ok := true
	switch v.Type() {
	case typeObject:
		if n.unevalProps == nil {
			return true
		}
		recMark := st.recs.len()
		i := -1
		v.Visit(func(k []byte, mv *jv) {
			i++
			if st.bit(own, i) || (!ok && !st.collect) {
				return
			}
			seg := pathSeg{key: k, idx: i, isKey: true}
			st.pushInst(seg)
			if st.unevalChild(n, n.unevalProps, seg, mv, true) {
				st.setBit(own, i)
			} else {
				ok = false
			}
			st.popInst()
		})
		if st.collect && !ok {
			st.objectHints(n, v, recMark, 0)
		}
	case typeArray:
		if n.unevalItems == nil {
			return true
		}
		a := v.Array()
		for i, e := range a {
			if st.bit(own, i) {
				continue
			}
			seg := pathSeg{idx: i}
			st.pushInst(seg)
			r := st.unevalChild(n, n.unevalItems, seg, e, true)
			st.popInst()
			if r {
				st.setBit(own, i)
				continue
			}
			ok = false
			if !st.collect {
				return false
			}
		}
	}
	return ok
}
