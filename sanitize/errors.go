package sanitize

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by this package wraps one of them and
// is an *Error that carries the input coordinates (or, from a Writer that
// had passed output on before it found the error, a *PartialError that
// wraps one); use errors.Is and errors.As.
var (
	// ErrSyntax: the input holds a JSON syntax error this sanitizer does not
	// repair.
	ErrSyntax = errors.New("syntax error")
	// ErrTruncated: the input ended inside a value. The output is either the
	// complete values before it, or (with Options.CloseTruncated) those plus
	// the truncated value minimally closed.
	ErrTruncated = errors.New("truncated input")
	// ErrNoValue: the input holds no JSON value at all (empty, only
	// whitespace, only prose or fences).
	ErrNoValue = errors.New("no JSON value found")
	// ErrDepth: nesting went past Options.MaxDepth.
	ErrDepth = errors.New("nesting too deep")
	// ErrTooLarge: the input is longer than Options.MaxInput.
	ErrTooLarge = errors.New("document too large")
	// ErrNeedsModel: the document needs a fix below Options.MinConfidence;
	// the error's coordinates and message say which and where.
	ErrNeedsModel = errors.New("repair below the confidence floor")
	// ErrMultipleValues: the input holds several top-level values where
	// one document was expected (Options.Values is ValuesOne). The error's
	// coordinates are the second value's; its message says how many values
	// there were and where each began.
	ErrMultipleValues = errors.New("several JSON values where one was expected")
	// ErrLateRepair: a repair found past a Writer's window changes output
	// the Writer had already written (it comes inside a *PartialError;
	// Append makes the repair).
	ErrLateRepair = errors.New("repair of output already written")
	// ErrClosed: Write or Close was called on a closed Writer.
	ErrClosed = errors.New("sanitize: writer closed")
)

// Error is the error type of this package: what went wrong and where.
type Error struct {
	// Err is one of the sentinel errors above.
	Err error
	// Offset is the byte offset in the input (0-based).
	Offset int64
	// Line and Column are 1-based; Column counts bytes.
	Line, Column int
	// Msg says what was found and what was expected, e.g.
	// "invalid character 'x' in object: expected ',' or '}'".
	Msg string
	// Kind is the repair that was refused, for ErrNeedsModel: the fix
	// below the confidence floor that the document needs. Zero otherwise.
	Kind Kind
	// Confidence is Kind's confidence, and Floor the floor it was below,
	// for ErrNeedsModel. Zero otherwise.
	Confidence, Floor Confidence
}

// Error returns "line:column: message", e.g. "1:20: repair
// unquoted_value is a guess, below the confidence floor (likely)". The
// byte offset is in the Offset field.
func (e *Error) Error() string {
	msg := e.Msg
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, msg)
}

// Unwrap returns the sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// PartialError is the error of a Writer that had already passed output on
// to its underlying writer when it found that the input must be refused
// (past Options.WriterWindow): the bytes written are not what Append
// returns with Err, and the Writer wrote nothing after them. Callers that
// cannot take the output back must treat it as broken; errors.Is and
// errors.As see Err through it.
type PartialError struct {
	// Written is how many bytes the Writer had written when it stopped.
	Written int64
	// Err is the refusal, with its coordinates in the input.
	Err *Error
}

// Error returns "stopped after N bytes written: " and Err's message.
func (e *PartialError) Error() string {
	return fmt.Sprintf("stopped after %d bytes written: %v", e.Written, e.Err)
}

// Unwrap returns Err.
func (e *PartialError) Unwrap() error { return e.Err }
