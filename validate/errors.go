package validate

import (
	"errors"
	"strconv"
)

// Sentinel errors; a *CompileError or *DocumentError wraps exactly one of
// them, so errors.Is works on the results of Compile and Validate.
var (
	// ErrInvalidSchema: the schema breaks a rule of its draft (metaschema).
	ErrInvalidSchema = errors.New("invalid schema")
	// ErrUnresolvedRef: a $ref (or $dynamicRef, $recursiveRef) has no target.
	ErrUnresolvedRef = errors.New("unresolvable reference")
	// ErrUnknownDraft: $schema names no known draft and no loadable metaschema.
	ErrUnknownDraft = errors.New("unknown $schema")
	// ErrInvalidRegexp: a pattern does not compile.
	ErrInvalidRegexp = errors.New("invalid regular expression")
	// ErrUnsupportedVocabulary: a required $vocabulary is not implemented.
	ErrUnsupportedVocabulary = errors.New("unsupported required vocabulary")
	// ErrNotJSON: the bytes are not one JSON value (schema or document).
	ErrNotJSON = errors.New("not JSON")
	// ErrDepth: nesting deeper than MaxDepth.
	ErrDepth = errors.New("nesting too deep")
	// ErrRecursion: evaluation went around a reference cycle without
	// consuming the instance (a schema that can never finish).
	ErrRecursion = errors.New("schema recursion without progress")
	// ErrTooLarge: a Stream would have to hold more than its MaxBuffer.
	ErrTooLarge = errors.New("document too large to hold")
)

// MaxDepth is the deepest nesting of arrays and objects accepted in a
// document or a schema (one less than fastjson's limit, which also counts
// the innermost scalar).
const MaxDepth = 299

// maxEvalDepth bounds the nesting of schema evaluations for one document.
const maxEvalDepth = 16 * MaxDepth

// CompileError reports why a schema does not compile, and where.
type CompileError struct {
	// URI is the absolute URI of the schema resource that failed ("" for the
	// root schema when it has no $id).
	URI string
	// Location is the JSON Pointer of the offending value inside that
	// resource's document ("" = its root).
	Location string
	// Err is one of the sentinel errors of this package.
	Err error
	// Msg gives the detail.
	Msg string
	// Cause is the error behind Err, when there is one: what
	// Options.Loader returned for an unresolvable reference (a *LoadError,
	// an error wrapping fs.ErrNotExist, ...). Its text ends Msg.
	Cause error
}

// Error implements error.
func (e *CompileError) Error() string {
	loc := excerpt(e.URI, maxURIExcerpt) + "#" + excerpt(e.Location, maxURIExcerpt)
	return "validate: compile " + loc + ": " + e.Err.Error() + ": " + excerpt(e.Msg, maxMessageExcerpt)
}

// Unwrap returns the sentinel error and the Cause, if any: errors.Is
// matches both (ErrUnresolvedRef and fs.ErrNotExist, say), and errors.As
// finds a *LoadError a Loader returned.
func (e *CompileError) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}

// DocumentError reports a document that cannot be validated at all: it is
// not JSON, it is too deep, or the schema recursed without progress on it.
type DocumentError struct {
	// Offset is the byte offset in the document where the problem was seen
	// (-1 when unknown).
	Offset int64
	// Pointer is the JSON Pointer of the instance involved, when known.
	Pointer string
	// Err is one of ErrNotJSON, ErrDepth, ErrRecursion, ErrTooLarge.
	Err error
	// Msg gives the detail.
	Msg string
}

// Error implements error.
func (e *DocumentError) Error() string {
	s := "validate: document"
	if e.Offset >= 0 {
		s += " at offset " + strconv.FormatInt(e.Offset, 10)
	}
	if e.Pointer != "" {
		s += " at " + strconv.Quote(e.Pointer)
	}
	s += ": " + e.Err.Error()
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	return s
}

// Unwrap returns the sentinel error.
func (e *DocumentError) Unwrap() error { return e.Err }
