package validate

import (
	"errors"
	"strconv"

	"github.com/jsonheal/jsonheal/internal/excerpt"
	"github.com/jsonheal/jsonheal/internal/tape"
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
	// ErrSchemaChain: a schema applies more than MaxSchemaChain
	// subschemas in turn to one value (Compile refuses it).
	ErrSchemaChain = errors.New("chain of subschemas too long")
	// ErrBudget: validating a document took more evaluations than
	// Options.EvaluationsPerByte allows; its verdict is unknown.
	ErrBudget = errors.New("evaluation budget exceeded")
)

// MaxDepth is the deepest nesting of arrays and objects accepted in a
// document or a schema (one less than fastjson's limit, which also counts
// the innermost scalar).
const MaxDepth = tape.MaxDepth

// MaxSchemaChain is the longest chain of subschemas a compiled schema may
// apply in turn to one value: the targets of $ref (and of $dynamicRef and
// $recursiveRef when they resolve statically), allOf, anyOf, oneOf, not,
// if, then, else and dependentSchemas, each one inside the last. Compile
// refuses a longer chain (ErrSchemaChain); below it, evaluation follows
// every chain, on a document of any depth up to MaxDepth. A chain that
// $dynamicRef or $recursiveRef make at run time is stopped past it with
// ErrRecursion.
const MaxSchemaChain = 1000

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
	loc := excerpt.Of(e.URI, excerpt.MaxURI) + "#" + excerpt.Of(e.Location, excerpt.MaxURI)
	return "validate: compile " + loc + ": " + e.Err.Error() + ": " + excerpt.Of(e.Msg, excerpt.MaxMessage)
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
// not JSON, it is too deep or too large, the schema recursed without
// progress on it, or its evaluation went past its budget.
type DocumentError struct {
	// Offset is the byte offset in the document where the problem was seen
	// (-1 when unknown).
	Offset int64
	// Pointer is the JSON Pointer of the instance involved, when known.
	Pointer string
	// Err is one of ErrNotJSON, ErrDepth, ErrRecursion, ErrTooLarge,
	// ErrBudget.
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
