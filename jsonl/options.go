package jsonl

import (
	"context"
	"runtime"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
)

// DefaultBatchBytes is the batch size used when Options.BatchBytes is zero.
const DefaultBatchBytes = 256 << 10

// DefaultMaxDiagnostics is how many schema diagnostics a reject lists at
// most when Options.MaxDiagnostics is zero: a record failing in a
// thousand places costs a reject of bounded size (about 15 KiB of
// details), and the first hundred say what is wrong.
const DefaultMaxDiagnostics = 100

// MaxWorkers caps Options.Workers; Run refuses more (an *OptionsError).
// Workers past the CPUs only help while they wait on a Healer (at most
// Workers model calls in flight), and 256 calls at once is past what a
// model API grants; each worker costs a sanitizer and 4 batches of
// window (at MaxWorkers, 1,024 batches and 256 MiB of input in flight
// with the default BatchBytes). The cap is fixed, not a multiple of the
// CPUs, so that a command line that runs on one machine runs on another.
const MaxWorkers = 256

// MaxWindow caps Options.Window; Run refuses more (an *OptionsError).
const MaxWindow = 4 * MaxWorkers

// Options configure a Cleaner. The zero value is ready to use: GOMAXPROCS
// workers, ordered output, the default sanitizer, no schema.
type Options struct {
	// Workers is the number of records processed in parallel; zero means
	// GOMAXPROCS (at most MaxWorkers). More than MaxWorkers is refused.
	Workers int
	// Unordered writes records as soon as they are done instead of in input
	// order. Each record still comes out exactly once.
	Unordered bool
	// BatchBytes is how many input bytes go to a worker at once; zero means
	// DefaultBatchBytes.
	BatchBytes int
	// Window is the number of batches in flight (read, processed or waiting
	// to be written in order); zero means 4 per worker. The input bytes in
	// flight stay under Window*BatchBytes, or one record when a record is
	// larger: memory is a small multiple of that, plus the splitter's
	// buffer. A batch holds at most 2*BatchBytes of output and rejects
	// (and one record's): past it, its worker hands them to the writer
	// early and waits for the batch's turn. More than MaxWindow is
	// refused.
	Window int
	// MaxRecordBytes caps a record; zero means DefaultMaxRecordBytes. A
	// larger record is rejected (ReasonTooLarge) without being held.
	MaxRecordBytes int64
	// Sanitize configures the sanitizer of each worker (the repair
	// policy). With Sanitize.CloseTruncated a truncated record comes out
	// closed and is counted as repaired (its fixes include close_truncated);
	// otherwise it is rejected. With Sanitize.Strict records that need more
	// than the certain repairs are rejected. A zero Sanitize.MinConfidence
	// means DefaultMinConfidence (likely), not every fix.
	Sanitize sanitize.Options
	// NewSanitizer makes the sanitizer of one worker; nil means
	// sanitize.New(Sanitize). Tests and embedders may replace it.
	NewSanitizer func() Sanitizer
	// Schema, when not nil, validates every sanitized record; invalid ones
	// are rejected (ReasonSchema) with their diagnostics, unless a
	// schema-guided fix or the Healer saves them.
	Schema Validator
	// DisabledSchemaFixes switches off package schemafix's deterministic
	// schema-guided fix rules (schemafix.All, or its alias heal.AllFixes,
	// switches off all of them). With a Schema made
	// by SchemaValidator, a record that is JSON but fails the schema gets
	// the enabled rules (rename a property to its only close allowed name,
	// case-fold an enum value, exact coercions, wrap in an array, fill
	// defaults), each at or above Sanitize.MinConfidence, and is validated
	// again: if it is then valid it is written and counted in
	// Stats.SchemaFixed, otherwise it goes on (to the Healer, or the
	// rejects) with its original diagnostics. Valid records never pay for
	// this. Truncated records (closed with Sanitize.CloseTruncated) are never
	// schema-fixed: filling their missing part would hide the truncation.
	DisabledSchemaFixes schemafix.Rule
	// MaxDiagnostics caps the schema diagnostics a reject lists in its
	// details (SchemaValidator's); zero means DefaultMaxDiagnostics, a
	// negative value no cap. Past it the details ("basic" output) list the
	// first MaxDiagnostics errors, the reject's "more" (Diagnosis.More)
	// says how many are left out, and its text (always within 2 KiB) ends
	// with "... N more errors not shown".
	MaxDiagnostics int
	// Source names the input in the rejects file (field "file"); empty
	// leaves it out.
	Source string
	// Healer, when not nil, gets every record the fast layers could not
	// save (except too-large ones) and may return a valid document for it.
	// The result is validated again before it is written.
	Healer Healer

	// splitBuffer, for tests, sets the Splitter's buffer (and so the
	// chunks batches hold) to other than DefaultReadBufferSize.
	splitBuffer int
}

func (o *Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return min(runtime.GOMAXPROCS(0), MaxWorkers)
}

// check refuses options past their caps.
func (o *Options) check() error {
	switch {
	case o.Workers > MaxWorkers:
		return &OptionsError{Field: "Workers", Value: int64(o.Workers), Max: MaxWorkers}
	case o.Window > MaxWindow:
		return &OptionsError{Field: "Window", Value: int64(o.Window), Max: MaxWindow}
	}
	return nil
}

func (o *Options) maxDiagnostics() int {
	switch {
	case o.MaxDiagnostics > 0:
		return o.MaxDiagnostics
	case o.MaxDiagnostics < 0:
		return 0
	}
	return DefaultMaxDiagnostics
}

func (o *Options) batchBytes() int {
	if o.BatchBytes > 0 {
		return o.BatchBytes
	}
	return DefaultBatchBytes
}

func (o *Options) window() int {
	if o.Window > 0 {
		return o.Window
	}
	return 4 * o.workers()
}

// Sanitizer is what a worker needs of a sanitizer; *sanitize.Sanitizer
// implements it.
type Sanitizer interface {
	// Reset prepares the sanitizer for the next document.
	Reset()
	// Append appends the sanitized form of one whole document to dst.
	Append(dst, src []byte) ([]byte, error)
	// Report describes the last Append; valid until the next Reset.
	Report() *sanitize.Report
}

// Validator checks one sanitized record against a schema. It must be safe
// for concurrent use. SchemaValidator adapts a compiled *validate.Schema.
type Validator interface {
	// Check returns nil when doc is valid, else what is wrong with it.
	Check(doc []byte) *Diagnosis
}

// Diagnosis explains why a record was rejected.
type Diagnosis struct {
	// Text is compact and human-readable, e.g. one "/path: message" line
	// per problem.
	Text string
	// Details is structured JSON (for schema errors, the JSON Schema
	// "basic" output format); nil when there is nothing more than Text.
	Details []byte
	// More is how many diagnostics Details leaves out (past
	// Options.MaxDiagnostics); 0 when it lists them all.
	More int
}

// Healer repairs records that sanitizing, validating and schema fixes could
// not save, for example by asking a model (ModelHealer). It must be safe for
// concurrent use; Heal is called by the worker that owns the record (so the
// output order is kept), and at most Options.Workers calls run at once.
type Healer interface {
	// Heal returns a document meant to replace the record, or an error. A
	// *HealError shapes the record's reject (reason, details) and may stop
	// the run; any other error is appended to the reject's text.
	Heal(ctx context.Context, req *HealRequest) ([]byte, error)
}

// HealRequest is one record a Healer is asked to save.
type HealRequest struct {
	// Raw is the record as read. It is only valid during the call.
	Raw []byte
	// Source names the input (Options.Source); Line is the record's input
	// line.
	Source string
	Line   int64
	// Reason and Diagnosis say why the record was not saved.
	Reason    Reason
	Diagnosis Diagnosis
	// Truncated reports that the record is cut off (ReasonTruncated, or
	// closed by Sanitize.CloseTruncated and then rejected for another
	// reason).
	Truncated bool
}
