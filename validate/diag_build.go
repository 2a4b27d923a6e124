package validate

import (
	"strings"

	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/nearname"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// fail records a diagnostic for keyword kw of n on v and returns it for the
// caller to complete. Only called in collect mode.
func (st *evaluator) fail(n *node, kw string, code Code, v *tape.Value, msg, expected string) *Diagnostic {
	st.recordsOver(n)
	start := len(st.keyBuf)
	for _, s := range st.inst {
		st.keyBuf = append(st.keyBuf, s.idx)
	}
	key := st.keyBuf[start:len(st.keyBuf):len(st.keyBuf)]
	t := st.tmp[:0]
	for _, s := range st.kw {
		t = append(t, s...)
	}
	if kw != "" {
		t = append(t, '/')
		t = append(t, kw...)
	}
	kl := st.intern(t)
	t = append(t[:0], n.absLoc...)
	if kw != "" {
		t = append(t, '/')
		t = append(t, kw...)
	}
	al := st.intern(t)
	il := st.intern(st.appendInstanceLocation(t[:0]))
	st.tmp = t
	if st.recs.out == nil {
		// Sized like the last invalid document's list: batches tend to
		// fail alike.
		st.recs.out = make(Diagnostics, 0, min(max(8, st.lastCount), 256))
	}
	st.recs.keys = append(st.recs.keys, key)
	// Append a zero record and fill it in place: no bulk copy of a
	// pointerful struct.
	st.recs.out = append(st.recs.out, Diagnostic{})
	d := &st.recs.out[len(st.recs.out)-1]
	d.InstanceLocation = il
	d.Keyword = kw
	d.KeywordLocation = kl
	d.AbsoluteKeywordLocation = al
	d.Code = code
	d.Message = msg
	d.Expected = expected
	if v != nil {
		d.Received = st.receivedText(v)
		d.ReceivedType = typeName(st, v)
	}
	return d
}

// setReceived sets the Received text of d, a diagnostic on a streamed
// container, to recv, the container's text so far (cut at maxReceived),
// and its ReceivedType to typ.
func (st *evaluator) setReceived(d *Diagnostic, recv []byte, typ string) {
	if len(recv) > maxReceived {
		d.Received = truncate(string(recv), maxReceived)
	} else {
		d.Received = st.intern(recv)
	}
	d.ReceivedType = typ
}

// closed is the container whose whole-value verdicts are given: held
// whole (v) or streamed (recv: its text so far, typ its type). It gives
// their diagnostics its Received text, rendered once for all of them.
type closed struct {
	v    *tape.Value
	recv []byte
	typ  string
	text received // v's Received text, once rendered
}

// onClosed sets the Received text of d, a verdict on c, and returns d.
func (st *evaluator) onClosed(d *Diagnostic, c *closed) *Diagnostic {
	if c.v == nil {
		st.setReceived(d, c.recv, c.typ)
		return d
	}
	if c.text == (received{}) {
		c.text = received{st.receivedText(c.v), typeName(st, c.v)}
	}
	d.Received, d.ReceivedType = c.text.text, c.text.typ
	return d
}

// typeName names v's type, "integer" for integral numbers.
func typeName(st *evaluator, v *tape.Value) string {
	switch v.Type() {
	case tape.Null:
		return "null"
	case tape.True, tape.False:
		return "boolean"
	case tape.Object:
		return "object"
	case tape.Array:
		return "array"
	case tape.String:
		return "string"
	}
	d, _ := st.number(v)
	if d.IsInteger() {
		return "integer"
	}
	return "number"
}

func (st *evaluator) typeFail(n *node, v *tape.Value) {
	got := typeName(st, v)
	d := st.failType(n, v, got)
	if got == "string" {
		b := v.StringBytes()
		s := strings.TrimSpace(string(b))
		var m typeMask
		switch s {
		case "true", "false":
			m = tBoolean
		case "null":
			m = tNull
		default:
			if dd, ok := decimal.Parse(s); ok {
				m = tNumber
				if dd.IsInteger() {
					m |= tInteger
				}
			}
		}
		if n.types&m != 0 {
			d.Hint = "remove the quotes: " + truncate(s, 40)
		}
	}
}

// extraProperty records a property that is not allowed. Its hint is set
// by objectHints once the whole object has been seen.
func (st *evaluator) extraProperty(n *node, kw string, code Code, k []byte) {
	name := st.intern(k)
	quoted := st.quote(name)
	st.tmp = appendNotAllowed(st.tmp[:0], quoted)
	msg := st.intern(st.tmp)
	refusedProperty(st.fail(n, kw, code, nil, msg, ""), n, name, quoted, msg)
}

// appendNotAllowed appends the message of a member refused by
// additionalProperties or unevaluatedProperties, whose quoted name is
// quoted.
func appendNotAllowed(b []byte, quoted string) []byte {
	return append(append(append(b, "property "...), quoted...), " is not allowed"...)
}

// refusedProperty fills in d for a member named name (quoted: its JSON
// string) that schema n refuses, msg being appendNotAllowed's text.
func refusedProperty(d *Diagnostic, n *node, name, quoted, msg string) {
	d.Message = msg
	d.Expected = n.allowedText
	d.Property = name
	d.Allowed = n.allowedList
	d.Received = truncate(quoted, maxReceived)
	d.ReceivedType = "property"
}

// failFalse records the false schema n refusing v.
func (st *evaluator) failFalse(n *node, v *tape.Value) *Diagnostic {
	return st.fail(n, "", CodeFalseSchema, v, "no value is allowed here", "nothing")
}

// failType records v, of type got, not being of n's types.
func (st *evaluator) failType(n *node, v *tape.Value, got string) *Diagnostic {
	d := st.fail(n, "type", CodeType, v, st.str("must be ", n.typeOr, ", got ", got), n.typeList)
	d.Allowed = n.typeNames
	return d
}

// failConst records v not being n's const.
func (st *evaluator) failConst(n *node, v *tape.Value) *Diagnostic {
	d := st.fail(n, "const", CodeConst, v, "must be "+truncate(n.constV.json, 80), n.constV.json)
	d.Allowed = []string{n.constV.json}
	return d
}

// failEnum records v not being among n's enum.
func (st *evaluator) failEnum(n *node, v *tape.Value) *Diagnostic {
	d := st.fail(n, "enum", CodeEnum, v, n.enum.message, n.enum.expected())
	d.Allowed = n.enum.texts
	return d
}

// missingProperty records an absent property (hint: see objectHints).
func (st *evaluator) missingProperty(n *node, kw string, code Code, v *tape.Value, name string, idx int) *Diagnostic {
	d := st.fail(n, kw, code, v, st.str("missing required property ", st.quote(name)), name)
	d.Property = name
	if idx >= 0 {
		if def := n.props[idx].n.defaultJSON; def != nil {
			d.Default = def
		}
	}
	return d
}

// received is a value's Received and ReceivedType texts.
type received struct{ text, typ string }

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
