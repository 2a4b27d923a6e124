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
