package validate

import ()

// evalObject applies the object keywords of n to the object v.
func (st *evaluator) evalObject(n *node, v *jv, ev int) bool {
	ok := true
	cnt := v.Len()
	if n.minProps >= 0 && cnt < n.minProps {
		if !st.collect {
			return false
		}
		ok = false
		st.fail(n, "minProperties", CodeMinProperties, v, "must have at least "+itoa(n.minProps)+" properties, has "+itoa(cnt), itoa(n.minProps))
	}
	if n.maxProps >= 0 && cnt > n.maxProps {
		if !st.collect {
			return false
		}
		ok = false
		st.fail(n, "maxProperties", CodeMaxProperties, v, "must have at most "+itoa(n.maxProps)+" properties, has "+itoa(cnt), itoa(n.maxProps))
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
	if len(n.required) > 0 && !st.collect && !n.requiredKnown {
		for _, r := range n.required {
			if v.Get(r.name) == nil {
				st.words = st.words[:mark]
				return false
			}
		}
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
			evaluated := false
			st.pushInst(pathSeg{key: k, idx: i, isKey: true})
			if n.propertyNames != nil {
				kv := st.ktape.readString(k)
				st.pushKw("/propertyNames")
				if !st.eval(n.propertyNames, kv, 0) {
					ok = false
				}
				st.popKw()
			}
			if len(n.props) > 0 {
				if j := n.propIndexOf(k); j >= 0 {
					st.setBit(seen, j)
					evaluated = true
					p := n.props[j].n
					st.pushKw(p.seg)
					if !st.eval(p, mv, 0) {
						ok = false
					}
					st.popKw()
				}
			}
			for _, pp := range n.patternProps {
				if (ok || st.collect) && pp.re.Match(k) {
					evaluated = true
					st.pushKw(pp.n.seg)
					if !st.eval(pp.n, mv, 0) {
						ok = false
					}
					st.popKw()
				}
			}
			if !evaluated && n.additional != nil && (ok || st.collect) {
				evaluated = true
				if n.additional.boolean == 2 {
					ok = false
					if st.collect {
						st.popInst()
						st.extraProperty(n, "additionalProperties", CodeAdditionalProperties, k)
						st.pushInst(pathSeg{key: k, idx: i, isKey: true})
					}
				} else {
					st.pushKw(n.additional.seg)
					if !st.eval(n.additional, mv, 0) {
						ok = false
					}
					st.popKw()
				}
			}
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
	var recv received // v's Received text, rendered once for all it lacks
	for _, r := range n.required {
		present := false
		if r.idx >= 0 && seen != 0 {
			present = st.bit(seen, r.idx)
		} else {
			present = v.Get(r.name) != nil
		}
		if !present {
			if !st.collect {
				st.words = st.words[:mark]
				return false
			}
			ok = false
			recv = st.missingRequired(n, v, recv, r.name, r.idx)
		}
	}
	for _, dr := range n.depRequired {
		if v.Get(dr.name) == nil {
			continue
		}
		for _, name := range dr.required {
			if v.Get(name) == nil {
				if !st.collect {
					st.words = st.words[:mark]
					return false
				}
				ok = false
				kw := "dependentRequired"
				if n.draft <= Draft7 {
					kw = "dependencies"
				}
				d := st.missingProperty(n, kw, CodeDependentRequired, v, name, -1)
				d.Message = "property " + quote(name) + " is required when " + quote(dr.name) + " is present"
				d.KeywordLocation += "/" + escapePointerToken(dr.name)
				d.AbsoluteKeywordLocation += "/" + escapePointerToken(dr.name)
			}
		}
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
	add, props := n.additional, n.props
	// Documents tend to list the members in the schema's order (models
	// write them so): the property after the last one found is tried
	// first, then the hash.
	next := 0
	o.Visit(func(k []byte, mv *jv) {
		if !ok {
			return
		}
		j := -1
		if next < len(props) && props[next].name == string(k) {
			j = next
		} else {
			j = n.propIndexOf(k)
		}
		if j >= 0 {
			next = j + 1
			st.setBit(seen, j)
			ok = st.eval(props[j].n, mv, 0)
		} else if add != nil {
			ok = add.boolean != 2 && st.eval(add, mv, 0)
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
			if n.unevalProps.boolean == 2 {
				ok = false
				if st.collect {
					st.extraProperty(n, "unevaluatedProperties", CodeUnevaluatedProps, k)
				}
				return
			}
			st.pushInst(pathSeg{key: k, idx: i, isKey: true})
			st.pushKw(n.unevalProps.seg)
			if st.eval(n.unevalProps, mv, 0) {
				st.setBit(own, i)
			} else {
				ok = false
			}
			st.popKw()
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
			if n.unevalItems.boolean == 2 {
				ok = false
				if !st.collect {
					return false
				}
				st.pushInst(pathSeg{idx: i})
				st.fail(n, "unevaluatedItems", CodeUnevaluatedItems, e, "item "+itoa(i)+" is not allowed here", "no more items")
				st.popInst()
				continue
			}
			st.pushInst(pathSeg{idx: i})
			st.pushKw(n.unevalItems.seg)
			r := st.eval(n.unevalItems, e, 0)
			st.popKw()
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
