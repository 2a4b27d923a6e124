package validate

import (
	"strings"

	"github.com/valyala/fastjson"
)

// cval is a constant JSON value compiled from a schema (enum, const),
// compared to document values without allocating.
type cval struct {
	t    fastjson.Type
	str  string
	num  decimal
	arr  []*cval
	keys []string
	vals []*cval
	// index maps a member name to its position in keys, for objects of
	// more than smallObject members (nil otherwise).
	index map[string]int
	json  string // compact JSON text, for messages
}

// newCval copies v into a constant that outlives the parser.
func newCval(v *fastjson.Value) *cval {
	c := &cval{t: v.Type(), json: string(v.MarshalTo(nil))}
	switch c.t {
	case fastjson.TypeString:
		c.str = string(v.GetStringBytes())
	case fastjson.TypeNumber:
		c.num, _ = parseDecimal(c.json)
	case fastjson.TypeArray:
		for _, e := range v.GetArray() {
			c.arr = append(c.arr, newCval(e))
		}
	case fastjson.TypeObject:
		v.GetObject().Visit(func(k []byte, e *fastjson.Value) {
			c.keys = append(c.keys, string(k))
			c.vals = append(c.vals, newCval(e))
		})
		if len(c.keys) > smallObject {
			c.index = make(map[string]int, len(c.keys))
			for i, k := range c.keys {
				if _, dup := c.index[k]; !dup {
					c.index[k] = i
				}
			}
		}
	}
	return c
}

// equal reports whether the document value v equals c (JSON Schema
// equality: numbers by value, objects regardless of member order).
func (c *cval) equal(v *fastjson.Value, st *state) bool {
	t := v.Type()
	if t != c.t {
		return false
	}
	switch t {
	case fastjson.TypeString:
		b, _ := v.StringBytes()
		return string(b) == c.str
	case fastjson.TypeNumber:
		d, ok := st.number(v)
		return ok && cmpDecimal(&d, &c.num) == 0
	case fastjson.TypeArray:
		a, _ := v.Array()
		if len(a) != len(c.arr) {
			return false
		}
		for i, e := range a {
			if !c.arr[i].equal(e, st) {
				return false
			}
		}
		return true
	case fastjson.TypeObject:
		o, _ := v.Object()
		if o.Len() != len(c.keys) {
			return false
		}
		if c.index != nil {
			return c.equalLarge(o, st)
		}
		for i, k := range c.keys {
			e := o.Get(k)
			if e == nil || !c.vals[i].equal(e, st) {
				return false
			}
		}
		return true
	}
	return true
}

// equalValues is JSON Schema equality between two document values.
func equalValues(a, b *fastjson.Value, st *state) bool {
	t := a.Type()
	if t != b.Type() {
		return false
	}
	switch t {
	case fastjson.TypeString:
		x, _ := a.StringBytes()
		y, _ := b.StringBytes()
		return string(x) == string(y)
	case fastjson.TypeNumber:
		x, ok1 := st.number(a)
		y, ok2 := st.number2(b)
		return ok1 && ok2 && cmpDecimal(&x, &y) == 0
	case fastjson.TypeArray:
		x, _ := a.Array()
		y, _ := b.Array()
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalValues(x[i], y[i], st) {
				return false
			}
		}
		return true
	case fastjson.TypeObject:
		x, _ := a.Object()
		y, _ := b.Object()
		if x.Len() != y.Len() {
			return false
		}
		if x.Len() > smallObject || hasDuplicateNames(x) {
			// Get is a linear scan, and it only sees the first of
			// duplicate names: compare sorted members instead.
			return st.compareValues(a, b) == 0
		}
		eq := true
		x.Visit(func(k []byte, e *fastjson.Value) {
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
	folded    []string // fold(strs[i])
}

func newEnumSet(vals []*fastjson.Value) *enumSet {
	e := &enumSet{}
	for _, v := range vals {
		c := newCval(v)
		e.vals = append(e.vals, c)
		e.texts = append(e.texts, c.json)
		if c.t == fastjson.TypeString && len(e.strs) < 1000 {
			e.strs = append(e.strs, c.str)
			e.folded = append(e.folded, fold(c.str))
		}
		if c.t == fastjson.TypeString && len(vals) > 8 {
			if e.strings == nil {
				e.strings = make(map[string]struct{})
			}
			e.strings[c.str] = struct{}{}
			continue
		}
		e.others = append(e.others, c)
		if c.t == fastjson.TypeString {
			e.smallStrs = append(e.smallStrs, c.str)
		}
	}
	e.joined = strings.Join(e.texts, ", ")
	e.message = "must be one of " + truncate(e.joined, 200)
	return e
}

func (e *enumSet) contains(v *fastjson.Value, st *state) bool {
	if v.Type() == fastjson.TypeString {
		// Only the string values can match.
		b, _ := v.StringBytes()
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
		if c.t == fastjson.TypeString {
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
