package validate

import (
	"github.com/jsonheal/jsonheal/internal/nearname"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// The object family: the per-member rule (which subschemas of a schema
// apply to a member), the member step, the verdicts at close and the
// hints of a failed object, written once and used by the whole-value evaluation
// (evalObject, visitMembers, at the end of this file) and by the stream
// (memberTally, memberChecks, memberEvaluated, valueSchemas).

// memberSchemas walks the subschemas of a schema n that apply to a member
// named k, in the order a whole-object evaluation applies them: the
// member's property, each patternProperties whose pattern matches k, then
// additionalProperties when neither applied. It is a value (no
// allocation); next matches the patterns lazily, so that a caller that
// stops early does not pay for the rest, and its first steps inline.
type memberSchemas struct {
	n    *node
	k    []byte
	prop int   // index in n.props of k's property (-1: none)
	sub  *node // the property's schema, until next returns it
	at   int   // the next pattern; npat: additionalProperties; beyond: done
	npat int   // len(n.patternProps)
	// evaluated: a subschema applied so far (the member counts as
	// evaluated for unevaluatedProperties).
	evaluated bool
	// extra: the last subschema next returned is additionalProperties.
	extra bool
}

// memberSchemas starts the walk of the subschemas of n that apply to a
// member named k, the prop-th of n.props (-1: none; propAt finds it).
func (n *node) memberSchemas(k []byte, prop int) memberSchemas {
	m := memberSchemas{n: n, k: k, prop: prop, npat: len(n.patternProps)}
	if prop >= 0 {
		m.sub = n.props[prop].n
	}
	return m
}

// propAt returns the index of the member name k in n.props, or -1,
// trying hint first (documents tend to list members in the schema's
// order; -1: no hint).
func (n *node) propAt(k []byte, hint int) int {
	if uint(hint) < uint(len(n.props)) && n.props[hint].name == string(k) {
		return hint
	}
	return n.propIndexOf(k)
}

// next returns the next subschema that applies to the member, or nil.
func (m *memberSchemas) next() *node {
	if s := m.sub; s != nil {
		m.sub, m.evaluated = nil, true
		return s
	}
	return m.after()
}

// done reports whether next has nothing more to return, without a call
// when the property applied and there are no patterns: a hot loop asks it
// first.
func (m *memberSchemas) done() bool {
	return m.sub == nil && m.evaluated && m.at >= m.npat
}

// after is next past the property: the patterns, then
// additionalProperties.
func (m *memberSchemas) after() *node {
	n := m.n
	for m.at < len(n.patternProps) {
		pp := &n.patternProps[m.at]
		m.at++
		if pp.re.Match(m.k) {
			m.evaluated = true
			return pp.n
		}
	}
	if m.at == len(n.patternProps) {
		m.at++
		if !m.evaluated && n.additional != nil {
			m.evaluated, m.extra = true, true
			return n.additional
		}
	}
	return nil
}

// soleMemberSchema is memberSchemas' answer when n has no
// patternProperties (a fast pass's most common case, visitMembers): at
// most one subschema applies to a member, its property's (the prop-th of
// n.props, -1: none) or else additionalProperties (extra; nil: none).
// Both stay in registers, which the walk's state does not.
func (n *node) soleMemberSchema(prop int) (sub *node, extra bool) {
	if prop >= 0 {
		return n.props[prop].n, false
	}
	return n.additional, true
}

// refusedBy reports whether sub, a subschema that applies to a member
// (extra: it is additionalProperties), refuses it: additionalProperties:
// false.
func refusedBy(sub *node, extra bool) bool { return extra && sub.boolean == 2 }

// named reports whether the member's property or a patternProperties
// applies to it (without applying them; the patterns stop at the first
// match).
func (m *memberSchemas) named() bool {
	if m.prop >= 0 {
		return true
	}
	for i := range m.n.patternProps {
		if m.n.patternProps[i].re.Match(m.k) {
			return true
		}
	}
	return false
}

// evaluates reports whether a subschema applies to the member, which
// then counts as evaluated.
func (m *memberSchemas) evaluates() bool { return m.n.additional != nil || m.named() }

// refusesUnnamed reports whether additionalProperties: false refuses a
// member named k that is not among n's properties: no
// patternProperties matches it. The test costs nothing when n has no
// additionalProperties: false, the walk's state is built only then.
func (n *node) refusesUnnamed(k []byte) bool {
	if a := n.additional; a == nil || a.boolean != 2 {
		return false
	}
	m := n.memberSchemas(k, -1)
	return !m.named()
}

// evalMember applies the member keywords of n to member i named k, value
// v (st.inst ends with the member's location): propertyNames, then the
// subschemas memberSchemas lists. A member additionalProperties: false
// refuses fails; with report it is recorded here, on the object,
// otherwise the caller reports it with the object. The property's
// presence bit is set in seen (0: none). It returns whether the member
// holds and whether it counts as evaluated. A fast pass stops at the
// first failure.
func (st *evaluator) evalMember(n *node, i int, k []byte, v *tape.Value, seen int, report bool) (ok, evaluated bool) {
	ok = true
	if n.propertyNames != nil {
		kv := st.ktape.ReadString(k)
		st.pushKw("/propertyNames")
		ok = st.eval(n.propertyNames, kv, 0)
		st.popKw()
	}
	prop := n.propIndexOf(k)
	if prop >= 0 && seen != 0 {
		st.setBit(seen, prop)
	}
	if len(n.patternProps) == 0 { // the common case: no walk to keep
		sub, extra := n.soleMemberSchema(prop)
		if sub == nil || !(ok || st.collect) {
			return ok, false
		}
		return st.memberSubschema(n, sub, extra, i, k, v, report) && ok, true
	}
	m := n.memberSchemas(k, prop)
	for (ok || st.collect) && !m.done() {
		sub := m.next()
		if sub == nil {
			break
		}
		ok = st.memberSubschema(n, sub, m.extra, i, k, v, report) && ok
	}
	return ok, m.evaluated
}

// memberSubschema applies sub, a subschema of n that applies to member i
// named k, value v (extra: it is n's additionalProperties), as
// evalMember says.
func (st *evaluator) memberSubschema(n, sub *node, extra bool, i int, k []byte, v *tape.Value, report bool) bool {
	if refusedBy(sub, extra) {
		if report && st.collect {
			st.popInst()
			st.extraProperty(n, "additionalProperties", CodeAdditionalProperties, k)
			st.pushInst(pathSeg{key: k, idx: i, isKey: true})
		}
		return false
	}
	st.pushKw(sub.seg)
	ok := st.eval(sub, v, 0)
	st.popKw()
	return ok
}

// objectCountVerdicts gives n's minProperties and maxProperties verdicts
// on the object c of count members, which a whole-value evaluation gives
// before it applies anything to the members. A fast pass stops at the
// first failure and records nothing.
func (st *evaluator) objectCountVerdicts(n *node, c *closed, count int) bool {
	if count >= n.minProps && (n.maxProps < 0 || count <= n.maxProps) { // minProps: -1 when absent
		return true // inlined: the common case costs no call
	}
	return st.objectCountFails(n, c, count)
}

// objectCountFails is objectCountVerdicts when one of them fails.
func (st *evaluator) objectCountFails(n *node, c *closed, count int) bool {
	ok := true
	if n.minProps >= 0 && count < n.minProps {
		if !st.collect {
			return false
		}
		ok = false
		st.onClosed(st.failMinProperties(n, nil, count), c)
	}
	if n.maxProps >= 0 && count > n.maxProps {
		if !st.collect {
			return false
		}
		ok = false
		st.onClosed(st.failMaxProperties(n, nil, count), c)
	}
	return ok
}

// presence says which names an object has: one held whole (v) or
// streamed (watch: the names the stream watched for the chain schema
// asked about); seen, when set, is the presence bits of the schema's
// properties.
type presence struct {
	v     *tape.Value
	watch []watchName
	seen  int
}

// watched reports whether watch records a member named name as read.
func watched(watch []watchName, name string) bool {
	for _, w := range watch {
		if w.name == name {
			return w.present
		}
	}
	return false
}

// has reports whether the object has a member named name, the idx-th of
// n's properties (-1: none or unknown).
func (st *evaluator) has(n *node, p *presence, name string, idx int) bool {
	if idx >= 0 && p.seen != 0 {
		return st.bit(p.seen, idx)
	}
	if p.v != nil {
		return p.v.Get(name) != nil
	}
	if j, ok := n.propIndex[name]; ok && p.seen != 0 {
		return st.bit(p.seen, j)
	}
	return watched(p.watch, name)
}

// objectPresenceVerdicts gives n's required and dependentRequired
// verdicts on the object c, whose names p knows. A fast pass stops at
// the first failure and records nothing.
func (st *evaluator) objectPresenceVerdicts(n *node, c *closed, p *presence) bool {
	if len(n.required) == 0 && len(n.depRequired) == 0 {
		return true
	}
	ok := true
	for _, r := range n.required {
		if r.idx >= 0 && p.seen != 0 && st.bit(p.seen, r.idx) {
			continue // present by its bit, without a call
		}
		if !st.has(n, p, r.name, r.idx) {
			if !st.collect {
				return false
			}
			ok = false
			st.onClosed(st.missingProperty(n, "required", CodeRequired, nil, r.name, r.idx), c)
		}
	}
	for _, dr := range n.depRequired {
		if !st.has(n, p, dr.name, -1) {
			continue
		}
		for _, name := range dr.required {
			if st.has(n, p, name, -1) {
				continue
			}
			if !st.collect {
				return false
			}
			ok = false
			st.onClosed(st.failDependentRequired(n, nil, name, dr.name), c)
		}
	}
	return ok
}

// evalObject applies the object keywords of n to the object v.
func (st *evaluator) evalObject(n *node, v *tape.Value, ev int) bool {
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
		v.Visit(func(k []byte, mv *tape.Value) {
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
		present, held := v.Get(ds.name) != nil, false
		if present {
			st.pushKw(ds.n.seg)
			held = st.eval(ds.n, v, ev)
			st.popKw()
		}
		if !dependentHolds(present, held) {
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
func (st *evaluator) visitMembers(n *node, o *tape.Value, seen int) bool {
	// Documents tend to list the members in the schema's order (models
	// write them so): the property after the last one found is tried
	// first, then the hash.
	next := 0
	k := o.First()
	for range o.Len() {
		mv := k.Skip()
		j := n.propAt(k.StringBytes(), next)
		if j >= 0 {
			next = j + 1
			st.setBit(seen, j)
		}
		if sub, extra := n.soleMemberSchema(j); sub != nil && (refusedBy(sub, extra) || !st.eval(sub, mv, 0)) {
			return false
		}
		k = mv.Skip()
	}
	return true
}

// dependentHolds is dependentSchemas' rule, written once for evalObject
// and the lanes of a streamed root object (laneGroup.holds): an entry
// applies when the object has a member of its name (present), and then
// holds when its schema held. Only an entry that applies is evaluated,
// and only it annotates for unevaluated* (counting).
func dependentHolds(present, held bool) bool { return !present || held }

// propIndexOf returns the index of the member name k in n.props, or -1.
func (n *node) propIndexOf(k []byte) int {
	if len(n.props) == 0 {
		return -1
	}
	if n.propTable != nil {
		return n.propTable.lookup(b2s(k), n.props)
	}
	if j, ok := n.propIndex[b2s(k)]; ok {
		return j
	}
	return -1
}

// objectHints pairs the extra and the missing properties recorded for the
// current object since mark: a missing "id" next to an extra "userId" gets
// `found "userId"`, the extra gets `did you mean "id"?`; an extra with no
// missing match may still be a near miss of an allowed name that is absent.
// seen (when non-zero) marks the properties present among n.props.
func (st *evaluator) objectHints(n *node, o *tape.Value, mark, seen int) {
	depth := len(st.inst)
	var extras, missing []int
	for i := mark; i < st.recs.len(); i++ {
		if len(st.recs.keys[i]) != depth {
			continue
		}
		switch st.recs.out[i].Code {
		case CodeAdditionalProperties, CodeUnevaluatedProps:
			extras = append(extras, i)
		case CodeRequired, CodeDependentRequired:
			missing = append(missing, i)
		}
	}
	if len(extras) == 0 {
		return
	}
	names := func(idx []int) []string {
		out := make([]string, len(idx))
		for j, i := range idx {
			out[j] = st.recs.out[i].Property
		}
		return out
	}
	extraNames, missingNames := names(extras), names(missing)
	for j, i := range missing {
		if m := nearname.Nearest(missingNames[j], extraNames); m != "" {
			st.recs.out[i].Hint = "found " + quote(m) + ": rename it to " + quote(missingNames[j]) + "?"
		}
	}
	for j, i := range extras {
		name := extraNames[j]
		if m := nearname.Nearest(name, missingNames); m != "" {
			st.recs.out[i].Hint = "did you mean " + quote(m) + "?"
			continue
		}
		m := nearname.NearestFolded(name, n.allowedNames, n.foldedNames)
		if m == "" {
			continue
		}
		present := false
		if k, ok := n.propIndex[m]; ok && seen != 0 {
			present = st.bit(seen, k)
		} else {
			present = o.Get(m) != nil
		}
		if !present {
			st.recs.out[i].Hint = "did you mean " + quote(m) + "?"
		}
	}
}
