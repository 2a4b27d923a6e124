package validate

import (
	"bytes"
)

// A root object streams in a Stream when its schema (and the schemas its
// $ref and allOf apply in place) needs of the whole object only what can be kept member by
// member: properties, patternProperties, additionalProperties and
// propertyNames apply to each member as it completes; required and
// dependentRequired need presence bits, minProperties/maxProperties a
// count, additionalProperties: false the extra names (reported, with
// their hints, once the object is closed). dependentSchemas, applicators,
// unevaluatedProperties, const, enum and anyOf, oneOf, not, if keep the
// object whole.

// objectStream is the state of a root object read member by member.
type objectStream struct {
	count  int
	seen   []int       // per chain schema: handle of its properties' presence bits (0: none)
	extras []extraName // additionalProperties: false, in member order
	watch  []watchName // other names whose presence matters
	key    []byte      // the current member's name, decoded
}

// extraName is a member that additionalProperties: false refuses.
type extraName struct {
	k    int // the chain schema
	name string
}

// watchName is a name required (or dependentRequired) by a chain schema
// that is not among its properties, or a dependentRequired trigger.
type watchName struct {
	name    string
	present bool
}

func (o *objectStream) reset() {
	o.count = 0
	o.seen = o.seen[:0]
	clear(o.extras)
	o.extras = o.extras[:0]
	o.watch = o.watch[:0]
}

// planObject lists the schemas that apply to the root object and reports
// whether it can stream under them.
func (st *state) planObject() bool {
	a, o := &st.arr, &st.obj
	if !a.buildChain(st.s, st.s.root, true) {
		return false
	}
	for _, n := range a.chain {
		h := 0
		if len(n.props) > 0 {
			h = st.allocBits(len(n.props))
		}
		o.seen = append(o.seen, h)
		for _, r := range n.required {
			if r.idx < 0 {
				o.watch = append(o.watch, watchName{name: r.name})
			}
		}
		for _, dr := range n.depRequired {
			o.watch = append(o.watch, watchName{name: dr.name})
			for _, name := range dr.required {
				o.watch = append(o.watch, watchName{name: name})
			}
		}
	}
	return true
}

// present reports whether a member named name was read.
func (o *objectStream) present(name string) bool {
	for _, w := range o.watch {
		if w.name == name {
			return w.present
		}
	}
	return false
}

// memberKey decodes a member's name from its text (quoted, with blanks
// around) into st.obj.key; false (and st.err) when it does not parse.
func (st *state) memberKey(keyText []byte) bool {
	o := &st.obj
	keyText = bytes.TrimSpace(keyText)
	raw := keyText[1 : len(keyText)-1]
	o.key = appendUnescaped(o.key[:0], raw)
	return true
}

// objectMember evaluates one complete member of the root object: its
// name's text (quoted, with blanks around) and its value's text.
func (st *state) objectMember(keyText, valText []byte) {
	a, o := &st.arr, &st.obj
	i := o.count
	o.count++
	if !st.memberKey(keyText) {
		return
	}
	k := o.key
	st.numV = nil
	v, err := st.tape.read(valText)
	if err != nil {
		st.err = &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
		return
	}
	if len(a.recv) <= maxReceived+1 {
		if i > 0 {
			a.recv = append(a.recv, ',')
		}
		a.recv = appendJSONString(a.recv, b2s(k))
		a.recv = append(a.recv, ':')
		a.recv = appendLimited(a.recv, v, maxReceived+1)
	}
	st.memberTally(k)
	ok := st.memberChecks(i, k, v)
	if st.err != nil {
		first := st.err
		st.err = nil
		st.track = true
		st.memberChecks(i, k, v)
		st.track = false
		if st.err == nil {
			st.err = first
		}
		return
	}
	if ok {
		return
	}
	st.collect, st.track = true, true
	st.memberChecks(i, k, v)
	st.collect, st.track = false, false
	st.inst = st.inst[:0]
}

// memberTally records what the object's own verdicts need of a member
// named k: presence, and whether additionalProperties: false refuses it.
func (st *state) memberTally(k []byte) {
	a, o := &st.arr, &st.obj
	for w := range o.watch {
		if o.watch[w].name == string(k) {
			o.watch[w].present = true
		}
	}
	for c, n := range a.chain {
		evaluated := false
		if len(n.props) > 0 {
			if j := n.propIndexOf(k); j >= 0 {
				st.setBit(o.seen[c], j)
				evaluated = true
			}
		}
		for _, pp := range n.patternProps {
			evaluated = evaluated || pp.re.Match(k)
		}
		if !evaluated && n.additional != nil && n.additional.boolean == 2 {
			o.extras = append(o.extras, extraName{c, string(k)})
		}
	}
}

// memberChecks applies the member keywords of the chain to member i,
// innermost $ref target first.
func (st *state) memberChecks(i int, k []byte, v *jv) bool {
	a := &st.arr
	ok := true
	for _, c := range a.order {
		n := a.chain[c]
		st.enterChain(a, nil, c)
		st.depth = c + 1
		st.inst = append(st.inst[:0], pathSeg{key: k, idx: i, isKey: true})
		evaluated := false
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
				evaluated = true
				p := n.props[j].n
				st.pushKw(p.seg)
				if !st.eval(p, v, 0) {
					ok = false
				}
				st.popKw()
			}
		}
		for _, pp := range n.patternProps {
			if (ok || st.collect) && pp.re.Match(k) {
				evaluated = true
				st.pushKw(pp.n.seg)
				if !st.eval(pp.n, v, 0) {
					ok = false
				}
				st.popKw()
			}
		}
		if !evaluated && n.additional != nil && (ok || st.collect) {
			if n.additional.boolean == 2 {
				ok = false // reported with the object (memberTally)
			} else {
				st.pushKw(n.additional.seg)
				if !st.eval(n.additional, v, 0) {
					ok = false
				}
				st.popKw()
			}
		}
		if !ok && !st.collect {
			return false
		}
	}
	return ok
}

// objectEnd gives the object's own verdicts once every member is read,
// and the diagnostics in document order.
func (st *state) objectEnd() (Diagnostics, error) {
	a, o := &st.arr, &st.obj
	fails := st.nrec() > 0 || len(o.extras) > 0
	for _, c := range a.order {
		if fails {
			break
		}
		fails = st.objectVerdicts(a.chain[c], c, nil)
	}
	if !fails {
		return nil, nil
	}
	st.collect, st.track = true, true
	st.inst = st.inst[:0]
	recv := append(a.recv, '}')
	for _, c := range a.order {
		st.enterChain(a, nil, c)
		mark := st.nrec()
		st.objectVerdicts(a.chain[c], c, recv)
		st.objectHints(a.chain[c], nil, mark, o.seen[c])
	}
	return st.diagnostics(), nil
}

// objectVerdicts records (collect mode, recv set) or only reports
// (recv nil) the failed whole-object keywords of the c-th chain schema n,
// with the messages evalObject gives them and in its order.
func (st *state) objectVerdicts(n *node, c int, recv []byte) bool {
	o := &st.obj
	failed := false
	rec := func(d *Diagnostic) *Diagnostic {
		if len(recv) > maxReceived {
			d.Received = truncate(string(recv), maxReceived)
		} else {
			d.Received = st.intern(recv)
		}
		d.ReceivedType = "object"
		return d
	}
	if n.minProps >= 0 && o.count < n.minProps {
		if failed = true; recv != nil {
			rec(st.fail(n, "minProperties", CodeMinProperties, nil, "must have at least "+itoa(n.minProps)+" properties, has "+itoa(o.count), itoa(n.minProps)))
		}
	}
	if n.maxProps >= 0 && o.count > n.maxProps {
		if failed = true; recv != nil {
			rec(st.fail(n, "maxProperties", CodeMaxProperties, nil, "must have at most "+itoa(n.maxProps)+" properties, has "+itoa(o.count), itoa(n.maxProps)))
		}
	}
	for _, x := range o.extras {
		if x.k == c && recv != nil {
			st.extraProperty(n, "additionalProperties", CodeAdditionalProperties, []byte(x.name))
		}
	}
	has := func(name string, idx int) bool {
		if idx >= 0 && o.seen[c] != 0 {
			return st.bit(o.seen[c], idx)
		}
		if j, ok := n.propIndex[name]; ok && o.seen[c] != 0 {
			return st.bit(o.seen[c], j)
		}
		return o.present(name)
	}
	for _, r := range n.required {
		if !has(r.name, r.idx) {
			if failed = true; recv != nil {
				rec(st.missingProperty(n, "required", CodeRequired, nil, r.name, r.idx))
			}
		}
	}
	for _, dr := range n.depRequired {
		if !has(dr.name, -1) {
			continue
		}
		for _, name := range dr.required {
			if has(name, -1) {
				continue
			}
			if failed = true; recv == nil {
				continue
			}
			kw := "dependentRequired"
			if n.draft <= Draft7 {
				kw = "dependencies"
			}
			d := rec(st.missingProperty(n, kw, CodeDependentRequired, nil, name, -1))
			d.Message = "property " + quote(name) + " is required when " + quote(dr.name) + " is present"
			d.KeywordLocation += "/" + escapePointerToken(dr.name)
			d.AbsoluteKeywordLocation += "/" + escapePointerToken(dr.name)
		}
	}
	return failed
}

// nestedArray decides, at the '[' that opens the value of a member whose
// name is keyText, whether that array streams too: when exactly one
// schema applies to the member (through properties, patternProperties or
// additionalProperties, over the chain), no schema of the chain has
// propertyNames (whose diagnostics would come out of order), and that
// schema lets an array stream. It then counts the member as read and
// readies st.nest.
func (st *state) nestedArray(keyText []byte) bool {
	a, o := &st.arr, &st.obj
	if !st.memberKey(keyText) {
		return false
	}
	k := o.key
	var sub *node
	pairs, at := 0, 0
	for c, n := range a.chain {
		if n.propertyNames != nil {
			return false
		}
		evaluated := false
		if len(n.props) > 0 {
			if j := n.propIndexOf(k); j >= 0 {
				sub, at, evaluated = n.props[j].n, c, true
				pairs++
			}
		}
		for _, pp := range n.patternProps {
			if pp.re.Match(k) {
				sub, at, evaluated = pp.n, c, true
				pairs++
			}
		}
		if !evaluated && n.additional != nil {
			sub, at = n.additional, c
			pairs++
		}
	}
	nest := &st.nest
	nest.reset()
	if pairs != 1 || sub.boolean != 0 || !nest.plan(st.s, sub) {
		return false
	}
	nest.instPrefix = append(nest.instPrefix[:0], pathSeg{key: k, idx: o.count, isKey: true})
	nest.kwPrefix = append(a.appendPath(nest.kwPrefix[:0], at), sub.seg)
	nest.outer = nil
	if len(a.recv) <= maxReceived+1 {
		if o.count > 0 {
			a.recv = append(a.recv, ',')
		}
		a.recv = appendJSONString(a.recv, b2s(k))
		a.recv = append(a.recv, ':', '[')
		nest.outer = &a.recv
	}
	o.count++
	st.memberTally(k)
	return true
}

// nestedEnd gives the verdicts of a member's streamed array.
func (st *state) nestedEnd() {
	if st.nest.outer != nil {
		*st.nest.outer = append(*st.nest.outer, ']')
	}
	st.arrayVerdictsAll(&st.nest, false)
}
