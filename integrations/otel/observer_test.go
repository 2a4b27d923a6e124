package jsonhealotel_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/validate"

	jsonhealotel "github.com/jsonheal/jsonheal/integrations/otel"
)

const schemaText = `{"type":"object","required":["id","status"],"properties":{"id":{"type":"integer"},"status":{"enum":["ok","failed"]}}}`

// TestSpansAndMetricsOfTheLoop heals task "a" (a 503, a wrong answer, a
// right one) and gives up task "b" (a 401), with the SDK's in-memory
// exporters.
func TestSpansAndMetricsOfTheLoop(t *testing.T) {
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	obs, err := jsonhealotel.NewObserver(jsonhealotel.Options{TracerProvider: tp, MeterProvider: mp})
	require.NoError(t, err)

	schema, err := validate.Compile([]byte(schemaText), validate.Options{})
	require.NoError(t, err)
	srv := healtest.NewServer(healtest.Config{Script: []healtest.Step{
		{Status: 503},
		healtest.Answer(`{"id":1,"status":"lost"}`),
		{Content: `{"id":1,"status":"ok"}`, Usage: &heal.Usage{PromptTokens: 10, CompletionTokens: 5}},
		{Status: 401},
	}})
	defer srv.Close()
	h := &heal.Healer{
		Model: openai.New(srv.URL, "m"), Schema: schema, Observer: obs,
		Policy: heal.Policy{MaxAttempts: 3, Retry: heal.RetryPolicy{BaseDelay: time.Millisecond}},
	}
	msgs := []heal.Message{{Role: heal.RoleUser, Content: "give me JSON"}}
	_, err = h.Heal(context.Background(), heal.Task{ID: "a", Messages: msgs})
	require.NoError(t, err)
	_, err = h.Heal(context.Background(), heal.Task{ID: "b", Messages: msgs})
	require.Error(t, err)

	got := spans.GetSpans()
	require.Len(t, got, 6, "task a: 3 events + its span; task b: 1 event + its span")
	byName := map[string][]tracetest.SpanStub{}
	for _, s := range got {
		byName[s.Name] = append(byName[s.Name], s)
	}
	require.Len(t, byName["jsonheal.task"], 2)
	taskA, taskB := byName["jsonheal.task"][0], byName["jsonheal.task"][1]
	assert.Equal(t, "a", attr(taskA.Attributes, jsonhealotel.AttrTaskID).AsString())
	assert.Equal(t, codes.Unset, taskA.Status.Code)
	assert.Equal(t, "accept", attr(taskA.Attributes, jsonhealotel.AttrAction).AsString())
	assert.Equal(t, codes.Error, taskB.Status.Code)
	assert.Equal(t, "auth", attr(taskB.Attributes, jsonhealotel.AttrClass).AsString())

	var children []tracetest.SpanStub
	for _, s := range got {
		if s.Parent.SpanID() == taskA.SpanContext.SpanID() {
			children = append(children, s)
		}
	}
	require.Len(t, children, 3, "one child per call outcome of task a")
	want := []struct {
		name, class, action string
		attempt, completion int64
	}{
		{"jsonheal.attempt 1", "transient", "retry", 1, 0},
		{"jsonheal.attempt 1", "schema", "reask", 1, -1},
		{"jsonheal.attempt 2", "none", "accept", 2, 5},
	}
	for i, w := range want {
		c := children[i]
		assert.Equal(t, w.name, c.Name)
		assert.Equal(t, w.class, attr(c.Attributes, jsonhealotel.AttrClass).AsString(), i)
		assert.Equal(t, w.action, attr(c.Attributes, jsonhealotel.AttrAction).AsString(), i)
		assert.Equal(t, w.attempt, attr(c.Attributes, jsonhealotel.AttrAttempt).AsInt64(), i)
		if w.completion >= 0 {
			assert.Equal(t, w.completion, attr(c.Attributes, jsonhealotel.AttrCompletionTokens).AsInt64(), i)
		}
		assert.False(t, c.StartTime.After(c.EndTime))
		assert.False(t, c.StartTime.Before(taskA.StartTime), "children start within the task")
	}
	assert.Equal(t, int64(503), attr(children[0].Attributes, jsonhealotel.AttrStatusCode).AsInt64())

	var rm metricdata.ResourceMetrics
	require.NoError(t, reader.Collect(context.Background(), &rm))
	m := metricsByName(rm)
	decisions := m["jsonheal.decisions"].Data.(metricdata.Sum[int64])
	counts := map[string]int64{}
	for _, dp := range decisions.DataPoints {
		c, _ := dp.Attributes.Value(jsonhealotel.AttrClass)
		a, _ := dp.Attributes.Value(jsonhealotel.AttrAction)
		counts[c.AsString()+"/"+a.AsString()] = dp.Value
	}
	assert.Equal(t, map[string]int64{"transient/retry": 1, "schema/reask": 1, "none/accept": 1, "auth/stop": 1}, counts)
	attempts := m["jsonheal.task.attempts"].Data.(metricdata.Histogram[int64])
	require.Len(t, attempts.DataPoints, 1)
	assert.Equal(t, uint64(2), attempts.DataPoints[0].Count)
	assert.Equal(t, int64(3), attempts.DataPoints[0].Sum, "2 attempts for a, 1 for b")
	latency := m["jsonheal.latency"].Data.(metricdata.Histogram[float64])
	layers := map[string]uint64{}
	for _, dp := range latency.DataPoints {
		l, _ := dp.Attributes.Value(jsonhealotel.AttrLayer)
		layers[l.AsString()] = dp.Count
	}
	assert.Equal(t, uint64(4), layers["model"], "one model latency per call")
	assert.Equal(t, uint64(2), layers["check"], "one check per answer")
	tokens := m["jsonheal.tokens"].Data.(metricdata.Sum[int64])
	var completion int64
	for _, dp := range tokens.DataPoints {
		if k, _ := dp.Attributes.Value(jsonhealotel.AttrTokenKind); k.AsString() == "completion" {
			completion += dp.Value
		}
	}
	assert.GreaterOrEqual(t, completion, int64(5))
}

func TestNilProvidersAreOff(t *testing.T) {
	obs, err := jsonhealotel.NewObserver(jsonhealotel.Options{})
	require.NoError(t, err)
	obs.Observe(heal.Event{Attempt: 1, Decision: heal.Decision{Action: heal.ActionAccept}})
}

func attr(kvs []attribute.KeyValue, k attribute.Key) attribute.Value {
	for _, kv := range kvs {
		if kv.Key == k {
			return kv.Value
		}
	}
	return attribute.Value{}
}

func metricsByName(rm metricdata.ResourceMetrics) map[string]metricdata.Metrics {
	out := map[string]metricdata.Metrics{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			out[m.Name] = m
		}
	}
	return out
}
