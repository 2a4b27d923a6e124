package validate

import (
	"strings"

	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/jsonpointer"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// fail records a diagnostic for keyword kw of n on v and returns it for the
// caller to complete. Only called in collect mode.
func (st *recorder) fail(n *node, kw string, code Code, v *tape.Value, msg, expected string) *Diagnostic {
	st.recordsOver(n)
	if st.sunk() {
		return st.skip()
	}
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
		d.ReceivedType = typeName(&st.numCache, v)
	}
	return d
}

// setReceived sets the Received text of d, a diagnostic on a streamed
// container, to recv, the container's text so far (cut at maxReceived),
// and its ReceivedType to typ.
func (st *recorder) setReceived(d *Diagnostic, recv []byte, typ string) {
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
func (st *recorder) onClosed(d *Diagnostic, c *closed) *Diagnostic {
	if c.v == nil {
		st.setReceived(d, c.recv, c.typ)
		return d
	}
	if c.text == (received{}) {
		c.text = received{st.receivedText(c.v), typeName(&st.numCache, c.v)}
	}
	d.Received, d.ReceivedType = c.text.text, c.text.typ
	return d
}

// typeName names v's type, "integer" for integral numbers.
func typeName(st *numCache, v *tape.Value) string {
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

func (st *recorder) typeFail(n *node, v *tape.Value) {
	got := typeName(&st.numCache, v)
	d := st.failType(n, v, got)
	if got == "string" && !st.isSink(d) {
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
func (st *recorder) extraProperty(n *node, kw string, code Code, k []byte) {
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
func (st *recorder) failFalse(n *node, v *tape.Value) *Diagnostic {
	return st.fail(n, "", CodeFalseSchema, v, "no value is allowed here", "nothing")
}

// failType records v, of type got, not being of n's types.
func (st *recorder) failType(n *node, v *tape.Value, got string) *Diagnostic {
	d := st.fail(n, "type", CodeType, v, st.str("must be ", n.typeOr, ", got ", got), n.typeList)
	d.Allowed = n.typeNames
	return d
}

// failConst records v not being n's const.
func (st *recorder) failConst(n *node, v *tape.Value) *Diagnostic {
	if st.sunk() {
		return st.skip()
	}
	d := st.fail(n, "const", CodeConst, v, "must be "+truncate(n.constV.json, 80), n.constV.json)
	d.Allowed = []string{n.constV.json}
	return d
}

// failEnum records v not being among n's enum.
func (st *recorder) failEnum(n *node, v *tape.Value) *Diagnostic {
	d := st.fail(n, "enum", CodeEnum, v, n.enum.message, n.enum.expected())
	d.Allowed = n.enum.texts
	return d
}

// missingProperty records an absent property (hint: see objectHints).
func (st *recorder) missingProperty(n *node, kw string, code Code, v *tape.Value, name string, idx int) *Diagnostic {
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

// The messages of every keyword family, one constructor each, written
// once for the whole-value evaluation and the stream's chains, lanes and
// deferred unevaluated*. v is the value the keyword judged (nil on a
// streamed container: the caller sets its Received text, onClosed).
// Above: the general ones (type, const, enum, false, a missing or an
// extra property); below, by family: the applicators, arrays, objects,
// numbers and unevaluated*.

// failNot records not's schema holding; at is the keyword location of
// the schema that has the not.
func (st *recorder) failNot(n *node, v *tape.Value, at string) *Diagnostic {
	return st.fail(n, "not", CodeNot, v, "must not match the schema at "+at+"/not", "")
}

// failOneOfMultiple records branches first and second of oneOf (kw)
// both holding.
func (st *recorder) failOneOfMultiple(n *node, kw string, v *tape.Value, first, second int) *Diagnostic {
	if st.sunk() {
		return st.skip()
	}
	return st.fail(n, kw, CodeOneOfMultiple, v, "must match exactly one schema of oneOf, matches "+itoa(first)+" and "+itoa(second), "exactly one")
}

// failBranchTypes records every branch of anyOf or oneOf (kw) wanting
// another type than got, the value's: one line says which.
func (st *recorder) failBranchTypes(n *node, kw string, v *tape.Value, branches []*node, got string) *Diagnostic {
	if st.sunk() {
		return st.skip()
	}
	var names []string
	seen := map[string]bool{}
	for _, b := range branches {
		for _, t := range branchTypes(b) {
			if !seen[t] {
				seen[t] = true
				names = append(names, t)
			}
		}
	}
	d := st.fail(n, kw, CodeType, v, "must be "+strings.Join(names, " or ")+", got "+got, strings.Join(names, ", "))
	d.Allowed = names
	return d
}

func (st *recorder) failMinItems(n *node, v *tape.Value, count int) *Diagnostic {
	return st.fail(n, "minItems", CodeMinItems, v, st.str("must have at least ", itoa(n.minItems), " items, has ", itoa(count)), itoa(n.minItems))
}

func (st *recorder) failMaxItems(n *node, v *tape.Value, count int) *Diagnostic {
	return st.fail(n, "maxItems", CodeMaxItems, v, st.str("must have at most ", itoa(n.maxItems), " items, has ", itoa(count)), itoa(n.maxItems))
}

// failItemsRefused records items (additionalItems): false refusing the
// items of an array of count items past its prefixItems.
func (st *recorder) failItemsRefused(n *node, v *tape.Value, count int) *Diagnostic {
	kw := "items"
	if n.itemsSeg == "/additionalItems" {
		kw = "additionalItems"
	}
	return st.fail(n, kw, CodeAdditionalItems, v, "must have at most "+itoa(len(n.prefixItems))+" items, has "+itoa(count), itoa(len(n.prefixItems)))
}

// failMinContains records contains (minContains) matching too few items.
func (st *recorder) failMinContains(n *node, v *tape.Value, matches int) *Diagnostic {
	minC := minContains(n)
	kw, code := "contains", CodeContains
	if n.minContains >= 0 {
		kw, code = "minContains", CodeMinContains
	}
	return st.fail(n, kw, code, v, "must contain at least "+itoa(minC)+" matching items, has "+itoa(matches), itoa(minC))
}

func (st *recorder) failMaxContains(n *node, v *tape.Value, matches int) *Diagnostic {
	return st.fail(n, "maxContains", CodeMaxContains, v, "must contain at most "+itoa(n.maxContains)+" matching items, has "+itoa(matches), itoa(n.maxContains))
}

// failUniqueItems records items i and j being equal.
func (st *recorder) failUniqueItems(n *node, v *tape.Value, i, j int) *Diagnostic {
	return st.fail(n, "uniqueItems", CodeUniqueItems, v, st.str("items ", itoa(i), " and ", itoa(j), " are equal"), "unique items")
}

func (st *recorder) failMinProperties(n *node, v *tape.Value, count int) *Diagnostic {
	return st.fail(n, "minProperties", CodeMinProperties, v, "must have at least "+itoa(n.minProps)+" properties, has "+itoa(count), itoa(n.minProps))
}

func (st *recorder) failMaxProperties(n *node, v *tape.Value, count int) *Diagnostic {
	return st.fail(n, "maxProperties", CodeMaxProperties, v, "must have at most "+itoa(n.maxProps)+" properties, has "+itoa(count), itoa(n.maxProps))
}

// failDependentRequired records property name missing while trigger is
// present.
func (st *recorder) failDependentRequired(n *node, v *tape.Value, name, trigger string) *Diagnostic {
	if st.sunk() {
		return st.skip()
	}
	kw := "dependentRequired"
	if n.draft <= Draft7 {
		kw = "dependencies"
	}
	d := st.missingProperty(n, kw, CodeDependentRequired, v, name, -1)
	d.Message = "property " + quote(name) + " is required when " + quote(trigger) + " is present"
	d.KeywordLocation += "/" + jsonpointer.EscapeToken(trigger)
	d.AbsoluteKeywordLocation += "/" + jsonpointer.EscapeToken(trigger)
	return d
}

// limitFail records a failed numeric limit (collect mode).
func (st *recorder) limitFail(n *node, v *tape.Value, limit *decimal.Number, kw string, code Code, rel string) {
	lt := limit.Text()
	st.fail(n, kw, code, v, st.str("must be ", rel, " ", lt), lt)
}

// failUnevaluatedItem records unevaluatedItems refusing item i, v.
func (st *recorder) failUnevaluatedItem(n *node, v *tape.Value, i int) *Diagnostic {
	if st.sunk() {
		return st.skip()
	}
	return st.fail(n, "unevaluatedItems", CodeUnevaluatedItems, v, "item "+itoa(i)+" is not allowed here", "no more items")
}

// failUnevaluatedMember records unevaluatedProperties: false refusing
// the member named k, on its object.
func (st *recorder) failUnevaluatedMember(n *node, k []byte) {
	st.extraProperty(n, "unevaluatedProperties", CodeUnevaluatedProps, k)
}
