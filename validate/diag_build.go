package validate

import (
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/internal/decimal"
)

// maxReceived caps Diagnostic.Received.
const maxReceived = 64

// appendInstanceLocation appends the current instance path as a JSON
// Pointer.
func (st *state) appendInstanceLocation(b []byte) []byte {
	for _, s := range st.inst {
		if s.isKey {
			b = appendPointerToken(b, b2s(s.key))
		} else {
			b = append(b, '/')
			b = strconv.AppendInt(b, int64(s.idx), 10)
		}
	}
	return b
}

// instanceLocation renders the current instance path as a JSON Pointer.
func (st *state) instanceLocation() string {
	return string(st.appendInstanceLocation(nil))
}

// keywordLocation renders the current evaluation path.
func (st *state) keywordLocation() string {
	return strings.Join(st.kw, "")
}

// intern copies b into the diagnostics' string arena and returns it as a
// string. Chunks are never reused or grown in place (strings handed out
// point into them), so many short strings cost a few allocations.
func (st *state) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	a := st.arena2
	if a == nil || a.Cap()-a.Len() < len(b) {
		// A strings.Builder allocates without zeroing; its String() views
		// the buffer, and a fresh Builder never moves what was written.
		a = new(strings.Builder)
		a.Grow(max(min(st.lastArena, 64<<10), 512, len(b)))
		st.arena2 = a
	}
	start := a.Len()
	a.Write(b)
	st.arenaUsed += len(b)
	return a.String()[start:]
}

// str concatenates parts into the diagnostics' string arena.
func (st *state) str(parts ...string) string {
	t := st.tmp[:0]
	for _, p := range parts {
		t = append(t, p...)
	}
	st.tmp = t
	return st.intern(t)
}

// quote is strconv.Quote into the diagnostics' string arena.
func (st *state) quote(s string) string {
	st.qbuf = strconv.AppendQuote(st.qbuf[:0], s)
	return st.intern(st.qbuf)
}

// fail records a diagnostic for keyword kw of n on v and returns it for the
// caller to complete. Only called in collect mode.
func (st *state) fail(n *node, kw string, code Code, v *jv, msg, expected string) *Diagnostic {
	st.recordsOver(n)
	start := len(st.keys)
	for _, s := range st.inst {
		st.keys = append(st.keys, s.idx)
	}
	key := st.keys[start:len(st.keys):len(st.keys)]
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
	if st.out == nil {
		// Sized like the last invalid document's list: batches tend to
		// fail alike.
		st.out = make(Diagnostics, 0, min(max(8, st.lastCount), 256))
	}
	st.outKeys = append(st.outKeys, key)
	// Append a zero record and fill it in place: no bulk copy of a
	// pointerful struct.
	st.out = append(st.out, Diagnostic{})
	d := &st.out[len(st.out)-1]
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
func (st *state) setReceived(d *Diagnostic, recv []byte, typ string) {
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
	v    *jv
	recv []byte
	typ  string
	text received // v's Received text, once rendered
}

// onClosed sets the Received text of d, a verdict on c, and returns d.
func (st *state) onClosed(d *Diagnostic, c *closed) *Diagnostic {
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
func typeName(st *state, v *jv) string {
	switch v.Type() {
	case typeNull:
		return "null"
	case typeTrue, typeFalse:
		return "boolean"
	case typeObject:
		return "object"
	case typeArray:
		return "array"
	case typeString:
		return "string"
	}
	d, _ := st.number(v)
	if d.IsInteger() {
		return "integer"
	}
	return "number"
}

func (st *state) typeFail(n *node, v *jv) {
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
func (st *state) extraProperty(n *node, kw string, code Code, k []byte) {
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
func (st *state) failFalse(n *node, v *jv) *Diagnostic {
	return st.fail(n, "", CodeFalseSchema, v, "no value is allowed here", "nothing")
}

// failType records v, of type got, not being of n's types.
func (st *state) failType(n *node, v *jv, got string) *Diagnostic {
	d := st.fail(n, "type", CodeType, v, st.str("must be ", n.typeOr, ", got ", got), n.typeList)
	d.Allowed = n.typeNames
	return d
}

// failConst records v not being n's const.
func (st *state) failConst(n *node, v *jv) *Diagnostic {
	d := st.fail(n, "const", CodeConst, v, "must be "+truncate(n.constV.json, 80), n.constV.json)
	d.Allowed = []string{n.constV.json}
	return d
}

// failEnum records v not being among n's enum.
func (st *state) failEnum(n *node, v *jv) *Diagnostic {
	d := st.fail(n, "enum", CodeEnum, v, n.enum.message, n.enum.expected())
	d.Allowed = n.enum.texts
	return d
}

// missingProperty records an absent property (hint: see objectHints).
func (st *state) missingProperty(n *node, kw string, code Code, v *jv, name string, idx int) *Diagnostic {
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
func (st *state) objectHints(n *node, o *jv, mark, seen int) {
	depth := len(st.inst)
	var extras, missing []int
	for i := mark; i < st.nrec(); i++ {
		if len(st.outKeys[i]) != depth {
			continue
		}
		switch st.out[i].Code {
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
			out[j] = st.out[i].Property
		}
		return out
	}
	extraNames, missingNames := names(extras), names(missing)
	for j, i := range missing {
		if m := nearest(missingNames[j], extraNames); m != "" {
			st.out[i].Hint = "found " + quote(m) + ": rename it to " + quote(missingNames[j]) + "?"
		}
	}
	for j, i := range extras {
		name := extraNames[j]
		if m := nearest(name, missingNames); m != "" {
			st.out[i].Hint = "did you mean " + quote(m) + "?"
			continue
		}
		m := nearestFolded(name, n.allowedNames, n.foldedNames)
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
			st.out[i].Hint = "did you mean " + quote(m) + "?"
		}
	}
}

func quote(s string) string { return strconv.Quote(s) }

// truncate cuts s to at most max bytes (on a rune boundary) with "…".
func truncate(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - 3
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "..."
}

// receivedText renders v as compact JSON of at most maxReceived bytes,
// without rendering more of a large value than it shows.
func (st *state) receivedText(v *jv) string {
	st.rbuf = appendLimited(st.rbuf[:0], v, maxReceived+1)
	if len(st.rbuf) > maxReceived {
		return truncate(string(st.rbuf), maxReceived)
	}
	return st.intern(st.rbuf)
}

// appendLimited appends v's JSON text, stopping soon after limit bytes.
func appendLimited(b []byte, v *jv, limit int) []byte {
	switch v.Type() {
	case typeObject:
		b = append(b, '{')
		first := true
		v.Visit(func(k []byte, e *jv) {
			if len(b) > limit {
				return
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSONString(b, b2s(k))
			b = append(b, ':')
			b = appendLimited(b, e, limit)
		})
		return append(b, '}')
	case typeArray:
		a := v.Array()
		b = append(b, '[')
		for i, e := range a {
			if len(b) > limit {
				break
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = appendLimited(b, e, limit)
		}
		return append(b, ']')
	case typeString:
		s := v.StringBytes()
		if len(s) > limit {
			s = s[:limit]
		}
		return appendJSONString(b, b2s(s))
	}
	return v.appendScalar(b)
}
