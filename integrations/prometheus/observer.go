package jsonhealprom

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/jsonheal/jsonheal/heal"
)

// DefaultLatencyBuckets span a local check (sub-millisecond) to a slow
// model call (two minutes), in seconds.
var DefaultLatencyBuckets = []float64{0.0001, 0.001, 0.01, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120}

// DefaultAttemptBuckets count model attempts per task.
var DefaultAttemptBuckets = []float64{1, 2, 3, 4, 5, 8}

// Latency layers: the model call, and the local layers (sanitize, validate,
// schema fixes) over its answer.
const (
	LayerModel = "model"
	LayerCheck = "check"
)

// Observer is a heal.Observer that feeds Prometheus metrics from the loop's
// trace events. It is a prometheus.Collector: register it once. It is safe
// for concurrent use and never blocks.
type Observer struct {
	attempts  prometheus.Histogram
	latency   *prometheus.HistogramVec
	decisions *prometheus.CounterVec
	tokens    *prometheus.CounterVec
}

// NewObserver returns an Observer with the namespace, constant labels and
// buckets of opts (Counters and Stats are ignored: see NewCollector).
func NewObserver(opts Options) *Observer {
	ns, cl := opts.namespace(), opts.ConstLabels
	latency := opts.LatencyBuckets
	if latency == nil {
		latency = DefaultLatencyBuckets
	}
	attempts := opts.AttemptBuckets
	if attempts == nil {
		attempts = DefaultAttemptBuckets
	}
	return &Observer{
		attempts: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: ns, Name: "task_attempts", ConstLabels: cl, Buckets: attempts,
			Help: "Model attempts of each finished heal task (accepted or given up).",
		}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: ns, Name: "latency_seconds", ConstLabels: cl, Buckets: latency,
			Help: "Latency by layer: model (one call, backoff excluded) or check (sanitize, validate and schema fixes over an answer).",
		}, []string{"layer"}),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "decisions_total", ConstLabels: cl,
			Help: "Decisions of the heal loop, one per call outcome, by failure class and action.",
		}, []string{"class", "action"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "observed_tokens_total", ConstLabels: cl,
			Help: "Model tokens reported by trace events, by kind: prompt, completion.",
		}, []string{"kind"}),
	}
}

// Observe records one trace event.
func (o *Observer) Observe(e heal.Event) {
	d := e.Decision
	o.decisions.WithLabelValues(d.Class.String(), d.Action.String()).Inc()
	if e.CallLatency > 0 {
		o.latency.WithLabelValues(LayerModel).Observe(e.CallLatency.Seconds())
	}
	if e.CheckLatency > 0 {
		o.latency.WithLabelValues(LayerCheck).Observe(e.CheckLatency.Seconds())
	}
	if e.Usage.PromptTokens > 0 {
		o.tokens.WithLabelValues("prompt").Add(float64(e.Usage.PromptTokens))
	}
	if e.Usage.CompletionTokens > 0 {
		o.tokens.WithLabelValues("completion").Add(float64(e.Usage.CompletionTokens))
	}
	if Final(d.Action) {
		o.attempts.Observe(float64(e.Attempt))
	}
}

// Final reports whether an event with action a is the last of its task:
// accept and fix end it with an answer, stop and escalate with a dead
// letter.
func Final(a heal.Action) bool {
	switch a {
	case heal.ActionAccept, heal.ActionFix, heal.ActionStop, heal.ActionEscalate:
		return true
	}
	return false
}

// Describe sends the descriptors of the Observer's metrics.
func (o *Observer) Describe(ch chan<- *prometheus.Desc) {
	o.attempts.Describe(ch)
	o.latency.Describe(ch)
	o.decisions.Describe(ch)
	o.tokens.Describe(ch)
}

// Collect sends the Observer's metrics.
func (o *Observer) Collect(ch chan<- prometheus.Metric) {
	o.attempts.Collect(ch)
	o.latency.Collect(ch)
	o.decisions.Collect(ch)
	o.tokens.Collect(ch)
}
