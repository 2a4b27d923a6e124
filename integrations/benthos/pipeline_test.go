package benthos

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deadLetterOut wraps a rejected record with its metadata, as the README's
// example does.
const deadLetterMapping = `root = {"record": content().string(), "class": @jsonheal_class, "layer": @jsonheal_layer, "error": @jsonheal_error, "diagnostics": @jsonheal_diagnostics}`

// TestSwitchRoutesCleanRepairedAndRejected runs a real pipeline (file in,
// jsonheal, switch on errored() to two files) over 450 records: every
// accepted one comes out repaired in the good file, every rejected one with
// its original bytes and class in the dead-letter file, in input order.
func TestSwitchRoutesCleanRepairedAndRejected(t *testing.T) {
	dir := t.TempDir()
	recs := fixtures(450)
	in := writeInput(t, dir, recs)
	good, dead := filepath.Join(dir, "good.jsonl"), filepath.Join(dir, "dead.jsonl")

	b, metrics := newBuilder(t)
	b.SetThreads(1)
	require.NoError(t, b.AddInputYAML(inputYAML(in)))
	require.NoError(t, b.AddProcessorYAML(fmt.Sprintf(`
jsonheal:
  schema: %s
`, yamlString(testSchema))))
	require.NoError(t, b.AddOutputYAML(fmt.Sprintf(`
switch:
  cases:
    - check: errored()
      output:
        file: { path: %s, codec: lines }
        processors:
          - mapping: %s
    - output:
        file: { path: %s, codec: lines }
`, yamlString(dead), yamlString(deadLetterMapping), yamlString(good))))
	run(t, b)

	var wantGood []string
	var wantDead []record
	for _, r := range recs {
		if r.want != "" {
			wantGood = append(wantGood, r.want)
		} else {
			wantDead = append(wantDead, r)
		}
	}
	assert.Equal(t, wantGood, readLines(t, good), "accepted records, repaired, in input order")

	gotDead := readLines(t, dead)
	require.Len(t, gotDead, len(wantDead), "every rejected record in the dead-letter file")
	for i, line := range gotDead {
		var d struct{ Record, Class, Layer, Error, Diagnostics string }
		require.NoError(t, json.Unmarshal([]byte(line), &d), line)
		w := wantDead[i]
		assert.Equal(t, w.raw, d.Record, "original bytes kept (record %d)", w.id)
		assert.Equal(t, w.class, d.Class, "record %d", w.id)
		assert.Equal(t, w.layer, d.Layer, "record %d", w.id)
		assert.NotEmpty(t, d.Error)
		assert.NotEmpty(t, d.Diagnostics)
	}
	assert.Contains(t, gotDead[0], `/status`, "schema diagnostics name the path")

	perKind := int64(len(recs) / int(kindCount))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_messages{outcome=clean}"))
	assert.Equal(t, 4*perKind, metrics.Counter("jsonheal_messages{outcome=sanitized}"))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_messages{outcome=fixed}"))
	assert.Equal(t, 3*perKind, metrics.Counter("jsonheal_messages{outcome=rejected}"))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_fixes{layer=sanitize,reason=control_char}"))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_fixes{layer=sanitize,reason=missing_comma}"))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_fixes{layer=schema,reason=enum_case}"))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_rejects{layer=validate,reason=schema}"))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_rejects{layer=sanitize,reason=syntax}"))
	assert.Equal(t, perKind, metrics.Counter("jsonheal_rejects{layer=sanitize,reason=truncated}"))
	assert.Equal(t, 3*perKind, metrics.Counter("processor_error{}"), "rejects are processor errors")
}

// consumed is a message as a consumer func saw it.
type consumed struct {
	body string
	err  error
	meta map[string]any
}

// consumer collects what reaches the output, and the size of the largest
// batch.
type consumer struct {
	mu       sync.Mutex
	msgs     []consumed
	maxBatch int
}

func collect(t *testing.T, b *service.StreamBuilder) *consumer {
	t.Helper()
	c := &consumer{}
	require.NoError(t, b.AddBatchConsumerFunc(func(_ context.Context, batch service.MessageBatch) error {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.maxBatch = max(c.maxBatch, len(batch))
		for _, m := range batch {
			body, err := m.AsBytes()
			require.NoError(t, err)
			one := consumed{body: string(body), err: m.GetError(), meta: map[string]any{}}
			_ = m.MetaWalkMut(func(k string, v any) error { one.meta[k] = v; return nil })
			c.msgs = append(c.msgs, one)
		}
		return nil
	}))
	return c
}

// TestMetadataOfEachOutcome checks the metadata and error of every kind of
// record through a consumer func.
func TestMetadataOfEachOutcome(t *testing.T) {
	for _, proc := range []string{"jsonheal", "jsonheal_batch"} {
		t.Run(proc, func(t *testing.T) {
			recs := fixtures(int(kindCount) * 30)
			in := writeInput(t, t.TempDir(), recs)
			b, _ := newBuilder(t)
			b.SetThreads(1)
			require.NoError(t, b.AddInputYAML(fmt.Sprintf(`
broker:
  inputs:
    - file: { paths: [ %s ], scanner: { lines: { custom_delimiter: "\x1e" } } }
  batching: { count: 16, period: 50ms }
`, yamlString(in))))
			require.NoError(t, b.AddProcessorYAML(fmt.Sprintf("%s:\n  schema: %s\n", proc, yamlString(testSchema))))
			got := collect(t, b)
			run(t, b)

			require.Len(t, got.msgs, len(recs), "nothing lost")
			assert.Equal(t, 16, got.maxBatch, "the broker batches")
			for i, c := range got.msgs {
				r := recs[i]
				assert.Equal(t, r.outcome, c.meta[MetaOutcome], "record %d", r.id)
				if r.want == "" {
					var rej *RejectError
					require.ErrorAs(t, c.err, &rej, "record %d", r.id)
					assert.Equal(t, r.raw, c.body, "original bytes kept")
					assert.Equal(t, r.class, rej.Class)
					assert.Equal(t, r.class, c.meta[MetaClass])
					assert.Equal(t, r.layer, c.meta[MetaLayer])
					assert.Equal(t, rej.Error(), c.meta[MetaError])
					assert.NotEmpty(t, c.meta[MetaDiagnostics])
					assert.NotContains(t, c.meta, MetaRepaired)
					continue
				}
				require.NoError(t, c.err, "record %d", r.id)
				assert.Equal(t, r.want, c.body, "record %d", r.id)
				assert.Equal(t, r.kind != kindClean, c.meta[MetaRepaired], "record %d", r.id)
				assert.Equal(t, false, c.meta[MetaTruncated])
				assert.NotContains(t, c.meta, MetaError)
				fixes := c.meta[MetaFixes].(int64)
				if r.kind == kindClean {
					assert.Zero(t, fixes)
					assert.NotContains(t, c.meta, MetaFixList)
					continue
				}
				assert.Positive(t, fixes)
				list := c.meta[MetaFixList].([]any)
				require.Len(t, list, int(fixes))
				first := list[0].(map[string]any)
				var kinds []any
				for _, f := range list {
					kinds = append(kinds, f.(map[string]any)["kind"])
				}
				switch r.kind {
				case kindFenced:
					assert.Subset(t, kinds, []any{"prose", "fence"})
				case kindProse:
					assert.Equal(t, "prose", first["kind"])
				case kindControl:
					assert.Equal(t, map[string]any{"layer": "sanitize", "kind": "control_char", "confidence": "certain", "line": int64(1), "column": int64(len(fmt.Sprintf(`{"id":%d,"status":"ok","note":"a`, r.id)) + 1)}, first)
				case kindRepaired:
					assert.Equal(t, "missing_comma", first["kind"])
					assert.Equal(t, "likely", first["confidence"])
				case kindEnumCase:
					assert.Equal(t, map[string]any{"layer": "schema", "kind": "enum_case", "confidence": "likely", "path": "/status"}, first)
				}
			}
		})
	}
}

// TestParallelThreadsLoseNothing: with several pipeline threads order is
// not promised, but every record comes out exactly once, handled the same.
func TestParallelThreadsLoseNothing(t *testing.T) {
	recs := fixtures(int(kindCount) * 40)
	in := writeInput(t, t.TempDir(), recs)
	b, _ := newBuilder(t)
	b.SetThreads(4)
	require.NoError(t, b.AddInputYAML(fmt.Sprintf(`
broker:
  inputs:
    - file: { paths: [ %s ], scanner: { lines: { custom_delimiter: "\x1e" } } }
  batching: { count: 8, period: 50ms }
`, yamlString(in))))
	require.NoError(t, b.AddProcessorYAML("jsonheal_batch:\n  schema: "+yamlString(testSchema)+"\n"))
	got := collect(t, b)
	run(t, b)

	want := map[string]int{}
	for _, r := range recs {
		if r.want != "" {
			want["ok "+r.want]++
		} else {
			want["rejected "+r.class+" "+r.raw]++
		}
	}
	seen := map[string]int{}
	for _, c := range got.msgs {
		var rej *RejectError
		if errors.As(c.err, &rej) {
			seen["rejected "+rej.Class+" "+c.body]++
		} else {
			seen["ok "+c.body]++
		}
	}
	assert.Equal(t, want, seen)
}
