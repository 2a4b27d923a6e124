package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
	"testing"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
)

// validInput is 8 MB of the CLI benchmark's records with none broken:
// every record meets the LLM answer schema.
var validInput = sync.OnceValues(func() ([]byte, error) { return generate("8MB", "0") })

// schemaBreaks are schema changes that break every record of validInput,
// the incidents of issue 38: each edits the decoded LLM answer schema.
var schemaBreaks = []struct {
	name string
	edit func(s map[string]any)
}{
	{"none", func(map[string]any) {}},
	{"new-required", func(s map[string]any) {
		s["required"] = append(s["required"].([]any), "tenant_id")
		s["properties"].(map[string]any)["tenant_id"] = map[string]any{"type": "string"}
	}},
	{"renamed", func(s map[string]any) {
		req := s["required"].([]any)
		for i, r := range req {
			if r == "summary" {
				req[i] = "abstract"
			}
		}
		props := s["properties"].(map[string]any)
		props["abstract"] = props["summary"]
		delete(props, "summary")
	}},
	{"retyped", func(s map[string]any) {
		s["properties"].(map[string]any)["confidence"] = map[string]any{"type": "integer", "minimum": 0, "maximum": 100}
	}},
	{"enum-changed", func(s map[string]any) {
		s["properties"].(map[string]any)["channel"] = map[string]any{"enum": []any{"e-mail", "live_chat", "telephone", "website", "social_media"}}
	}},
	{"nested", func(s map[string]any) {
		defs := s["$defs"].(map[string]any)
		entity := defs["entity"].(map[string]any)
		entity["required"] = append(entity["required"].([]any), "id")
		entity["properties"].(map[string]any)["id"] = map[string]any{"type": "string"}
		customer := defs["customer"].(map[string]any)
		customer["properties"].(map[string]any)["id"] = map[string]any{"type": "string", "pattern": "^CUS-[0-9]+$"}
	}},
}

// BenchmarkCleanAllFailing cleans records that all meet the LLM answer
// schema ("none") and the same records against schema changes that break
// every one of them, at one worker, writing the rejects: the reject path
// of issue 38, which must cost at most 5x the valid path. It reports
// cpu-MB/s, steadier than the clock on a shared machine.
func BenchmarkCleanAllFailing(b *testing.B) {
	in, err := validInput()
	if err != nil {
		b.Fatal(err)
	}
	for _, br := range schemaBreaks {
		b.Run(br.name, func(b *testing.B) {
			var s map[string]any
			if err := json.Unmarshal(readFile(b, "../testdata/schemas/llm.schema.json"), &s); err != nil {
				b.Fatal(err)
			}
			br.edit(s)
			text, err := json.Marshal(s)
			if err != nil {
				b.Fatal(err)
			}
			schema, err := validate.Compile(text, validate.Options{})
			if err != nil {
				b.Fatal(err)
			}
			opts := jsonl.Options{Workers: 1, Schema: jsonl.SchemaValidator(schema)}
			st, err := jsonl.NewCleaner(opts).Run(context.Background(), bytes.NewReader(in), io.Discard, io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			if want := br.name != "none"; (st.Rejected == st.Records) != want || st.Records == 0 {
				b.Fatalf("%s: %d of %d records rejected", br.name, st.Rejected, st.Records)
			}
			benchClean(b, in, opts)
		})
	}
}
