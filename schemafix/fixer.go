package schemafix

import (
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

// Fixer applies the deterministic schema-guided fixes to documents that
// are JSON but fail a schema. The zero value of the optional fields runs
// every rule at the default confidence floor (likely). A Fixer is safe for concurrent use.
type Fixer struct {
	// Schema is the schema the documents must meet; a nil Schema fixes
	// nothing.
	Schema *validate.Schema
	// MinConfidence refuses fixes below it; zero means
	// sanitize.DefaultMinConfidence (likely), so a guess (a rename by
	// prefix or suffix) is made only when set to sanitize.Guess.
	MinConfidence sanitize.Confidence
	// Disabled switches rules off (All switches every rule off).
	Disabled Rule
}

// maxFixRounds bounds fix-then-revalidate rounds: a fix may reveal another
// (a renamed property whose value has the wrong type).
const maxFixRounds = 4

// Enabled reports whether the Fixer can fix anything: a schema and at
// least one rule.
func (f *Fixer) Enabled() bool {
	return f != nil && f.Schema != nil && All&^f.Disabled != 0
}

// Fix applies the enabled rules to doc, a valid JSON document (one value,
// as package sanitize puts out) that fails Schema with the diagnostics ds,
// re-validating after each round. It returns the fixed document and the
// fixes applied, in document order, when they make it valid; ok false
// otherwise. doc is not modified.
func (f *Fixer) Fix(doc []byte, ds validate.Diagnostics) (fixed []byte, fixes []Fix, ok bool) {
	if f.Schema == nil || len(ds) == 0 {
		return nil, nil, false
	}
	rules := All &^ f.Disabled
	floor := f.MinConfidence.OrDefault()
	diags := view(ds)
	fixed = doc
	for round := 0; round < maxFixRounds && rules != 0; round++ {
		edits := proposeFixes(fixed, diags, rules, floor)
		if len(edits) == 0 {
			break
		}
		var applied []Fix
		fixed, applied = applyEdits(fixed, edits)
		fixes = append(fixes, applied...)
		ds, err := f.Schema.Validate(fixed)
		if err != nil {
			break // a fix must never break the syntax; refuse them all
		}
		if ds == nil {
			return fixed, fixes, true
		}
		diags = view(ds)
	}
	return nil, nil, false
}
