package jsonl

import (
	"math/bits"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/validate"
)

// maxFixRules bounds heal.FixRule bits (a FixRule is 8 bits).
const maxFixRules = 8

// compiledSchema is implemented by Validators that hold a compiled schema
// (SchemaValidator's): only they get schema-guided fixes.
type compiledSchema interface {
	compiled() *validate.Schema
}

func (v schemaValidator) compiled() *validate.Schema { return v.schema }

// schemaFixer applies heal's deterministic schema-guided fixes to a record
// that is JSON but fails the schema. It runs heal's no-model path (Check):
// the fix rules, re-validation after each round, the confidence floor; it
// adds no rule of its own. Safe for concurrent use.
type schemaFixer struct {
	h heal.Healer
}

// newSchemaFixer returns nil when there is nothing to fix with: no compiled
// schema, or every rule switched off.
func newSchemaFixer(opts *Options) *schemaFixer {
	if opts.DisabledSchemaFixes&heal.AllFixes == heal.AllFixes {
		return nil
	}
	cs, ok := opts.Schema.(compiledSchema)
	if !ok || cs.compiled() == nil {
		return nil
	}
	return &schemaFixer{h: heal.Healer{
		Schema: cs.compiled(),
		Policy: heal.Policy{
			MinConfidence: opts.Sanitize.MinConfidence,
			DisabledFixes: opts.DisabledSchemaFixes,
		},
	}}
}

// fix returns doc made valid by the enabled rules and the fixes applied, or
// ok false when they do not make it valid (nothing is then changed). doc
// is a sanitized, valid JSON document that fails the schema with ds; it is
// not modified. It is heal's Check without the sanitize and validate steps
// the worker has already run.
func (f *schemaFixer) fix(doc []byte, ds validate.Diagnostics) (fixed []byte, fixes []heal.SchemaFix, ok bool) {
	fixed, fixes, ok = f.h.FixSchema(doc, ds)
	if !ok || len(fixes) == 0 {
		return nil, nil, false
	}
	return fixed, fixes, true
}

// countRules adds one record's fixes to by, once per rule.
func countRules(by *[maxFixRules]int64, fixes []heal.SchemaFix) {
	var seen heal.FixRule
	for _, f := range fixes {
		for r := f.Rule &^ seen; r != 0; r &= r - 1 {
			by[bits.TrailingZeros8(uint8(r))]++
		}
		seen |= f.Rule
	}
}
