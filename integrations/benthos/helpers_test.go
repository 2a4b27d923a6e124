package benthos

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/redpanda-data/benthos/v4/public/components/io"
	_ "github.com/redpanda-data/benthos/v4/public/components/pure"
	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/require"
)

// testSchema is the schema of the fixture records.
const testSchema = `{"type":"object","required":["id","status"],` +
	`"properties":{"id":{"type":"integer"},"status":{"enum":["ok","failed"]},"note":{"type":"string"}},` +
	`"additionalProperties":false}`

// kind is a category of fixture record.
type kind int

const (
	kindClean     kind = iota // valid as is
	kindFenced                // in a markdown fence between prose lines
	kindProse                 // wrapped in prose
	kindControl               // raw tab inside a string
	kindRepaired              // missing comma: repaired by sanitize (likely)
	kindEnumCase              // "OK": fixed by enum case folding
	kindBadEnum               // "lost": rejected by the schema
	kindSyntax                // a stray '@' where a value belongs: rejected by sanitize
	kindTruncated             // cut off: rejected, or closed with close_truncated
	kindCount
)

// record is one fixture: the input line and what must come out of it.
type record struct {
	id      int
	kind    kind
	raw     string
	want    string // accepted output; "" when rejected
	outcome string
	class   string // failure class when rejected
	layer   string
}

func fixture(id int) record {
	k := kind(id % int(kindCount))
	r := record{id: id, kind: k}
	clean := fmt.Sprintf(`{"id":%d,"status":"ok"}`, id)
	switch k {
	case kindClean:
		r.raw, r.want, r.outcome = clean, clean, OutcomeClean
	case kindFenced:
		r.raw, r.want, r.outcome = "Sure!\n```json\n"+clean+"\n```\nAnything else?", clean, OutcomeSanitized
	case kindProse:
		r.raw, r.want, r.outcome = "Here is the record: "+clean+" Hope it helps!", clean, OutcomeSanitized
	case kindControl:
		r.raw = fmt.Sprintf("{\"id\":%d,\"status\":\"ok\",\"note\":\"a\tb\"}", id)
		r.want, r.outcome = fmt.Sprintf(`{"id":%d,"status":"ok","note":"a\tb"}`, id), OutcomeSanitized
	case kindRepaired:
		r.raw = fmt.Sprintf(`{"id":%d,"status":"ok" "note":"x"}`, id)
		r.want, r.outcome = fmt.Sprintf(`{"id":%d,"status":"ok", "note":"x"}`, id), OutcomeSanitized
	case kindEnumCase:
		r.raw, r.want, r.outcome = fmt.Sprintf(`{"id":%d,"status":"OK"}`, id), clean, OutcomeFixed
	case kindBadEnum:
		r.raw, r.outcome, r.class, r.layer = fmt.Sprintf(`{"status": "lost",  "id":%d}`, id), OutcomeRejected, "schema", LayerValidate
	case kindSyntax:
		r.raw, r.outcome, r.class, r.layer = fmt.Sprintf(`{"id":%d,"status":"ok","note":@}`, id), OutcomeRejected, "syntax", LayerSanitize
	case kindTruncated:
		r.raw, r.outcome, r.class, r.layer = fmt.Sprintf(`{"id":%d,"status":"ok","note":"cut of`, id), OutcomeRejected, "truncated", LayerSanitize
	}
	return r
}

func fixtures(n int) []record {
	out := make([]record, n)
	for i := range out {
		out[i] = fixture(i + 1)
	}
	return out
}

// recordSeparator ends each record of an input file (records may span
// lines); inputYAML reads such a file.
const recordSeparator = "\x1e"

// inputYAML is a file input reading the records of path.
func inputYAML(path string) string {
	return fmt.Sprintf("file:\n  paths: [ %s ]\n  scanner:\n    lines: { custom_delimiter: \"\\x1e\" }\n", yamlString(path))
}

// writeInput writes the records' raw bytes to a file in dir, each ended by
// recordSeparator.
func writeInput(t *testing.T, dir string, recs []record) string {
	t.Helper()
	var b strings.Builder
	for _, r := range recs {
		b.WriteString(r.raw)
		b.WriteString(recordSeparator)
	}
	path := filepath.Join(dir, "in.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))
	return path
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// metricsCapture is a metrics exporter that keeps counter totals, keyed
// "name{key=value,...}" without Benthos's own label and path labels.
type metricsCapture struct {
	mu     sync.Mutex
	counts map[string]int64
}

func (m *metricsCapture) key(name string, keys, values []string) string {
	var parts []string
	for i, k := range keys {
		if k == "label" || k == "path" {
			continue
		}
		parts = append(parts, k+"="+values[i])
	}
	sort.Strings(parts)
	return name + "{" + strings.Join(parts, ",") + "}"
}

// Counter returns the total of a counter, e.g. Counter("jsonheal_messages{outcome=clean}").
func (m *metricsCapture) Counter(key string) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.counts[key]
}

type captureCounter struct {
	m   *metricsCapture
	key string
}

func (c captureCounter) Incr(n int64) {
	c.m.mu.Lock()
	c.m.counts[c.key] += n
	c.m.mu.Unlock()
}

func (c captureCounter) IncrFloat64(float64) {}

type nopTimer struct{}

func (nopTimer) Timing(int64) {}

type nopGauge struct{}

func (nopGauge) Set(int64) {}

func (m *metricsCapture) NewCounterCtor(name string, keys ...string) service.MetricsExporterCounterCtor {
	return func(values ...string) service.MetricsExporterCounter {
		return captureCounter{m: m, key: m.key(name, keys, values)}
	}
}

func (m *metricsCapture) NewTimerCtor(string, ...string) service.MetricsExporterTimerCtor {
	return func(...string) service.MetricsExporterTimer { return nopTimer{} }
}

func (m *metricsCapture) NewGaugeCtor(string, ...string) service.MetricsExporterGaugeCtor {
	return func(...string) service.MetricsExporterGauge { return nopGauge{} }
}

func (m *metricsCapture) Close(context.Context) error { return nil }

// newBuilder returns a stream builder whose environment exports metrics to
// the returned capture, with logs off.
func newBuilder(t *testing.T) (*service.StreamBuilder, *metricsCapture) {
	t.Helper()
	capture := &metricsCapture{counts: map[string]int64{}}
	env := service.NewEnvironment()
	require.NoError(t, RegisterPrometheus(env))
	require.NoError(t, env.RegisterMetricsExporter("capture", service.NewConfigSpec(),
		func(*service.ParsedConfig, *service.Logger) (service.MetricsExporter, error) { return capture, nil }))
	b := env.NewStreamBuilder()
	require.NoError(t, b.SetLoggerYAML("level: none"))
	require.NoError(t, b.SetMetricsYAML("capture: {}"))
	return b, capture
}

// run builds and runs the stream until its input is exhausted.
func run(t *testing.T, b *service.StreamBuilder) {
	t.Helper()
	s, err := b.Build()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	require.NoError(t, s.Run(ctx))
}

// yamlString quotes s for a YAML flow scalar.
func yamlString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// process runs msg through p as Benthos does: a rejected message comes back
// as Process's error (counted in processor_error) and Benthos passes the
// message on flagged with it.
func process(ctx context.Context, p *Processor, msg *service.Message) (service.MessageBatch, error) {
	out, err := p.Process(ctx, msg)
	if re, ok := err.(*RejectError); ok {
		if msg.GetError() != re {
			return nil, fmt.Errorf("rejected message not flagged with its error: %v", msg.GetError())
		}
		return service.MessageBatch{msg}, nil
	}
	return out, err
}
