package differential

import (
	"encoding/json"
	"strings"
)

// randomValue returns any JSON value, containers down to depth levels.
func randomValue(r source, depth int) any {
	k := r.IntN(10)
	if depth <= 0 && k >= 6 {
		k = r.IntN(6)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2, 3:
		return json.Number(numPool[r.IntN(len(numPool))])
	case 4, 5:
		return strPool[r.IntN(len(strPool))]
	case 6, 7:
		a := make([]any, r.IntN(5))
		for i := range a {
			a[i] = randomValue(r, depth-1)
		}
		return a
	}
	o := map[string]any{}
	for range r.IntN(5) {
		o[propNames[r.IntN(len(propNames))]] = randomValue(r, depth-1)
	}
	return o
}

// instanceGen writes values aimed at a schema: each is drawn to meet
// the schema (its const, an enum value, a branch, its type, its
// properties, items and required names), and at every level, one time
// in five, replaced by any value; so that about as many instances are
// valid as not, and the invalid ones fail near the line.
type instanceGen struct {
	r    source
	defs map[string]any // the root's definitions, by $ref
}

// instance returns a value for schema s, containers down to depth levels.
func (g *instanceGen) instance(s any, depth int) any {
	obj, ok := s.(map[string]any)
	if !ok || g.r.IntN(5) == 0 || depth < 0 {
		return randomValue(g.r, max(depth, 0))
	}
	if ref, ok := obj["$ref"].(string); ok && g.r.IntN(3) != 0 {
		if d, ok := g.defs[ref[strings.LastIndexByte(ref, '/')+1:]]; ok {
			return g.instance(d, depth)
		}
	}
	if c, ok := obj["const"]; ok && g.r.IntN(4) != 0 {
		return c
	}
	if e, ok := obj["enum"].([]any); ok && g.r.IntN(4) != 0 {
		return e[g.r.IntN(len(e))]
	}
	for _, k := range []string{"oneOf", "anyOf", "allOf"} {
		if b, ok := obj[k].([]any); ok && g.r.IntN(2) == 0 {
			return g.instance(b[g.r.IntN(len(b))], depth)
		}
	}
	if t, ok := obj["if"]; ok && g.r.IntN(2) == 0 {
		if th, ok := obj["then"]; ok && g.r.IntN(2) == 0 {
			t = th
		}
		return g.instance(t, depth)
	}
	switch g.kind(obj) {
	case "null":
		return nil
	case "boolean":
		return g.r.IntN(2) == 0
	case "integer":
		return json.Number([]string{"0", "1", "2", "3", "-1", "2.0", "10", "1e1"}[g.r.IntN(8)])
	case "number":
		return json.Number(numPool[g.r.IntN(len(numPool))])
	case "string":
		return strPool[g.r.IntN(len(strPool))]
	case "array":
		return g.array(obj, depth)
	}
	return g.object(obj, depth)
}

// kind is the JSON type an instance of obj is drawn as: one of its types,
// else the one its keywords are about.
func (g *instanceGen) kind(obj map[string]any) string {
	switch t := obj["type"].(type) {
	case string:
		return t
	case []any:
		return t[g.r.IntN(len(t))].(string)
	}
	for _, k := range []struct{ keyword, kind string }{
		{"properties", "object"}, {"required", "object"}, {"additionalProperties", "object"},
		{"patternProperties", "object"}, {"propertyNames", "object"}, {"unevaluatedProperties", "object"},
		{"dependencies", "object"}, {"dependentRequired", "object"}, {"dependentSchemas", "object"},
		{"minProperties", "object"}, {"maxProperties", "object"},
		{"items", "array"}, {"prefixItems", "array"}, {"contains", "array"}, {"unevaluatedItems", "array"},
		{"additionalItems", "array"}, {"minItems", "array"}, {"maxItems", "array"}, {"uniqueItems", "array"},
		{"minLength", "string"}, {"maxLength", "string"}, {"pattern", "string"},
		{"minimum", "number"}, {"maximum", "number"}, {"exclusiveMinimum", "number"},
		{"exclusiveMaximum", "number"}, {"multipleOf", "number"},
	} {
		if _, ok := obj[k.keyword]; ok {
			return k.kind
		}
	}
	return typeNames[g.r.IntN(len(typeNames))]
}

// array draws the items: prefix items (prefixItems, or items as an
// array) from their schemas, then up to two more from items (or
// additionalItems), some from contains.
func (g *instanceGen) array(obj map[string]any, depth int) []any {
	var out []any
	if depth <= 0 {
		return out
	}
	prefix, _ := obj["prefixItems"].([]any)
	rest := obj["items"]
	if tuple, ok := rest.([]any); ok {
		prefix, rest = tuple, obj["additionalItems"]
	}
	for _, p := range prefix[:g.r.IntN(len(prefix)+1)] {
		out = append(out, g.instance(p, depth-1))
	}
	contains := obj["contains"]
	for range g.r.IntN(4) {
		if contains != nil && g.r.IntN(2) == 0 {
			out = append(out, g.instance(contains, depth-1))
		} else {
			out = append(out, g.instance(rest, depth-1))
		}
	}
	return out
}

// object draws the members: the required names and some of the
// properties from their schemas, sometimes another name.
func (g *instanceGen) object(obj map[string]any, depth int) map[string]any {
	out := map[string]any{}
	if depth <= 0 {
		return out
	}
	props, _ := obj["properties"].(map[string]any)
	req, _ := obj["required"].([]any)
	for _, n := range propNames {
		p, isProp := props[n]
		if contains(req, n) && g.r.IntN(6) != 0 || isProp && g.r.IntN(3) != 0 {
			out[n] = g.instance(p, depth-1)
		}
	}
	if g.r.IntN(3) == 0 {
		out[propNames[g.r.IntN(len(propNames))]] = g.instance(obj["additionalProperties"], depth-1)
	}
	return out
}
