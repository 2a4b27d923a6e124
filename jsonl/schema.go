package jsonl

import "github.com/jsonheal/jsonheal/validate"

// maxDiagnosisText caps the compact text of schema diagnostics in a reject.
const maxDiagnosisText = 2048

// textDiagnostics is how many diagnostics a reject's text can show at
// most: a line takes at least 4 bytes ("/: m" and its newline). The
// validator builds at least these (and at least the ones the details
// list), so that the text shows the lines it showed when every
// diagnostic was built.
const textDiagnostics = maxDiagnosisText/4 + 1

// SchemaValidator returns a Validator for a compiled schema. Each worker
// gets its own validate.Validator, so valid records cost no allocation.
//
// A record's diagnosis lists at most Options.MaxDiagnostics diagnostics
// (DefaultMaxDiagnostics when its Check is called outside a Cleaner):
// the schema's first ones in document order, its More counting the rest.
// The rest are counted without being built (validate's ValidateFirst),
// so a record failing in a million places costs about what one failing
// in a hundred does.
func SchemaValidator(s *validate.Schema) Validator {
	return schemaValidator{check: s.ValidateFirst, schema: s, maxDiags: DefaultMaxDiagnostics}
}

type schemaValidator struct {
	// check validates a document listing its first diagnostics (at least
	// limit, 0: all) and counting those it leaves out.
	check  func(doc []byte, limit int) (validate.Diagnostics, int, error)
	schema *validate.Schema
	// maxDiags caps the diagnostics a reject lists (0: no cap; a worker
	// sets Options.MaxDiagnostics).
	maxDiags int
}

// perWorker is implemented by Validators that prefer one instance per
// worker. validJSON says the worker's sanitizer is package sanitize's,
// whose output is valid JSON, so the validator need not check the syntax
// again.
type perWorker interface {
	forWorker(validJSON bool) Validator
}

func (v schemaValidator) forWorker(validJSON bool) Validator {
	val := v.schema.NewValidator()
	if validJSON {
		return schemaValidator{check: val.ValidateJSONFirst, schema: v.schema, maxDiags: v.maxDiags}
	}
	return schemaValidator{check: val.ValidateFirst, schema: v.schema, maxDiags: v.maxDiags}
}

// Check validates doc; invalid documents get the compact text and the
// JSON Schema "basic" output as their diagnosis.
func (v schemaValidator) Check(doc []byte) *Diagnosis {
	d, omitted, err := v.check(doc, buildLimit(v.maxDiags))
	if err != nil {
		return &Diagnosis{Text: err.Error()}
	}
	if d == nil {
		return nil
	}
	return diagnosisOf(d, omitted, v.maxDiags)
}

// buildLimit is how many diagnostics the validator must build for a
// reject listing limit (0: all) of them in its details.
func buildLimit(limit int) int {
	if limit <= 0 {
		return 0
	}
	return max(limit, textDiagnostics)
}

// diagnosisOf renders schema diagnostics for a reject: the compact text
// of them all, cut to maxDiagnosisText bytes (its last line says how many
// lines it does not show, omitted counting one each), and the "basic"
// output of the first limit (0: all), More counting the rest: those of d
// past limit, and the omitted ones (left out by the validator, past the
// first limit, and never built).
func diagnosisOf(d validate.Diagnostics, omitted, limit int) *Diagnosis {
	listed, more := d, omitted
	if limit > 0 && len(d) > limit {
		listed, more = d[:limit], more+len(d)-limit
	}
	return &Diagnosis{Text: d.TextOmitted(maxDiagnosisText, omitted), Details: listed.AppendBasic(nil), More: more}
}
