package benthos

import "github.com/redpanda-data/benthos/v4/public/service"

// Metric names.
const (
	// MetricMessages counts messages by outcome.
	MetricMessages = "jsonheal_messages"
	// MetricFixes counts repairs by layer (sanitize, schema, model) and
	// reason (the fix kind or rule).
	MetricFixes = "jsonheal_fixes"
	// MetricRejects counts rejected messages by layer (sanitize, validate,
	// model) and reason (the failure class).
	MetricRejects = "jsonheal_rejects"
	// MetricModelCalls counts requests sent to the model (attempts and
	// transport retries) by result (healed, gave_up).
	MetricModelCalls = "jsonheal_model_calls"
	// MetricModelTokens counts model tokens by kind (prompt, completion).
	MetricModelTokens = "jsonheal_model_tokens"
)

// counters are the processor's metrics.
type counters struct {
	messages, fixes, rejects, calls, tokens *service.MetricCounter
}

func newCounters(m *service.Metrics) *counters {
	m.NewGauge(MetricBuildInfo, "version").Set(1, Version())
	return &counters{
		messages: m.NewCounter(MetricMessages, "outcome"),
		fixes:    m.NewCounter(MetricFixes, "layer", "reason"),
		rejects:  m.NewCounter(MetricRejects, "layer", "reason"),
		calls:    m.NewCounter(MetricModelCalls, "result"),
		tokens:   m.NewCounter(MetricModelTokens, "kind"),
	}
}

func (c *counters) record(v *verdict) {
	c.messages.Incr(1, outcomes[v.outcome].labels...)
	for _, f := range v.fixes {
		c.fixes.Incr(1, f.layer, f.kind)
	}
	if v.reject != nil {
		c.rejects.Incr(1, v.reject.Layer, v.reject.Class)
	}
	if v.calls > 0 {
		result := "healed"
		if v.reject != nil {
			result = "gave_up"
		}
		c.calls.Incr(int64(v.calls), result)
		c.tokens.Incr(int64(v.usage.PromptTokens), "prompt")
		c.tokens.Incr(int64(v.usage.CompletionTokens), "completion")
	}
}
