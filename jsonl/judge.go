package jsonl

import (
	"context"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
)

// Verdict is what the fast layers (sanitize, validate, schema fixes) made of
// one record: the same verdict Run gives every record before its Healer, if
// any, is asked.
type Verdict struct {
	// Reason is zero when the record is written; otherwise why not, with
	// the same names as Run's rejects (syntax, truncated, schema, ...).
	Reason Reason
	// Diagnosis says why not, rendered, when Reason is not zero.
	Diagnosis Diagnosis
	// Outcome says how a written record was obtained.
	Outcome Outcome
	// SchemaFixes are the schema fixes applied (OutcomeSchemaFixed).
	SchemaFixes []schemafix.Fix
	// Truncated: the sanitizer found the record cut off. A truncated record
	// is written only when Options.Sanitize.CloseTruncated is set and it is
	// valid as closed; it never gets schema fixes.
	Truncated bool
	// Sanitize is the sanitizer's report on the record (its repairs); valid
	// until the next call of the Judge.
	Sanitize *sanitize.Report
}

// Judge gives the verdict on single records with the settings of an
// Options, by the code path Run uses for each record. A Judge is not safe
// for concurrent use: make one per goroutine. Judging a clean record costs
// no allocation.
type Judge struct {
	w *worker
}

// NewJudge returns a Judge with the sanitize, schema and schema-fix
// settings of opts (its Healer, reader and writer settings are not used).
func NewJudge(opts Options) *Judge {
	return &Judge{w: newWorker(context.Background(), &opts, opts.newSanitizer())}
}

// Judge appends the document made of record to dst when it is written
// (v.Reason zero) and returns the extended slice; otherwise it returns dst
// unchanged and the reason. A record is one JSON value: a record holding
// none or two is rejected (syntax, multiple_values).
func (j *Judge) Judge(dst, record []byte) (out []byte, v Verdict) {
	out, rv := j.w.judge(dst, record, 0)
	rep := j.w.san.Report()
	return out, Verdict{
		Reason:      rv.reason,
		Diagnosis:   rv.diagnosis,
		Outcome:     rv.outcome,
		SchemaFixes: rv.fixes,
		Truncated:   rv.truncated || rep.Truncated,
		Sanitize:    rep,
	}
}
