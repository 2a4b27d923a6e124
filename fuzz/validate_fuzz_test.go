package fuzz

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/jsonheal/jsonheal/validate"
)

// FuzzCompileSchema feeds arbitrary schemas to the compiler: it must return
// a schema or a *CompileError, never panic or hang, and a compiled schema
// must validate a few documents deterministically.
func FuzzCompileSchema(f *testing.F) {
	for _, s := range []string{
		`{}`, `true`, `false`, `{"type":"string","minLength":2}`,
		`{"$ref":"#"}`, `{"$defs":{"a":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","maximum":3,"exclusiveMaximum":true}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"integer"}],"additionalItems":false}`,
		`{"$dynamicAnchor":"x","$dynamicRef":"#x","properties":{"a":{"$dynamicRef":"#x"}}}`,
		`{"unevaluatedProperties":false,"anyOf":[{"properties":{"a":true}},{"properties":{"b":true}}]}`,
		`{"pattern":"^(a+)+$","format":"date"}`, `{"multipleOf":1e-400,"maximum":1e400}`,
		`{"enum":[1,"a",{"b":[null]}],"const":1}`, `{"$id":"urn:x:y","$anchor":"z","$ref":"#z"}`,
	} {
		f.Add([]byte(s))
	}
	llm, err := os.ReadFile("../testdata/schemas/llm.schema.json")
	if err == nil {
		f.Add(llm)
	}
	docs := [][]byte{[]byte(`{}`), []byte(`[1,"a",{"a":[]}]`), []byte(`"2021-02-30"`), []byte(`1e400`), []byte(`null`)}
	f.Fuzz(func(t *testing.T, schema []byte) {
		s, err := validate.Compile(schema, validate.Options{})
		if err != nil {
			var ce *validate.CompileError
			if !errors.As(err, &ce) {
				t.Fatalf("compile error of type %T: %v", err, err)
			}
			return
		}
		for _, doc := range docs {
			checkDeterministic(t, s, doc)
			checkStreamSame(t, s, doc)
		}
	})
}

// FuzzValidateDocument feeds arbitrary documents to compiled schemas: the
// answer is diagnostics or a *DocumentError, deterministic, and its basic
// rendering is JSON.
func FuzzValidateDocument(f *testing.F) {
	schemas := []string{
		`{"type":"object","properties":{"a":{"type":"integer","minimum":0}},"required":["a"],"additionalProperties":false}`,
		`{"items":{"anyOf":[{"type":"string","pattern":"^x"},{"type":"number","multipleOf":0.5}]},"uniqueItems":true}`,
		`{"unevaluatedProperties":false,"properties":{"a":true},"patternProperties":{"^b":{"type":"boolean"}},"propertyNames":{"maxLength":3}}`,
	}
	var compiled []*validate.Schema
	for _, s := range schemas {
		c, err := validate.Compile([]byte(s), validate.Options{})
		if err != nil {
			f.Fatal(err)
		}
		compiled = append(compiled, c)
	}
	if b, err := os.ReadFile("../testdata/schemas/llm.schema.json"); err == nil {
		if c, err := validate.Compile(b, validate.Options{}); err == nil {
			compiled = append(compiled, c)
		}
	}
	for _, name := range []string{"llm.valid.json", "llm.invalid.json"} {
		if b, err := os.ReadFile("../testdata/schemas/" + name); err == nil {
			f.Add(b)
		}
	}
	for _, d := range []string{`{"a":1}`, `{"a":-1,"b":2}`, `["x",1.5,"x"]`, `{"bb":true,"a":null}`, `[[[[]]]]`, `{"a":1e400}`, "\"\\ud800\""} {
		f.Add([]byte(d))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, s := range compiled {
			checkDeterministic(t, s, doc)
			checkStreamSame(t, s, doc)
		}
	})
}

func checkDeterministic(t *testing.T, s *validate.Schema, doc []byte) {
	d1, err1 := s.Validate(doc)
	d2, err2 := s.Validate(doc)
	if (err1 == nil) != (err2 == nil) || len(d1) != len(d2) {
		t.Fatalf("non-deterministic: %v/%v, %d/%d", err1, err2, len(d1), len(d2))
	}
	if err1 != nil {
		var de *validate.DocumentError
		if !errors.As(err1, &de) {
			t.Fatalf("validate error of type %T: %v", err1, err1)
		}
		return
	}
	for i := range d1 {
		if d1[i].Message != d2[i].Message || d1[i].InstanceLocation != d2[i].InstanceLocation || d1[i].KeywordLocation != d2[i].KeywordLocation {
			t.Fatalf("non-deterministic diagnostic %d: %+v vs %+v", i, d1[i], d2[i])
		}
	}
	if out := d1.AppendBasic(nil); !json.Valid(out) {
		t.Fatalf("basic output is not JSON: %s", out)
	}
	_ = d1.Text(200)
}

// checkStreamSame checks that a Stream cut in three places, ValidateReader
// and (for JSON) the whole-tree evaluation give Validate's answer, to the
// byte.
func checkStreamSame(t *testing.T, s *validate.Schema, doc []byte) {
	want, werr := s.Validate(doc)
	same := func(how string, got validate.Diagnostics, err error) {
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s differs from Validate on %q: %v %+v, want %v %+v", how, doc, err, got, werr, want)
		}
	}
	w := s.NewStream()
	for _, cut := range [][2]int{{0, len(doc) / 3}, {len(doc) / 3, len(doc) * 2 / 3}, {len(doc) * 2 / 3, len(doc)}} {
		if _, err := w.Write(doc[cut[0]:cut[1]]); err != nil {
			break
		}
	}
	got, err := w.Close()
	same("Stream", got, err)
	got, err = s.ValidateReader(bytes.NewReader(doc))
	same("ValidateReader", got, err)
	if werr == nil {
		got, err = s.NewValidator().ValidateJSON(doc)
		same("the tree evaluation", got, err)
	}
}
