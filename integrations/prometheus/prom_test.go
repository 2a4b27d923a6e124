package jsonhealprom_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"

	jsonhealprom "github.com/jsonheal/jsonheal/integrations/prometheus"
)

const schemaText = `{"type":"object","required":["id","status"],"properties":{"id":{"type":"integer"},"status":{"enum":["ok","failed"]}}}`

// TestCollectorExportsCleanerStats runs a known mix through jsonl and
// compares the scrape with the expected counts.
func TestCollectorExportsCleanerStats(t *testing.T) {
	schema, err := validate.Compile([]byte(schemaText), validate.Options{})
	require.NoError(t, err)
	c := jsonl.NewCleaner(jsonl.Options{Workers: 1, Schema: jsonl.SchemaValidator(schema)})
	in := strings.Join([]string{
		`{"id":1,"status":"ok"}`,
		`{"id":2,"status":"ok",}`,
		"{\n  \"id\": 3,\n  \"status\": \"ok\"\n}",
		`{"id":4,"status":"OK"}`,
		`{"id":5,"status":"lost"}`,
		`{"id":6,"status":"ok","note":"cut`,
	}, "\n") + "\n"
	var out bytes.Buffer
	stats, err := c.Run(context.Background(), strings.NewReader(in), &out, nil)
	require.NoError(t, err)

	coll := jsonhealprom.NewCollector(jsonhealprom.Options{Stats: c.Stats, ConstLabels: prometheus.Labels{"pipeline": "t"}})
	want := `
# HELP jsonheal_records_total JSONL records done, by outcome: clean, repaired, schema_fixed, healed, rejected.
# TYPE jsonheal_records_total counter
jsonheal_records_total{outcome="clean",pipeline="t"} 2
jsonheal_records_total{outcome="healed",pipeline="t"} 0
jsonheal_records_total{outcome="rejected",pipeline="t"} 2
jsonheal_records_total{outcome="repaired",pipeline="t"} 1
jsonheal_records_total{outcome="schema_fixed",pipeline="t"} 1
# HELP jsonheal_records_read_total JSONL records read (done or in flight).
# TYPE jsonheal_records_read_total counter
jsonheal_records_read_total{pipeline="t"} 6
# HELP jsonheal_records_rejected_by_total JSONL records rejected, by reason.
# TYPE jsonheal_records_rejected_by_total counter
jsonheal_records_rejected_by_total{pipeline="t",reason="schema"} 1
jsonheal_records_rejected_by_total{pipeline="t",reason="truncated"} 1
# HELP jsonheal_records_reflowed_total JSONL records written on one line though they spanned lines.
# TYPE jsonheal_records_reflowed_total counter
jsonheal_records_reflowed_total{pipeline="t"} 1
# HELP jsonheal_records_repaired_by_total JSONL records with sanitize repairs, by fix kind (a record with two kinds counts under both).
# TYPE jsonheal_records_repaired_by_total counter
jsonheal_records_repaired_by_total{kind="trailing_comma",pipeline="t"} 1
# HELP jsonheal_records_schema_fixed_by_total JSONL records fixed by schema-guided rules, by rule.
# TYPE jsonheal_records_schema_fixed_by_total counter
jsonheal_records_schema_fixed_by_total{pipeline="t",rule="enum_case"} 1
`
	require.NoError(t, testutil.CollectAndCompare(coll, strings.NewReader(want),
		"jsonheal_records_total", "jsonheal_records_read_total", "jsonheal_records_rejected_by_total",
		"jsonheal_records_reflowed_total", "jsonheal_records_repaired_by_total", "jsonheal_records_schema_fixed_by_total"))
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(coll)
	assert.Equal(t, float64(stats.BytesIn), testutil.ToFloat64(collectOne(t, reg, "jsonheal_bytes_total", `direction="in"`)))
	assert.Equal(t, float64(out.Len()), testutil.ToFloat64(collectOne(t, reg, "jsonheal_bytes_total", `direction="out"`)))
	problems, err := testutil.CollectAndLint(coll)
	require.NoError(t, err)
	assert.Empty(t, problems)
}

// TestObserverAndCountersOverTheLoop heals one task that needs a re-ask
// (a 503, a wrong answer, a right one) and one that gives up on a 401, and
// compares the Observer's histograms and the Collector's heal counters.
func TestObserverAndCountersOverTheLoop(t *testing.T) {
	schema, err := validate.Compile([]byte(schemaText), validate.Options{})
	require.NoError(t, err)
	srv := healtest.NewServer(healtest.Config{Script: []healtest.Step{
		{Status: 503},
		healtest.Answer(`{"id":1,"status":"lost"}`),
		{Content: `{"id":1,"status":"ok"}`, Usage: &heal.Usage{PromptTokens: 10, CompletionTokens: 5}},
		{Status: 401},
	}})
	defer srv.Close()
	var counters heal.Counters
	obs := jsonhealprom.NewObserver(jsonhealprom.Options{})
	h := &heal.Healer{
		Model: openai.New(srv.URL, "m"), Schema: schema, Counters: &counters, Observer: obs,
		Policy: heal.Policy{MaxAttempts: 3, Retry: heal.RetryPolicy{BaseDelay: time.Millisecond}},
	}
	task := heal.Task{Messages: []heal.Message{{Role: heal.RoleUser, Content: "give me JSON"}}}
	_, err = h.Heal(context.Background(), task)
	require.NoError(t, err)
	_, err = h.Heal(context.Background(), task)
	require.Error(t, err)

	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(obs, jsonhealprom.NewCollector(jsonhealprom.Options{Counters: &counters}))

	want := `
# HELP jsonheal_task_attempts Model attempts of each finished heal task (accepted or given up).
# TYPE jsonheal_task_attempts histogram
jsonheal_task_attempts_bucket{le="1"} 1
jsonheal_task_attempts_bucket{le="2"} 2
jsonheal_task_attempts_bucket{le="3"} 2
jsonheal_task_attempts_bucket{le="4"} 2
jsonheal_task_attempts_bucket{le="5"} 2
jsonheal_task_attempts_bucket{le="8"} 2
jsonheal_task_attempts_bucket{le="+Inf"} 2
jsonheal_task_attempts_sum 3
jsonheal_task_attempts_count 2
# HELP jsonheal_tasks_total Heal tasks finished, by outcome: clean, sanitized, fixed (first answer accepted), healed (accepted at a later attempt), dead_lettered.
# TYPE jsonheal_tasks_total counter
jsonheal_tasks_total{outcome="clean"} 0
jsonheal_tasks_total{outcome="dead_lettered"} 1
jsonheal_tasks_total{outcome="fixed"} 0
jsonheal_tasks_total{outcome="healed"} 1
jsonheal_tasks_total{outcome="sanitized"} 0
# HELP jsonheal_dead_letters_total Heal tasks given up, by the class of the last failure.
# TYPE jsonheal_dead_letters_total counter
jsonheal_dead_letters_total{class="auth"} 1
# HELP jsonheal_model_calls_total Requests sent to the model: attempts and transport retries.
# TYPE jsonheal_model_calls_total counter
jsonheal_model_calls_total 4
# HELP jsonheal_transport_retries_total Transport retries within attempts.
# TYPE jsonheal_transport_retries_total counter
jsonheal_transport_retries_total 1
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want),
		"jsonheal_task_attempts", "jsonheal_tasks_total", "jsonheal_dead_letters_total",
		"jsonheal_model_calls_total", "jsonheal_transport_retries_total"))

	decisions := func(class, action string) float64 {
		return testutil.ToFloat64(collectOne(t, reg, "jsonheal_decisions_total", `class="`+class+`"`, `action="`+action+`"`))
	}
	assert.Equal(t, 1.0, decisions("transient", "retry"))
	assert.Equal(t, 1.0, decisions("schema", "reask"))
	assert.Equal(t, 1.0, decisions("auth", "stop"))

	n, err := testutil.GatherAndCount(reg, "jsonheal_latency_seconds")
	require.NoError(t, err)
	assert.Equal(t, 2, n, "one series per layer: model and check")
	lint, err := testutil.GatherAndLint(reg)
	require.NoError(t, err)
	assert.Empty(t, lint)
}

// collectOne returns a collector of the one sample of name whose labels
// contain every one of labels.
func collectOne(t *testing.T, g prometheus.Gatherer, name string, labels ...string) prometheus.Collector {
	t.Helper()
	mfs, err := g.Gather()
	require.NoError(t, err)
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			have := map[string]bool{}
			for _, lp := range m.GetLabel() {
				have[lp.GetName()+`="`+lp.GetValue()+`"`] = true
			}
			ok := true
			for _, l := range labels {
				ok = ok && have[l]
			}
			if ok {
				v := m.GetCounter().GetValue()
				return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "x"}, func() float64 { return v })
			}
		}
	}
	t.Fatalf("no %s%v", name, labels)
	return nil
}
