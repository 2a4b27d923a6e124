package benthos

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

// The repository's sample of model output (records spanning lines, fences,
// prose, truncation) and its schema.
const (
	sampleFile   = "../../testdata/sample/outputs.jsonl"
	sampleSchema = "../../testdata/sample/schema.json"
)

// cleanOracle runs the jsonl pipeline (what `jsonheal clean --schema
// --min-confidence likely` runs) over path: the output lines, and the
// first input line of each rejected record.
func cleanOracle(t *testing.T, path, schemaPath string) (out []string, rejectLines []int64, stats jsonl.Stats) {
	t.Helper()
	text, err := os.ReadFile(schemaPath)
	require.NoError(t, err)
	schema, err := validate.Compile(text, validate.Options{})
	require.NoError(t, err)
	in, err := os.Open(path)
	require.NoError(t, err)
	defer in.Close()
	var outBuf, rejBuf bytes.Buffer
	c := jsonl.NewCleaner(jsonl.Options{
		Workers:  1,
		Sanitize: sanitize.Options{MinConfidence: sanitize.Likely},
		Schema:   jsonl.SchemaValidator(schema),
	})
	stats, err = c.Run(context.Background(), in, &outBuf, &rejBuf)
	require.NoError(t, err)
	sc := bufio.NewScanner(&rejBuf)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r struct{ Line int64 }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		rejectLines = append(rejectLines, r.Line)
	}
	require.NoError(t, sc.Err())
	return strings.Split(strings.TrimSuffix(outBuf.String(), "\n"), "\n"), rejectLines, stats
}

// TestRecordsScannerMatchesClean runs the sample file through file +
// jsonheal_records + jsonheal, with the prometheus exporter, and checks it
// against the jsonl pipeline run in-process: the same records accepted
// (byte for byte, in order), the same records rejected (by first line),
// and counters that add up to the pipeline's counts.
func TestRecordsScannerMatchesClean(t *testing.T) {
	wantOut, wantRejects, stats := cleanOracle(t, sampleFile, sampleSchema)
	require.Greater(t, stats.Reflowed, int64(0), "the sample has records that span lines")
	require.Greater(t, stats.Rejected, int64(0))

	prom := newPromExporter(false, false, nil)
	env := service.NewEnvironment()
	require.NoError(t, env.RegisterMetricsExporter("prom_test", service.NewConfigSpec(),
		func(*service.ParsedConfig, *service.Logger) (service.MetricsExporter, error) { return prom, nil }))
	b := env.NewStreamBuilder()
	require.NoError(t, b.SetLoggerYAML("level: none"))
	require.NoError(t, b.SetMetricsYAML("prom_test: {}"))
	b.SetThreads(1)
	abs, err := filepath.Abs(sampleFile)
	require.NoError(t, err)
	require.NoError(t, b.AddInputYAML(fmt.Sprintf("file:\n  paths: [ %s ]\n  scanner:\n    jsonheal_records: {}\n", yamlString(abs))))
	require.NoError(t, b.AddProcessorYAML("jsonheal:\n  schema_path: "+yamlString(sampleSchema)))
	c := collect(t, b)
	run(t, b)

	var gotOut []string
	var gotRejects []int64
	for _, m := range c.msgs {
		line, ok := m.meta[MetaLine].(int64)
		require.True(t, ok, "every record carries its line")
		if m.err != nil {
			gotRejects = append(gotRejects, line)
			continue
		}
		gotOut = append(gotOut, m.body)
	}
	assert.Equal(t, stats.Records, int64(len(c.msgs)), "one message per record")
	assert.Equal(t, wantRejects, gotRejects, "the same records rejected")
	require.Equal(t, len(wantOut), len(gotOut), "the same number accepted")
	for i := range wantOut {
		assert.Equal(t, wantOut[i], gotOut[i], "record %d of the output", i+1)
	}

	rec := httptest.NewRecorder()
	prom.HandlerFunc()(rec, httptest.NewRequest("GET", "/metrics", nil))
	body := rec.Body.String()
	messages := sumMetric(t, body, "jsonheal_messages", "")
	rejected := sumMetric(t, body, "jsonheal_messages", `outcome="rejected"`)
	assert.Equal(t, float64(stats.Records), messages, "jsonheal_messages adds up to the records read")
	assert.Equal(t, float64(stats.Rejected), rejected)
	assert.Equal(t, float64(stats.Written()), messages-rejected)
	assert.Equal(t, float64(stats.Rejected), sumMetric(t, body, "jsonheal_rejects", ""))
	assert.Equal(t, float64(stats.Rejected), sumMetric(t, body, "processor_error", ""), "processor_error counts the rejects")
	assert.Contains(t, body, `jsonheal_build_info{label="",path="root.pipeline.processors.0",version="`)
	assert.Contains(t, body, "# TYPE processor_latency_ns summary")
}

// sumMetric adds the values of the samples of metric name in the scrape
// body whose labels contain label.
func sumMetric(t *testing.T, body, name, label string) float64 {
	t.Helper()
	var sum float64
	found := false
	for _, line := range strings.Split(body, "\n") {
		rest, ok := strings.CutPrefix(line, name)
		if !ok || rest == "" || rest[0] != '{' && rest[0] != ' ' || !strings.Contains(rest, label) {
			continue
		}
		var v float64
		_, err := fmt.Sscan(line[strings.LastIndexByte(line, ' ')+1:], &v)
		require.NoError(t, err, line)
		sum += v
		found = true
	}
	require.True(t, found, "no %s{%s} in the scrape", name, label)
	return sum
}

// TestRecordsScannerMetadata: line, lines, offset, size and cut of each
// record; a record over max_record_bytes is rejected by the processor as
// too_large with a sample of its bytes.
func TestRecordsScannerMetadata(t *testing.T) {
	dir := t.TempDir()
	in := "{\"a\":1}\n\n{\n  \"b\": 2\n}\n{\"c\":\"cut\n{\"d\":" + `"` + strings.Repeat("x", 100) + `"}` + "\n"
	path := filepath.Join(dir, "in.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(in), 0o600))

	b, metrics := newBuilder(t)
	b.SetThreads(1)
	require.NoError(t, b.AddInputYAML(fmt.Sprintf("file:\n  paths: [ %s ]\n  scanner:\n    jsonheal_records: { max_record_bytes: 64 }\n", yamlString(path))))
	require.NoError(t, b.AddProcessorYAML("jsonheal: {}"))
	c := collect(t, b)
	run(t, b)

	require.Len(t, c.msgs, 4)
	type meta struct {
		line, lines, offset, size int64
		cut, big                  bool
	}
	get := func(m consumed) meta {
		return meta{m.meta[MetaLine].(int64), m.meta[MetaLines].(int64), m.meta[MetaOffset].(int64),
			m.meta[MetaSize].(int64), m.meta[MetaCut].(bool), m.meta[MetaTooLarge].(bool)}
	}
	assert.Equal(t, meta{1, 1, 0, 7, false, false}, get(c.msgs[0]))
	assert.Equal(t, `{"a":1}`, c.msgs[0].body)
	assert.Equal(t, meta{3, 3, 9, 12, false, false}, get(c.msgs[1]))
	assert.Equal(t, `{   "b": 2 }`, c.msgs[1].body, "put on one line")
	assert.Equal(t, meta{6, 1, 22, 9, true, false}, get(c.msgs[2]), "cut at the next record's start")
	assert.Equal(t, "truncated", c.msgs[2].meta[MetaClass])
	assert.Equal(t, int64(108), get(c.msgs[3]).size)
	assert.True(t, get(c.msgs[3]).big)
	assert.Equal(t, ClassTooLarge, c.msgs[3].meta[MetaClass])
	assert.Equal(t, int64(2), metrics.Counter("processor_error{}"))
}

// TestBatchRejectsCountAsProcessorErrors: jsonheal_batch flags rejected
// messages one by one, each counted in processor_error.
func TestBatchRejectsCountAsProcessorErrors(t *testing.T) {
	recs := fixtures(90)
	dir := t.TempDir()
	b, metrics := newBuilder(t)
	b.SetThreads(1)
	file := strings.ReplaceAll(inputYAML(writeInput(t, dir, recs)), "\n", "\n    ")
	require.NoError(t, b.AddInputYAML("broker:\n  batching: { count: 16, period: 50ms }\n  inputs:\n  - "+file))
	require.NoError(t, b.AddProcessorYAML("jsonheal_batch:\n  schema: "+yamlString(testSchema)))
	c := collect(t, b)
	run(t, b)
	rejected := 0
	for _, m := range c.msgs {
		if m.err != nil {
			rejected++
		}
	}
	assert.Greater(t, c.maxBatch, 1, "batches of several messages")
	assert.Equal(t, 30, rejected)
	assert.Equal(t, int64(30), metrics.Counter("processor_error{}"))
	assert.Equal(t, int64(30), metrics.Counter("jsonheal_messages{outcome=rejected}"))
}
