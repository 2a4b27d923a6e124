package main

import "context"

// replayAll replays the incidents of inputs, up to workers at once, and
// hands each outcome to write in the order the incidents were read. It
// stops at the first error: a read error or a record that is not an
// incident (after the outcomes of those before it), an outcome that stops
// the run (the model refuses it, an interrupt), or write's error.
func replayAll(ctx context.Context, e *env, r *replayer, inputs []string, workers int, write func(replayOutcome) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	type job struct {
		in   *incident
		done chan replayOutcome
	}
	queue := make(chan *job, 4*workers)
	slots := make(chan struct{}, workers)
	readErr := make(chan error, 1)
	go func() {
		defer close(queue)
		readErr <- readIncidents(e, inputs, func(in *incident) error {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return context.Cause(ctx)
			}
			j := &job{in: in, done: make(chan replayOutcome, 1)}
			go func() {
				defer func() { <-slots }()
				j.done <- r.replay(ctx, in)
			}()
			select {
			case queue <- j:
				return nil
			case <-ctx.Done():
				// The writer has stopped; j finishes on its own.
				return context.Cause(ctx)
			}
		})
	}()
	var stop error
	for j := range queue {
		o := <-j.done
		if stop != nil {
			continue // drain: the run is stopping
		}
		if o.stop != nil {
			stop = o.stop
		} else if err := write(o); err != nil {
			stop = err
		}
		if stop != nil {
			cancel(stop)
		}
	}
	err := <-readErr
	for range workers { // wait for the replays still running
		slots <- struct{}{}
	}
	if stop != nil {
		return stop
	}
	return err
}
