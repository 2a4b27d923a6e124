// Package jsonhealotel is a heal.Observer that emits OpenTelemetry traces
// and metrics. It is its own module, so the jsonheal library keeps no
// tracing dependency.
//
// Each heal task becomes a span "jsonheal.task" with one child span
// "jsonheal.attempt" per call outcome (an attempt, or a transport retry
// within it), carrying the failure class, the decision, the tokens and the
// HTTP status as attributes. Metrics: jsonheal.decisions (class, action),
// jsonheal.task.attempts, jsonheal.latency (layer: model or check, seconds)
// and jsonheal.tokens (kind).
//
//	obs, err := jsonhealotel.NewObserver(jsonhealotel.Options{
//		TracerProvider: otel.GetTracerProvider(),
//		MeterProvider:  otel.GetMeterProvider(),
//	})
//	if err != nil { ... }
//	healer := &heal.Healer{Model: model, Schema: schema, Observer: obs}
//	res, err := healer.Heal(ctx, heal.Task{ID: recordID, Messages: msgs})
//
// Spans are built from the loop's trace events, so their times are the
// Healer's clock. Tasks are told apart by heal.Task.ID: give concurrent
// tasks distinct IDs (tasks without one share the empty ID).
package jsonhealotel

import (
	"context"
	"strconv"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/trace"

	"github.com/jsonheal/jsonheal/heal"
)

// ScopeName is the instrumentation scope of the tracer and meter.
const ScopeName = "github.com/jsonheal/jsonheal/integrations/otel"

// Attribute keys set on spans and metrics.
const (
	AttrTaskID           = attribute.Key("jsonheal.task_id")
	AttrAttempt          = attribute.Key("jsonheal.attempt")
	AttrRetry            = attribute.Key("jsonheal.retry")
	AttrModel            = attribute.Key("jsonheal.model")
	AttrClass            = attribute.Key("jsonheal.class")
	AttrAction           = attribute.Key("jsonheal.action")
	AttrReason           = attribute.Key("jsonheal.reason")
	AttrPromptTokens     = attribute.Key("jsonheal.tokens.prompt")
	AttrCompletionTokens = attribute.Key("jsonheal.tokens.completion")
	AttrStatusCode       = attribute.Key("http.response.status_code")
	AttrDiagnostics      = attribute.Key("jsonheal.diagnostics")
	AttrFixes            = attribute.Key("jsonheal.fixes")
	AttrLayer            = attribute.Key("jsonheal.layer")
	AttrTokenKind        = attribute.Key("jsonheal.token.kind")
)

// Options configure an Observer. Nil providers turn that signal off.
type Options struct {
	TracerProvider trace.TracerProvider
	MeterProvider  metric.MeterProvider
	// Parent, when not nil, gives the context a task's span starts in (for
	// example the span of the request that asked for the task).
	Parent func(taskID string) context.Context
}

// Observer turns heal trace events into spans and metrics. It is safe for
// concurrent use and never blocks on export (the SDK batches).
type Observer struct {
	tracer trace.Tracer
	parent func(string) context.Context

	decisions metric.Int64Counter
	attempts  metric.Int64Histogram
	latency   metric.Float64Histogram
	tokens    metric.Int64Counter

	mu    sync.Mutex
	tasks map[string]taskSpan
}

type taskSpan struct {
	ctx  context.Context
	span trace.Span
}

// NewObserver builds an Observer; it fails only when the meter refuses an
// instrument.
func NewObserver(opts Options) (*Observer, error) {
	o := &Observer{parent: opts.Parent, tasks: map[string]taskSpan{}}
	if opts.TracerProvider != nil {
		o.tracer = opts.TracerProvider.Tracer(ScopeName)
	}
	if opts.MeterProvider == nil {
		return o, nil
	}
	m := opts.MeterProvider.Meter(ScopeName)
	var err error
	if o.decisions, err = m.Int64Counter("jsonheal.decisions",
		metric.WithDescription("Decisions of the heal loop, one per call outcome, by class and action.")); err != nil {
		return nil, err
	}
	if o.attempts, err = m.Int64Histogram("jsonheal.task.attempts",
		metric.WithDescription("Model attempts of each finished heal task."),
		metric.WithExplicitBucketBoundaries(1, 2, 3, 4, 5, 8)); err != nil {
		return nil, err
	}
	if o.latency, err = m.Float64Histogram("jsonheal.latency", metric.WithUnit("s"),
		metric.WithDescription("Latency by layer: model (one call) or check (sanitize, validate, schema fixes of an answer).")); err != nil {
		return nil, err
	}
	if o.tokens, err = m.Int64Counter("jsonheal.tokens",
		metric.WithDescription("Model tokens, by kind: prompt, completion.")); err != nil {
		return nil, err
	}
	return o, nil
}

// Observe records one trace event.
func (o *Observer) Observe(e heal.Event) {
	final := Final(e.Decision.Action)
	if o.tracer != nil {
		o.span(e, final)
	}
	if o.decisions != nil {
		o.record(e, final)
	}
}

func (o *Observer) span(e heal.Event, final bool) {
	start := e.Time.Add(-e.CallLatency - e.CheckLatency)
	o.mu.Lock()
	t, ok := o.tasks[e.TaskID]
	if !ok {
		ctx := context.Background()
		if o.parent != nil {
			ctx = o.parent(e.TaskID)
		}
		ctx, span := o.tracer.Start(ctx, "jsonheal.task", trace.WithTimestamp(start),
			trace.WithAttributes(AttrTaskID.String(e.TaskID)))
		t = taskSpan{ctx: ctx, span: span}
		o.tasks[e.TaskID] = t
	}
	if final {
		delete(o.tasks, e.TaskID)
	}
	o.mu.Unlock()

	d := e.Decision
	attrs := []attribute.KeyValue{
		AttrAttempt.Int(e.Attempt), AttrRetry.Int(e.Retry), AttrModel.String(e.Model),
		AttrClass.String(d.Class.String()), AttrAction.String(d.Action.String()), AttrReason.String(d.Reason),
		AttrPromptTokens.Int(e.Usage.PromptTokens), AttrCompletionTokens.Int(e.Usage.CompletionTokens),
	}
	if e.StatusCode != 0 {
		attrs = append(attrs, AttrStatusCode.Int(e.StatusCode))
	}
	if e.Diagnostics != 0 {
		attrs = append(attrs, AttrDiagnostics.Int(e.Diagnostics))
	}
	if e.Fixes != 0 {
		attrs = append(attrs, AttrFixes.Int(e.Fixes))
	}
	_, child := o.tracer.Start(t.ctx, "jsonheal.attempt "+strconv.Itoa(e.Attempt),
		trace.WithTimestamp(start), trace.WithAttributes(attrs...))
	failed := d.Class != heal.ClassNone
	if failed {
		child.SetStatus(codes.Error, d.Class.String())
	}
	child.End(trace.WithTimestamp(e.Time))
	if !final {
		return
	}
	t.span.SetAttributes(AttrAttempt.Int(e.Attempt), AttrClass.String(d.Class.String()), AttrAction.String(d.Action.String()))
	if d.Action == heal.ActionStop || d.Action == heal.ActionEscalate {
		t.span.SetStatus(codes.Error, d.Reason)
	}
	t.span.End(trace.WithTimestamp(e.Time))
}

func (o *Observer) record(e heal.Event, final bool) {
	ctx := context.Background()
	d := e.Decision
	o.decisions.Add(ctx, 1, metric.WithAttributes(AttrClass.String(d.Class.String()), AttrAction.String(d.Action.String())))
	if e.CallLatency > 0 {
		o.latency.Record(ctx, seconds(e.CallLatency), metric.WithAttributes(AttrLayer.String("model")))
	}
	if e.CheckLatency > 0 {
		o.latency.Record(ctx, seconds(e.CheckLatency), metric.WithAttributes(AttrLayer.String("check")))
	}
	if n := e.Usage.PromptTokens; n > 0 {
		o.tokens.Add(ctx, int64(n), metric.WithAttributes(AttrTokenKind.String("prompt")))
	}
	if n := e.Usage.CompletionTokens; n > 0 {
		o.tokens.Add(ctx, int64(n), metric.WithAttributes(AttrTokenKind.String("completion")))
	}
	if final {
		o.attempts.Record(ctx, int64(e.Attempt))
	}
}

func seconds(d time.Duration) float64 { return d.Seconds() }

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
