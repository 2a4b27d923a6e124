package bench

import (
	"os"
	"testing"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
)

// BenchmarkJSONLSchemaFixes cleans the bundled sample (about 4% of its
// records are saved by schema-guided fixes, 11% fail the schema anyway)
// with the fixes on and off, and a file of valid records only, where the
// fixes must cost nothing.
func BenchmarkJSONLSchemaFixes(b *testing.B) {
	sample := jsonlInput(b, "../testdata/sample/outputs.jsonl")
	llm := jsonlInput(b, "../testdata/corpus/llm.jsonl")
	schemaText, err := os.ReadFile("../testdata/sample/schema.json")
	if err != nil {
		b.Fatal(err)
	}
	schema, err := validate.Compile(schemaText, validate.Options{})
	if err != nil {
		b.Fatal(err)
	}
	llmSchemaText, err := os.ReadFile("../testdata/schemas/llm.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	llmSchema, err := validate.Compile(llmSchemaText, validate.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, fixes := range []struct {
		name     string
		disabled heal.FixRule
	}{{"fixes-on", 0}, {"fixes-off", heal.AllFixes}} {
		b.Run("sample/"+fixes.name, func(b *testing.B) {
			benchClean(b, sample, jsonl.Options{Workers: 1, Schema: jsonl.SchemaValidator(schema), DisabledSchemaFixes: fixes.disabled})
		})
		b.Run("llm/"+fixes.name, func(b *testing.B) {
			benchClean(b, llm, jsonl.Options{Workers: 1, Schema: jsonl.SchemaValidator(llmSchema), DisabledSchemaFixes: fixes.disabled})
		})
	}
}
