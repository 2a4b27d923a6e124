package validate

import (
	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// eval applies the compiled schema n to the value v. ev is the handle of the
// evaluated-members bitset of v that annotations must be recorded into (0:
// nobody needs them). In fast mode (st.collect false) it stops at the first
// failure; in collect mode it records diagnostics.
func (st *evaluator) eval(n *node, v *tape.Value, ev int) bool {
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
func (st *evaluator) valueType(n *node, v *tape.Value) typeMask {
	switch v.Type() {
	case tape.Null:
		return tNull
	case tape.True, tape.False:
		return tBoolean
	case tape.Object:
		return tObject
	case tape.Array:
		return tArray
	case tape.String:
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
	tape.Null: tNull, tape.Object: tObject, tape.Array: tArray,
	tape.String: tString, tape.Number: tNumber, tape.True: tBoolean,
	tape.False: tBoolean,
}

// hasType reports whether v is of one of the types of n. A number is only
// looked at when n accepts integers but not all numbers.
func (st *evaluator) hasType(n *node, v *tape.Value) bool {
	m := typeMasks[v.Type()&7]
	if n.types&m != 0 {
		return true
	}
	return m == tNumber && n.types&tInteger != 0 && st.valueType(n, v)&tInteger != 0
}

func (st *evaluator) evalKeywords(n *node, v *tape.Value, ev int) bool {
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
			if n.constV.t == tape.String {
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
	case tape.Object:
		if n.hasObjectKw || ev != 0 {
			if !st.evalObject(n, v, ev) {
				if !st.collect {
					return false
				}
				ok = false
			}
		}
	case tape.Array:
		if n.hasArrayKw {
			a := v.Array()
			if !st.evalArray(n, v, a, ev) {
				if !st.collect {
					return false
				}
				ok = false
			}
		}
	case tape.String:
		if n.hasStringKw && !st.evalString(n, v) {
			if !st.collect {
				return false
			}
			ok = false
		}
	case tape.Number:
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
func (st *evaluator) evalRef(t *node, v *tape.Value, ev int, kw string) bool {
	memo := st.memo != nil && ev == 0 && st.tape.Owns(v)
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

// The unevaluated family: a child (an item, or a member) that nothing
// else under n evaluated meets sub, n's unevaluatedItems or
// unevaluatedProperties. false refuses it; any other schema is applied to
// it, and the child counts as evaluated when it holds. The per-child step
// (unevalChild) and the messages are written once for the whole-value
// evaluation (evalUnevaluated) and the stream (itemUneval, memberUneval,
// deferredValue, unevalVerdicts). Which children are unevaluated is each
// driver's: the tape knows it from the evaluated bits of the whole value,
// the stream from the chain (covers) and, under lanes, only at the end.

// evalUnevaluated applies unevaluatedProperties / unevaluatedItems, given
// the evaluated bitset own of v's members or items.
func (st *evaluator) evalUnevaluated(n *node, v *tape.Value, own, size int) bool {
	ok := true
	switch v.Type() {
	case tape.Object:
		if n.unevalProps == nil {
			return true
		}
		recMark := st.recs.len()
		i := -1
		v.Visit(func(k []byte, mv *tape.Value) {
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
	case tape.Array:
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

// The applicators: allOf, anyOf, oneOf, not and if/then/else apply
// subschemas to the value itself. Their combine rules and messages are in
// kw_apply.go, shared with the lanes of a streamed root.

// evalApplicators applies allOf, anyOf, oneOf, not and if/then/else.
func (st *evaluator) evalApplicators(n *node, v *tape.Value, ev int) bool {
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
func (st *evaluator) evalAnyOf(n *node, branches []*node, kw string, v *tape.Value, ev int, one bool) bool {
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
func (st *evaluator) matchBranches(branches []*node, v *tape.Value, ev int, one bool) branchCount {
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

// unevalChild applies sub, n's unevaluatedItems or unevaluatedProperties,
// to the child v at seg (st.inst ends with it) that nothing else under n
// evaluated, and reports whether it holds. A child sub refuses is
// recorded here when report is set and the pass collects: an item at its
// own location, a member with its object (the stream tallies members and
// reports them at close instead).
func (st *evaluator) unevalChild(n, sub *node, seg pathSeg, v *tape.Value, report bool) bool {
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
func (st *evaluator) failUnevaluatedItem(n *node, v *tape.Value, i int) *Diagnostic {
	return st.fail(n, "unevaluatedItems", CodeUnevaluatedItems, v, "item "+itoa(i)+" is not allowed here", "no more items")
}

// failUnevaluatedMember records unevaluatedProperties: false refusing
// the member named k, on its object.
func (st *evaluator) failUnevaluatedMember(n *node, k []byte) {
	st.extraProperty(n, "unevaluatedProperties", CodeUnevaluatedProps, k)
}
