package validate

import (
	"strings"

	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/nearname"
	"github.com/jsonheal/jsonheal/internal/tape"
	"github.com/valyala/fastjson"
)

// This file compiles enum and const values from the schema's fastjson
// tree into constants (cval) that document values are compared with.

// newCval copies v into a constant that outlives the parser.
func newCval(v *fastjson.Value) *cval {
	c := &cval{t: jtypeOf(v.Type()), json: string(v.MarshalTo(nil))}
	switch c.t {
	case tape.String:
		c.str = string(v.GetStringBytes())
	case tape.Number:
		c.num, _ = decimal.Parse(c.json)
	case tape.Array:
		for _, e := range v.GetArray() {
			c.arr = append(c.arr, newCval(e))
		}
	case tape.Object:
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

// jtypeOf maps a fastjson type to a document value type.
func jtypeOf(t fastjson.Type) tape.Type {
	switch t {
	case fastjson.TypeNull:
		return tape.Null
	case fastjson.TypeTrue:
		return tape.True
	case fastjson.TypeFalse:
		return tape.False
	case fastjson.TypeNumber:
		return tape.Number
	case fastjson.TypeArray:
		return tape.Array
	case fastjson.TypeObject:
		return tape.Object
	}
	return tape.String
}

// newEnumSet compiles the values of an enum.
func newEnumSet(vals []*fastjson.Value) *enumSet {
	e := &enumSet{}
	for _, v := range vals {
		c := newCval(v)
		e.vals = append(e.vals, c)
		e.texts = append(e.texts, c.json)
		if c.t == tape.String && len(e.strs) < 1000 {
			e.strs = append(e.strs, c.str)
			e.folded = append(e.folded, nearname.Fold(c.str))
		}
		if c.t == tape.String && len(vals) > 8 {
			if e.strings == nil {
				e.strings = make(map[string]struct{})
			}
			e.strings[c.str] = struct{}{}
			continue
		}
		e.others = append(e.others, c)
		if c.t == tape.String {
			e.smallStrs = append(e.smallStrs, c.str)
		}
	}
	e.joined = strings.Join(e.texts, ", ")
	e.message = "must be one of " + truncate(e.joined, 200)
	return e
}
