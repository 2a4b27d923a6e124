package validate

import (
	"strings"

	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/nearname"
	"github.com/valyala/fastjson"
)

// This file compiles enum and const values from the schema's fastjson
// tree into constants (cval) that document values are compared with.

// newCval copies v into a constant that outlives the parser.
func newCval(v *fastjson.Value) *cval {
	c := &cval{t: jtypeOf(v.Type()), json: string(v.MarshalTo(nil))}
	switch c.t {
	case typeString:
		c.str = string(v.GetStringBytes())
	case typeNumber:
		c.num, _ = decimal.Parse(c.json)
	case typeArray:
		for _, e := range v.GetArray() {
			c.arr = append(c.arr, newCval(e))
		}
	case typeObject:
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
func jtypeOf(t fastjson.Type) jtype {
	switch t {
	case fastjson.TypeNull:
		return typeNull
	case fastjson.TypeTrue:
		return typeTrue
	case fastjson.TypeFalse:
		return typeFalse
	case fastjson.TypeNumber:
		return typeNumber
	case fastjson.TypeArray:
		return typeArray
	case fastjson.TypeObject:
		return typeObject
	}
	return typeString
}

// newEnumSet compiles the values of an enum.
func newEnumSet(vals []*fastjson.Value) *enumSet {
	e := &enumSet{}
	for _, v := range vals {
		c := newCval(v)
		e.vals = append(e.vals, c)
		e.texts = append(e.texts, c.json)
		if c.t == typeString && len(e.strs) < 1000 {
			e.strs = append(e.strs, c.str)
			e.folded = append(e.folded, nearname.Fold(c.str))
		}
		if c.t == typeString && len(vals) > 8 {
			if e.strings == nil {
				e.strings = make(map[string]struct{})
			}
			e.strings[c.str] = struct{}{}
			continue
		}
		e.others = append(e.others, c)
		if c.t == typeString {
			e.smallStrs = append(e.smallStrs, c.str)
		}
	}
	e.joined = strings.Join(e.texts, ", ")
	e.message = "must be one of " + truncate(e.joined, 200)
	return e
}
