package scan

// state is where the scanner is in the grammar.
type state uint8

const (
	// Outside any value.
	stLineStart   state = iota // only blanks so far on this line
	stMidLine                  // after a value (or blanks after one) on this line
	stProse                    // inside a run of prose, until the end of the line
	stFenceMarker              // reading backticks or tildes at the start of a line
	stFenceInfo                // the rest of a fence line (info string), until its newline

	// Inside a value.
	stValue       // a value is expected (after ':' or after ',' in an array)
	stArrayFirst  // after '[': a value or ']'
	stObjectFirst // after '{': a key or '}'
	stKey         // after ',' in an object: a key
	stColon       // after a key: ':'
	stAfterValue  // after a value inside a container: ',' or the closer
	stString      // inside a string (inKey says whether it is a key)
	stEscape      // after a backslash inside a string
	stUnicode     // inside the hex digits of \uXXXX
	stUTF8        // holding an incomplete UTF-8 sequence split across chunks
	stNumber      // inside a number (num says where)
	stLiteral     // inside true, false or null
	stLiteralEnd  // a top-level literal is complete; waiting for a delimiter
	stScalarTail  // after a complete top-level number or literal: only blanks may follow on its line
	stTopEnd      // a confirmed top-level scalar: ValueEnd is next

	// Repair states, entered only when repairs are on.
	stStrClose     // after a quote that may close its string (inner-quote check)
	stSlash        // after '/' where a comment may start
	stLineComment  // inside a // or # comment
	stBlockComment // inside a /* */ comment
	stDot          // after '.' where a value belongs: .5 or ...
	stEllipsis     // inside ...
	stWord         // inside a bare word where a value belongs
	stUnquotedKey  // inside a bare identifier used as a key
	stConcat       // after '+' following a string: another string follows
	stBOM          // inside a byte order mark at the start of the input
	stTypoOpen     // inside what may be a typographic opening quote
	stWide         // inside what may be full-width punctuation
	stBlank        // inside what may be a Unicode blank (see blank.go)
	stTopStrEnd    // after the quote that may close a top-level string (see toptail.go)
	stTopTail      // in the text after a top-level string, on its line
	stTopTailEmit  // reporting what that text turned out to be
	stTopComma     // after a comma that follows a top-level value on its line
	stRadix        // inside a hexadecimal, octal or binary literal: 0x10
	stKeyProbe     // after a quote that may open the next key (see unclosed.go)
	stBareQuote    // after a quote right after a bare value (see openquote.go)
	stTupleFirst   // after a tuple's '(': what its first element begins with (see tuple.go)
	stRootClose    // after a top-level object's closer that may come too early (see rootclose.go)
	stFenceCut     // after a closing fence that ended an open value (see fencecut.go)
	stInnerFence   // inside a markdown fence inside a container (see fence.go)
	stWrapValue    // after a fence that a top-level '{' wraps: an object or array (see fence.go)
	stEscOut       // after a backslash outside strings in an escaped document (see escdoc.go)

	stError // after a syntax error
	stEnded // End has reported everything
)

// numState is the position inside a number.
type numState uint8

const (
	numMinus     numState = iota // after '-': a digit is required
	numZero                      // after a leading '0'
	numInt                       // in integer digits
	numDot                       // after '.': a digit is required
	numFrac                      // in fraction digits
	numExp                       // after 'e' or 'E': a sign or digit is required
	numExpSign                   // after the exponent sign: a digit is required
	numExpDigits                 // in exponent digits
	numSep                       // after '_' between digits: a digit is required
)

// complete reports whether a number may end in this state.
func (n numState) complete() bool {
	return n == numZero || n == numInt || n == numFrac || n == numExpDigits
}

// Pending names what a truncated value was in the middle of, or waiting for.
type Pending uint8

// What the input was in the middle of, or waiting for, when it ended.
const (
	PendingNone    Pending = iota // nothing: the input ended between values
	PendingValue                  // a value was expected (after '[', ':' or ',' in an array)
	PendingKey                    // an object key was expected, or was being read
	PendingColon                  // a complete key waits for its ':'
	PendingComma                  // a complete value waits for ',' or a closer
	PendingString                 // inside a string value
	PendingNumber                 // inside a number
	PendingLiteral                // inside true, false or null
)

var pendingNames = [...]string{
	PendingNone:    "none",
	PendingValue:   "value",
	PendingKey:     "key",
	PendingColon:   "colon",
	PendingComma:   "comma",
	PendingString:  "string",
	PendingNumber:  "number",
	PendingLiteral: "literal",
}

// String returns the stable name of p.
func (p Pending) String() string {
	if int(p) < len(pendingNames) {
		return pendingNames[p]
	}
	return "unknown"
}

// MarshalText returns the stable name of p, for JSON reports.
func (p Pending) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Truncation describes what was open when the input ended inside a value.
type Truncation struct {
	// Start is the input offset where the open top-level value began.
	Start int64
	// StartLine and StartColumn (1-based) locate Start.
	StartLine, StartColumn int
	// Pending is what the input was in the middle of, or waiting for.
	Pending Pending
	// Depth is the number of open containers.
	Depth int
	// Commit is the input offset just past the last complete element (or
	// the opener) of the innermost open container: what lies between Commit
	// and the end of input is an incomplete member or element. Zero when no
	// container is open.
	Commit int64
	// CommitLine and CommitColumn (1-based) locate Commit.
	CommitLine, CommitColumn int
	// Partial is the number of bytes at the very end of the input that
	// belong to an incomplete escape sequence or UTF-8 sequence inside a
	// string (to drop before closing the string).
	Partial int
}
