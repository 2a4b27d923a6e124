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
	return diagnosisOf(d)
}

// diagnosisOf renders schema diagnostics for a reject.
func diagnosisOf(d validate.Diagnostics) *Diagnosis {
	return &Diagnosis{Text: d.Text(maxDiagnosisText), Details: d.AppendBasic(nil)}
}
