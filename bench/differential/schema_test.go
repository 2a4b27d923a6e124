package differential

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/jsonheal/jsonheal/validate"
)

// draft is one JSON Schema draft both validators support.
type draft struct {
	name string
	uri  string // the root schema's $schema
	heal validate.Draft
	year int // 2004, 2006, 2007 (drafts 4, 6, 7), 2019, 2020
}

var drafts = []draft{
	{"draft4", "http://json-schema.org/draft-04/schema#", validate.Draft4, 2004},
	{"draft6", "http://json-schema.org/draft-06/schema#", validate.Draft6, 2006},
	{"draft7", "http://json-schema.org/draft-07/schema#", validate.Draft7, 2007},
	{"draft2019-09", "https://json-schema.org/draft/2019-09/schema", validate.Draft2019_09, 2019},
	{"draft2020-12", "https://json-schema.org/draft/2020-12/schema", validate.Draft2020_12, 2020},
}

// defsKey is where the draft keeps the schemas $ref points at.
func (d draft) defsKey() string {
	if d.year >= 2019 {
		return "$defs"
	}
	return "definitions"
}

// Pools the generators draw from: a few property names, so that
// properties, required, dependencies and instances meet; strings of 0 to 3
// code points (some outside ASCII, some outside the BMP); numbers written
// as integers, decimals and exponents.
var (
	propNames = []string{"a", "b", "c", "d"}
	strPool   = []string{"", "a", "b", "ab", "ba", "abc", "c", "é", "a😀", "xyz", "1"}
	numPool   = []string{"0", "1", "-1", "2", "3", "1.5", "2.0", "0.1", "0.3", "1e1", "-2.5", "10"}
	patterns  = []string{"^a", "b$", "^[a-c]*$", "x", "^.$", "[0-9]", "^(a|b)+$"}
)

// schemaGen writes random schemas of one draft.
type schemaGen struct {
	r     source
	d     draft
	ndefs int // $defs (definitions) d0 .. d<ndefs-1>
}

// maxDepth bounds the nesting of generated subschemas.
const maxDepth = 3

// root returns a root schema: $schema, up to three definitions, and a
// schema with keywords.
func (g *schemaGen) root() map[string]any {
	g.ndefs = g.r.IntN(4)
	s := g.object(0, -1)
	s["$schema"] = g.d.uri
	if g.ndefs > 0 {
		defs := map[string]any{}
		for i := range g.ndefs {
			defs["d"+strconv.Itoa(i)] = g.schema(1, i)
		}
		s[g.d.defsKey()] = defs
	}
	return s
}

// schema returns a subschema at depth; in definition def (-1: not in
// one) it may $ref only the definitions after def, so that no chain of
// $ref loops without going down the instance.
func (g *schemaGen) schema(depth, def int) any {
	if depth >= maxDepth {
		return g.leaf()
	}
	switch g.r.IntN(10) {
	case 0:
		return g.leaf()
	case 1:
		return g.boolSchema(g.r.IntN(4) != 0) // true three times in four
	}
	return g.object(depth, def)
}

// boolSchema is the schema true or false: draft 4 has no boolean schemas,
// so there {} and {"not":{}}.
func (g *schemaGen) boolSchema(b bool) any {
	switch {
	case g.d.year > 2004:
		return b
	case b:
		return map[string]any{}
	}
	return map[string]any{"not": map[string]any{}}
}

// leaf returns a schema with no subschema.
func (g *schemaGen) leaf() any {
	switch g.r.IntN(6) {
	case 0:
		return map[string]any{}
	case 1:
		return g.boolSchema(true)
	case 2:
		return g.boolSchema(false)
	}
	s := map[string]any{}
	g.scalarKeyword(s)
	return s
}

// object returns a schema object with one to four keywords.
func (g *schemaGen) object(depth, def int) map[string]any {
	s := map[string]any{}
	for range 1 + g.r.IntN(4) {
		if g.r.IntN(3) == 0 {
			g.scalarKeyword(s)
		} else {
			g.applicator(s, depth, def)
		}
	}
	return s
}

// sub is a subschema one level down.
func (g *schemaGen) sub(depth, def int) any { return g.schema(depth+1, def) }

// subs returns one to three subschemas.
func (g *schemaGen) subs(depth, def int) []any {
	out := make([]any, 1+g.r.IntN(3))
	for i := range out {
		out[i] = g.sub(depth, def)
	}
	return out
}

// names returns up to n property names, distinct, at least min of them.
func (g *schemaGen) names(min, n int) []any {
	out := []any{} // [] when empty, not null
	for _, p := range propNames {
		if len(out) < n && g.r.IntN(2) == 1 {
			out = append(out, p)
		}
	}
	for i := 0; len(out) < min; i++ {
		if !contains(out, propNames[i]) {
			out = append(out, propNames[i])
		}
	}
	return out
}

func contains(vs []any, s string) bool {
	for _, v := range vs {
		if v == s {
			return true
		}
	}
	return false
}

func (g *schemaGen) num() json.Number { return json.Number(numPool[g.r.IntN(len(numPool))]) }

func (g *schemaGen) count() int { return g.r.IntN(4) }

var typeNames = []string{"null", "boolean", "integer", "number", "string", "array", "object"}

// scalarKeyword adds one keyword that has no subschema.
func (g *schemaGen) scalarKeyword(s map[string]any) {
	switch g.r.IntN(15) {
	case 0:
		if g.r.IntN(3) == 0 {
			a, b := typeNames[g.r.IntN(7)], typeNames[g.r.IntN(7)]
			if a != b {
				s["type"] = []any{a, b}
				return
			}
		}
		s["type"] = typeNames[g.r.IntN(7)]
	case 1:
		s["minLength"] = g.count()
	case 2:
		s["maxLength"] = g.count()
	case 3:
		s["pattern"] = patterns[g.r.IntN(len(patterns))]
	case 4:
		s["minimum"] = g.num()
		if g.d.year == 2004 && g.r.IntN(2) == 0 {
			s["exclusiveMinimum"] = true
		}
	case 5:
		s["maximum"] = g.num()
		if g.d.year == 2004 && g.r.IntN(2) == 0 {
			s["exclusiveMaximum"] = true
		}
	case 6:
		if g.d.year == 2004 {
			s["minimum"], s["exclusiveMinimum"] = g.num(), g.r.IntN(2) == 0
		} else {
			s["exclusiveMinimum"] = g.num()
		}
	case 7:
		if g.d.year == 2004 {
			s["maximum"], s["exclusiveMaximum"] = g.num(), g.r.IntN(2) == 0
		} else {
			s["exclusiveMaximum"] = g.num()
		}
	case 8:
		s["multipleOf"] = json.Number([]string{"1", "2", "0.5", "1.5", "0.1", "3"}[g.r.IntN(6)])
	case 9:
		// Distinct values: draft-04's metaschema, and the draft-06 and -07
		// ones santhosh embeds, want enum's items unique.
		var vals []any
		for range 1 + g.r.IntN(3) {
			if v := randomValue(g.r, 1); !slices.ContainsFunc(vals, func(w any) bool { return jsonEqual(v, w) }) {
				vals = append(vals, v)
			}
		}
		s["enum"] = vals
	case 10:
		if g.d.year >= 2006 {
			s["const"] = randomValue(g.r, 1)
		} else {
			s["enum"] = []any{randomValue(g.r, 1)}
		}
	case 11:
		if g.r.IntN(2) == 0 {
			s["minItems"] = g.count()
		} else {
			s["maxItems"] = g.count()
		}
	case 12:
		if g.r.IntN(2) == 0 {
			s["minProperties"] = g.count()
		} else {
			s["maxProperties"] = g.count()
		}
	case 13:
		min := 0
		if g.d.year == 2004 {
			min = 1 // draft-04's metaschema: required has at least one name
		}
		s["required"] = g.names(min, 3)
	case 14:
		s["uniqueItems"] = g.r.IntN(3) != 0
	}
}

// applicator adds one keyword with subschemas (or one that works with
// them: additionalProperties, unevaluated*, min/maxContains).
func (g *schemaGen) applicator(s map[string]any, depth, def int) {
	y := g.d.year
	switch g.r.IntN(20) {
	case 0:
		props := map[string]any{}
		for _, n := range g.names(1, 3) {
			props[n.(string)] = g.sub(depth, def)
		}
		s["properties"] = props
	case 1:
		s["additionalProperties"] = g.sub(depth, def)
	case 2:
		s["patternProperties"] = map[string]any{patterns[g.r.IntN(len(patterns))]: g.sub(depth, def)}
	case 3:
		switch {
		case y == 2020 && g.r.IntN(2) == 0:
			s["prefixItems"] = g.subs(depth, def)
		case y < 2020 && g.r.IntN(2) == 0:
			s["items"] = g.subs(depth, def)
			if g.r.IntN(2) == 0 {
				s["additionalItems"] = g.sub(depth, def)
			}
		default:
			s["items"] = g.sub(depth, def)
		}
	case 4:
		if y >= 2006 {
			s["contains"] = g.sub(depth, def)
			if y >= 2019 && g.r.IntN(2) == 0 {
				s["minContains"] = g.count()
			}
			if y >= 2019 && g.r.IntN(2) == 0 {
				s["maxContains"] = g.count()
			}
		}
	case 5:
		s["allOf"] = g.subs(depth, def)
	case 6, 7:
		s["anyOf"] = g.subs(depth, def)
	case 8, 9:
		s["oneOf"] = g.subs(depth, def)
	case 10:
		s["not"] = g.sub(depth, def)
	case 11:
		if y >= 2007 {
			s["if"] = g.sub(depth, def)
			if g.r.IntN(3) != 0 {
				s["then"] = g.sub(depth, def)
			}
			if g.r.IntN(3) != 0 {
				s["else"] = g.sub(depth, def)
			}
		}
	case 12:
		g.dependencies(s, depth, def)
	case 13:
		if y >= 2006 {
			s["propertyNames"] = g.sub(depth, def)
		}
	case 14, 15:
		if y >= 2019 {
			s["unevaluatedProperties"] = g.sub(depth, def)
		}
	case 16:
		if y >= 2019 {
			s["unevaluatedItems"] = g.sub(depth, def)
		}
	case 17, 18:
		if first := def + 1; first < g.ndefs {
			s["$ref"] = "#/" + g.d.defsKey() + "/d" + strconv.Itoa(first+g.r.IntN(g.ndefs-first))
		}
	case 19:
		// Down the instance, a $ref may point at any definition: each
		// turn of a loop reads one level of the value.
		if g.ndefs > 0 {
			ref := map[string]any{"$ref": "#/" + g.d.defsKey() + "/d" + strconv.Itoa(g.r.IntN(g.ndefs))}
			if g.r.IntN(2) == 0 {
				s["items"] = ref
			} else {
				s["additionalProperties"] = ref
			}
		}
	}
}

// dependencies adds dependentRequired or dependentSchemas (2019-09 on),
// or draft-04 to -07's dependencies.
func (g *schemaGen) dependencies(s map[string]any, depth, def int) {
	name := propNames[g.r.IntN(len(propNames))]
	required := g.r.IntN(2) == 0
	var v any
	if required {
		min := 0
		if g.d.year == 2004 {
			min = 1
		}
		v = g.names(min, 2)
	} else {
		v = g.sub(depth, def)
	}
	switch {
	case g.d.year < 2019:
		s["dependencies"] = map[string]any{name: v}
	case required:
		s["dependentRequired"] = map[string]any{name: v}
	default:
		s["dependentSchemas"] = map[string]any{name: v}
	}
}
