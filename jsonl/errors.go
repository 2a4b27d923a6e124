package jsonl

import "fmt"

// InputError reports a failed read of the input (an unreadable file, a
// truncated gzip or zstd stream...). Every record before Offset was
// processed; the record being read when it failed is lost with the rest.
type InputError struct {
	// Offset is the input offset (after decompression) of the first byte
	// not processed; Line is its line.
	Offset, Line int64
	// Err is the read error.
	Err error
}

// Error says what failed and how far the input was processed.
func (e *InputError) Error() string {
	return fmt.Sprintf("reading input: %v (after %d bytes, at line %d; records before it were processed)", e.Err, e.Offset, e.Line)
}

// Unwrap returns the read error.
func (e *InputError) Unwrap() error { return e.Err }

// OutputError reports a failed write of the output or of the rejects. The
// writer that failed is incomplete; Run wrote no record more to either
// (it still flushed the other, when it is a Flusher, so that what it held
// is counted).
//
// A record counts as written once it reached its writer: for a Flusher
// (a bufio.Writer), once a Flush after it succeeded, since until then its
// bytes may be in the writer's buffer, which a failure loses; for any
// other writer, once Write returned.
type OutputError struct {
	// Name is "output" or "rejects".
	Name string
	// Err is the write error.
	Err error
	// Flush is set when the failure happened at a Flush of a Flusher,
	// rather than at a Write.
	Flush bool
	// Unflushed counts the records handed to the failing writer after
	// its last successful Flush (zero unless it is a Flusher): its buffer
	// held them, so they are missing and not counted as written (some of
	// their bytes may have gone out before the failure).
	Unflushed int64
	// Line and Offset are the input line and offset where the records
	// that may be missing start: every record before it reached the
	// output or the rejects, as the final Stats.Line and Stats.Offset
	// also say; from there on, records are missing, except records that
	// reached the writer that did not fail, those of the write that
	// failed (a batch: its records reach the output before its rejects),
	// and, when OutOfOrder, records done early. Stats.Written and
	// Stats.Rejected count only the records that reached their writer.
	Line, Offset int64
	// OutOfOrder is set with Options.Unordered: records after Line may
	// have been written too, as they were done.
	OutOfOrder bool
}

// Error says which output failed, why, and where the run stopped.
func (e *OutputError) Error() string {
	at := ""
	if e.Flush {
		at = " at a flush"
	}
	lost := ""
	if e.Unflushed > 0 {
		lost = fmt.Sprintf("; the %d records handed to it after its last successful flush are among them", e.Unflushed)
	}
	more := ""
	if e.OutOfOrder {
		more = ", and some were written out of order"
	}
	return fmt.Sprintf("writing %s%s: %v (stopped at input line %d, offset %d: every record before it was written; from there on, records are missing%s%s)",
		e.Name, at, e.Err, e.Line, e.Offset, more, lost)
}

// Unwrap returns the write error.
func (e *OutputError) Unwrap() error { return e.Err }

// StoppedError reports that Run was cancelled. Every record that starts
// before input line Line (offset Offset) was processed and written; none
// after it was.
type StoppedError struct {
	Line, Offset int64
	// Err is the context's error.
	Err error
}

// Error says where the run stopped.
func (e *StoppedError) Error() string {
	return fmt.Sprintf("stopped at input line %d (offset %d): %v", e.Line, e.Offset, e.Err)
}

// Unwrap returns the context's error.
func (e *StoppedError) Unwrap() error { return e.Err }

// HealError is returned by a Healer that could not save a record; it shapes
// the record's reject. A Healer may return other errors: their text is
// appended to the reject's.
type HealError struct {
	// Reason, when not zero, replaces the record's reason in the reject
	// (ReasonBudget when the model budget ran out).
	Reason Reason
	// Msg says what happened; it is appended to the reject's error text.
	Msg string
	// DeadLetter, when not empty, is JSON (a heal.DeadLetter): the reject's
	// details become {"diagnostics": <the record's details>, "dead_letter":
	// DeadLetter}.
	DeadLetter []byte
	// Stop means the failure would repeat for every record (rejected
	// credentials, an unknown model): the record is rejected and Run stops
	// as if cancelled, returning a *StoppedError whose Err is this error.
	Stop bool
	// Err is the underlying error, if any.
	Err error
}

// Error returns Msg, or Err's text.
func (e *HealError) Error() string {
	switch {
	case e.Msg != "":
		return e.Msg
	case e.Err != nil:
		return e.Err.Error()
	}
	return "healing failed"
}

// Unwrap returns the underlying error.
func (e *HealError) Unwrap() error { return e.Err }

// OptionsError reports an Options field past its cap (MaxWorkers,
// MaxWindow); Run refuses to start.
type OptionsError struct {
	// Field names the Options field; Value is what it holds, Max its cap.
	Field      string
	Value, Max int64
}

// Error names the field, its value and its cap.
func (e *OptionsError) Error() string {
	return fmt.Sprintf("jsonl: Options.%s is %d, over the cap of %d", e.Field, e.Value, e.Max)
}
