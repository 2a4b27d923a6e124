package scan

// Event is what Next or End stopped at.
type Event uint8

// Events. Offsets are absolute input offsets, read with EventOffset.
const (
	// None: the chunk was consumed without an event.
	None Event = iota
	// ValueStart: a top-level value begins at EventOffset.
	ValueStart
	// ValueEnd: the current top-level value ended; EventOffset is the offset
	// just past its last byte.
	ValueEnd
	// Prose: a run of prose outside any value begins at EventOffset. The run
	// goes on silently until the next line, fence or value; with
	// SetProseWatch on, a run on a top-level value's line may report a
	// second Prose event, at a ':' followed by what may begin a value
	// (ProseLikeValue true; see prosecolon.go).
	Prose
	// Fence: a markdown fence line begins at EventOffset (its first
	// backtick or tilde); the line, through its newline, belongs to it.
	Fence
	// ControlChar: a raw control byte (below 0x20) inside a string is at
	// EventOffset. The scanner treats it as string content.
	ControlChar
	// InvalidUTF8: bytes [EventOffset, EventOffset+EventLen) inside a string
	// are a maximal invalid UTF-8 subpart (one U+FFFD replaces it). They may
	// begin in an earlier chunk.
	InvalidUTF8
	// InvalidEscape: the escape sequence beginning with the backslash at
	// EventOffset is invalid; EventLen bytes of it were read. The byte that
	// made it invalid was not consumed and is read next as string content.
	InvalidEscape
	// Repair: the scanner repaired the input (see SetRepairs): the output
	// must replace the input bytes [EventOffset, EventOffset+EventLen), all
	// consumed already, with Replacement. RepairKind says which repair.
	Repair
	// Error: a syntax error at EventOffset; Err describes it. The scanner
	// stays in the error state until Reset.
	Error
	// Truncated: returned by End when the input ended inside a value;
	// Truncation describes what was open.
	Truncated
	// EOF: returned by End when nothing more is to be reported.
	EOF
)

var eventNames = [...]string{
	None:          "none",
	ValueStart:    "value_start",
	ValueEnd:      "value_end",
	Prose:         "prose",
	Fence:         "fence",
	ControlChar:   "control_char",
	InvalidUTF8:   "invalid_utf8",
	InvalidEscape: "invalid_escape",
	Repair:        "repair",
	Error:         "error",
	Truncated:     "truncated",
	EOF:           "eof",
}

// String returns the event's snake_case name.
func (e Event) String() string {
	if int(e) < len(eventNames) {
		return eventNames[e]
	}
	return "unknown"
}
