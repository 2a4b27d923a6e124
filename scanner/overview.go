// Package scanner is a byte-level JSON state machine for text that models
// emit: JSON values wrapped in markdown fences and prose, with raw control
// bytes inside strings, fed in chunks split anywhere (mid-token, mid-escape,
// mid-UTF-8 sequence) as tokens stream in.
//
// A Scanner consumes bytes and stops at events (Event): the start and end
// of each top-level value (ValueStart, ValueEnd), fence lines and prose
// outside values (Fence, Prose), raw control bytes, invalid escapes and
// invalid UTF-8 inside strings (ControlChar, InvalidEscape, InvalidUTF8),
// and syntax errors (Error, with a *SyntaxError from Err). At the end of
// input, End reports whether a value was left open and what was pending
// (Truncated, then Truncation). Every event has an absolute offset
// (EventOffset) and a line and column (EventPos). Results never depend on
// how the input was split.
//
// With SetRepairs, the scanner also reads broken syntax (single quotes,
// bare keys, comments, trailing commas and more: see RepairKind) and stops
// at a Repair event for each edit that fixes it: replace the input bytes
// [EventOffset, EventOffset+EventLen) with Replacement, and, when
// ClosingOffset is not zero, the same length at ClosingOffset with the
// same Replacement. Package sanitize applies them for you, with a log of
// every fix; this package is for callers that walk the JSON themselves.
//
// Inside a value the grammar is RFC 8259, strictly. Outside values the
// scanner classifies bytes as whitespace, fence lines (a line whose first
// non-blank bytes are three or more backticks or tildes) or prose, with
// these rules for where a top-level value may begin:
//
//   - '{' and '[' begin a value anywhere in prose, except that once a
//     fence line has been seen, only inside a fenced block (so that
//     brackets in the commentary after a fenced answer stay prose);
//   - a string, number or literal begins a value only at the start of a
//     line in a gap that holds no prose yet (for example the whole input,
//     or the first line of a fenced block). A number or literal is
//     confirmed only when it is complete and stands alone on its line
//     (only blanks after it); otherwise its bytes are prose ("1. First
//     step" and "2 items were found" stay prose).
//
// The Scanner makes no allocation per chunk once Reset, keeps O(depth)
// memory (a bit stack) and runs in linear time. The implementation lives
// in internal/scan, which the sanitizer drives with more knobs (a queue
// of repairs, whole-string requoting); this package exposes what a reader
// of JSON needs.
package scanner
