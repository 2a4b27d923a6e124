package jsonl

import "github.com/jsonheal/jsonheal/schemafix"

// Outcome is how a record that is written was obtained.
type Outcome uint8

const (
	OutcomeClean       Outcome = iota // valid as read, bytes untouched
	OutcomeRepaired                   // valid after sanitize repairs
	OutcomeSchemaFixed                // valid after schema-guided fixes
)

// recordVerdict is what the fast layers (sanitize, validate, schema fixes)
// made of one record.
type recordVerdict struct {
	// reason is zero when the record is written; otherwise why not.
	reason Reason
	// diagnosis says why not, rendered, when reason is not zero.
	diagnosis Diagnosis
	// outcome says how a written record was obtained.
	outcome Outcome
	// fixes are the schema fixes applied (OutcomeSchemaFixed).
	fixes []schemafix.Fix
	// truncated: the sanitizer found the record cut off.
	truncated bool
}

// judge gives the verdict on one record, raw: it is sanitized onto dst
// (a truncated record closed when Options.Sanitize.CloseTruncated allows
// it), checked to be one JSON value, validated; a record that fails the
// schema gets the schema fixes (never a truncated one: filling its missing
// part would hide the truncation), and a guess fix past a line break the
// splitter joined the record across (firstJoin, record offset; 0 when
// none) is refused. When v.reason is zero the document is out[len(dst):];
// otherwise out is dst and v.diagnosis is rendered. The valid path costs no
// allocation.
func (w *worker) judge(dst, raw []byte, firstJoin int) (out []byte, v recordVerdict) {
	start := len(dst)
	out, reason, d := w.clean(dst, raw)
	if reason == 0 && firstJoin > 0 {
		reason, d = guessPastJoin(w.san.Report(), firstJoin)
	}
	if reason == 0 {
		if w.san.Report().Changed() {
			v.outcome = OutcomeRepaired
		}
		return out, v
	}
	truncated := w.san.Report().Truncated
	if w.pending != nil && !truncated {
		// Only records that fail the schema get here: the valid path pays
		// nothing for the fixes.
		// A record with more diagnostics than the reject lists
		// (w.omitted > 0) hands the fixes its first ones only: their
		// first round fixes those, and the rounds after it see every
		// diagnostic left (schemafix re-validates in full).
		if fixed, fixes, ok := w.fixer.Fix(out[start:], w.pending); ok {
			w.pending, w.omitted = nil, 0
			v.outcome, v.fixes = OutcomeSchemaFixed, fixes
			return append(out[:start], fixed...), v
		}
	}
	w.render(&d)
	v.reason, v.diagnosis, v.truncated = reason, d, truncated
	return out[:start], v
}
