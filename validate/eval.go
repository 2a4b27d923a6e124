package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// The evaluator's core: the dispatcher (eval, evalKeywords, evalRef), the
// in-place applicators' walk (their combine rules are kw_apply.go's) and
// the passes over one value (run). The container families and
// unevaluated* are kw_array.go and kw_object.go, the scalar ones
// kw_scalar.go; every message is diag_build.go's.

// eval applies the compiled schema n to the value v. ev is the handle of the
// evaluated-members bitset of v that annotations must be recorded into (0:
// nobody needs them). In fast mode (st.collect false) it stops at the first
// failure; in collect mode it records diagnostics.
func (st *evaluator) eval(n *node, v *tape.Value, ev int) bool {
	// A schema that holds only $ref is its target in the fast pass (no
	// paths to keep, no memo, no dynamic scope); Compile refuses a cycle
	// of such schemas, so the loop ends.
	for n.refOnly && ev == 0 && !st.track && st.memo == nil && !st.s.usesDyn {
		n = n.ref
	}
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
	if st.steps > st.budget && st.overBudget(n, st.s.usesDyn) {
		return false
	}
	if st.s.usesDyn {
		return st.evalInScope(n, v, ev)
	}
	return st.evalTracked(n, v, ev)
}

// evalInScope is eval's last part for a schema with $dynamicRef or
// $recursiveRef: n's resource joins the dynamic scope, and the schemas
// applied in turn to v are counted, at most MaxSchemaChain (Compile
// bounds every chain that no dynamic reference makes, see cycle.go).
func (st *evaluator) evalInScope(n *node, v *tape.Value, ev int) bool {
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
	if len(st.dyn) == 0 || st.dyn[len(st.dyn)-1] != n.res {
		st.dyn = append(st.dyn, n.res)
		pushed = true
	}
	ok := st.evalTracked(n, v, ev)
	if pushed {
		st.dyn = st.dyn[:len(st.dyn)-1]
	}
	st.runV, st.chain = runV, chain
	return ok
}

// evalTracked applies n's keywords to v, and its unevaluated* keywords
// with the members or items its keywords evaluated (n.trackEval), which
// join ev's.
func (st *evaluator) evalTracked(n *node, v *tape.Value, ev int) bool {
	if !n.trackEval {
		return st.evalKeywords(n, v, ev)
	}
	size := sizeOf(v)
	mark := len(st.words)
	own := st.allocBits(size)
	ok := st.evalKeywords(n, v, own)
	if ok || st.collect {
		ok = st.evalUnevaluated(n, v, own, size) && ok
	}
	if ev != 0 {
		st.orBits(ev, own, size)
	}
	st.words = st.words[:mark]
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
	if v.Integral() {
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
			if n.constV.t == tape.String && !st.isSink(d) {
				d.Hint = enumHint(v, []string{n.constV.str}, nil)
			}
		}
		return false
	}
	if n.enum != nil && !n.enum.contains(v, st) {
		if st.collect {
			if d := st.failEnum(n, v); !st.isSink(d) {
				d.Hint = enumHint(v, n.enum.strs, n.enum.folded)
			}
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
			if !st.evalArray(n, v, ev) {
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
// Compile refuses static cycles; the frames kept here find those that
// $dynamicRef and $recursiveRef make (only the frames of v, the top of
// st.refs, are looked at), so a schema without them keeps none.
func (st *evaluator) evalRef(t *node, v *tape.Value, ev int, kw string) bool {
	memo := st.memo != nil && ev == 0 && st.tape.Owns(v)
	if memo {
		if r, ok := st.memo[memoKey{t, v}]; ok && (r || !st.collect) {
			return r
		}
	}
	dyn := st.s.usesDyn
	if dyn {
		for i := len(st.refs) - 1; i >= 0 && st.refs[i].v == v; i-- {
			if f := st.refs[i]; f.n == t && f.dyn == len(st.dyn) && f.collect == st.collect {
				st.err = &DocumentError{Offset: -1, Pointer: st.instanceLocation(), Err: ErrRecursion,
					Msg: kw[1:] + " cycle through " + t.absLoc}
				return false
			}
		}
		st.refs = append(st.refs, refFrame{n: t, v: v, dyn: len(st.dyn), collect: st.collect})
	}
	st.pushKw(kw)
	r := st.eval(t, v, ev)
	st.popKw()
	if dyn {
		st.refs = st.refs[:len(st.refs)-1]
	}
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

// Running the evaluator over one value: a fast pass, then a collecting
// pass when it fails.

// collectFirstAfter is how many documents in a row must fail for the next
// one to be evaluated collecting at once, without the fast pass first:
// the documents of a batch tend to fail alike (a schema change breaks
// every record), and after a run of failures the fast pass, which only
// finds that the document fails, is mostly wasted.
const collectFirstAfter = 2

// run validates v: a fast pass first, and a collecting pass when it fails;
// after collectFirstAfter failing documents in a row, the collecting pass
// first (collectFirst).
func (st *evaluator) run(root *node, v *tape.Value) (Diagnostics, error) {
	if st.failStreak >= collectFirstAfter {
		if d, ok := st.collectFirst(root, v); ok {
			return d, nil
		}
	}
	st.reset()
	if st.eval(root, v, 0) && st.err == nil {
		st.failStreak = 0
		return nil, nil
	}
	d, err := st.afterFastPass(root, v)
	if len(d) > 0 {
		st.failStreak = min(st.failStreak+1, collectFirstAfter)
	} else {
		st.failStreak = 0
	}
	return d, err
}

// collectFirst evaluates v collecting diagnostics at once. It answers (ok)
// only when v fails without an error: then the fast pass would have failed
// too (a collecting pass reaches the same verdict, it only goes on past
// failures, and so meets any error the fast pass meets) and the fast pass
// and the collecting pass after it would collect the same diagnostics. A
// valid v, or an error, is left to them, which decide it as always.
func (st *evaluator) collectFirst(root *node, v *tape.Value) (Diagnostics, bool) {
	st.reset()
	st.collect = true
	st.track = true
	if st.eval(root, v, 0) || st.err != nil {
		st.failStreak = 0
		return nil, false
	}
	return st.diagnostics(), true
}

// afterFastPass completes run once the fast pass failed on v: with an
// error, the error found again with paths; otherwise the diagnostics of a
// collecting pass.
func (st *evaluator) afterFastPass(root *node, v *tape.Value) (Diagnostics, error) {
	if st.err != nil {
		// The fast pass does not track paths: run it again with them, to
		// say where the error is (evaluation is deterministic).
		first := st.err
		st.reset()
		st.track = true
		st.eval(root, v, 0)
		if st.err == nil {
			return nil, first
		}
		return nil, st.err
	}
	st.reset()
	st.collect = true
	st.track = true
	st.eval(root, v, 0)
	st.listCut()
	if st.err != nil {
		return nil, st.err
	}
	return st.diagnostics(), nil
}

func (st *evaluator) reset() {
	st.collect = false
	st.track = false
	st.resetList()
	st.resetCap()
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

// readValue reads b, a value to evaluate, into the tape, and gives its
// evaluation a budget of its own.
func (st *evaluator) readValue(b []byte) (*tape.Value, error) {
	st.setBudget(st.s.perByte, len(b))
	return st.tape.Read(b)
}

// The applicators: allOf, anyOf, oneOf, not and if/then/else apply
// subschemas to the value itself. Their combine rules are in kw_apply.go
// and their messages in diag_build.go, shared with the lanes of a
// streamed root.

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
	start, kstart := st.recs.len(), len(st.keyBuf)
	st.held++ // the scores read every diagnostic of a branch
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
			st.held--
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
	st.held--
	if bestStart < 0 {
		// Every branch wants another type: one line says which.
		st.recs.truncate(start)
		st.failBranchTypes(n, kw, v, branches, typeName(&st.numCache, v))
		return false
	}
	st.recs.keepRange(start, bestStart, bestEnd)
	st.compactFrom(start, kstart)
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
