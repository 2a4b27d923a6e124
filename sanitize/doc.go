// Package sanitize rewrites what a model emitted into JSON, in one pass,
// recording every change.
//
// It strips markdown fences and the prose around the JSON, escapes raw control bytes inside
// strings with the shortest valid escape, replaces invalid UTF-8 inside
// strings with U+FFFD, and detects truncation: a document cut off mid-value
// is never reported complete. Valid JSON passes through byte-identical with
// an empty Fix list; Bytes then returns its input without copying it.
//
// The same core serves four forms with identical bytes and Report:
// Append (and Bytes) for a whole buffer, a reusable Sanitizer that makes no
// allocation in steady state, Writer, which sanitizes a stream written
// through it in chunks split anywhere, and Reader (NewReader), which
// yields the sanitized form of an io.Reader. A Writer holds its output
// while it fits in Options.WriterWindow (1 MiB), then streams what is
// settled in bounded memory; a refusal found after output went out is a
// *PartialError that says how much. Stream (NewStream) shows a growing
// answer's stable prefix as tokens arrive.
//
// Work is linear in the input on every input. Memory beside the output
// and the Report does not grow with the input, only with the nesting
// depth: the map from input offsets to output positions keeps only the
// offsets a later repair can reach.
//
// A nil error means the output is complete, valid JSON: by default exactly
// one JSON text, input holding several top-level values being refused with
// ErrMultipleValues; Options.Values can keep the first, wrap them in an
// array, or keep one per line instead. Every error is an *Error with
// coordinates that wraps one of the sentinel errors (from a Writer, maybe
// inside a *PartialError). PointerAt names the value at an error's offset
// as a JSON Pointer, reading the input again: the error path pays for it,
// the sanitizer keeps no keys.
package sanitize
