package scan

import (
	"errors"
	"fmt"
)

// Sentinel errors wrapped by *SyntaxError.
var (
	// ErrSyntax: the bytes inside a value break the JSON grammar.
	ErrSyntax = errors.New("syntax error")
	// ErrDepth: nesting went past the depth cap.
	ErrDepth = errors.New("nesting too deep")
)

// SyntaxError is the error behind an Error event: where, and what was
// expected there.
type SyntaxError struct {
	// Err is ErrSyntax or ErrDepth.
	Err error
	// Offset is the absolute input offset of the offending byte.
	Offset int64
	// Line and Column are 1-based; Column counts bytes.
	Line, Column int
	// Byte is the offending byte.
	Byte byte
	// Context says where the byte was, e.g. "after object key".
	Context string
	// Expected says what would have been valid there, e.g. "':'".
	Expected string
}

// Error returns "line:col: invalid character 'x' after object key: expected ':'".
func (e *SyntaxError) Error() string {
	if e.Err == ErrDepth {
		return fmt.Sprintf("%d:%d: nesting deeper than the limit", e.Line, e.Column)
	}
	return fmt.Sprintf("%d:%d: invalid character %s %s: expected %s", e.Line, e.Column, quoteByte(e.Byte), e.Context, e.Expected)
}

// Message returns the error without its coordinates.
func (e *SyntaxError) Message() string {
	if e.Err == ErrDepth {
		return "nesting deeper than the limit"
	}
	return fmt.Sprintf("invalid character %s %s: expected %s", quoteByte(e.Byte), e.Context, e.Expected)
}

// Unwrap returns ErrSyntax or ErrDepth.
func (e *SyntaxError) Unwrap() error { return e.Err }

func quoteByte(c byte) string {
	switch {
	case c == '\'':
		return `'\''`
	case c >= 0x20 && c < 0x7f:
		return "'" + string(rune(c)) + "'"
	default:
		return fmt.Sprintf("0x%02x", c)
	}
}
