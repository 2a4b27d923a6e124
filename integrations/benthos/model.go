package benthos

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/jsonl"
)

func defaultSystemPrompt(schema []byte) string {
	p := "You repair JSON records. Answer with the corrected record as one JSON value and nothing else: " +
		"no prose, no code fences. Keep every value the record has; change only what the problems listed require."
	if len(schema) > 0 {
		p += " The record must match this JSON Schema:\n" + strings.TrimSpace(string(schema))
	}
	return p
}

// wantsModel reports whether a rejected record may go to the model: syntax
// and schema failures, and repairs below min_confidence, may; truncation never (a model cannot know what was
// cut off), nor anything else.
func (e *engine) wantsModel(jv jsonl.Verdict) bool {
	if e.healer.Model == nil || jv.Truncated {
		return false
	}
	switch jv.Reason {
	case jsonl.ReasonSyntax, jsonl.ReasonSchema, jsonl.ReasonNeedsModel:
		return true
	}
	return false
}

// heal asks the model to correct one record the fast layers rejected; id
// names the task (and is its idempotency key base) when not empty.
func (e *engine) heal(ctx context.Context, raw []byte, id string, first verdict) verdict {
	ms := e.s.model
	user := "This record could not be accepted:\n" + first.reject.Diagnostics + "\n\nRecord:\n" + string(raw)
	task := heal.Task{
		ID:             id,
		IdempotencyKey: id,
		Messages:       []heal.Message{{Role: heal.RoleSystem, Content: e.system}, {Role: heal.RoleUser, Content: user}},
		MaxTokens:      ms.maxTokens,
		ResponseFormat: e.responseFormat,
	}
	res, err := e.healer.Heal(ctx, task)
	if err == nil {
		out := verdict{
			doc: res.JSON, changed: true, outcome: OutcomeHealed, attempts: res.Attempts,
			fixes: append(sanitizeNotes(res.SanitizeFixes), schemaNotes(res.SchemaFixes)...),
			calls: res.Calls, usage: res.Usage,
		}
		out.fixes = append([]fixNote{{layer: LayerModel, kind: "reask"}}, out.fixes...)
		return out
	}
	out := verdict{outcome: OutcomeRejected}
	var gu *heal.GiveUpError
	if !errors.As(err, &gu) || gu.DeadLetter == nil {
		out.reject = &RejectError{Layer: LayerModel, Class: heal.ClassFatal.String(), Reason: err.Error(), Diagnostics: first.reject.Diagnostics}
		return out
	}
	dl := gu.DeadLetter
	diag := first.reject.Diagnostics
	if n := len(dl.Attempts); n > 0 && dl.Attempts[n-1].Diagnostics != "" {
		diag = dl.Attempts[n-1].Diagnostics
	}
	out.reject = &RejectError{Layer: LayerModel, Class: dl.Class.String(), Reason: dl.Reason, Diagnostics: diag}
	out.attempts, out.calls, out.usage = dl.ModelAttempts, dl.Calls, dl.Usage
	if b, mErr := json.Marshal(dl); mErr == nil {
		out.dead = b
	}
	return out
}
