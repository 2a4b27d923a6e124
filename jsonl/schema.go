package jsonl

import "github.com/jsonheal/jsonheal/validate"

// maxDiagnosisText caps the compact text of schema diagnostics in a reject.
const maxDiagnosisText = 2048

// SchemaValidator returns a Validator for a compiled schema. Each worker
// gets its own validate.Validator, so valid records cost no allocation.
func SchemaValidator(s *validate.Schema) Validator {
	return schemaValidator{check: s.Validate, schema: s}
}

type schemaValidator struct {
	check  func([]byte) (validate.Diagnostics, error)
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
		return schemaValidator{check: val.ValidateJSON, schema: v.schema}
	}
	return schemaValidator{check: val.Validate, schema: v.schema}
}

// Check validates doc; invalid documents get the compact text and the
// JSON Schema "basic" output as their diagnosis.
func (v schemaValidator) Check(doc []byte) *Diagnosis {
	d, err := v.check(doc)
	if err != nil {
		return &Diagnosis{Text: err.Error()}
	}
	if d == nil {
		return nil
	}
	return diagnosisOf(d, v.maxDiags)
}

// diagnosisOf renders schema diagnostics for a reject: the compact text
// of them all, cut to maxDiagnosisText bytes (its last line says how many
// lines it does not show), and the "basic" output of the first limit (0:
// all), More counting the rest.
func diagnosisOf(d validate.Diagnostics, limit int) *Diagnosis {
	listed, more := d, 0
	if limit > 0 && len(d) > limit {
		listed, more = d[:limit], len(d)-limit
	}
	return &Diagnosis{Text: d.Text(maxDiagnosisText), Details: listed.AppendBasic(nil), More: more}
}
