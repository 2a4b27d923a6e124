package validate

// Code is a stable, machine-readable error code of a Diagnostic.
type Code string

// The codes a Diagnostic may carry. They never change meaning.
const (
	CodeType                 Code = "type"
	CodeEnum                 Code = "enum"
	CodeConst                Code = "const"
	CodeRequired             Code = "required"
	CodeAdditionalProperties Code = "additional_properties"
	CodeUnevaluatedProps     Code = "unevaluated_properties"
	CodeUnevaluatedItems     Code = "unevaluated_items"
	CodeAdditionalItems      Code = "additional_items"
	CodeDependentRequired    Code = "dependent_required"
	CodePropertyNames        Code = "property_names"
	CodeMinProperties        Code = "min_properties"
	CodeMaxProperties        Code = "max_properties"
	CodeMinItems             Code = "min_items"
	CodeMaxItems             Code = "max_items"
	CodeUniqueItems          Code = "unique_items"
	CodeContains             Code = "contains"
	CodeMinContains          Code = "min_contains"
	CodeMaxContains          Code = "max_contains"
	CodeMinLength            Code = "min_length"
	CodeMaxLength            Code = "max_length"
	CodePattern              Code = "pattern"
	CodeFormat               Code = "format"
	CodeMinimum              Code = "minimum"
	CodeMaximum              Code = "maximum"
	CodeExclusiveMinimum     Code = "exclusive_minimum"
	CodeExclusiveMaximum     Code = "exclusive_maximum"
	CodeMultipleOf           Code = "multiple_of"
	CodeNot                  Code = "not"
	CodeOneOfMultiple        Code = "one_of_multiple"
	CodeAnyOf                Code = "any_of"
	CodeFalseSchema          Code = "false_schema"
	// CodeTooMany ends the diagnostics of a Stream whose document has
	// more than its MaxDiagnostics: those before it are the first ones.
	CodeTooMany Code = "too_many_diagnostics"
)

// Diagnostic is one reason a document is invalid.
type Diagnostic struct {
	// InstanceLocation is the JSON Pointer of the value in the document
	// ("" = the root).
	InstanceLocation string
	// Keyword is the failing keyword, e.g. "required".
	Keyword string
	// KeywordLocation is the JSON Pointer of the keyword along the
	// evaluation path (through $ref), e.g. "/properties/a/$ref/minimum".
	KeywordLocation string
	// AbsoluteKeywordLocation is the keyword's absolute URI: the schema
	// resource's URI (empty when it has no $id) + "#" + JSON Pointer.
	AbsoluteKeywordLocation string
	// Code is the stable error code.
	Code Code
	// Message is a short human text.
	Message string
	// Expected is compact: the limit, enum set, pattern, types or names.
	Expected string
	// Received is the (truncated) JSON text of the value.
	Received string
	// ReceivedType is the JSON type of the value ("integer" for integral
	// numbers).
	ReceivedType string
	// Hint is a near-miss suggestion, e.g. `did you mean "id"?`, or "".
	Hint string
	// Property is the missing (required) or extra (additionalProperties,
	// unevaluatedProperties) property name.
	Property string
	// Allowed lists enum values (as JSON texts), allowed property names, or
	// allowed types.
	Allowed []string
	// Default is the JSON text of the missing property's schema default.
	Default []byte
}

// Diagnostics is the deterministic list of reasons, in document order.
type Diagnostics []Diagnostic
