package bench

import (
	"bytes"
	"os"
	"testing"

	kaptinlin "github.com/kaptinlin/jsonschema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/xeipuuv/gojsonschema"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

// validateCase is one schema with one document.
type validateCase struct {
	name, schema, doc string
	valid             bool
}

var validateCases = []validateCase{
	{"llm-valid", "../testdata/schemas/llm.schema.json", "../testdata/schemas/llm.valid.json", true},
	{"llm-invalid", "../testdata/schemas/llm.schema.json", "../testdata/schemas/llm.invalid.json", false},
	{"citm", "../testdata/schemas/citm_catalog.schema.json", "../testdata/corpus/citm_catalog.json", true},
}

// draft7Cases are the same documents with the draft-07 spelling of the
// schemas, so that gojsonschema (draft-07 at most) runs side by side.
var draft7Cases = []validateCase{
	{"llm-valid", "../testdata/schemas/llm.draft7.schema.json", "../testdata/schemas/llm.valid.json", true},
	{"llm-invalid", "../testdata/schemas/llm.draft7.schema.json", "../testdata/schemas/llm.invalid.json", false},
	{"citm", "../testdata/schemas/citm_catalog.draft7.schema.json", "../testdata/corpus/citm_catalog.json", true},
}

// validator validates bytes and returns how many errors it found (the
// whole list is produced, as a caller that reports them would need).
type validator func(doc []byte) int

func readFile(tb testing.TB, path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func jsonhealValidator(tb testing.TB, schema []byte) validator {
	s, err := validate.Compile(schema, validate.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return func(doc []byte) int {
		d, err := s.Validate(doc)
		if err != nil {
			tb.Fatal(err)
		}
		return len(d)
	}
}

func santhoshValidator(tb testing.TB, schema []byte) validator {
	c := santhosh.NewCompiler()
	v, err := santhosh.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		tb.Fatal(err)
	}
	if err := c.AddResource("schema.json", v); err != nil {
		tb.Fatal(err)
	}
	s, err := c.Compile("schema.json")
	if err != nil {
		tb.Fatal(err)
	}
	return func(doc []byte) int {
		inst, err := santhosh.UnmarshalJSON(bytes.NewReader(doc))
		if err != nil {
			tb.Fatal(err)
		}
		err = s.Validate(inst)
		if err == nil {
			return 0
		}
		ve, ok := err.(*santhosh.ValidationError)
		if !ok {
			tb.Fatal(err)
		}
		return len(ve.BasicOutput().Errors)
	}
}

func kaptinlinValidator(tb testing.TB, schema []byte) validator {
	s, err := kaptinlin.NewCompiler().Compile(schema)
	if err != nil {
		tb.Fatal(err)
	}
	return func(doc []byte) int {
		r := s.ValidateJSON(doc)
		if r.IsValid() {
			return 0
		}
		return len(r.ToList().Details) + 1
	}
}

func gojsonschemaValidator(tb testing.TB, schema []byte) validator {
	s, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(schema))
	if err != nil {
		tb.Fatal(err)
	}
	return func(doc []byte) int {
		r, err := s.Validate(gojsonschema.NewBytesLoader(doc))
		if err != nil {
			tb.Fatal(err)
		}
		return len(r.Errors())
	}
}

type lib struct {
	name string
	make func(testing.TB, []byte) validator
}

var libs = []lib{
	{"jsonheal", jsonhealValidator},
	{"santhosh-v6", santhoshValidator},
	{"kaptinlin", kaptinlinValidator},
}

var draft7Libs = []lib{
	{"jsonheal", jsonhealValidator},
	{"santhosh-v6", santhoshValidator},
	{"gojsonschema", gojsonschemaValidator},
}

// TestPeersAgree checks that every library gives the same verdict on every
// case, so the benchmarks compare like with like.
func TestPeersAgree(t *testing.T) {
	run := func(cases []validateCase, libs []lib) {
		for _, c := range cases {
			schema, doc := readFile(t, c.schema), readFile(t, c.doc)
			for _, l := range libs {
				n := l.make(t, schema)(doc)
				if (n == 0) != c.valid {
					t.Errorf("%s on %s (%s): %d errors, want valid=%v", l.name, c.name, c.schema, n, c.valid)
				}
			}
		}
	}
	run(validateCases, libs)
	run(draft7Cases, draft7Libs)
}

func benchCases(b *testing.B, cases []validateCase, libs []lib) {
	for _, c := range cases {
		schema, doc := readFile(b, c.schema), readFile(b, c.doc)
		for _, l := range libs {
			b.Run(c.name+"/"+l.name, func(b *testing.B) {
				v := l.make(b, schema)
				v(doc) // warm up: the first call sizes buffers that later calls reuse
				b.SetBytes(int64(len(doc)))
				b.ReportAllocs()
				start := processCPU()
				for b.Loop() {
					v(doc)
				}
				// CPU time (this process, GC included) is steadier than wall
				// time on a shared machine.
				b.ReportMetric(float64((processCPU()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkValidate: 2020-12 schemas; jsonheal, santhosh-tekuri v6 and
// kaptinlin, from bytes.
func BenchmarkValidate(b *testing.B) { benchCases(b, validateCases, libs) }

// BenchmarkValidateDraft7: draft-07 schemas; jsonheal, santhosh-tekuri v6
// and gojsonschema, from bytes.
func BenchmarkValidateDraft7(b *testing.B) { benchCases(b, draft7Cases, draft7Libs) }

// sanitizeValidator is not a validator: it runs jsonheal's sanitizer
// (every repair on, a reused Sanitizer appending to a reused buffer) over
// the document, the pass every byte takes before validation, so that
// BenchmarkValidateVsSanitize can set the two side by side.
func sanitizeValidator(tb testing.TB, _ []byte) validator {
	z := sanitize.New(sanitize.Options{})
	var dst []byte
	return func(doc []byte) int {
		out, err := z.Append(dst[:0], doc)
		if err != nil || len(out) == 0 {
			tb.Fatalf("sanitize: %v", err)
		}
		dst = out
		return 0
	}
}

// BenchmarkValidateVsSanitize: on each valid document of validateCases,
// jsonheal's sanitizer and jsonheal's validation of the same bytes, one
// after the other (cpu-ns/op): issue #38 wants validation within 2x of
// sanitize's time on citm_catalog. scripts/bench-validate.sh prints the
// ratio.
func BenchmarkValidateVsSanitize(b *testing.B) {
	var valid []validateCase
	for _, c := range validateCases {
		if c.valid {
			valid = append(valid, c)
		}
	}
	benchCases(b, valid, []lib{{"jsonheal-sanitize", sanitizeValidator}, {"jsonheal", jsonhealValidator}})
}
