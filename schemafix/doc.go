// Package schemafix makes deterministic, schema-guided fixes to a document
// that is valid JSON but fails a JSON Schema: it renames a near-miss
// property, case-folds an enum value, coerces exact readings ("42" -> 42),
// wraps a lone value in an array and fills missing properties from their
// defaults, re-validating after each round (see Fixer.Fix).
//
// The fixes edit the document at the places the validator's diagnostics
// point to, found through the scanner. Package heal (the no-model path of
// Healer.Check), package jsonl (the batch workers) and the Benthos plugin
// all fix through this package; heal keeps aliases of its names
// (heal.FixRule, heal.SchemaFix, heal.AllFixes, ...).
package schemafix
