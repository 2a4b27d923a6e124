package scanner

import "github.com/jsonheal/jsonheal/internal/scan"

// Scanner is the state machine. The zero value is not ready: call Reset
// (or use New). A Scanner is not safe for concurrent use; reuse one per
// goroutine. It makes no allocation per chunk once Reset.
//
// Scanner wraps the implementation in internal/scan, which the sanitizer
// drives with more knobs; every method here forwards to it.
type Scanner struct {
	s scan.Scanner
}

// New returns a Scanner ready to use, with the given depth cap (zero means
// DefaultMaxDepth).
func New(maxDepth int) *Scanner {
	s := new(Scanner)
	s.s.Reset(maxDepth)
	return s
}

// Reset readies s for a new input, keeping its memory and its repair set.
// maxDepth caps the nesting of containers; zero means DefaultMaxDepth.
func (s *Scanner) Reset(maxDepth int) { s.s.Reset(maxDepth) }

// SetRepairs chooses the repairs the scanner makes (none after New); the
// others stay syntax errors. Reset keeps the set.
func (s *Scanner) SetRepairs(set RepairSet) { s.s.SetRepairs(set) }

// Next consumes bytes of chunk until an event or the end of the chunk, and
// returns how many bytes it consumed and the event (None when it consumed
// the whole chunk without one). The caller passes chunk[n:] again to go
// on; any split of the input gives the same events at the same offsets.
// Once a chunk is consumed, call Next with an empty chunk while HasPending
// reports true.
func (s *Scanner) Next(chunk []byte) (n int, ev Event) { return s.s.Next(chunk) }

// HasPending reports whether the scanner holds bytes of its own to read
// before the next input byte (the ASCII twin of full-width punctuation, or
// what looked like the start of a Unicode blank and was not): call Next,
// even with an empty chunk, until it reports false.
func (s *Scanner) HasPending() bool { return s.s.HasPending() }

// End tells the scanner that the input is over. Call it repeatedly until
// it returns EOF: it may first report the events that only the end of
// input decides (a fence line or a top-level number ending at the last
// byte, a Repair), then Truncated when a value is still open (see
// Truncation), or Error after a syntax error.
func (s *Scanner) End() Event { return s.s.End() }

// Err returns the syntax error behind the last Error event, or nil.
func (s *Scanner) Err() *SyntaxError { return s.s.Err() }

// Truncation describes what is open; meaningful after End returned
// Truncated.
func (s *Scanner) Truncation() Truncation { return s.s.Truncation() }

// EventOffset returns the absolute input offset of the last event.
func (s *Scanner) EventOffset() int64 { return s.s.EventOffset() }

// EventLen returns the byte length of the last InvalidUTF8 or
// InvalidEscape event, or the length of the input range a Repair replaces.
func (s *Scanner) EventLen() int { return s.s.EventLen() }

// EventPos returns the 1-based line and byte column of the last event.
func (s *Scanner) EventPos() (line, column int) { return s.s.EventPos() }

// Offset returns the number of bytes consumed so far.
func (s *Scanner) Offset() int64 { return s.s.Offset() }

// Pos returns the 1-based line and byte column of the next byte to read.
func (s *Scanner) Pos() (line, column int) { return s.s.Pos() }

// Depth returns the number of open containers.
func (s *Scanner) Depth() int { return s.s.Depth() }

// InValue reports whether the scanner is inside a top-level value.
func (s *Scanner) InValue() bool { return s.s.InValue() }

// InString reports whether the scanner is inside a string (key or value).
func (s *Scanner) InString() bool { return s.s.InString() }

// InKey reports whether the current string is an object key.
func (s *Scanner) InKey() bool { return s.s.InKey() }

// AppendClosers appends the closers of the open containers, innermost
// first, as '}' and ']' bytes: what closes a truncated value once its
// pending part is dealt with (see Truncation).
func (s *Scanner) AppendClosers(dst []byte) []byte { return s.s.AppendClosers(dst) }

// RepairKind returns the repair behind the last Repair event.
func (s *Scanner) RepairKind() RepairKind { return s.s.RepairKind() }

// Replacement returns the bytes that replace the input range of the last
// Repair event ([EventOffset, EventOffset+EventLen), all consumed
// already); see also ClosingOffset.
func (s *Scanner) Replacement() string { return s.s.Replacement() }

// ClosingOffset returns, after a Repair that changed both delimiters of a
// string at once (a single-quoted string or a bare key or value read in
// one step), the offset of the closing one, which gets the same
// Replacement in place of EventLen bytes as the opening one at
// EventOffset; otherwise 0. Whether a string comes as one such Repair or
// as one per delimiter depends on how the input was split; the edits are
// the same.
func (s *Scanner) ClosingOffset() int64 { return s.s.ClosingOffset() }
