package heal

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
	"github.com/jsonheal/jsonheal/validate"
)

// Verdict is what the no-model path (sanitize, validate, schema fixes)
// made of one answer.
type Verdict struct {
	// JSON is the accepted document when Decision.Action is ActionAccept
	// or ActionFix. It aliases the answer when nothing changed.
	JSON []byte `json:"json"`
	// Decision: accept or fix when valid; otherwise the failure class and
	// the action the loop takes when attempts remain (reask, raise_limit,
	// or stop).
	Decision Decision `json:"decision"`
	// Outcome says how a valid JSON was obtained.
	Outcome Outcome `json:"outcome,omitzero"`
	// SanitizeFixes and SchemaFixes are the repairs made.
	SanitizeFixes []sanitize.Fix `json:"sanitize_fixes,omitempty"`
	SchemaFixes   []SchemaFix    `json:"schema_fixes,omitempty"`
	// Diagnostics is what the re-ask tells the model about an invalid
	// answer: the compact schema diagnostics (one "/pointer: message"
	// line each), or where the answer is not JSON and what JSON expects
	// ("at /status (line 1, column 31), near `...`: ...", the JSON
	// Pointer left out at the top level). Decision.Reason keeps the
	// library's wording.
	Diagnostics string `json:"diagnostics,omitempty"`
	// DiagnosticCount is the number of schema diagnostics.
	DiagnosticCount int `json:"diagnostic_count,omitempty"`
	// Err is the sanitize error, if any.
	Err error `json:"-"`
}

// MarshalJSON encodes v with snake_case keys, as Result: the document
// embedded as JSON ("json", null when invalid) and Err as its text
// ("error").
func (v Verdict) MarshalJSON() ([]byte, error) {
	type plain Verdict
	var errText string
	if v.Err != nil {
		errText = v.Err.Error()
	}
	return json.Marshal(struct {
		JSON json.RawMessage `json:"json"`
		plain
		Error string `json:"error,omitempty"`
	}{v.JSON, plain(v), errText})
}

// Reasons of the no-model path (constants: the valid path does not
// allocate).
const (
	reasonClean     = "valid as received"
	reasonSanitized = "valid after sanitize repairs"
	reasonFixed     = "valid after schema-guided fixes"
)

// Check runs the no-model path on one answer: sanitize, validate, and the
// enabled schema-guided fixes. finishReason is the server's (it is trusted
// only where the JSON structure cannot tell). A valid answer that needs no
// change costs no allocation.
func (h *Healer) Check(answer []byte, finishReason string) Verdict {
	return h.check(answer, finishReason)
}

func (h *Healer) check(answer []byte, finishReason string) Verdict {
	var v Verdict
	doc, err := h.sanitize(answer, &v)
	if err != nil {
		return h.sanitizeFailure(answer, finishReason, v, err)
	}
	if finishReason == FinishLength && doc[0] != '{' && doc[0] != '[' {
		// A scalar at the end of the input reads as complete even when cut
		// (4217 -> 42): trust the server here.
		v.Decision = Decision{ClassTruncated, ActionRaiseLimit, "finish_reason length on a bare scalar: possibly cut"}
		v.Diagnostics = "the answer was cut off by the token limit"
		return v
	}
	if h.Schema == nil {
		return h.accept(v, doc, nil)
	}
	// Only the diagnostics the re-ask text can show are built (a line
	// takes at least 4 bytes); the rest are counted (DiagnosticCount).
	textBytes := h.Policy.diagnosticsBytes()
	ds, omitted, err := h.Schema.ValidateFirst(doc, textBytes/4+1)
	if errors.Is(err, validate.ErrBudget) || errors.Is(err, validate.ErrRecursion) {
		// The schema, not the answer, gave no verdict: another answer
		// would meet the same wall, so re-asking only spends money.
		v.Decision = Decision{ClassFatal, ActionStop, "the schema gave no verdict: " + err.Error()}
		v.Diagnostics = err.Error() + "."
		return v
	}
	if err != nil {
		v.Decision = Decision{ClassSyntax, ActionReask, "not JSON after sanitize: " + err.Error()}
		v.Diagnostics = err.Error() + "."
		return v
	}
	if ds == nil {
		return h.accept(v, doc, nil)
	}
	v.Diagnostics, v.DiagnosticCount = ds.TextOmitted(textBytes, omitted), len(ds)+omitted
	// An answer with more diagnostics than that hands the fixes the first
	// ones: their first round fixes those, the rounds after it see every
	// one left (schemafix re-validates in full).
	if fixed, all, ok := h.fixer().Fix(doc, ds); ok {
		return h.accept(v, fixed, all)
	}
	v.Decision = Decision{ClassSchema, ActionReask, fmt.Sprintf("%d schema diagnostic(s)", v.DiagnosticCount)}
	return v
}

// FixSchema applies the enabled schema-guided fixes to doc, a valid JSON
// document (one value, as package sanitize puts out) that fails the
// Healer's Schema with the diagnostics ds. It is the fixing part of Check,
// for callers that sanitized and validated doc already: it returns the
// fixed document and the fixes applied when they make it valid, ok false
// otherwise. doc is not modified. The fixes live in package schemafix;
// FixSchema is schemafix.Fixer.Fix with the Healer's Schema and Policy.
func (h *Healer) FixSchema(doc []byte, ds validate.Diagnostics) (fixed []byte, fixes []SchemaFix, ok bool) {
	return h.fixer().Fix(doc, ds)
}

// fixer returns the schema fixer of the Healer's Schema and Policy.
func (h *Healer) fixer() *schemafix.Fixer {
	return &schemafix.Fixer{Schema: h.Schema, MinConfidence: h.Policy.MinConfidence, Disabled: h.Policy.DisabledFixes}
}

// sanitize runs the sanitizer; the document is copied out of the pooled
// sanitizer only when it changed.
func (h *Healer) sanitize(answer []byte, v *Verdict) ([]byte, error) {
	opts := h.sanitizeOptions()
	z, pool := getSanitizer(&opts)
	defer pool.put(z)
	out, err := z.Bytes(answer)
	rep := z.Report()
	if len(rep.Fixes) > 0 {
		v.SanitizeFixes = slices.Clone(rep.Fixes)
	}
	if len(out) > 0 && (len(answer) == 0 || &out[0] != &answer[0]) {
		out = slices.Clone(out)
	}
	if err != nil {
		if rep.Truncated && !errors.Is(err, sanitize.ErrTruncated) {
			err = fmt.Errorf("%w: %w", sanitize.ErrTruncated, err)
		}
		return nil, err
	}
	if rep.Values != 1 {
		return nil, fmt.Errorf("it holds %d JSON values; write exactly one", rep.Values)
	}
	return out, nil
}

// sanitizeOptions returns h.Sanitize with the Policy's confidence floor:
// Policy.MinConfidence is heal's one floor, for sanitize repairs and
// schema fixes alike, and h.Sanitize.MinConfidence is not read.
func (h *Healer) sanitizeOptions() sanitize.Options {
	opts := h.Sanitize
	opts.MinConfidence = h.Policy.MinConfidence.OrDefault()
	return opts
}

func (h *Healer) sanitizeFailure(answer []byte, finishReason string, v Verdict, err error) Verdict {
	v.Err = err
	switch {
	case errors.Is(err, sanitize.ErrTruncated):
		v.Decision = Decision{ClassTruncated, ActionRaiseLimit, "the JSON is cut off: " + err.Error()}
		v.Diagnostics = "the answer was cut off before the JSON value was complete"
	case errors.Is(err, sanitize.ErrNoValue) && finishReason == FinishLength:
		v.Decision = Decision{ClassTruncated, ActionRaiseLimit, "no JSON before the token limit (finish_reason length)"}
		v.Diagnostics = "the token limit was reached before any JSON was written"
	case errors.Is(err, sanitize.ErrTooLarge):
		v.Decision = Decision{ClassFatal, ActionStop, err.Error()}
	default:
		v.Decision = Decision{ClassSyntax, ActionReask, "not valid JSON: " + err.Error()}
		if errors.Is(err, sanitize.ErrNoValue) {
			v.Diagnostics = "it holds no JSON value."
		} else {
			v.Diagnostics = syntaxProblem(answer, err)
		}
	}
	return v
}

func (h *Healer) accept(v Verdict, doc []byte, fixes []SchemaFix) Verdict {
	v.JSON = doc
	switch {
	case len(fixes) > 0:
		v.SchemaFixes = fixes
		v.Outcome = OutcomeFixed
		v.Decision = Decision{ClassNone, ActionFix, reasonFixed}
	case len(v.SanitizeFixes) > 0:
		v.Outcome = OutcomeSanitized
		v.Decision = Decision{ClassNone, ActionAccept, reasonSanitized}
	default:
		v.Outcome = OutcomeClean
		v.Decision = Decision{ClassNone, ActionAccept, reasonClean}
	}
	return v
}
