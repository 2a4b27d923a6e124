package main

import (
	"context"
	"fmt"

	"github.com/jsonheal/jsonheal/jsonl"
)

// replayAll replays the incidents of inputs, up to workers jobs at once (a
// job is one incident, or a batch of records cleaned in one stream), and
// hands each outcome to write in the order the incidents were read. It
// stops at the first error: a read error or a record that is not an
// incident (after the outcomes of those before it), an outcome that stops
// the run (the model refuses it, an interrupt), or write's error.
func replayAll(ctx context.Context, e *env, r *replayer, inputs []string, workers int, write func(replayOutcome) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	type job struct {
		done chan []replayOutcome
	}
	queue := make(chan *job, 4*workers)
	slots := make(chan struct{}, workers)
	submit := func(items []replayItem) error {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		j := &job{done: make(chan []replayOutcome, 1)}
		go func() {
			defer func() { <-slots }()
			j.done <- r.run(ctx, items)
		}()
		select {
		case queue <- j:
			return nil
		case <-ctx.Done():
			// The writer has stopped; j finishes on its own.
			return context.Cause(ctx)
		}
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(queue)
		var batch []replayItem
		size := 0
		flush := func() error {
			if len(batch) == 0 {
				return nil
			}
			err := submit(batch)
			batch, size = nil, 0
			return err
		}
		err := readIncidents(e, inputs, r.maxRecord(), func(in *incident) error {
			it := r.prepare(in)
			if !it.batchable() {
				if err := flush(); err != nil {
					return err
				}
				return submit([]replayItem{it})
			}
			batch = append(batch, it)
			size += len(it.raw)
			if len(batch) >= maxBatchItems || size >= maxBatchBytes {
				return flush()
			}
			return nil
		})
		if ferr := flush(); err == nil {
			err = ferr
		}
		readErr <- err
	}()
	var stop error
	for j := range queue {
		for _, o := range <-j.done {
			if stop != nil {
				break // drain: the run is stopping
			}
			if o.stop != nil {
				stop = fmt.Errorf("%w; every incident read before %s was replayed and written", o.stop, o.in.where())
			} else if err := write(o); err != nil {
				stop = err
			}
			if stop != nil {
				cancel(stop)
			}
		}
	}
	err := <-readErr
	for range workers { // wait for the jobs still running
		slots <- struct{}{}
	}
	if stop != nil {
		return stop
	}
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("interrupted while reading: %w", err)
	}
	return err
}

// maxRecord is the record cap of the replay (--max-record-bytes), which
// caps the incidents read too (incidentCap).
func (r *replayer) maxRecord() int64 {
	if r.opts.MaxRecordBytes > 0 {
		return r.opts.MaxRecordBytes
	}
	return jsonl.DefaultMaxRecordBytes
}
