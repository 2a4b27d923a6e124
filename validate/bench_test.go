package validate

import (
	"os"
	"testing"
)

func benchValidate(b *testing.B, schemaPath, docPath string) {
	s := compileFile(b, schemaPath)
	doc, err := os.ReadFile(docPath)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Validate(doc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateLLMValid(b *testing.B) {
	benchValidate(b, "../testdata/schemas/llm.schema.json", "../testdata/schemas/llm.valid.json")
}

func BenchmarkValidateLLMInvalid(b *testing.B) {
	benchValidate(b, "../testdata/schemas/llm.schema.json", "../testdata/schemas/llm.invalid.json")
}

func BenchmarkValidateCitm(b *testing.B) {
	benchValidate(b, "../testdata/schemas/citm_catalog.schema.json", "../testdata/corpus/citm_catalog.json")
}

// BenchmarkValidatorJSONLLMValid is the jsonl workers' path: a Validator of
// their own and a document known to be JSON (ValidateJSON).
func BenchmarkValidatorJSONLLMValid(b *testing.B) {
	s := compileFile(b, "../testdata/schemas/llm.schema.json")
	doc, err := os.ReadFile("../testdata/schemas/llm.valid.json")
	if err != nil {
		b.Fatal(err)
	}
	v := s.NewValidator()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if d, err := v.ValidateJSON(doc); err != nil || d != nil {
			b.Fatal(d, err)
		}
	}
}
