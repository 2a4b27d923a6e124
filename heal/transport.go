package heal

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// callOutcome is the result of one attempt's calls (with transport retries).
type callOutcome struct {
	resp    Response
	err     error // the last transport error; nil on success
	class   Class // class of err
	reason  string
	retries int           // transport retries made in this attempt
	usage   Usage         // summed over the attempt's calls
	latency time.Duration // of the last try
}

// call sends req to model, retrying transport failures per the policy.
// Every call is charged to the run's budget, and each retry decision is
// traced. It never returns an answer-level classification.
func (r *run) call(ctx context.Context, model Model, req Request, attempt int) callOutcome {
	var out callOutcome
	rp := &r.h.Policy.Retry
	name := modelName(model)
	for try := 0; ; try++ {
		now := r.clock.Now()
		if why, done := r.spend.exhausted(now); done {
			out.err = budgetError(why, out.err)
			out.class, out.reason = r.budgetClass(out.class), why
			return out
		}
		resp, err := r.tryOnce(ctx, model, req)
		out.latency = r.clock.Now().Sub(now)
		r.spend.calls++
		u := resp.Usage
		var te *TransportError
		if err != nil && errors.As(err, &te) {
			u = te.Usage
		}
		r.spend.usage = r.spend.usage.Add(u)
		out.usage = out.usage.Add(u)
		if err == nil {
			out.resp, out.err, out.class = resp, nil, ClassNone
			return out
		}
		if ctx.Err() != nil { // the caller (or the time budget) gave up, not the server
			cause := context.Cause(ctx)
			out.err, out.class, out.reason = cause, ClassFatal, "context done: "+cause.Error()
			if errors.Is(cause, ErrBudget) {
				out.class = r.budgetClass(class0(err))
			}
			return out
		}
		class, retryable := ClassifyError(err)
		out.err, out.class, out.reason = err, class, transportReason(err, class)
		ev := Event{Attempt: attempt, Retry: try, Model: name, Usage: u, StatusCode: statusOf(err), CallLatency: out.latency}
		if !retryable {
			return out
		}
		if why, done := r.spend.exhausted(r.clock.Now()); done {
			out.reason = out.reason + "; " + why
			out.err = budgetError(why, err)
			return out
		}
		if try >= rp.maxRetries() {
			out.reason = fmt.Sprintf("%s; %d transport retries exhausted", out.reason, try)
			return out
		}
		delay := rp.backoff(try, r.random())
		if te != nil && te.HasRetryAfter {
			limit := orDefault(rp.MaxRetryAfter, DefaultMaxRetryAfter)
			if te.RetryAfter > limit {
				out.reason = fmt.Sprintf("%s; Retry-After %s exceeds the cap %s", out.reason, te.RetryAfter, limit)
				return out
			}
			delay = te.RetryAfter
		}
		if !r.spend.fitsDelay(r.clock.Now(), delay) {
			out.reason = fmt.Sprintf("%s; backoff %s exceeds the time budget", out.reason, delay)
			out.err = budgetError(fmt.Sprintf("backoff %s exceeds the time budget", delay), err)
			return out
		}
		ev.Decision = Decision{Class: class, Action: ActionRetry, Reason: fmt.Sprintf("%s; retry %d after %s", out.reason, try+1, delay.Round(time.Millisecond))}
		ev.Delay = delay
		r.emit(ev)
		out.retries++
		r.retries++
		if err := r.clock.Sleep(ctx, delay); err != nil {
			out.err, out.class, out.reason = err, ClassFatal, "context done during backoff: "+err.Error()
			return out
		}
	}
}

// tryOnce makes one call under the per-try timeout.
func (r *run) tryOnce(ctx context.Context, model Model, req Request) (Response, error) {
	if d := r.h.Policy.Retry.attemptTimeout(); d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	if r.h.Guard != nil {
		req.Watch = r.h.Guard.Watch() // fresh state for every try
	}
	resp, err := model.Complete(ctx, req)
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		var te *TransportError
		if !errors.As(err, &te) {
			err = &TransportError{Message: "attempt timed out", Err: err}
		}
	}
	return resp, err
}

func (r *run) budgetClass(last Class) Class {
	if last != ClassNone {
		return last
	}
	if r.lastClass != ClassNone {
		return r.lastClass
	}
	return ClassFatal
}

// class0 is the class of a transport error, ignoring retryability.
func class0(err error) Class {
	c, _ := ClassifyError(err)
	return c
}

func statusOf(err error) int {
	var te *TransportError
	if errors.As(err, &te) {
		return te.StatusCode
	}
	return 0
}
