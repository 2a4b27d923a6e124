package bench

import (
	"bytes"
	"context"
	"io"
	"os"
	"testing"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
)

// jsonlInput repeats a corpus file to about 8 MB.
func jsonlInput(b *testing.B, path string) []byte {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return bytes.Repeat(data, max(1, (8<<20)/len(data)))
}

func BenchmarkJSONLSplit(b *testing.B) {
	for _, name := range []string{"llm.jsonl", "llm_raw.jsonl"} {
		in := jsonlInput(b, "../testdata/corpus/"+name)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				splitAll(in)
			}
		})
	}
}

// benchClean cleans in with opts b.N times and reports cpu-MB/s beside
// MB/s (megabytes per CPU-second of this process, GC included): on a
// shared machine it is steadier, and MB/s at -j 1 and -j 2 differ only as
// far as the cores are free (with one worker the reader, the worker and
// the writer already run side by side).
func benchClean(b *testing.B, in []byte, opts jsonl.Options) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	start := processCPU()
	for b.Loop() {
		if _, err := jsonl.NewCleaner(opts).Run(context.Background(), bytes.NewReader(in), io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	cpu := (processCPU() - start).Seconds()
	b.ReportMetric(float64(len(in))*float64(b.N)/1e6/cpu, "cpu-MB/s")
}

func BenchmarkJSONLClean(b *testing.B) {
	llm := jsonlInput(b, "../testdata/corpus/llm.jsonl")
	raw := jsonlInput(b, "../testdata/corpus/llm_raw.jsonl")
	sample := jsonlInput(b, "../testdata/sample/outputs.jsonl")
	schemaText, err := os.ReadFile("../testdata/sample/schema.json")
	if err != nil {
		b.Fatal(err)
	}
	schema, err := validate.Compile(schemaText, validate.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, j := range []int{1, 2} {
		jn := map[int]string{1: "j1", 2: "j2"}[j]
		b.Run("llm/"+jn, func(b *testing.B) { benchClean(b, llm, jsonl.Options{Workers: j}) })
		b.Run("llm_raw/"+jn, func(b *testing.B) { benchClean(b, raw, jsonl.Options{Workers: j}) })
		b.Run("sample/"+jn, func(b *testing.B) { benchClean(b, sample, jsonl.Options{Workers: j}) })
		b.Run("sample+schema/"+jn, func(b *testing.B) {
			benchClean(b, sample, jsonl.Options{Workers: j, Schema: jsonl.SchemaValidator(schema)})
		})
	}
}

// splitAll splits in into records and drops them: the splitter's work
// alone.
func splitAll(in []byte) {
	sp := jsonl.NewSplitter(bytes.NewReader(in), jsonl.SplitOptions{})
	for {
		if _, err := sp.Next(); err != nil {
			return
		}
	}
}
