package jsonhealprom

import (
	"strconv"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/jsonl"
)

// DefaultNamespace prefixes every metric name unless Options.Namespace is
// set.
const DefaultNamespace = "jsonheal"

// Options configure a Collector or an Observer. The zero value is usable.
type Options struct {
	// Namespace prefixes metric names; empty means DefaultNamespace.
	Namespace string
	// ConstLabels are added to every metric (for example the pipeline's
	// name).
	ConstLabels prometheus.Labels
	// Counters, when not nil, is exported by the Collector (the heal loop's
	// task outcomes, calls, retries and tokens).
	Counters *heal.Counters
	// Stats, when not nil, is called at each scrape for the batch engine's
	// counts (for example a jsonl.Cleaner's Stats method).
	Stats func() jsonl.Stats
	// LatencyBuckets are the Observer's latency buckets in seconds; nil
	// means DefaultLatencyBuckets.
	LatencyBuckets []float64
	// AttemptBuckets are the Observer's buckets of attempts per task; nil
	// means DefaultAttemptBuckets.
	AttemptBuckets []float64
}

func (o *Options) namespace() string {
	if o.Namespace != "" {
		return o.Namespace
	}
	return DefaultNamespace
}

// Collector is a prometheus.Collector over snapshots of heal.Counters and
// jsonl.Stats, taken at each scrape: the library's own atomics stay the
// source of truth and nothing is counted twice.
type Collector struct {
	counters *heal.Counters
	stats    func() jsonl.Stats

	tasks, healedAt, deadLetters, calls, retries, tokens *prometheus.Desc

	records, read, repairedBy, schemaFixedBy, rejectedBy, reflowed, bytes *prometheus.Desc
}

// NewCollector returns a Collector of opts.Counters and opts.Stats (either
// may be nil).
func NewCollector(opts Options) *Collector {
	ns, cl := opts.namespace(), opts.ConstLabels
	desc := func(name, help string, labels ...string) *prometheus.Desc {
		return prometheus.NewDesc(prometheus.BuildFQName(ns, "", name), help, labels, cl)
	}
	return &Collector{
		counters: opts.Counters,
		stats:    opts.Stats,

		tasks:       desc("tasks_total", "Heal tasks finished, by outcome: clean, sanitized, fixed (first answer accepted), healed (accepted at a later attempt), dead_lettered.", "outcome"),
		healedAt:    desc("tasks_healed_total", "Heal tasks accepted at attempt N >= 2 (the last bucket counts later attempts too).", "attempt"),
		deadLetters: desc("dead_letters_total", "Heal tasks given up, by the class of the last failure.", "class"),
		calls:       desc("model_calls_total", "Requests sent to the model: attempts and transport retries."),
		retries:     desc("transport_retries_total", "Transport retries within attempts."),
		tokens:      desc("model_tokens_total", "Model tokens used, by kind: prompt, completion.", "kind"),

		records:       desc("records_total", "JSONL records done, by outcome: clean, repaired, schema_fixed, healed, rejected.", "outcome"),
		read:          desc("records_read_total", "JSONL records read (done or in flight)."),
		repairedBy:    desc("records_repaired_by_total", "JSONL records with sanitize repairs, by fix kind (a record with two kinds counts under both).", "kind"),
		schemaFixedBy: desc("records_schema_fixed_by_total", "JSONL records fixed by schema-guided rules, by rule.", "rule"),
		rejectedBy:    desc("records_rejected_by_total", "JSONL records rejected, by reason.", "reason"),
		reflowed:      desc("records_reflowed_total", "JSONL records written on one line though they spanned lines."),
		bytes:         desc("bytes_total", "JSONL bytes, by direction: in (read, decompressed), out (written).", "direction"),
	}
}

// Describe sends the descriptors of every metric the Collector may export.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.tasks, c.healedAt, c.deadLetters, c.calls, c.retries, c.tokens,
		c.records, c.read, c.repairedBy, c.schemaFixedBy, c.rejectedBy, c.reflowed, c.bytes} {
		ch <- d
	}
}

// Collect sends the current values.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	counter := func(d *prometheus.Desc, v int64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
	}
	if c.counters != nil {
		s := c.counters.Snapshot()
		var healed, dead int64
		for attempt, n := range s.HealedByModel {
			healed += n
			counter(c.healedAt, n, strconv.Itoa(attempt))
		}
		for class, n := range s.DeadLettered {
			dead += n
			counter(c.deadLetters, n, class.String())
		}
		counter(c.tasks, s.AcceptedClean, "clean")
		counter(c.tasks, s.RepairedBySanitize, "sanitized")
		counter(c.tasks, s.FixedBySchema, "fixed")
		counter(c.tasks, healed, "healed")
		counter(c.tasks, dead, "dead_lettered")
		counter(c.calls, s.Calls)
		counter(c.retries, s.TransportRetries)
		counter(c.tokens, s.PromptTokens, "prompt")
		counter(c.tokens, s.CompletionTokens, "completion")
	}
	if c.stats != nil {
		s := c.stats()
		counter(c.records, s.Clean, "clean")
		counter(c.records, s.Repaired, "repaired")
		counter(c.records, s.SchemaFixed, "schema_fixed")
		counter(c.records, s.Healed, "healed")
		counter(c.records, s.Rejected, "rejected")
		counter(c.read, s.Records)
		counter(c.reflowed, s.Reflowed)
		counter(c.bytes, s.BytesIn, "in")
		counter(c.bytes, s.BytesOut, "out")
		for k, n := range s.RepairedBy {
			counter(c.repairedBy, n, k)
		}
		for r, n := range s.SchemaFixedBy {
			counter(c.schemaFixedBy, n, r)
		}
		for r, n := range s.RejectedBy {
			counter(c.rejectedBy, n, r)
		}
	}
}
