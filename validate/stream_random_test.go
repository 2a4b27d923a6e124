package validate

import (
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
)

// TestStreamRandomChunks mutates documents (valid, invalid, not JSON),
// writes them to a Stream in random chunks and checks that the answer is
// Validate's, and, for JSON, the tree evaluation's.
func TestStreamRandomChunks(t *testing.T) {
	var ss []*Schema
	for _, src := range []string{
		`{"type":"object","properties":{"a":{"type":"integer","minimum":0}},"required":["a"],"additionalProperties":false}`,
		`{"items":{"anyOf":[{"type":"string","pattern":"^x"},{"type":"number","multipleOf":0.5}]},"uniqueItems":true,"contains":{"type":"string"},"maxItems":4}`,
		`{"properties":{"a":true},"patternProperties":{"^b":{"type":"boolean"}},"propertyNames":{"maxLength":3},"minProperties":2,"dependentRequired":{"a":["bb"]}}`,
		`{"$ref":"#/$defs/x","$defs":{"x":{"prefixItems":[{"type":"object"}],"items":false}}}`,
		`{"$ref":"#/$defs/o","$defs":{"o":{"properties":{"data":{"$ref":"#/$defs/d"}},"additionalProperties":{"items":{"type":"string"},"minItems":1},"required":["data"]},"d":{"items":{"type":"integer"},"uniqueItems":true,"maxItems":3,"contains":{"minimum":2}}}}`,
		`{"allOf":[{"$ref":"#/$defs/b"},{"required":["bb"],"properties":{"bb":{"type":"boolean"}}}],"$defs":{"b":{"properties":{"a":{"type":"integer"},"data":{"maxItems":2}},"additionalProperties":{"type":["boolean","array"]}}},"minProperties":2}`,
		`{"allOf":[{"items":{"type":"string"}},{"$ref":"#/$defs/u"}],"$defs":{"u":{"uniqueItems":true,"contains":{"const":"x"}}},"maxItems":3}`,
		`{"anyOf":[{"items":{"type":"string"},"maxItems":2},{"$ref":"#/$defs/u","not":{"contains":{"type":"object"}}},{"type":"object"}],"$defs":{"u":{"uniqueItems":true,"prefixItems":[{"type":"array"}]}}}`,
		`{"oneOf":[{"contains":{"type":"string"}},{"items":{"type":"number"}}],"if":{"minItems":2},"then":{"items":{"maxLength":1}},"else":{"prefixItems":[false]}}`,
	} {
		ss = append(ss, mustCompile(t, src))
	}
	ss = append(ss, compileFile(t, "../testdata/schemas/llm.schema.json"))
	seeds := []string{`{"a":1}`, `{"a":-1,"b":2}`, `["x",1.5,"x"]`, `{"bb":true,"a":null}`, `[[[[]]]]`, `{"a":1e400}`, "\"\\ud800\"", `[{"a":1},2]`, `{"a":{"b":[1,2]},"bb":false,"ccc":1}`,
		`{"data":[1,2,2,"x"],"b":[],"c":["y",[1]]}`, `{"x":["a"],"data":[ 3 , [0] ,{"k":[1]}]}`}
	for _, n := range []string{"llm.valid.json", "llm.invalid.json"} {
		b, _ := os.ReadFile("../testdata/schemas/" + n)
		seeds = append(seeds, string(b))
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for round := 0; round < 4000; round++ {
		doc := []byte(seeds[rng.IntN(len(seeds))])
		for k := 0; k < rng.IntN(4); k++ {
			switch rng.IntN(3) {
			case 0:
				if len(doc) > 0 {
					doc[rng.IntN(len(doc))] = "{}[],:\"\\ a1-x"[rng.IntN(13)]
				}
			case 1:
				i := rng.IntN(len(doc) + 1)
				doc = append(doc[:i:i], append([]byte{"{}[],:\"\\ a1-"[rng.IntN(12)]}, doc[i:]...)...)
			case 2:
				if len(doc) > 0 {
					i := rng.IntN(len(doc))
					doc = append(doc[:i:i], doc[i+1:]...)
				}
			}
		}
		for _, s := range ss {
			want := verdictOf(s.Validate(doc))
			w := s.NewStream()
			for p := 0; p < len(doc); {
				q := min(len(doc), p+1+rng.IntN(8))
				if _, err := w.Write(doc[p:q]); err != nil {
					break
				}
				p = q
			}
			got := verdictOf(w.Close())
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("round %d: %q\nwant %+v\ngot  %+v", round, doc, want, got)
			}
			if want.Err == "" {
				tree := verdictOf(s.NewValidator().ValidateJSON(doc))
				if !reflect.DeepEqual(want, tree) {
					t.Fatalf("tree round %d: %q\nwant %+v\ngot  %+v", round, doc, want, tree)
				}
			}
		}
	}
}
