// Package scan implements the public package scanner (read its
// documentation first): a byte-level JSON state machine for text that
// models emit. It is internal so that the knobs only the sanitizer needs
// (SetQueue, SetRequote, Queued, LastRepair, StableOffset, the repair
// anchors and flags) stay out of the public API; packages of this module
// that apply repairs themselves import it, the others import scanner.
//
// A Scanner consumes bytes and stops at events: the start and end of each
// top-level value, fence lines and prose outside values, raw control bytes,
// invalid escapes and invalid UTF-8 inside strings, and syntax errors. At the
// end of input, End reports whether a value was left open and what was
// pending (Truncation). Results never depend on how the input was split.
//
// With SetRepairs, the scanner also reads broken syntax (single quotes,
// bare keys, comments, trailing commas and more) and stops at a Repair
// event for each edit that fixes it. Where a string's two delimiters or a
// run of comments lie in one chunk, one Repair may describe several edits
// (ClosingOffset; a run's Replacement keeps the spaces between its
// comments) that another split reports one by one: the edits themselves,
// their offsets and their order never change, nor does which edits make
// one fix (RepairJoins). With SetQueue, Next keeps the Repairs it finds
// in a queue (Queued) and stops only at the next other event, which spares
// a round trip per repair where repairs come every few bytes. With
// SetRequote, a caller that rewrites strings itself (the sanitizer) gets
// a single-quoted string with double quotes or \' inside as one Repair
// (RepairRequotes) rather than one per quote and escape.
//
// Inside a value the grammar is RFC 8259, strictly. Outside values the
// scanner classifies bytes as whitespace, fence lines (a line whose first
// non-blank bytes are three or more backticks or tildes) or prose, with these
// rules for where a top-level value may begin:
//
//   - '{' and '[' begin a value anywhere in prose, except that once a fence
//     line has been seen, only inside a fenced block (so that brackets in the
//     commentary after a fenced answer stay prose);
//   - a string, number or literal begins a value only at the start of a line
//     in a gap that holds no prose yet (for example the whole input, or the
//     first line of a fenced block). A number or literal is confirmed only
//     when it is complete and stands alone on its line (only blanks after
//     it); otherwise its bytes are prose ("1. First step" and "2 items were
//     found" stay prose).
//
// Strings are read in layers that each stop exactly where a byte-at-a-time
// reading would: on amd64 with AVX-512 (F and BW, checked once, with
// CPUID and XCR0), an assembly loop reads 64 bytes at a time; with AVX2,
// and for the block that one could not settle, another reads 32 bytes at
// a time; elsewhere, and for what they leave, a shift-based automaton
// reads 8-byte words. The build tag purego keeps to the portable path.
//
// A top-level container may be read whole first (readWhole): where the
// CPU has AVX-512 or AVX2, internal/structural checks it as strict JSON in two
// stages (64-byte blocks into masks, then the structural bytes), and when
// all of it is in the chunk and valid the scanner jumps to its closer in
// the state the byte-wise reading would have left. It takes dense
// documents (short tokens, indentation) and leaves long strings and runs
// of numbers, where the byte-wise reading is faster, to it.
//
// The Scanner makes no allocation per chunk once Reset (see
// TestNextDoesNotAllocate), keeps O(depth) memory (a bit stack) and runs in
// linear time.
package scan
