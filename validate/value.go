package validate

import (
	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// cval is a constant JSON value compiled from a schema (enum, const),
// compared to document values without allocating.
type cval struct {
	t    tape.Type
	str  string
	num  decimal.Number
	arr  []*cval
	keys []string
	vals []*cval
	// index maps a member name to its position in keys, for objects of
	// more than smallObject members (nil otherwise).
	index map[string]int
	json  string // compact JSON text, for messages
}

// equal reports whether the document value v equals c (JSON Schema
// equality: numbers by value, objects regardless of member order).
func (c *cval) equal(v *tape.Value, st *evaluator) bool {
	t := v.Type()
	if t != c.t {
		return false
	}
	switch t {
	case tape.String:
		b := v.StringBytes()
		return string(b) == c.str
	case tape.Number:
		d, ok := st.number(v)
		return ok && decimal.Compare(&d, &c.num) == 0
	case tape.Array:
		a := v.Array()
		if len(a) != len(c.arr) {
			return false
		}
		for i, e := range a {
			if !c.arr[i].equal(e, st) {
				return false
			}
		}
		return true
	case tape.Object:
		if v.Len() != len(c.keys) {
			return false
		}
		if c.index != nil {
			return c.equalLarge(v, st)
		}
		for i, k := range c.keys {
			e := v.Get(k)
			if e == nil || !c.vals[i].equal(e, st) {
				return false
			}
		}
		return true
	}
	return true
}

// sameInteger reports whether two numbers written as integers (JSON's
// -?(0|[1-9][0-9]*): no leading zeros) are equal: their texts are, but
// for 0 and -0.
func sameInteger(x, y []byte) bool {
	return string(x) == string(y) || isZero(x) && isZero(y)
}

func isZero(s []byte) bool { return string(s) == "0" || string(s) == "-0" }

// equalValues is JSON Schema equality between two document values.
func equalValues(a, b *tape.Value, st *evaluator) bool {
	t := a.Type()
	if t != b.Type() {
		return false
	}
	switch t {
	case tape.String:
		x := a.StringBytes()
		y := b.StringBytes()
		return string(x) == string(y)
	case tape.Number:
		if a.Integral() && b.Integral() {
			return sameInteger(a.Raw(), b.Raw())
		}
		x, ok1 := st.number(a)
		y, ok2 := st.number2(b)
		return ok1 && ok2 && decimal.Compare(&x, &y) == 0
	case tape.Array:
		x := a.Array()
		y := b.Array()
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalValues(x[i], y[i], st) {
				return false
			}
		}
		return true
	case tape.Object:
		x, y := a, b
		if x.Len() != y.Len() {
			return false
		}
		if x.Len() > smallObject || hasDuplicateNames(x) {
			// Get is a linear scan, and it only sees the first of
			// duplicate names: compare sorted members instead.
			return compareValues(st, a, b) == 0
		}
		eq := true
		x.Visit(func(k []byte, e *tape.Value) {
			if !eq {
				return
			}
			f := y.Get(b2s(k))
			if f == nil || !equalValues(e, f, st) {
				eq = false
			}
		})
		return eq
	}
	return true
}

// enumSet is a compiled enum: strings are looked up in a map, other values
// are compared one by one.
type enumSet struct {
	vals    []*cval
	strings map[string]struct{}
	// smallStrs are the string values when there is no map (few values).
	smallStrs []string
	others    []*cval
	texts     []string // JSON texts of the values, for diagnostics
	joined    string   // texts joined with ", "
	message   string   // "must be one of ..." (capped)
	strs      []string // the string values, for near-miss hints
	folded    []string // nearname.Fold(strs[i])
}

func (e *enumSet) contains(v *tape.Value, st *evaluator) bool {
	if v.Type() == tape.String {
		// Only the string values can match.
		b := v.StringBytes()
		if e.strings != nil {
			_, ok := e.strings[string(b)]
			return ok
		}
		for _, s := range e.smallStrs {
			if s == string(b) {
				return true
			}
		}
		return false
	}
	for _, c := range e.others {
		if c.t == tape.String {
			continue
		}
		if c.equal(v, st) {
			return true
		}
	}
	return false
}

// expected renders the set for a diagnostic, e.g. `"a", "b"`.
func (e *enumSet) expected() string { return e.joined }
