package benthos

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/redpanda-data/benthos/v4/public/service"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
)

// Outcome names what happened to one message; they are the values of the
// jsonheal_outcome metadata and of the outcome label of jsonheal_messages.
const (
	OutcomeClean     = "clean"     // valid as received, bytes untouched
	OutcomeSanitized = "sanitized" // valid after sanitize repairs
	OutcomeFixed     = "fixed"     // valid after schema-guided fixes
	OutcomeHealed    = "healed"    // valid after the model corrected it
	OutcomeRejected  = "rejected"  // could not be saved: errored
)

// Layers name where a fix was made or a message was rejected (the layer
// label of the counters and the jsonheal_layer metadata).
const (
	LayerSanitize = "sanitize"
	LayerValidate = "validate"
	LayerSchema   = "schema" // schema-guided fixes
	LayerModel    = "model"
)

// RejectError is the error a message that could not be saved is marked
// with.
type RejectError struct {
	// Layer is where it failed: sanitize, validate or model.
	Layer string
	// Class is the failure class (syntax, truncated, schema, ... as in
	// heal.Class).
	Class string
	// Reason says why, in one line.
	Reason string
	// Diagnostics is the compact diagnostics text (one line per problem),
	// or the syntax error.
	Diagnostics string
}

// Error returns "jsonheal: <layer>: <class>: <reason>".
func (e *RejectError) Error() string {
	return "jsonheal: " + e.Layer + ": " + e.Class + ": " + e.Reason
}

// fixNote is one repair, as listed in jsonheal_fix_list.
type fixNote struct {
	layer, kind, confidence string
	line, column            int // sanitize fixes
	path                    string
}

// verdict is the result of processing one message.
type verdict struct {
	doc       []byte // accepted document; nil when rejected
	changed   bool   // doc differs from the input
	reflowed  bool   // doc was put on one line (one_line)
	outcome   string
	truncated bool
	fixes     []fixNote
	attempts  int // model attempts, when healed or tried
	reject    *RejectError
	dead      []byte // dead letter JSON, when the model gave up
	calls     int
	usage     heal.Usage
}

// engine holds the parsed settings and the compiled pieces; it is shared by
// every pipeline thread and safe for concurrent use.
type engine struct {
	s              *settings
	healer         *heal.Healer
	system         string
	responseFormat json.RawMessage
	metrics        *counters
}

func newEngine(s *settings, m *counters) *engine {
	e := &engine{s: s, metrics: m, healer: &heal.Healer{
		Schema:   s.schema,
		Sanitize: s.sanitize,
		Policy: heal.Policy{
			MinConfidence: s.minConfidence,
			DisabledFixes: s.disabledFixes,
		},
	}}
	if ms := s.model; ms != nil {
		var opts []openai.Option
		if ms.apiKey != "" {
			opts = append(opts, openai.WithAPIKey(ms.apiKey))
		}
		e.healer.Model = openai.New(ms.baseURL, ms.model, opts...)
		e.healer.Policy.MaxAttempts = ms.maxAttempts
		e.healer.Policy.Retry = heal.RetryPolicy{AttemptTimeout: ms.attemptTimeout}
		e.healer.Policy.Budget = heal.Budget{MaxTokens: ms.budgetTokens, MaxDuration: ms.timeout}
		e.system = ms.systemPrompt
		if e.system == "" {
			e.system = defaultSystemPrompt(s.schemaText)
		}
		if ms.responseFormat && s.schemaText != nil {
			// The schema compiled, so it is JSON: marshalling cannot fail.
			e.responseFormat, _ = json.Marshal(map[string]any{
				"type":        "json_schema",
				"json_schema": map[string]any{"name": "record", "schema": json.RawMessage(s.schemaText)},
			})
		}
	}
	return e
}

// check runs the no-model path: sanitize, validate, schema fixes, and the
// closing of a truncated record when the policy allows it.
func (e *engine) check(raw []byte) (verdict, heal.Verdict) {
	v := e.healer.Check(raw, "")
	if accepted(v) {
		return acceptedVerdict(v), v
	}
	if e.s.closeTruncated && v.Decision.Class == heal.ClassTruncated {
		if out, ok := e.closeTruncated(raw); ok {
			return out, v
		}
	}
	return rejectedVerdict(v), v
}

// checkMessage is check, except for a record the jsonheal_records scanner
// found too large: only its first bytes are in the message, so it is
// rejected as it is.
func (e *engine) checkMessage(msg *service.Message, raw []byte) (verdict, heal.Verdict) {
	if big, _ := msg.MetaGetMut(MetaTooLarge); big == true {
		size, _ := msg.MetaGetMut(MetaSize)
		return verdict{outcome: OutcomeRejected, reject: &RejectError{
			Layer: LayerSanitize, Class: ClassTooLarge,
			Reason:      fmt.Sprintf("record of %v bytes is larger than the scanner's max_record_bytes", size),
			Diagnostics: "the message holds only the first bytes of the record",
		}}, heal.Verdict{}
	}
	return e.check(raw)
}

// ClassTooLarge is the class of a record the jsonheal_records scanner found
// larger than its max_record_bytes.
const ClassTooLarge = "too_large"

// finish puts an accepted document on one line when one_line is set: line
// breaks left between tokens (pretty-printed JSON; raw ones in strings are
// escaped by then) become spaces, as in the output of jsonheal clean.
func (e *engine) finish(v *verdict) {
	if !e.s.oneLine || v.reject != nil || bytes.IndexAny(v.doc, "\r\n") < 0 {
		return
	}
	doc := bytes.Clone(v.doc) // v.doc may alias the message's bytes
	for i, c := range doc {
		if c == '\n' || c == '\r' {
			doc[i] = ' '
		}
	}
	v.doc, v.reflowed = doc, true
}

func accepted(v heal.Verdict) bool {
	return v.Decision.Action == heal.ActionAccept || v.Decision.Action == heal.ActionFix
}

// closeTruncated closes a truncated record minimally and runs the no-model
// path on the result; the record is then accepted as truncated.
func (e *engine) closeTruncated(raw []byte) (verdict, bool) {
	opts := e.s.sanitize
	opts.CloseTruncated = true
	closed, rep, err := sanitize.Bytes(raw, opts)
	if !errors.Is(err, sanitize.ErrTruncated) || rep.Values != 1 || len(closed) == 0 {
		return verdict{}, false
	}
	v := e.healer.Check(closed, "")
	if !accepted(v) {
		return verdict{}, false
	}
	out := acceptedVerdict(v)
	out.doc, out.changed, out.truncated = v.JSON, true, true
	out.outcome = OutcomeSanitized
	if v.Outcome == heal.OutcomeFixed {
		out.outcome = OutcomeFixed
	}
	out.fixes = append(sanitizeNotes(rep.Fixes), out.fixes...)
	return out, true
}

func acceptedVerdict(v heal.Verdict) verdict {
	out := verdict{doc: v.JSON, fixes: append(sanitizeNotes(v.SanitizeFixes), schemaNotes(v.SchemaFixes)...)}
	switch v.Outcome {
	case heal.OutcomeClean:
		out.outcome = OutcomeClean
	case heal.OutcomeSanitized:
		out.outcome = OutcomeSanitized
	default:
		out.outcome = OutcomeFixed
	}
	out.changed = v.Outcome != heal.OutcomeClean
	return out
}

func rejectedVerdict(v heal.Verdict) verdict {
	layer := LayerSanitize
	if v.Decision.Class == heal.ClassSchema {
		layer = LayerValidate
	}
	diag := v.Diagnostics
	if diag == "" && v.Err != nil {
		diag = v.Err.Error()
	}
	return verdict{outcome: OutcomeRejected, reject: &RejectError{
		Layer: layer, Class: v.Decision.Class.String(), Reason: v.Decision.Reason, Diagnostics: diag,
	}}
}

func sanitizeNotes(fs []sanitize.Fix) []fixNote {
	out := make([]fixNote, 0, len(fs))
	for _, f := range fs {
		out = append(out, fixNote{layer: LayerSanitize, kind: f.Kind.String(), confidence: f.Confidence.String(), line: f.Line, column: f.Column})
	}
	return out
}

func schemaNotes(fs []schemafix.Fix) []fixNote {
	out := make([]fixNote, 0, len(fs))
	for _, f := range fs {
		out = append(out, fixNote{layer: LayerSchema, kind: f.Rule.String(), confidence: f.Confidence.String(), path: f.Path})
	}
	return out
}
