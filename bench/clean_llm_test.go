package bench

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
)

// genInput is 16 MB of the CLI benchmark's input (scripts/bench-clean.sh:
// testdata/sample/gen with 5% broken records), generated once per run, or
// the file named by $JSONHEAL_BENCH_CLEAN_INPUT (to profile the same bytes
// again and again, or under tools that do not follow a child process).
var genInput = sync.OnceValues(func() ([]byte, error) {
	if path := os.Getenv("JSONHEAL_BENCH_CLEAN_INPUT"); path != "" {
		return os.ReadFile(path)
	}
	dir, err := os.MkdirTemp("", "bench-clean-llm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "in.jsonl")
	cmd := exec.Command("go", "run", "./testdata/sample/gen", "-bytes", "16MB", "-broken", "0.05", "-o", path)
	cmd.Dir = ".."
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	return os.ReadFile(path)
})

// BenchmarkCleanGenerated cleans the CLI benchmark's kind of input (5%
// broken records) without and with the LLM schema, at 1 and 2 workers, and
// reports cpu-MB/s (megabytes per CPU-second of this process, GC
// included): on a shared machine it is steadier than wall-clock MB/s.
func BenchmarkCleanGenerated(b *testing.B) {
	in, err := genInput()
	if err != nil {
		b.Fatal(err)
	}
	schema, err := validate.Compile(readFile(b, "../testdata/schemas/llm.schema.json"), validate.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		schema jsonl.Validator
	}{{"none", nil}, {"llm", jsonl.SchemaValidator(schema)}} {
		for _, j := range []int{1, 2} {
			name := c.name + "/j1"
			if j == 2 {
				name = c.name + "/j2"
			}
			b.Run(name, func(b *testing.B) {
				opts := jsonl.Options{Workers: j, Schema: c.schema}
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
			})
		}
	}
}

// BenchmarkSplitGenerated splits the CLI benchmark's kind of input into
// records (the reader's share of jsonheal clean).
func BenchmarkSplitGenerated(b *testing.B) {
	in, err := genInput()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		splitAll(in)
	}
}

// corpusLLMInput is testdata/corpus/llm.jsonl repeated to 32 MB: model
// answers of about 3.6 KB, one a line, all valid (the shape of issue 38's
// 200 MB, where the splitter was the serial stage).
var corpusLLMInput = sync.OnceValues(func() ([]byte, error) {
	one, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	if err != nil {
		return nil, err
	}
	return bytes.Repeat(one, 32<<20/len(one)), nil
})

// BenchmarkCleanCorpusLLM cleans corpusLLMInput at 1 and 2 workers with no
// schema, and reports cpu-MB/s beside MB/s: with one worker the reader,
// the worker and the writer already run side by side, so MB/s at -j 1 and
// -j 2 differ only as far as the cores are free.
func BenchmarkCleanCorpusLLM(b *testing.B) {
	in, err := corpusLLMInput()
	if err != nil {
		b.Fatal(err)
	}
	for _, j := range []int{1, 2} {
		name := "j1"
		if j == 2 {
			name = "j2"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			start := processCPU()
			for b.Loop() {
				if _, err := jsonl.NewCleaner(jsonl.Options{Workers: j}).Run(context.Background(), bytes.NewReader(in), io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			cpu := (processCPU() - start).Seconds()
			b.ReportMetric(float64(len(in))*float64(b.N)/1e6/cpu, "cpu-MB/s")
		})
	}
}

// BenchmarkSplitCorpusLLM splits corpusLLMInput into records (the reader's
// share of BenchmarkCleanCorpusLLM).
func BenchmarkSplitCorpusLLM(b *testing.B) {
	in, err := corpusLLMInput()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		splitAll(in)
	}
}
