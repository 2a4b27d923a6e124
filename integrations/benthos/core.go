package benthos

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/redpanda-data/benthos/v4/public/service"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/jsonl"
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
	changed   bool   // doc differs from the input (and is not the message's bytes)
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
	// judges are jsonl record judges with their output buffers (one per
	// goroutine at a time).
	judges sync.Pool
}

// judgeSlot is a jsonl record judge and the buffer it sanitizes into,
// reused from message to message.
type judgeSlot struct {
	judge *jsonl.Judge
	buf   []byte
}

// maxKeptBuffer caps the output buffer a judgeSlot keeps between messages:
// a bigger record's buffer is dropped after use, so that a pool of idle
// judges never holds more than this each.
const maxKeptBuffer = 1 << 20

func newEngine(s *settings, m *counters) *engine {
	e := &engine{s: s, metrics: m, healer: &heal.Healer{
		Schema:   s.schema,
		Sanitize: s.sanitize,
		Policy: heal.Policy{
			MinConfidence: s.minConfidence,
			DisabledFixes: s.disabledFixes,
		},
	}}
	opts := jsonl.Options{Sanitize: s.sanitize, DisabledSchemaFixes: s.disabledFixes}
	opts.Sanitize.CloseTruncated = s.closeTruncated
	if s.schema != nil {
		opts.Schema = jsonl.SchemaValidator(s.schema)
	}
	e.judges.New = func() any { return &judgeSlot{judge: jsonl.NewJudge(opts)} }
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

// check runs the no-model path through jsonl's record verdict (the same
// path as jsonheal clean): sanitize, validate, schema fixes, and the closing
// of a truncated record when close_truncated allows it (written only when
// valid as closed, never schema-fixed).
//
// A clean record's document is raw itself (the sanitizer leaves it byte for
// byte); a changed one is copied out of the judge's buffer, which the next
// message reuses.
func (e *engine) check(raw []byte) (verdict, jsonl.Verdict) {
	slot := e.judges.Get().(*judgeSlot)
	defer e.judges.Put(slot)
	doc, jv := slot.judge.Judge(slot.buf[:0], raw)
	if cap(doc) <= maxKeptBuffer {
		slot.buf = doc[:0]
	}
	if jv.Reason != 0 {
		return rejectedVerdict(jv), jv
	}
	out := verdict{doc: raw, truncated: jv.Truncated, changed: jv.Outcome != jsonl.OutcomeClean}
	if out.changed {
		out.doc = bytes.Clone(doc)
	}
	switch jv.Outcome {
	case jsonl.OutcomeClean:
		out.outcome = OutcomeClean
	case jsonl.OutcomeRepaired:
		out.outcome = OutcomeSanitized
	default:
		out.outcome = OutcomeFixed
	}
	if jv.Sanitize != nil && len(jv.Sanitize.Fixes) > 0 {
		out.fixes = sanitizeNotes(jv.Sanitize.Fixes)
	}
	if len(jv.SchemaFixes) > 0 {
		out.fixes = append(out.fixes, schemaNotes(jv.SchemaFixes)...)
	}
	return out, jv
}

// checkMessage is check, except for a record the jsonheal_records scanner
// found too large: only its first bytes are in the message, so it is
// rejected as it is.
func (e *engine) checkMessage(msg *service.Message, raw []byte) (verdict, jsonl.Verdict) {
	if big, _ := msg.MetaGetMut(MetaTooLarge); big == true {
		size, _ := msg.MetaGetMut(MetaSize)
		return verdict{outcome: OutcomeRejected, reject: &RejectError{
			Layer: LayerSanitize, Class: ClassTooLarge,
			Reason:      fmt.Sprintf("record of %v bytes is larger than the scanner's max_record_bytes", size),
			Diagnostics: "the message holds only the first bytes of the record",
		}}, jsonl.Verdict{}
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
	if !e.s.oneLine || v.reject != nil {
		return
	}
	first := lineBreak(v.doc)
	if first < 0 {
		return
	}
	doc := v.doc
	if !v.changed {
		doc = bytes.Clone(doc) // the message's own bytes
	}
	for i := first; i < len(doc); i++ {
		if doc[i] == '\n' || doc[i] == '\r' {
			doc[i] = ' '
		}
	}
	v.doc, v.reflowed = doc, true
}

// lineBreak returns the index of the first '\n' or '\r' of doc, or -1:
// two vectorised searches, since a record seldom holds either.
func lineBreak(doc []byte) int {
	i := bytes.IndexByte(doc, '\n')
	end := len(doc)
	if i >= 0 {
		end = i
	}
	if j := bytes.IndexByte(doc[:end], '\r'); j >= 0 {
		return j
	}
	return i
}

func rejectedVerdict(jv jsonl.Verdict) verdict {
	layer, class := LayerSanitize, jv.Reason.String()
	switch {
	case jv.Truncated:
		// Closed by close_truncated but still invalid: rejected as
		// truncated, never schema-fixed (that would hide the truncation).
		class = jsonl.ReasonTruncated.String()
	case jv.Reason == jsonl.ReasonSchema:
		layer = LayerValidate
	}
	reason, _, _ := strings.Cut(jv.Diagnosis.Text, "\n")
	return verdict{outcome: OutcomeRejected, truncated: jv.Truncated, reject: &RejectError{
		Layer: layer, Class: class, Reason: reason, Diagnostics: jv.Diagnosis.Text,
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
