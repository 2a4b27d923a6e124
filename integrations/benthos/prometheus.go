package benthos

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redpanda-data/benthos/v4/public/service"
)

// The prometheus metrics exporter: `metrics: prometheus: {}` serves every
// metric (Benthos's own and the jsonheal_* counters) in the Prometheus text
// format on the HTTP server's /metrics (and /stats).
const (
	promFieldProcess = "add_process_metrics"
	promFieldGo      = "add_go_metrics"
)

func prometheusSpec() *service.ConfigSpec {
	return service.NewConfigSpec().
		Beta().
		Summary("Serves metrics in the Prometheus text format on the HTTP server's `/metrics` endpoint, for scraping.").
		Description(`Counters are Prometheus counters, gauges are gauges, and timers are
summaries of nanoseconds (quantiles 0.5, 0.9 and 0.99), as their names
(`+"`*_ns`"+`) say. Names that are not valid Prometheus names have their
invalid characters replaced by `+"`_`"+`. Bind the HTTP server to
127.0.0.1 (`+"`http: { address: 127.0.0.1:4195 }`"+`) unless the scraper is
elsewhere.`).
		Fields(
			service.NewBoolField(promFieldProcess).
				Description("Also export the process collector's metrics (CPU, memory, file descriptors).").
				Default(false),
			service.NewBoolField(promFieldGo).
				Description("Also export the Go runtime's metrics (goroutines, GC, heap).").
				Default(false),
		)
}

// registerPrometheus adds the prometheus metrics exporter to env.
func registerPrometheus(env *service.Environment) error {
	return env.RegisterMetricsExporter("prometheus", prometheusSpec(),
		func(conf *service.ParsedConfig, log *service.Logger) (service.MetricsExporter, error) {
			proc, err := conf.FieldBool(promFieldProcess)
			if err != nil {
				return nil, err
			}
			goMetrics, err := conf.FieldBool(promFieldGo)
			if err != nil {
				return nil, err
			}
			return newPromExporter(proc, goMetrics, log), nil
		})
}

// promExporter keeps one vector per metric name in its own registry.
type promExporter struct {
	reg     *prometheus.Registry
	handler http.Handler
	log     *service.Logger

	mu      sync.Mutex
	vectors map[string]promVector
}

// promVector is a registered vector and the label keys it was made with.
type promVector struct {
	labels []string
	vec    any // *prometheus.CounterVec, *prometheus.GaugeVec or *prometheus.SummaryVec
}

func newPromExporter(processMetrics, goMetrics bool, log *service.Logger) *promExporter {
	reg := prometheus.NewRegistry()
	if processMetrics {
		reg.MustRegister(collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	if goMetrics {
		reg.MustRegister(collectors.NewGoCollector())
	}
	return &promExporter{
		reg:     reg,
		handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}),
		log:     log,
		vectors: map[string]promVector{},
	}
}

// HandlerFunc serves the registry; Benthos mounts it on /metrics and /stats.
func (p *promExporter) HandlerFunc() http.HandlerFunc { return p.handler.ServeHTTP }

// vector returns the vector registered under name, making it with mk when
// it is new. A name asked for again with other label keys (or of another
// type) gets nil: its values are dropped with a warning, since one
// Prometheus name cannot hold both.
func (p *promExporter) vector(name string, labels []string, mk func(name string, labels []string) (any, prometheus.Collector)) any {
	name = promName(name)
	labels = promLabels(labels)
	p.mu.Lock()
	defer p.mu.Unlock()
	if v, ok := p.vectors[name]; ok {
		if !slices.Equal(v.labels, labels) {
			p.warn("metric %s asked for with labels %v, already registered with %v: dropped", name, labels, v.labels)
			return nil
		}
		return v.vec
	}
	vec, coll := mk(name, labels)
	if err := p.reg.Register(coll); err != nil {
		p.warn("metric %s: %v", name, err)
		return nil
	}
	p.vectors[name] = promVector{labels: labels, vec: vec}
	return vec
}

func (p *promExporter) warn(format string, args ...any) {
	if p.log != nil {
		p.log.Warnf(format, args...)
	}
}

// NewCounterCtor returns a constructor of counters named name.
func (p *promExporter) NewCounterCtor(name string, labelKeys ...string) service.MetricsExporterCounterCtor {
	vec, _ := p.vector(name, labelKeys, func(name string, labels []string) (any, prometheus.Collector) {
		v := prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: "Benthos counter " + name}, labels)
		return v, v
	}).(*prometheus.CounterVec)
	return func(labelValues ...string) service.MetricsExporterCounter {
		if vec == nil {
			return discard{}
		}
		return promCounter{vec.WithLabelValues(labelValues...)}
	}
}

// NewGaugeCtor returns a constructor of gauges named name.
func (p *promExporter) NewGaugeCtor(name string, labelKeys ...string) service.MetricsExporterGaugeCtor {
	vec, _ := p.vector(name, labelKeys, func(name string, labels []string) (any, prometheus.Collector) {
		v := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: name, Help: "Benthos gauge " + name}, labels)
		return v, v
	}).(*prometheus.GaugeVec)
	return func(labelValues ...string) service.MetricsExporterGauge {
		if vec == nil {
			return discard{}
		}
		return promGauge{vec.WithLabelValues(labelValues...)}
	}
}

// NewTimerCtor returns a constructor of timers named name: summaries of
// nanoseconds.
func (p *promExporter) NewTimerCtor(name string, labelKeys ...string) service.MetricsExporterTimerCtor {
	vec, _ := p.vector(name, labelKeys, func(name string, labels []string) (any, prometheus.Collector) {
		v := prometheus.NewSummaryVec(prometheus.SummaryOpts{
			Name:       name,
			Help:       "Benthos timer " + name + " (nanoseconds)",
			Objectives: map[float64]float64{0.5: 0.05, 0.9: 0.01, 0.99: 0.001},
		}, labels)
		return v, v
	}).(*prometheus.SummaryVec)
	return func(labelValues ...string) service.MetricsExporterTimer {
		if vec == nil {
			return discard{}
		}
		return promTimer{vec.WithLabelValues(labelValues...)}
	}
}

// Close releases nothing: the registry lives as long as the exporter.
func (p *promExporter) Close(context.Context) error { return nil }

type promCounter struct{ c prometheus.Counter }

func (c promCounter) Incr(n int64)          { c.c.Add(float64(n)) }
func (c promCounter) IncrFloat64(n float64) { c.c.Add(n) }

type promGauge struct{ g prometheus.Gauge }

func (g promGauge) Set(v int64)          { g.g.Set(float64(v)) }
func (g promGauge) SetFloat64(v float64) { g.g.Set(v) }

type promTimer struct{ o prometheus.Observer }

func (t promTimer) Timing(ns int64) { t.o.Observe(float64(ns)) }

// discard is the metric of a name that could not be registered.
type discard struct{}

func (discard) Incr(int64)   {}
func (discard) Set(int64)    {}
func (discard) Timing(int64) {}

// promName makes name a valid Prometheus metric name.
func promName(name string) string {
	return sanitizeName(name, true)
}

func promLabels(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = sanitizeName(k, false)
	}
	return out
}

// sanitizeName replaces what [a-zA-Z_:][a-zA-Z0-9_:]* (metrics) or
// [a-zA-Z_][a-zA-Z0-9_]* (labels) does not allow by '_'.
func sanitizeName(s string, colon bool) string {
	if s == "" {
		return "_"
	}
	var b strings.Builder
	for i, r := range s {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || (i > 0 && r >= '0' && r <= '9') || (colon && r == ':')
		if ok {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
