// Package jsonhealprom exports jsonheal's counters and trace events to
// Prometheus. It is its own module, so the jsonheal library keeps no
// metrics dependency.
//
// A Collector reads heal.Counters and jsonl.Stats snapshots at scrape time;
// an Observer is a heal.Observer that feeds histograms (attempts per task,
// latency by layer) and counts decisions. Register both with a
// prometheus.Registerer:
//
//	var counters heal.Counters
//	obs := jsonhealprom.NewObserver(jsonhealprom.Options{})
//	healer := &heal.Healer{Model: model, Counters: &counters, Observer: obs}
//	cleaner := jsonl.NewCleaner(jsonl.Options{Healer: jsonl.NewModelHealer(healer, jsonl.ModelOptions{})})
//	prometheus.MustRegister(obs, jsonhealprom.NewCollector(jsonhealprom.Options{
//		Counters: &counters,
//		Stats:    cleaner.Stats,
//	}))
//	http.Handle("/metrics", promhttp.Handler())
package jsonhealprom
