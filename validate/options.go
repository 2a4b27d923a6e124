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
}
