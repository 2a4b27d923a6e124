package benthos

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
)

// The model-sized answers of the repository's corpus (3.6 KB records, one a
// line, all valid against the LLM answer schema): the records of issue 38's
// Benthos measurements.
const (
	llmCorpus = "../../testdata/corpus/llm.jsonl"
	llmSchema = "testdata/llm-answer.schema.json"
	// llmCopies is how many times the corpus is repeated in the scanner
	// benchmark's input (about 8 MB).
	llmCopies = 8
)

// llmInput is the corpus, read once: its bytes and its records.
var llmInput = sync.OnceValues(func() ([]byte, error) { return os.ReadFile(llmCorpus) })

func llmRecords(b *testing.B) [][]byte {
	in, err := llmInput()
	require.NoError(b, err)
	return bytes.Split(bytes.TrimSuffix(in, []byte("\n")), []byte("\n"))
}

// BenchmarkCostScanner splits the same bytes (the corpus repeated) with
// Benthos's own lines scanner and with jsonheal_records, each through
// Benthos's scanner wrapper, acknowledging every batch as the file input
// does. `make bench-benthos` prints jsonheal_records' time over lines'.
func BenchmarkCostScanner(b *testing.B) {
	in, err := llmInput()
	require.NoError(b, err)
	in = bytes.Repeat(in, llmCopies)
	for _, name := range []string{"lines", "jsonheal_records"} {
		b.Run(name, func(b *testing.B) {
			creator := component(b, nil, service.NewScannerField, (*service.ParsedConfig).FieldScanner, name+": {}")
			ctx := context.Background()
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			records := 0
			cpu := processCPU()
			for b.Loop() {
				records = scanAll(b, ctx, creator, in)
			}
			reportPerRecord(b, records, cpu)
		})
	}
}

// scanAll reads every batch of in and acknowledges it; it returns how many
// messages there were.
func scanAll(b *testing.B, ctx context.Context, creator *service.OwnedScannerCreator, in []byte) int {
	s, err := creator.Create(io.NopCloser(bytes.NewReader(in)), func(context.Context, error) error { return nil }, service.NewScannerSourceDetails())
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for {
		batch, ack, err := s.NextBatch(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		n += len(batch)
		if err := ack(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
	if err := s.Close(ctx); err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkCostProcessor runs the corpus's records, one message each,
// through Benthos's noop processor and through jsonheal with the LLM answer
// schema, both built from config and called through Benthos's processor
// wrapper (message creation included in both); "batch" does the same with
// the corpus as one batch (noop and jsonheal_batch). The references are the
// library's own CPU per record: "judge" is jsonl.Judge alone (the sanitize,
// validate and schema-fix calls `jsonheal clean` makes per record), "clean"
// the whole of jsonl.Cleaner.Run. `make bench-benthos` prints jsonheal's
// CPU time per message less noop's over each.
func BenchmarkCostProcessor(b *testing.B) {
	recs := llmRecords(b)
	size := 0
	for _, r := range recs {
		size += len(r)
	}
	env := costEnvironment(b)
	for _, c := range []struct{ name, yaml string }{
		{"message/noop", "noop: {}"},
		{"message/plugin", "cost_plugin: {}"},
		{"message/plugin+metadata", "cost_metadata: {}"},
		{"message/jsonheal", "jsonheal: { schema_path: " + yamlString(llmSchema) + " }"},
		{"batch/noop", "noop: {}"},
		{"batch/jsonheal", "jsonheal_batch: { schema_path: " + yamlString(llmSchema) + " }"},
	} {
		b.Run(c.name, func(b *testing.B) {
			proc := component(b, env, service.NewProcessorField, (*service.ParsedConfig).FieldProcessor, c.yaml)
			ctx := context.Background()
			perBatch := c.name[:len("batch")] == "batch"
			b.SetBytes(int64(size))
			b.ReportAllocs()
			cpu := processCPU()
			for b.Loop() {
				if perBatch {
					processBatch(b, ctx, proc, recs)
				} else {
					processEach(b, ctx, proc, recs)
				}
			}
			reportPerRecord(b, len(recs), cpu)
		})
	}
	text, err := os.ReadFile(llmSchema)
	require.NoError(b, err)
	schema, err := validate.Compile(text, validate.Options{})
	require.NoError(b, err)
	b.Run("judge", func(b *testing.B) {
		j := jsonl.NewJudge(jsonl.Options{Schema: jsonl.SchemaValidator(schema)})
		var dst []byte
		b.SetBytes(int64(size))
		b.ReportAllocs()
		cpu := processCPU()
		for b.Loop() {
			for _, r := range recs {
				var v jsonl.Verdict
				dst, v = j.Judge(dst[:0], r)
				if v.Reason != 0 {
					b.Fatalf("record rejected: %s", v.Diagnosis.Text)
				}
			}
		}
		reportPerRecord(b, len(recs), cpu)
	})
	b.Run("clean", func(b *testing.B) { cleanReference(b, schema) })
}

// cleanReference is the library's whole per-record cost on the same
// records: jsonl.Cleaner.Run (what `jsonheal clean --schema S -j 2` runs:
// splitter, two workers, writer) over the corpus repeated llmCopies times,
// written to io.Discard.
func cleanReference(b *testing.B, schema *validate.Schema) {
	in, err := llmInput()
	require.NoError(b, err)
	in = bytes.Repeat(in, llmCopies)
	opts := jsonl.Options{Workers: 1, Schema: jsonl.SchemaValidator(schema)}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	records := 0
	cpu := processCPU()
	for b.Loop() {
		st, err := jsonl.NewCleaner(opts).Run(context.Background(), bytes.NewReader(in), io.Discard, io.Discard)
		if err != nil || st.Rejected != 0 {
			b.Fatalf("clean: %v, %d rejected", err, st.Rejected)
		}
		records = int(st.Records)
	}
	reportPerRecord(b, records, cpu)
}

// reportPerRecord reports the time per record of the b.N rounds of records
// each: wall clock (ns/record) and CPU time of the whole process since
// cpuStart, GC included (cpu-ns/record), which is steadier on a shared
// machine. The benchmark loop must have ended.
func reportPerRecord(b *testing.B, records int, cpuStart time.Duration) {
	n := float64(b.N * records)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/record")
	b.ReportMetric(float64((processCPU()-cpuStart).Nanoseconds())/n, "cpu-ns/record")
}

// costEnvironment is the global environment plus two processors that
// split the jsonheal processor's cost over noop: cost_plugin returns each
// message as it is (what Benthos spends on any plugin processor: its
// wrapper, span and context), and cost_metadata also sets the metadata and
// counts the message as jsonheal does for a clean record (without judging
// it).
func costEnvironment(b *testing.B) *service.Environment {
	env := service.NewEnvironment()
	require.NoError(b, env.RegisterProcessor("cost_plugin", service.NewConfigSpec(),
		func(*service.ParsedConfig, *service.Resources) (service.Processor, error) {
			return &costProcessor{}, nil
		}))
	require.NoError(b, env.RegisterProcessor("cost_metadata", service.NewConfigSpec(),
		func(_ *service.ParsedConfig, mgr *service.Resources) (service.Processor, error) {
			return &costProcessor{metrics: newCounters(mgr.Metrics())}, nil
		}))
	return env
}

// costProcessor passes messages on; with metrics, it first applies the
// verdict of a clean record to each and counts it.
type costProcessor struct{ metrics *counters }

// Process passes msg on.
func (p *costProcessor) Process(_ context.Context, msg *service.Message) (service.MessageBatch, error) {
	if p.metrics != nil {
		v := verdict{outcome: OutcomeClean}
		apply(msg, &v)
		p.metrics.record(&v)
	}
	return service.MessageBatch{msg}, nil
}

// Close releases nothing.
func (p *costProcessor) Close(context.Context) error { return nil }

// component parses `field: { yaml }`, a config of one field made by
// newField, in env (nil: the global environment), and returns the
// component get builds from it.
func component[T any](b *testing.B, env *service.Environment, newField func(string) *service.ConfigField,
	get func(*service.ParsedConfig, ...string) (T, error), yaml string) T {
	spec := service.NewConfigSpec().Field(newField("field"))
	conf, err := spec.ParseYAML("field: { "+yaml+" }", env)
	require.NoError(b, err)
	c, err := get(conf, "field")
	require.NoError(b, err)
	return c
}

func processEach(b *testing.B, ctx context.Context, proc *service.OwnedProcessor, recs [][]byte) {
	for _, r := range recs {
		out, err := proc.Process(ctx, service.NewMessage(r))
		if err != nil || len(out) != 1 || out[0].GetError() != nil {
			b.Fatalf("record not accepted: %v", err)
		}
	}
}

func processBatch(b *testing.B, ctx context.Context, proc *service.OwnedProcessor, recs [][]byte) {
	batch := make(service.MessageBatch, len(recs))
	for i, r := range recs {
		batch[i] = service.NewMessage(r)
	}
	out, err := proc.ProcessBatch(ctx, batch)
	if err != nil || len(out) != 1 || len(out[0]) != len(recs) {
		b.Fatalf("batch not processed: %v", err)
	}
}
