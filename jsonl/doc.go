// Package jsonl cleans JSON Lines of model output at disk speed, losing
// nothing: every record comes out once, in the output (repaired if needed,
// valid for the schema if one is given) or in the rejects (with its line,
// offset, reason, diagnostics and raw bytes, ready to fix and replay).
//
// The pieces, usable alone:
//
//   - Splitter cuts an io.Reader into records. It understands strings, so a
//     raw newline inside a string stays in its record, and it
//     resynchronises after a truncated record wherever it was cut (see
//     Splitter for the exact rule): no record holds two input records, and
//     a whole record never pays for the cut one before it. It has no
//     line-length cap; records past a cap are reported, not held.
//   - Cleaner runs the records through sanitize (and validate, with a
//     schema) on parallel workers and writes them in input order through a
//     bounded reorder window, with Stats that can be read while it runs.
//   - NewReader detects gzip and zstd input by its magic bytes (Cleaner.Run
//     reads its input through it); NewWriter
//     and FormatForName compress output.
//   - Reject is one line of a rejects file.
//
// The sanitizer's confidence floor defaults to likely in batch mode
// (DefaultMinConfidence), and a guess past a line end the splitter joined
// is never accepted (Record.FirstJoin).
//
// With a schema from SchemaValidator, a record that is JSON but fails the
// schema first gets heal's deterministic schema-guided fixes (no model; see
// Options.DisabledSchemaFixes). What the fast layers could not save goes to
// Options.Healer when one is set: ModelHealer asks a model through heal's
// loop, with a concurrency limit and a token budget for the whole run, and
// rejects what it cannot heal with heal's dead letter.
package jsonl
