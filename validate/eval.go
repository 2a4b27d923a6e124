package validate

import "github.com/jsonheal/jsonheal/internal/decimal"

// eval applies the compiled schema n to the value v. ev is the handle of the
// evaluated-members bitset of v that annotations must be recorded into (0:
// nobody needs them). In fast mode (st.collect false) it stops at the first
// failure; in collect mode it records diagnostics.
func (st *evaluator) eval(n *node, v *jv, ev int) bool {
	if n.leaf {
		return st.evalKeywords(n, v, ev)
	}
	switch n.boolean {
	case 1:
		return true
	case 2:
		if st.collect {
			st.failFalse(n, v)
		}
		return false
	}
	if st.err != nil {
		return false
	}
	st.steps++
	if st.steps > st.budget && st.overBudget(n) {
		return false
	}
	// The schemas applied in turn to v: at most MaxSchemaChain unless a
	// $dynamicRef or $recursiveRef makes a longer chain.
	runV, chain := st.runV, st.chain
	if v == runV {
		st.chain++
	} else {
		st.runV, st.chain = v, 1
	}
	if st.chain > MaxSchemaChain {
		st.err = &DocumentError{Offset: -1, Pointer: st.instanceLocation(), Err: ErrRecursion,
			Msg: "more than " + itoa(MaxSchemaChain) + " schemas applied in turn to one value, at " + n.absLoc}
		st.runV, st.chain = runV, chain
		return false
	}
	pushed := false
	if st.s.usesDyn && (len(st.dyn) == 0 || st.dyn[len(st.dyn)-1] != n.res) {
		st.dyn = append(st.dyn, n.res)
		pushed = true
	}
	var ok bool
	if n.trackEval {
		size := sizeOf(v)
		mark := len(st.words)
		own := st.allocBits(size)
		ok = st.evalKeywords(n, v, own)
		if ok || st.collect {
			ok = st.evalUnevaluated(n, v, own, size) && ok
		}
		if ev != 0 {
			st.orBits(ev, own, size)
		}
		st.words = st.words[:mark]
	} else {
		ok = st.evalKeywords(n, v, ev)
	}
	if pushed {
		st.dyn = st.dyn[:len(st.dyn)-1]
	}
	st.runV, st.chain = runV, chain
	return ok
}

// valueType returns the type mask of v; numbers are tNumber, plus tInteger
// when integral.
func (st *evaluator) valueType(n *node, v *jv) typeMask {
	switch v.Type() {
	case typeNull:
		return tNull
	case typeTrue, typeFalse:
		return tBoolean
	case typeObject:
		return tObject
	case typeArray:
		return tArray
	case typeString:
		return tString
	}
	if _, ok := decimal.SmallInt(st.numText(v)); ok {
		return tNumber | tInteger
	}
	d, _ := st.number(v)
	if d.IsInteger() && (n.draft != Draft4 || !d.HasFractionPart()) {
		return tNumber | tInteger
	}
	return tNumber
}

// typeMasks maps document value types to type masks; numbers map to
// tNumber.
var typeMasks = [8]typeMask{
	typeNull: tNull, typeObject: tObject, typeArray: tArray,
	typeString: tString, typeNumber: tNumber, typeTrue: tBoolean,
	typeFalse: tBoolean,
}

// hasType reports whether v is of one of the types of n. A number is only
// looked at when n accepts integers but not all numbers.
func (st *evaluator) hasType(n *node, v *jv) bool {
	m := typeMasks[v.Type()&7]
	if n.types&m != 0 {
		return true
	}
	return m == tNumber && n.types&tInteger != 0 && st.valueType(n, v)&tInteger != 0
}

func (st *evaluator) evalKeywords(n *node, v *jv, ev int) bool {
	ok := true
	if n.hasType {
		if !st.hasType(n, v) {
			if st.collect {
				st.typeFail(n, v)
			}
			return false
		}
	}
	if n.constV != nil && !n.constV.equal(v, st) {
		if st.collect {
			d := st.failConst(n, v)
			if n.constV.t == typeString {
				d.Hint = enumHint(v, []string{n.constV.str}, nil)
			}
		}
		return false
	}
	if n.enum != nil && !n.enum.contains(v, st) {
		if st.collect {
			d := st.failEnum(n, v)
			d.Hint = enumHint(v, n.enum.strs, n.enum.folded)
		}
		return false
	}
	if n.ref != nil && !st.evalRef(n.ref, v, ev, "/$ref") {
		if !st.collect {
			return false
		}
		ok = false
	}
	if n.dynRef != nil && !st.evalRef(dynTarget(n, st.dyn), v, ev, "/$dynamicRef") {
		if !st.collect {
			return false
		}
		ok = false
	}
	if n.recursiveRef != nil {
		if !st.evalRef(recursiveTarget(n, st.dyn), v, ev, "/$recursiveRef") {
			if !st.collect {
				return false
			}
			ok = false
		}
	}
	switch v.Type() {
	case typeObject:
		if n.hasObjectKw || ev != 0 {
			if !st.evalObject(n, v, ev) {
				if !st.collect {
					return false
				}
				ok = false
			}
		}
	case typeArray:
		if n.hasArrayKw {
			a := v.Array()
			if !st.evalArray(n, v, a, ev) {
				if !st.collect {
					return false
				}
				ok = false
			}
		}
	case typeString:
		if n.hasStringKw && !st.evalString(n, v) {
			if !st.collect {
				return false
			}
			ok = false
		}
	case typeNumber:
		if n.hasNumberKw && !st.evalNumber(n, v) {
			if !st.collect {
				return false
			}
			ok = false
		}
	}
	if n.hasApplicators && !st.evalApplicators(n, v, ev) {
		ok = false
	}
	return ok
}

// evalRef applies t, the target of the reference keyword kw, to v. The
// same target applied to the same value further up the path, in the same
// dynamic scope and mode, can only recur forever: that is ErrRecursion.
// (Compile refuses static cycles; this finds those that $dynamicRef and
// $recursiveRef make.) Only the frames of v, the top of st.refs, are
// looked at.
func (st *evaluator) evalRef(t *node, v *jv, ev int, kw string) bool {
	memo := st.memo != nil && ev == 0 && v.t == &st.tape
	if memo {
		if r, ok := st.memo[memoKey{t, v}]; ok && (r || !st.collect) {
			return r
		}
	}
	for i := len(st.refs) - 1; i >= 0 && st.refs[i].v == v; i-- {
		if f := st.refs[i]; f.n == t && f.dyn == len(st.dyn) && f.collect == st.collect {
			st.err = &DocumentError{Offset: -1, Pointer: st.instanceLocation(), Err: ErrRecursion,
				Msg: kw[1:] + " cycle through " + t.absLoc}
			return false
		}
	}
	st.refs = append(st.refs, refFrame{n: t, v: v, dyn: len(st.dyn), collect: st.collect})
	st.pushKw(kw)
	r := st.eval(t, v, ev)
	st.popKw()
	st.refs = st.refs[:len(st.refs)-1]
	if memo && st.err == nil && (r || !st.collect) {
		st.remember(t, v, r)
	}
	return r
}

// dynTarget is the schema n's $dynamicRef applies in the dynamic scope
// scope (outermost resource first): the outermost resource with its
// anchor, or the static target.
func dynTarget(n *node, scope []*resourceNode) *node {
	if n.dynAnchor != "" {
		for _, r := range scope {
			if a := r.dynAnchors[n.dynAnchor]; a != nil {
				return a
			}
		}
	}
	return n.dynRef
}

// recursiveTarget is the schema n's $recursiveRef applies in the dynamic
// scope scope: the outermost of the innermost run of resources with
// $recursiveAnchor, when the static target has it too.
func recursiveTarget(n *node, scope []*resourceNode) *node {
	t := n.recursiveRef
	if t.res.recursiveAnchor {
		for i := len(scope) - 1; i >= 0; i-- {
			r := scope[i]
			if !r.recursiveAnchor {
				break
			}
			if a := r.root; a != nil {
				t = a
			}
		}
	}
	return t
}
