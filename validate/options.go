package validate

// Options configure Compile. The zero value is useful: draft 2020-12 when a
// schema has no $schema, format as an annotation, and no loader (only the
// schema's own resources and the embedded metaschemas resolve).
type Options struct {
	// DefaultDraft is used when the root schema has no $schema; zero means
	// Draft2020_12.
	DefaultDraft Draft
	// AssertFormat makes "format" an assertion in every draft.
	AssertFormat bool
	// Loader returns the bytes of a schema for a URI that is neither one of
	// the schema's own resources nor an embedded metaschema. nil means that
	// such references do not resolve (Compile fails). The URI has no fragment.
	Loader func(uri string) ([]byte, error)
	// EvaluationsPerByte bounds the work of one validation: the
	// evaluations of schemas that have subschemas of their own, at most
	// this many per byte of the value read whole (the document, or one
	// item or member of a streamed container; counted as at least 4 KiB),
	// for each pass over it. Past it the document gets a *DocumentError
	// wrapping ErrBudget, not a verdict; a value already found invalid
	// keeps that verdict, its diagnostics cut at 2 per byte (CodeTooMany
	// last). 0 means DefaultEvaluationsPerByte; a negative value, no
	// bound. A schema whose subschemas fan out at every level
	// ({"allOf":[{"$ref":"#/$defs/b"},{"$ref":"#/$defs/b"}]}, b the same
	// over c, ...) would otherwise take time exponential in its size;
	// results of references are remembered long before the bound (see
	// eval_budget.go), unless the schema uses $dynamicRef or
	// $recursiveRef.
	EvaluationsPerByte int
}

// DefaultEvaluationsPerByte is the evaluations a document may take per
// byte when Options.EvaluationsPerByte is 0: far more than a real schema
// needs (a few per value), so that only a schema whose work grows
// exponentially with its size reaches it.
const DefaultEvaluationsPerByte = 1024

// budgetFloor is the fewest bytes a value's budget counts: a small value
// gets budgetFloor*EvaluationsPerByte evaluations (4 Mi by default).
const budgetFloor = 4096
