package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/jsonl"
)

// replayer replays incidents with today's pipeline. It is safe for
// concurrent use.
type replayer struct {
	// opts is the Cleaner's: schema, repair policy, schema fixes and, with
	// --model, the ModelHealer. Each record is cleaned alone, or with
	// records that end at their last line (replay_batch.go), so that it can
	// neither merge with another nor be lost.
	opts jsonl.Options
	// loop replays a dead letter's task (heal.Replay) with today's model;
	// nil without --model or with --fast-only.
	loop *heal.Healer
	// model is the ModelHealer of opts, whose token use the dead-letter
	// replays count against --budget-tokens too (nil without one).
	model *jsonl.ModelHealer
	// budget is --budget-tokens (0: none); dl counts what the dead-letter
	// replays did.
	budget int64
	dl     deadLetterStats
}

// deadLetterStats counts what the dead-letter replays did with the model.
type deadLetterStats struct {
	calls, promptTokens, completionTokens, healed, gaveUp atomic.Int64
}

// replayOutcome is what became of one incident.
type replayOutcome struct {
	in     *incident
	healed bool
	// out is the saved record (with its newline); rej the reject line
	// (with its newline).
	out, rej []byte
	// stop is set when the run must stop here: the model refuses every
	// request, or the run was interrupted.
	stop error
}

// replayReject is a line of replay's rejects file: a rejects-file line
// with the new reason, plus the former one. It reads back as an incident.
type replayReject struct {
	jsonl.Reject
	// PreviousReason and PreviousError are the incident's.
	PreviousReason string `json:"previous_reason"`
	PreviousError  string `json:"previous_error,omitempty"`
	// ReplayedFrom is where the incident was read (FILE:LINE).
	ReplayedFrom string `json:"replayed_from"`
	// DeadLetter is kept for a dead letter's task (the newest dead letter
	// when the model was asked again), so that a later replay asks the
	// task again rather than repairing the last answer.
	DeadLetter *heal.DeadLetter `json:"dead_letter,omitempty"`
}

// replayItem is an incident ready to be replayed.
type replayItem struct {
	in *incident
	// done is set when there is nothing to run (the outcome is known).
	done *replayOutcome
	// raw is the record to clean (a reject's record, a dead letter's last
	// answer); task the dead letter it comes from, or whose task to ask.
	raw  []byte
	task *heal.DeadLetter
	// ask: ask the model the dead letter's task again.
	ask bool
	// alone: raw must be cleaned on its own: read in a stream, it might not
	// end at its last line (see endsAtItsLastLine).
	alone bool
}

// batchable reports whether the item may be cleaned in one stream with
// others.
func (it *replayItem) batchable() bool { return it.done == nil && !it.ask && !it.alone }

// prepare turns an incident into what to run.
func (r *replayer) prepare(in *incident) replayItem {
	it := replayItem{in: in, task: in.task}
	finish := func(o replayOutcome) replayItem {
		it.done = &o
		return it
	}
	switch {
	case in.task != nil && r.loop != nil:
		it.ask = true
		return it
	case in.task != nil:
		answer, ok := lastAnswer(in.task)
		if !ok {
			return finish(r.failed(in, jsonl.Reject{Reason: "no_answer",
				Error: "the dead letter holds no answer for the fast layers to check; replay it with --model"}, in.task))
		}
		it.raw = []byte(answer)
	case in.reject.RawTruncated:
		rj := in.reject
		return finish(r.failed(in, jsonl.Reject{Reason: rj.Reason, Raw: rj.Raw, RawBase64: rj.RawBase64, RawTruncated: true,
			Error: "not replayed: the rejects file kept only the record's first bytes"}, nil))
	default:
		raw, err := in.reject.RawBytes()
		if err != nil {
			return finish(r.failed(in, jsonl.Reject{Reason: in.reject.Reason, Error: "not replayed: raw_base64: " + err.Error()}, nil))
		}
		it.raw = raw
	}
	it.alone = !endsAtItsLastLine(it.raw)
	return it
}

// endsAtItsLastLine reports whether the jsonl Splitter reads raw as one
// record that ends at its last line whatever line follows it: then raw
// followed by a newline can be cleaned in one stream with other records
// without merging with them. The Splitter ends a record either at its own
// line end (closed: what follows does not matter) or at the head of the
// next line (open records, unclosed fences, introductions): followed by a
// line of prose and by a fence line, the first stays apart from both, the
// others do not. Records with a byte order mark or a trailing CR, which
// the Splitter reads differently at the start of a stream or at a line
// end, are not either.
func endsAtItsLastLine(raw []byte) bool {
	for _, next := range []string{"x", "```"} {
		sp := jsonl.NewSplitter(io.MultiReader(bytes.NewReader(raw), strings.NewReader("\n"+next+"\n")),
			jsonl.SplitOptions{ReadBufferSize: len(raw) + 8, MaxRecordBytes: int64(len(raw)) + 8})
		rec, err := sp.Next()
		if err != nil || rec.Cut || rec.TooLarge || !bytes.Equal(rec.Data, raw) {
			return false
		}
		if rec, err = sp.Next(); err != nil || strings.TrimSpace(string(rec.Data)) != next {
			return false
		}
	}
	return true
}

// run replays a job: one item, or a batch of batchable ones.
func (r *replayer) run(ctx context.Context, items []replayItem) []replayOutcome {
	if len(items) > 1 {
		return r.cleanBatch(ctx, items)
	}
	it := &items[0]
	switch {
	case it.done != nil:
		return []replayOutcome{*it.done}
	case it.ask:
		return []replayOutcome{r.askAgain(ctx, it.in)}
	}
	return []replayOutcome{r.cleanRecord(ctx, it.in, it.raw, it.task)}
}

// askAgain asks the model a dead letter's task again: a new task with a
// new idempotency key (heal.Replay).
func (r *replayer) askAgain(ctx context.Context, in *incident) replayOutcome {
	res, err := heal.Replay(ctx, r.loop, in.task)
	if err == nil {
		r.dl.healed.Add(1)
		return replayOutcome{in: in, healed: true, out: append(append([]byte(nil), res.JSON...), '\n')}
	}
	var gu *heal.GiveUpError
	if !errors.As(err, &gu) {
		if ctx.Err() != nil {
			return replayOutcome{in: in, stop: runStop(ctx, err)}
		}
		return r.failed(in, jsonl.Reject{Reason: "not_replayed", Error: err.Error()}, in.task)
	}
	r.dl.gaveUp.Add(1)
	dl := gu.DeadLetter
	answer, _ := lastAnswer(dl)
	reason := dl.Class.String()
	if errors.Is(err, jsonl.ErrModelBudget) {
		reason = "budget"
	}
	o := r.failed(in, jsonl.Reject{Reason: reason, Error: err.Error(), Raw: answer}, dl)
	if heal.RefusesRun(err) {
		o.stop = fmt.Errorf("the model refused the run (%s): %s", dl.Class, dl.Reason)
	}
	return o
}

// cleanRecord cleans raw alone with today's options. task is the dead
// letter whose last answer raw is, if any.
func (r *replayer) cleanRecord(ctx context.Context, in *incident, raw []byte, task *heal.DeadLetter) replayOutcome {
	opts := r.opts
	opts.Workers, opts.Window, opts.BatchBytes = 1, 2, min(max(len(raw)+1, 4<<10), jsonl.DefaultBatchBytes)
	var out, rej bytes.Buffer
	st, err := jsonl.NewCleaner(opts).Run(ctx, bytes.NewReader(raw), &out, &rej)
	if err != nil {
		return replayOutcome{in: in, stop: runStop(ctx, err)}
	}
	if st.Records == 1 && st.Rejected == 0 {
		return replayOutcome{in: in, healed: true, out: out.Bytes()}
	}
	var nr jsonl.Reject
	first, _, _ := bytes.Cut(rej.Bytes(), []byte("\n"))
	if len(first) == 0 || json.Unmarshal(first, &nr) != nil {
		nr = jsonl.Reject{Reason: "split"}
	}
	if st.Records != 1 {
		nr.Details = nil
		nr.Error = fmt.Sprintf("read alone, the record splits into %d records (%d rejected): %s", st.Records, st.Rejected, nr.Error)
		nr.Reason = "split"
	}
	return r.failed(in, withRaw(nr, raw), task)
}

// runStop is the error that stops the run when a Cleaner's Run fails.
func runStop(ctx context.Context, err error) error {
	var he *jsonl.HealError
	switch {
	case errors.As(err, &he) && he.Stop:
		return fmt.Errorf("the model failed in a way every record would: %w", he)
	case ctx.Err() != nil:
		return fmt.Errorf("interrupted: %w", context.Cause(ctx))
	}
	return err
}

// withRaw sets the raw bytes of a reject (raw_base64 when they are not
// UTF-8).
func withRaw(nr jsonl.Reject, raw []byte) jsonl.Reject {
	nr.Raw, nr.RawBase64, nr.RawTruncated = "", "", false
	if utf8.Valid(raw) {
		nr.Raw = string(raw)
	} else {
		nr.RawBase64 = base64.StdEncoding.EncodeToString(raw)
	}
	return nr
}

// failed builds the outcome of an incident that still fails with the new
// reject nr: the incident's coordinates, the former reason and, for a dead
// letter's task, the dead letter.
func (r *replayer) failed(in *incident, nr jsonl.Reject, task *heal.DeadLetter) replayOutcome {
	if old := in.reject; old != nil {
		nr.File, nr.Line, nr.Lines, nr.Offset, nr.Size = old.File, old.Line, old.Lines, old.Offset, old.Size
	} else {
		nr.File, nr.Line, nr.Lines, nr.Offset, nr.Size = in.file, in.line, 1, 0, int64(len(nr.Raw))
	}
	line := replayReject{Reject: nr, PreviousReason: in.reason(), PreviousError: in.text(), ReplayedFrom: in.where(), DeadLetter: task}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(line); err != nil {
		return replayOutcome{in: in, stop: fmt.Errorf("encoding the reject of %s: %w", in.where(), err)}
	}
	return replayOutcome{in: in, rej: b.Bytes()}
}

// tokensUsed is what the run used of --budget-tokens: the record repairs'
// tokens and the dead-letter replays'.
func (r *replayer) tokensUsed() int64 {
	n := r.dl.promptTokens.Load() + r.dl.completionTokens.Load()
	if r.model != nil {
		st := r.model.Stats()
		n += st.PromptTokens + st.CompletionTokens
	}
	return n
}

// replayModel meters the dead-letter replays' calls: it counts them and
// refuses a call once --budget-tokens is spent (checked before each call,
// like the ModelHealer's; the ModelHealer does not see these tokens, so
// the records it repairs afterwards may pass the budget by them).
type replayModel struct {
	inner heal.Model
	r     *replayer
}

// Complete makes one call if the run's budget allows it.
func (m *replayModel) Complete(ctx context.Context, req heal.Request) (heal.Response, error) {
	r := m.r
	if r.budget > 0 && r.tokensUsed() >= r.budget {
		return heal.Response{}, fmt.Errorf("%w (%d of %d tokens used)", jsonl.ErrModelBudget, r.tokensUsed(), r.budget)
	}
	r.dl.calls.Add(1)
	resp, err := m.inner.Complete(ctx, req)
	u := resp.Usage
	var te *heal.TransportError
	if err != nil && errors.As(err, &te) {
		u = te.Usage
	}
	r.dl.promptTokens.Add(int64(u.PromptTokens))
	r.dl.completionTokens.Add(int64(u.CompletionTokens))
	return resp, err
}

// Name returns the wrapped model's name, if it has one.
func (m *replayModel) Name() string {
	if n, ok := m.inner.(heal.Named); ok {
		return n.Name()
	}
	return ""
}
