package validate

import (
	"strings"

	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/ecmaregex"
	"github.com/jsonheal/jsonheal/internal/excerpt"
	"github.com/jsonheal/jsonheal/internal/nearname"
	"github.com/valyala/fastjson"
)

// applicators compiles the keywords that apply subschemas.
func (c *compiler) applicators(n *node, v *fastjson.Value, in scanInfo) error {
	d := in.draft
	var err error
	list := func(kw string) ([]*node, error) {
		sv := v.Get(kw)
		if sv == nil {
			return nil, nil
		}
		a, e := sv.Array()
		if e != nil || len(a) == 0 {
			return nil, c.errAt(in, kw, ErrInvalidSchema, kw+" must be a non-empty array")
		}
		out := make([]*node, len(a))
		for i, e := range a {
			if out[i], err = c.child(e, in, kw, itoa(i)); err != nil {
				return nil, err
			}
		}
		n.hasApplicators = true
		return out, nil
	}
	one := func(kw string) (*node, error) {
		sv := v.Get(kw)
		if sv == nil {
			return nil, nil
		}
		return c.child(sv, in, kw)
	}
	if n.allOf, err = list("allOf"); err != nil {
		return err
	}
	if n.anyOf, err = list("anyOf"); err != nil {
		return err
	}
	if n.oneOf, err = list("oneOf"); err != nil {
		return err
	}
	if n.not, err = one("not"); err != nil {
		return err
	}
	if d >= Draft7 && v.Get("if") != nil {
		if n.ifN, err = one("if"); err != nil {
			return err
		}
		if n.thenN, err = one("then"); err != nil {
			return err
		}
		if n.elseN, err = one("else"); err != nil {
			return err
		}
	}
	if n.not != nil || n.ifN != nil {
		n.hasApplicators = true
	}
	// Arrays.
	items := v.Get("items")
	if d >= Draft2020_12 {
		if n.prefixItems, err = list("prefixItems"); err != nil {
			return err
		}
		if items != nil {
			if n.items, err = c.child(items, in, "items"); err != nil {
				return err
			}
			n.itemsSeg = "/items"
		}
	} else if items != nil {
		if items.Type() == fastjson.TypeArray {
			a := items.GetArray()
			n.prefixItems = make([]*node, len(a))
			for i, e := range a {
				if n.prefixItems[i], err = c.child(e, in, "items", itoa(i)); err != nil {
					return err
				}
			}
			if ai := v.Get("additionalItems"); ai != nil {
				if n.items, err = c.child(ai, in, "additionalItems"); err != nil {
					return err
				}
				n.itemsSeg = "/additionalItems"
			}
		} else {
			if n.items, err = c.child(items, in, "items"); err != nil {
				return err
			}
			n.itemsSeg = "/items"
		}
	}
	if d >= Draft6 {
		if n.contains, err = one("contains"); err != nil {
			return err
		}
		if n.propertyNames, err = one("propertyNames"); err != nil {
			return err
		}
	}
	if n.prefixItems != nil || n.items != nil || n.contains != nil {
		n.hasArrayKw = true
	}
	// Objects.
	if pv := v.Get("properties"); pv != nil {
		if o, e := pv.Object(); e == nil {
			n.propIndex = make(map[string]int, o.Len())
		}
		err := c.eachMember(v, in, "properties", func(name string, sv *fastjson.Value) error {
			sn, err := c.child(sv, in, "properties", name)
			if err != nil {
				return err
			}
			if _, dup := n.propIndex[name]; !dup {
				n.propIndex[name] = len(n.props)
				n.props = append(n.props, prop{name: name, n: sn})
				n.allowedNames = append(n.allowedNames, name)
				n.foldedNames = append(n.foldedNames, nearname.Fold(name))
			}
			return nil
		})
		n.propTable = newPropTable(n.allowedNames)
		if err != nil {
			return err
		}
	}
	err = c.eachMember(v, in, "patternProperties", func(src string, sv *fastjson.Value) error {
		re, e := ecmaregex.Compile(src)
		if e != nil {
			return c.errAt(in, "patternProperties", ErrInvalidRegexp, excerpt.Value(src)+": "+excerpt.RegexpProblem(e))
		}
		sn, err := c.child(sv, in, "patternProperties", src)
		if err == nil {
			n.patternProps = append(n.patternProps, patternProp{re: re, src: src, n: sn})
		}
		return err
	})
	if err != nil {
		return err
	}
	if n.additional, err = one("additionalProperties"); err != nil {
		return err
	}
	n.allowedList = append([]string(nil), n.allowedNames...)
	for _, pp := range n.patternProps {
		n.allowedList = append(n.allowedList, "/"+pp.src+"/")
	}
	n.allowedText = strings.Join(n.allowedList, ", ")
	// dependentSchemas (2019-09 on), and dependencies, which either draft
	// reads: a member's array is its dependentRequired.
	for _, kw := range [...]string{"dependentSchemas", "dependencies"} {
		if kw == "dependentSchemas" && d < Draft2019_09 {
			continue
		}
		err = c.eachMember(v, in, kw, func(name string, sv *fastjson.Value) error {
			if kw == "dependencies" && sv.Type() == fastjson.TypeArray {
				n.depRequired = append(n.depRequired, depRequired{name: name, required: stringList(sv)})
				return nil
			}
			sn, err := c.child(sv, in, kw, name)
			if err == nil {
				n.depSchemas = append(n.depSchemas, depSchema{name: name, n: sn})
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	if n.props != nil || n.patternProps != nil || n.additional != nil || n.depSchemas != nil || n.propertyNames != nil || n.depRequired != nil {
		n.hasObjectKw = true
	}
	return nil
}

// validation compiles the assertions of the validation vocabulary.
func (c *compiler) validation(n *node, v *fastjson.Value, in scanInfo) error {
	d := in.draft
	if tv := v.Get("type"); tv != nil {
		n.hasType = true
		add := func(e *fastjson.Value) error {
			b, err := e.StringBytes()
			m := typeFromName(string(b))
			if err != nil || m == 0 {
				return c.errAt(in, "type", ErrInvalidSchema, "unknown type "+excerpt.Value(string(e.MarshalTo(nil))))
			}
			n.types |= m
			return nil
		}
		if tv.Type() == fastjson.TypeArray {
			for _, e := range tv.GetArray() {
				if err := add(e); err != nil {
					return err
				}
			}
		} else if err := add(tv); err != nil {
			return err
		}
	}
	if n.hasType {
		n.typeNames = n.types.names()
		n.typeOr = strings.Join(n.types.names(), " or ")
		n.typeList = strings.Join(n.types.names(), ", ")
	}
	if ev := v.Get("enum"); ev != nil {
		a, err := ev.Array()
		if err != nil {
			return c.errAt(in, "enum", ErrInvalidSchema, "enum must be an array")
		}
		n.enum = newEnumSet(a)
	}
	if cv := v.Get("const"); cv != nil && d >= Draft6 {
		n.constV = newCval(cv)
	}
	num := func(kw string) (*decimal.Number, error) {
		nv := v.Get(kw)
		if nv == nil {
			return nil, nil
		}
		if nv.Type() != fastjson.TypeNumber {
			return nil, c.errAt(in, kw, ErrInvalidSchema, kw+" must be a number")
		}
		dd, ok := decimal.Parse(string(nv.MarshalTo(nil)))
		if !ok {
			return nil, c.errAt(in, kw, ErrInvalidSchema, kw+" is not a JSON number")
		}
		n.hasNumberKw = true
		return &dd, nil
	}
	var err error
	if n.multipleOf, err = num("multipleOf"); err != nil {
		return err
	}
	if n.multipleOf != nil && n.multipleOf.Sign() <= 0 {
		return c.errAt(in, "multipleOf", ErrInvalidSchema, "multipleOf must be > 0")
	}
	if n.minimum, err = num("minimum"); err != nil {
		return err
	}
	if n.maximum, err = num("maximum"); err != nil {
		return err
	}
	if d == Draft4 {
		if b := v.Get("exclusiveMinimum"); b != nil && b.Type() == fastjson.TypeTrue {
			n.exclMin, n.minimum = n.minimum, nil
		}
		if b := v.Get("exclusiveMaximum"); b != nil && b.Type() == fastjson.TypeTrue {
			n.exclMax, n.maximum = n.maximum, nil
		}
	} else {
		if n.exclMin, err = num("exclusiveMinimum"); err != nil {
			return err
		}
		if n.exclMax, err = num("exclusiveMaximum"); err != nil {
			return err
		}
	}
	n.intLimits = newIntLimits(n)
	count := func(kw string) (int, error) {
		nv := v.Get(kw)
		if nv == nil {
			return -1, nil
		}
		dd, ok := decimal.Parse(string(nv.MarshalTo(nil)))
		if nv.Type() != fastjson.TypeNumber || !ok || !dd.IsInteger() || dd.Sign() < 0 {
			return -1, c.errAt(in, kw, ErrInvalidSchema, kw+" must be a non-negative integer")
		}
		m, e, _ := dd.Mantissa()
		x := int64(m)
		for ; e > 0 && x < 1<<40; e-- {
			x *= 10
		}
		if dd.SignificantDigits() > 12 || x > 1<<40 {
			x = 1 << 40 // larger than any document this package accepts
		}
		return int(x), nil
	}
	if n.minLength, err = count("minLength"); err != nil {
		return err
	}
	if n.maxLength, err = count("maxLength"); err != nil {
		return err
	}
	if n.minLength >= 0 || n.maxLength >= 0 {
		n.hasStringKw = true
	}
	if pv := v.Get("pattern"); pv != nil {
		b, e := pv.StringBytes()
		if e != nil {
			return c.errAt(in, "pattern", ErrInvalidSchema, "pattern must be a string")
		}
		n.patternSrc = string(b)
		if n.pattern, err = ecmaregex.Compile(n.patternSrc); err != nil {
			return c.errAt(in, "pattern", ErrInvalidRegexp, excerpt.RegexpProblem(err))
		}
		n.hasStringKw = true
	}
	if n.minItems, err = count("minItems"); err != nil {
		return err
	}
	if n.maxItems, err = count("maxItems"); err != nil {
		return err
	}
	if u := v.Get("uniqueItems"); u != nil && u.Type() == fastjson.TypeTrue {
		n.uniqueItems = true
	}
	if d >= Draft2019_09 && n.contains != nil {
		if n.minContains, err = count("minContains"); err != nil {
			return err
		}
		if n.maxContains, err = count("maxContains"); err != nil {
			return err
		}
	}
	if n.minItems >= 0 || n.maxItems >= 0 || n.uniqueItems {
		n.hasArrayKw = true
	}
	if n.minProps, err = count("minProperties"); err != nil {
		return err
	}
	if n.maxProps, err = count("maxProperties"); err != nil {
		return err
	}
	if rv := v.Get("required"); rv != nil {
		a, e := rv.Array()
		if e != nil {
			return c.errAt(in, "required", ErrInvalidSchema, "required must be an array")
		}
		for _, r := range a {
			b, e := r.StringBytes()
			if e != nil {
				return c.errAt(in, "required", ErrInvalidSchema, "required names must be strings")
			}
			name := string(b)
			idx := -1
			if i, ok := n.propIndex[name]; ok {
				idx = i
			}
			n.required = append(n.required, requiredName{name: name, idx: idx})
		}
		n.requiredKnown = true
		for _, r := range n.required {
			if r.idx < 0 {
				n.requiredKnown = false
			}
		}
	}
	if d >= Draft2019_09 {
		err := c.eachMember(v, in, "dependentRequired", func(name string, sv *fastjson.Value) error {
			n.depRequired = append(n.depRequired, depRequired{name: name, required: stringList(sv)})
			return nil
		})
		if err != nil {
			return err
		}
	}
	if n.minProps >= 0 || n.maxProps >= 0 || n.required != nil || n.depRequired != nil {
		n.hasObjectKw = true
	}
	return nil
}

// eachMember calls f with each member of v's keyword kw, an object of
// named values (none when kw is absent), and returns f's first error; kw
// that is not an object is an invalid schema.
func (c *compiler) eachMember(v *fastjson.Value, in scanInfo, kw string, f func(name string, sv *fastjson.Value) error) error {
	kv := v.Get(kw)
	if kv == nil {
		return nil
	}
	o, e := kv.Object()
	if e != nil {
		return c.errAt(in, kw, ErrInvalidSchema, kw+" must be an object")
	}
	var err error
	o.Visit(func(k []byte, sv *fastjson.Value) {
		if err == nil {
			err = f(string(k), sv)
		}
	})
	return err
}

// stringList is the strings of the array sv (dependentRequired's, or a
// dependencies member's), "" for an item that is not a string.
func stringList(sv *fastjson.Value) []string {
	var names []string
	for _, e := range sv.GetArray() {
		names = append(names, string(e.GetStringBytes()))
	}
	return names
}
