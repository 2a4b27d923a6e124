package jsonl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/jsonheal/jsonheal/heal"
)

// DefaultModelConcurrency is the number of records healed at once when
// ModelOptions.Concurrency is zero.
const DefaultModelConcurrency = 4

// DefaultModelMaxRecordBytes is the largest record sent to the model when
// ModelOptions.MaxRecordBytes is zero (about 16k tokens).
const DefaultModelMaxRecordBytes = 64 << 10

// ErrModelBudget is wrapped by the error of a call refused because the
// run's token budget (ModelOptions.BudgetTokens) is exhausted. It matches
// heal.ErrBudget too.
var ErrModelBudget = fmt.Errorf("the run's model token budget is exhausted: %w", heal.ErrBudget)

// ModelOptions configure a ModelHealer. The zero value is usable.
type ModelOptions struct {
	// Schema is the JSON Schema text shown to the model in the repair
	// prompt; nil shows none. Answers are validated with the Healer's
	// compiled schema whatever the model was told. A model reads no
	// files: for a schema whose $refs name other documents, give the
	// text validate.Bundle returns.
	Schema []byte
	// Concurrency caps the records being healed at once, so the model calls
	// in flight (a record's attempts are sequential, and it holds its slot
	// through their backoff); 0 means DefaultModelConcurrency. No more than
	// Options.Workers records are healed at once in any case.
	Concurrency int
	// BudgetTokens caps prompt plus completion tokens over the whole run:
	// every record, attempt and transport retry; 0 means no limit. It is
	// checked before every call, so the calls in flight when it runs out
	// may pass it by what they use. Records that find it exhausted are
	// rejected with ReasonBudget.
	BudgetTokens int64
	// MaxTokens is the max_tokens of an answer; 0 leaves it to the server
	// (heal raises it once if an answer is cut off).
	MaxTokens int
	// MaxRecordBytes caps the records sent to the model (the prompt holds
	// the record, and the answer repeats it); 0 means
	// DefaultModelMaxRecordBytes. Larger ones are rejected unsent.
	MaxRecordBytes int
}

// ModelHealer is a Healer that asks a model, through heal's loop, to repair
// the records the fast layers could not save. Each record becomes a
// heal.Task: a system turn with the rules and the schema, and a user turn
// with the record's diagnostics and raw bytes. The answer is sanitized,
// validated locally, schema-fixed and re-asked with diagnostics by heal,
// within heal's Policy (attempts, retries, per-record budget); what heal
// gives up on is rejected with its dead letter.
//
// Which records are sent: syntax errors, schema failures and repairs below
// the confidence floor (needs_model). Never sent: truncated records (a
// model would have to invent the part that was cut off; heal's rule for
// truncation is to raise the producer's limit or stop, and the limit here
// was the producer's), records with no JSON value, several values, too
// deep or too large: nothing a repair can recover; records larger than
// ModelOptions.MaxRecordBytes.
//
// Rejected credentials (401, 403), an unknown endpoint or model (404) and
// an exhausted quota stop the run (HealError.Stop): every later record
// would fail the same way. Records already in flight are rejected without a
// call.
type ModelHealer struct {
	h      heal.Healer
	system string
	opts   ModelOptions
	slots  chan struct{}

	calls, promptTokens, completionTokens atomic.Int64
	healed, gaveUp, skipped, overBudget   atomic.Int64
	stopped                               atomic.Pointer[HealError]
}

// NewModelHealer returns a ModelHealer running h's loop (h.Model and
// h.Policy; h.Schema validates the answers). h is copied; its Model and
// Policy.Fallback are wrapped to meter the run's budget.
func NewModelHealer(h *heal.Healer, opts ModelOptions) *ModelHealer {
	m := &ModelHealer{h: *h, opts: opts}
	n := opts.Concurrency
	if n <= 0 {
		n = DefaultModelConcurrency
	}
	m.slots = make(chan struct{}, n)
	if m.h.Model != nil {
		m.h.Model = &meteredModel{inner: m.h.Model, owner: m}
	}
	if m.h.Policy.Fallback != nil {
		m.h.Policy.Fallback = &meteredModel{inner: m.h.Policy.Fallback, owner: m}
	}
	m.system = repairSystemPrompt(opts.Schema)
	return m
}

// ModelStats counts what a ModelHealer did.
type ModelStats struct {
	// Calls counts requests sent (attempts and transport retries).
	Calls int64 `json:"calls"`
	// PromptTokens and CompletionTokens sum the usage servers reported.
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	// Healed records got a valid answer; GaveUp records were dead-lettered
	// by heal; Skipped records were not sent (kind of failure, or the run
	// stopping); OverBudget records were rejected for the run's budget.
	Healed     int64 `json:"healed"`
	GaveUp     int64 `json:"gave_up"`
	Skipped    int64 `json:"skipped"`
	OverBudget int64 `json:"over_budget"`
}

// Stats returns a snapshot of the counts; safe to call at any time.
func (m *ModelHealer) Stats() ModelStats {
	return ModelStats{
		Calls: m.calls.Load(), PromptTokens: m.promptTokens.Load(), CompletionTokens: m.completionTokens.Load(),
		Healed: m.healed.Load(), GaveUp: m.gaveUp.Load(), Skipped: m.skipped.Load(), OverBudget: m.overBudget.Load(),
	}
}

func (m *ModelHealer) tokensUsed() int64 { return m.promptTokens.Load() + m.completionTokens.Load() }

func (m *ModelHealer) budgetLeft() bool {
	return m.opts.BudgetTokens <= 0 || m.tokensUsed() < m.opts.BudgetTokens
}

// Heal asks the model to repair one record; see ModelHealer for which.
func (m *ModelHealer) Heal(ctx context.Context, req *HealRequest) ([]byte, error) {
	if why := m.notSent(req); why != "" {
		m.skipped.Add(1)
		return nil, &HealError{Msg: "not sent to the model: " + why}
	}
	if st := m.stopped.Load(); st != nil {
		m.skipped.Add(1)
		return nil, &HealError{Msg: "not sent to the model: the run stopped: " + st.Msg}
	}
	if !m.budgetLeft() {
		return nil, m.overBudgetError(nil)
	}
	select {
	case m.slots <- struct{}{}:
	case <-ctx.Done():
		m.skipped.Add(1)
		return nil, &HealError{Msg: "not sent to the model: " + context.Cause(ctx).Error(), Err: context.Cause(ctx)}
	}
	defer func() { <-m.slots }()
	// Check again: the budget may have run out while waiting for a slot.
	if st := m.stopped.Load(); st != nil {
		m.skipped.Add(1)
		return nil, &HealError{Msg: "not sent to the model: the run stopped: " + st.Msg}
	}
	if !m.budgetLeft() {
		return nil, m.overBudgetError(nil)
	}
	res, err := m.h.Heal(ctx, m.task(req))
	if err == nil {
		m.healed.Add(1)
		return res.JSON, nil
	}
	var gu *heal.GiveUpError
	if !errors.As(err, &gu) {
		m.skipped.Add(1)
		return nil, &HealError{Msg: "model not called: " + err.Error(), Err: err}
	}
	dl, _ := json.Marshal(gu.DeadLetter)
	if errors.Is(err, ErrModelBudget) {
		return nil, m.overBudgetError(dl)
	}
	m.gaveUp.Add(1)
	he := &HealError{
		Msg:        "the model did not heal it: " + gu.DeadLetter.Class.String() + ": " + gu.DeadLetter.Reason,
		DeadLetter: dl,
		Err:        err,
	}
	if stopsRun(err) {
		he.Stop = true
		// The error that stops the run is complete before it is published:
		// other workers read its Msg as soon as they Load it.
		stop := *he
		stop.Msg = "the model failed in a way every record would (" + gu.DeadLetter.Class.String() + "): " + gu.DeadLetter.Reason
		if m.stopped.CompareAndSwap(nil, &stop) {
			return nil, &stop
		}
	}
	return nil, he
}

func (m *ModelHealer) overBudgetError(deadLetter []byte) *HealError {
	m.overBudget.Add(1)
	msg := "not sent to the model: "
	if len(deadLetter) > 0 {
		msg = "the model did not heal it: "
	}
	return &HealError{
		Reason:     ReasonBudget,
		Msg:        fmt.Sprintf("%sthe run's model token budget is exhausted (%d of %d tokens used)", msg, m.tokensUsed(), m.opts.BudgetTokens),
		DeadLetter: deadLetter,
		Err:        ErrModelBudget,
	}
}

// notSent says why a record is not sent to the model; "" when it is.
func (m *ModelHealer) notSent(req *HealRequest) string {
	limit := m.opts.MaxRecordBytes
	if limit <= 0 {
		limit = DefaultModelMaxRecordBytes
	}
	switch {
	case len(req.Raw) > limit:
		return fmt.Sprintf("the record is larger (%d bytes) than the cap for a repair prompt (%d bytes)", len(req.Raw), limit)
	case req.Truncated || req.Reason == ReasonTruncated:
		return "the record is truncated, and a model would have to invent its missing part (raise the producer's token limit and regenerate it)"
	case req.Reason == ReasonSyntax, req.Reason == ReasonSchema, req.Reason == ReasonNeedsModel:
		return ""
	}
	return "a " + req.Reason.String() + " record holds nothing a repair can recover"
}

// stopsRun reports whether a give-up would repeat for every record.
func stopsRun(err error) bool { return heal.RefusesRun(err) }

// repairSystemPrompt is the system turn of every repair task.
func repairSystemPrompt(schema []byte) string {
	var b strings.Builder
	b.WriteString("You repair records of a JSON Lines file that a program could not use. ")
	b.WriteString("Reply with the corrected record only: one JSON value on its own, no prose, no code fences. ")
	b.WriteString("Keep every value that is already right; change only what the listed problems require, ")
	b.WriteString("and never invent data that the record does not hold.")
	if s := strings.TrimSpace(string(schema)); s != "" {
		b.WriteString("\nThe record must match this JSON Schema:\n")
		b.WriteString(s)
	}
	return b.String()
}

// task builds the heal.Task of one record.
func (m *ModelHealer) task(req *HealRequest) heal.Task {
	var u strings.Builder
	u.WriteString("This record was rejected (")
	u.WriteString(req.Reason.String())
	u.WriteString("). Problems:\n")
	u.WriteString(strings.TrimSpace(req.Diagnosis.Text))
	u.WriteString("\nRecord:\n")
	u.WriteString(strings.ToValidUTF8(string(req.Raw), "\uFFFD"))
	id := "line " + strconv.FormatInt(req.Line, 10)
	if req.Source != "" {
		id = req.Source + ":" + strconv.FormatInt(req.Line, 10)
	}
	return heal.Task{
		ID:        id,
		MaxTokens: m.opts.MaxTokens,
		Messages: []heal.Message{
			{Role: heal.RoleSystem, Content: m.system},
			{Role: heal.RoleUser, Content: u.String()},
		},
	}
}

// meteredModel counts a ModelHealer's calls and tokens and refuses calls
// once the run's budget is exhausted.
type meteredModel struct {
	inner heal.Model
	owner *ModelHealer
}

// Complete makes one call, if the run's budget allows it.
func (mm *meteredModel) Complete(ctx context.Context, req heal.Request) (heal.Response, error) {
	o := mm.owner
	if !o.budgetLeft() {
		return heal.Response{}, fmt.Errorf("%w (%d of %d tokens used)", ErrModelBudget, o.tokensUsed(), o.opts.BudgetTokens)
	}
	o.calls.Add(1)
	resp, err := mm.inner.Complete(ctx, req)
	u := resp.Usage
	var te *heal.TransportError
	if err != nil && errors.As(err, &te) {
		u = te.Usage
	}
	o.promptTokens.Add(int64(u.PromptTokens))
	o.completionTokens.Add(int64(u.CompletionTokens))
	return resp, err
}

// Name returns the wrapped model's name, if it has one.
func (mm *meteredModel) Name() string {
	if n, ok := mm.inner.(heal.Named); ok {
		return n.Name()
	}
	return ""
}
