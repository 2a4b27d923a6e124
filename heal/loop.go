package heal

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// Heal runs the loop for task: ask the model, sanitize, validate, fix, and
// re-ask with diagnostics until an answer is valid or the policy says stop.
// On success it returns the validated JSON in a Result; otherwise a
// *GiveUpError (matching ErrGaveUp) carrying the DeadLetter.
func (h *Healer) Heal(ctx context.Context, task Task) (*Result, error) {
	if h.Model == nil {
		return nil, errors.New("heal: Healer.Model is nil")
	}
	if len(task.Messages) == 0 {
		return nil, errors.New("heal: task has no messages")
	}
	r := &run{h: h, task: &task, clock: h.Clock}
	if r.clock == nil {
		r.clock = SystemClock
	}
	r.spend = spend{budget: h.Policy.Budget, start: r.clock.Now()}
	if task.IdempotencyKey == "" {
		task.IdempotencyKey = newIdempotencyKey()
	}
	if d := h.Policy.Budget.MaxDuration; d > 0 && h.Clock == nil {
		// On the real clock the time budget also bounds the call in flight.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, d, fmt.Errorf("%w: time budget %s", ErrBudget, d))
		defer cancel()
	}
	return r.loop(ctx)
}

func (r *run) loop(ctx context.Context) (*Result, error) {
	h, task := r.h, r.task
	maxAttempts := h.Policy.maxAttempts()
	// msgs is the conversation of the next attempt. It starts as the task's
	// own slice and is cloned before anything is appended, so the task and
	// every earlier request keep their bytes.
	msgs := task.Messages
	model := h.Model
	maxTokens := task.MaxTokens
	raised, fellBack := false, false
	var records []AttemptRecord
	var prevDiag string
	for attempt := 1; ; attempt++ {
		req := Request{
			Messages:       msgs,
			MaxTokens:      maxTokens,
			Temperature:    task.Temperature,
			ResponseFormat: task.ResponseFormat,
			IdempotencyKey: attemptKey(task.IdempotencyKey, attempt),
			Extra:          task.Extra,
		}
		out := r.call(ctx, model, req, attempt)
		rec := AttemptRecord{
			Attempt: attempt, Model: modelName(model), IdempotencyKey: req.IdempotencyKey,
			Raw: out.resp.Content, FinishReason: out.resp.FinishReason, Refusal: out.resp.Refusal,
			TransportRetries: out.retries, Usage: out.usage,
		}
		ev := Event{Attempt: attempt, Retry: out.retries, Model: rec.Model, Usage: out.resp.Usage, CallLatency: out.latency}
		var d Decision
		var v Verdict
		canFallBack := h.Policy.Fallback != nil && !fellBack && attempt < maxAttempts
		var early *EarlyViolation
		switch {
		case out.err != nil && errors.As(out.err, &early):
			// The guard cancelled the stream: a schema failure, re-asked
			// with the partial answer and the violation.
			rec.Error = out.err.Error()
			var te *TransportError
			if errors.As(out.err, &te) {
				rec.Raw = te.Partial
			}
			v = Verdict{Decision: Decision{ClassSchema, ActionReask, "stream cancelled early: " + early.Path + ": " + early.Message},
				Diagnostics: "- " + early.Path + ": " + early.Message, DiagnosticCount: 1}
			rec.Diagnostics = v.Diagnostics
			out.resp.Content = rec.Raw
			d = r.decideAnswer(v.Decision, v, attempt, maxAttempts, maxTokens, raised, prevDiag)
			prevDiag = v.Diagnostics
		case out.err != nil:
			rec.Error = out.err.Error()
			var te *TransportError
			if errors.As(out.err, &te) {
				rec.Raw = te.Partial
			}
			ev.StatusCode = statusOf(out.err)
			d = Decision{Class: out.class, Action: ActionStop, Reason: out.reason}
			if out.class == ClassTransient || out.class == ClassRateLimit || errors.Is(out.err, ErrBudget) {
				d.Action = ActionEscalate // retries or budget ran out
				if canFallBack && !errors.Is(out.err, ErrBudget) {
					d.Action = ActionFallback
				}
			}
		case out.resp.Refusal != "":
			d = Decision{Class: ClassRefusal, Action: ActionStop, Reason: "the model refused: " + clip(out.resp.Refusal, 200)}
			if canFallBack {
				d.Action = ActionFallback
			}
		case out.resp.FinishReason == FinishContentFilter:
			d = Decision{Class: ClassContentFilter, Action: ActionStop, Reason: "the provider filtered the answer"}
			if canFallBack {
				d.Action = ActionFallback
			}
		default:
			checkStart := r.clock.Now()
			v = h.check([]byte(out.resp.Content), out.resp.FinishReason)
			ev.CheckLatency = r.clock.Now().Sub(checkStart)
			rec.Diagnostics = v.Diagnostics
			if v.Err != nil {
				rec.Error = v.Err.Error()
			}
			ev.Diagnostics = v.DiagnosticCount
			ev.Fixes = len(v.SanitizeFixes) + len(v.SchemaFixes)
			d = v.Decision
			if d.Action == ActionAccept || d.Action == ActionFix {
				ev.Decision = d
				r.emit(ev)
				return r.accept(v, attempt, model), nil
			}
			if maxTokens <= 0 && d.Class == ClassTruncated {
				// The request left max_tokens to the model's client, whose
				// limit the loop cannot see; the answer it cut tells it: a
				// raise starts from there, never below it.
				maxTokens = out.resp.Usage.CompletionTokens
			}
			d = r.decideAnswer(d, v, attempt, maxAttempts, maxTokens, raised, prevDiag)
			prevDiag = v.Diagnostics
		}
		if d.Class != ClassNone {
			r.lastClass = d.Class
		}
		cause := out.err
		if d.Action == ActionReask || d.Action == ActionRaiseLimit || d.Action == ActionFallback {
			if why, done := r.spend.exhausted(r.clock.Now()); done {
				// No call is left for the next attempt: nothing is sent,
				// and the error matches ErrBudget like any budget stop.
				d.Reason = fmt.Sprintf("%s; %s: no %s sent", d.Reason, why, d.Action)
				d.Action, cause = ActionEscalate, budgetError(why, out.err)
			} else {
				d.Reason += nextStep(d.Action, h.Policy.raisedMaxTokens(maxTokens))
			}
		}
		ev.Decision, rec.Decision = d, d
		r.emit(ev)
		records = append(records, rec)
		switch d.Action {
		case ActionReask:
			msgs = append(slices.Clip(msgs),
				Message{Role: RoleAssistant, Content: out.resp.Content},
				Message{Role: RoleUser, Content: reaskText(v)})
		case ActionRaiseLimit:
			raised = true
			maxTokens = h.Policy.raisedMaxTokens(maxTokens)
		case ActionFallback:
			fellBack = true
			model = h.Policy.Fallback
		default: // stop or escalate: dead-letter
			return nil, r.giveUp(d, records, cause)
		}
	}
}

// decideAnswer turns the no-model path's proposal for an invalid answer
// into the loop's decision, given the attempts and the policy. A healable
// failure that ran out of attempts or progress escalates (a person, or a
// better prompt or schema, is needed); a failure with no safe action, or
// one the policy forbids acting on, stops. Both end in a dead letter.
func (r *run) decideAnswer(d Decision, v Verdict, attempt, maxAttempts, maxTokens int, raised bool, prevDiag string) Decision {
	p := &r.h.Policy
	switch d.Class {
	case ClassTruncated:
		switch {
		case raised:
			return Decision{d.Class, ActionEscalate, d.Reason + "; max_tokens was already raised once: never an identical retry"}
		case p.NoRaiseLimit:
			return Decision{d.Class, ActionStop, d.Reason + "; the policy forbids raise_limit: never an identical retry"}
		case attempt >= maxAttempts:
			return Decision{d.Class, ActionEscalate, fmt.Sprintf("%s; attempts exhausted (%d of %d)", d.Reason, attempt, maxAttempts)}
		case maxTokens > 0 && p.raisedMaxTokens(maxTokens) <= maxTokens:
			return Decision{d.Class, ActionStop, d.Reason + "; the raised max_tokens is not higher: never an identical retry"}
		}
		return Decision{d.Class, ActionRaiseLimit, d.Reason}
	case ClassSyntax, ClassSchema:
		switch {
		case prevDiag != "" && v.Diagnostics == prevDiag:
			return Decision{d.Class, ActionEscalate, d.Reason + "; no progress: the same diagnostics as the previous attempt"}
		case p.NoReask:
			return Decision{d.Class, ActionStop, d.Reason + "; the policy forbids re-asking"}
		case attempt >= maxAttempts:
			return Decision{d.Class, ActionEscalate, fmt.Sprintf("%s; attempts exhausted (%d of %d)", d.Reason, attempt, maxAttempts)}
		}
		return Decision{d.Class, ActionReask, d.Reason}
	}
	d.Action = ActionStop
	return d
}

// nextStep narrates the next attempt of a decision the budget allows;
// raised is the max_tokens of a raise_limit attempt.
func nextStep(a Action, raised int) string {
	switch a {
	case ActionReask:
		return "; re-asking with the diagnostics"
	case ActionRaiseLimit:
		return fmt.Sprintf("; raising max_tokens once to %d", raised)
	case ActionFallback:
		return "; falling back to the second model"
	}
	return ""
}

func (r *run) accept(v Verdict, attempt int, model Model) *Result {
	res := &Result{
		JSON:             v.JSON,
		Outcome:          v.Outcome,
		Attempts:         attempt,
		TransportRetries: r.retries,
		Calls:            r.spend.calls,
		Usage:            r.spend.usage,
		Cost:             r.spend.cost(),
		Model:            modelName(model),
		SanitizeFixes:    v.SanitizeFixes,
		SchemaFixes:      v.SchemaFixes,
		IdempotencyKey:   r.task.IdempotencyKey,
		Trace:            r.trace,
	}
	r.h.Counters.record(res, nil)
	return res
}

func (r *run) giveUp(d Decision, records []AttemptRecord, cause error) error {
	dl := &DeadLetter{
		Version:          DeadLetterVersion,
		Task:             *r.task,
		Class:            d.Class,
		Reason:           d.Reason,
		ModelAttempts:    len(records),
		TransportRetries: r.retries,
		Calls:            r.spend.calls,
		Usage:            r.spend.usage,
		Cost:             r.spend.cost(),
		IdempotencyKey:   r.task.IdempotencyKey,
		Attempts:         records,
		Time:             r.clock.Now().UTC(),
	}
	if dl.Class == ClassNone {
		dl.Class = ClassFatal
	}
	if r.h.Schema != nil {
		dl.SchemaID = r.h.Schema.ID()
	}
	r.h.Counters.record(nil, dl)
	return &GiveUpError{DeadLetter: dl, cause: cause}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
