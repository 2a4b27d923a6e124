package bench

import (
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
	return generate("16MB", "0.05")
})

// generate returns size of testdata/sample/gen's ticket records with a
// fraction broken of them broken (its flags -bytes and -broken).
func generate(size, broken string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "bench-clean")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "in.jsonl")
	cmd := exec.Command("go", "run", "./testdata/sample/gen", "-bytes", size, "-broken", broken, "-o", path)
	cmd.Dir = ".."
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

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
				benchClean(b, in, jsonl.Options{Workers: j, Schema: c.schema})
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
