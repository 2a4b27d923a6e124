package jsonl

import (
	"math/bits"

	"github.com/jsonheal/jsonheal/schemafix"
	"github.com/jsonheal/jsonheal/validate"
)

// maxFixRules bounds schemafix.Rule bits.
const maxFixRules = schemafix.MaxRules

// compiledSchema is implemented by Validators that hold a compiled schema
// (SchemaValidator's): only they get schema-guided fixes.
type compiledSchema interface {
	compiled() *validate.Schema
}

func (v schemaValidator) compiled() *validate.Schema { return v.schema }

// newSchemaFixer returns the schema fixer of opts (package schemafix's
// deterministic rules, re-validation after each round, the confidence
// floor; jsonl adds no rule of its own), or nil when there is nothing to
// fix with: no compiled schema, or every rule switched off. A Fixer is safe
// for concurrent use.
func newSchemaFixer(opts *Options) *schemafix.Fixer {
	cs, ok := opts.Schema.(compiledSchema)
	if !ok || cs.compiled() == nil {
		return nil
	}
	f := &schemafix.Fixer{
		Schema:        cs.compiled(),
		MinConfidence: opts.Sanitize.MinConfidence,
		Disabled:      opts.DisabledSchemaFixes,
	}
	if !f.Enabled() {
		return nil
	}
	return f
}

// countRules adds one record's fixes to by, once per rule.
func countRules(by *[maxFixRules]int64, fixes []schemafix.Fix) {
	var seen schemafix.Rule
	for _, f := range fixes {
		for r := f.Rule &^ seen; r != 0; r &= r - 1 {
			by[bits.TrailingZeros8(uint8(r))]++
		}
		seen |= f.Rule
	}
}
