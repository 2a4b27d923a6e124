package jsonhealprom_test

import (
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"

	jsonhealprom "github.com/jsonheal/jsonheal/integrations/prometheus"
)

// The wiring of docs/observability.md: a Cleaner with a model, its stats,
// the heal counters and the Observer on one registry.
func Example() {
	schema, _ := validate.Compile([]byte(`{"type":"object"}`), validate.Options{})
	model := openai.New("http://127.0.0.1:8000/v1", "local-model")

	var counters heal.Counters
	obs := jsonhealprom.NewObserver(jsonhealprom.Options{})
	healer := &heal.Healer{Model: model, Schema: schema, Counters: &counters, Observer: obs}
	cleaner := jsonl.NewCleaner(jsonl.Options{
		Schema: jsonl.SchemaValidator(schema),
		Healer: jsonl.NewModelHealer(healer, jsonl.ModelOptions{}),
	})
	reg := prometheus.NewRegistry()
	reg.MustRegister(obs, jsonhealprom.NewCollector(jsonhealprom.Options{Counters: &counters, Stats: cleaner.Stats}))
	http.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))

	_, _ = cleaner.Run(context.Background(), strings.NewReader(`{"ok":true}`+"\n"), io.Discard, io.Discard)
}
