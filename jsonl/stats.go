package jsonl

import (
	"sync/atomic"
	"time"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
)

// Reason classifies why a record was rejected.
type Reason uint8

// The reasons a record is rejected. Their String forms are stable and
// appear in the rejects file and in reports.
const (
	// ReasonSyntax: the record holds a syntax error the sanitizer does not
	// repair.
	ReasonSyntax Reason = iota + 1
	// ReasonTruncated: the record ends inside a value (and truncated
	// records are not closed).
	ReasonTruncated
	// ReasonNoValue: the record holds no JSON value (prose only).
	ReasonNoValue
	// ReasonMultipleValues: the record holds more than one JSON value.
	ReasonMultipleValues
	// ReasonTooLarge: the record is larger than Options.MaxRecordBytes.
	ReasonTooLarge
	// ReasonDepth: the record nests deeper than the sanitizer allows, or
	// (with a Schema made by SchemaValidator) deeper than the schema
	// validator reads, validate.MaxDepth (299) levels: no verdict on it.
	ReasonDepth
	// ReasonSchema: the record is JSON but does not match the schema.
	ReasonSchema
	// ReasonNeedsModel: the record needs a repair below the confidence
	// floor (sanitize.Options.MinConfidence): a model or a person decides.
	ReasonNeedsModel
	// ReasonBudget: the record needed the model, but the run's model budget
	// was exhausted before it was sent (or during its attempts). Replay it
	// with a larger budget.
	ReasonBudget

	reasonCount
)

var reasonNames = [...]string{
	ReasonSyntax:         "syntax",
	ReasonTruncated:      "truncated",
	ReasonNoValue:        "no_value",
	ReasonMultipleValues: "multiple_values",
	ReasonTooLarge:       "too_large",
	ReasonDepth:          "depth",
	ReasonSchema:         "schema",
	ReasonNeedsModel:     "needs_model",
	ReasonBudget:         "budget",
}

// String returns the stable snake_case name of r.
func (r Reason) String() string {
	if r > 0 && r < reasonCount {
		return reasonNames[r]
	}
	return "unknown"
}

// Stats is a snapshot of a Cleaner's counters. Every record read ends up in
// exactly one of Clean, Repaired, SchemaFixed, Healed or Rejected:
// Records == Written() + Rejected once Run has returned, except after an
// *OutputError: the records read but not written (from its Line on) are
// then counted in Records alone. A record counts as written (or rejected)
// once it reached its writer: for a Flusher such as a bufio.Writer, once a
// Flush after it succeeded; for any other writer, once Write returned.
type Stats struct {
	// Lines is the number of input lines read (a last line without a line
	// end counts); set when the input has been read.
	Lines int64
	// Records is the number of records read.
	Records int64
	// Clean records were written unchanged.
	Clean int64
	// Repaired records were changed by the sanitizer, then written.
	Repaired int64
	// RepairedBy counts records with sanitize repairs by fix kind (a record
	// with two kinds of fixes counts under both), whether they were then
	// written as Repaired or as SchemaFixed.
	RepairedBy map[string]int64
	// Reflowed counts written records (of any of the kinds above) that
	// spanned lines outside strings (pretty-printed, fenced): their line
	// breaks between tokens became spaces, so that each is one line.
	Reflowed int64
	// SchemaFixed records were made valid by deterministic schema-guided
	// fixes (see Options.DisabledSchemaFixes).
	SchemaFixed int64
	// SchemaFixedBy counts schema-fixed records by rule (schemafix.Rule
	// names: rename, enum_case, coerce, wrap_array, default); a record
	// fixed by two rules counts under both.
	SchemaFixedBy map[string]int64
	// Healed records were saved by the Healer.
	Healed int64
	// Rejected records went to the rejects.
	Rejected int64
	// RejectedBy counts rejected records by Reason.String().
	RejectedBy map[string]int64
	// BytesIn counts input bytes (after decompression) in records read;
	// BytesOut counts bytes written to the output.
	BytesIn, BytesOut int64
	// Line and Offset say how far the output is complete: every record that
	// starts before input line Line (offset Offset) has been written or
	// rejected (and flushed, when the output or the rejects is a Flusher).
	// After an *OutputError they stay where its Line and Offset are.
	Line, Offset int64
	// Elapsed is the time since Run started (until it returned).
	Elapsed time.Duration
}

// Written is the number of records written to the output (for a Flusher,
// flushed).
func (s *Stats) Written() int64 { return s.Clean + s.Repaired + s.SchemaFixed + s.Healed }

// maxKinds bounds sanitize.Kind values (a sanitize.KindSet is 64 bits).
const maxKinds = 64

// counters are the live, concurrently updated form of Stats.
type counters struct {
	records, clean, repaired, schemaFixed, healed, rejected atomic.Int64
	reflowed                                                atomic.Int64
	bytesIn, bytesOut, line, offset, lines                  atomic.Int64
	repairedBy                                              [maxKinds]atomic.Int64
	schemaFixedBy                                           [maxFixRules]atomic.Int64
	rejectedBy                                              [reasonCount]atomic.Int64
	start                                                   atomic.Int64 // unix nanos
	elapsed                                                 atomic.Int64 // set when Run ends
}

// reset zeroes the counters for a new Run with atomic stores: Stats may
// read them from another goroutine at any time, Run's start included.
func (c *counters) reset() {
	for _, a := range []*atomic.Int64{&c.records, &c.clean, &c.repaired, &c.schemaFixed, &c.healed, &c.rejected,
		&c.reflowed, &c.bytesIn, &c.bytesOut, &c.line, &c.offset, &c.lines, &c.start, &c.elapsed} {
		a.Store(0)
	}
	for i := range c.repairedBy {
		c.repairedBy[i].Store(0)
	}
	for i := range c.schemaFixedBy {
		c.schemaFixedBy[i].Store(0)
	}
	for i := range c.rejectedBy {
		c.rejectedBy[i].Store(0)
	}
}

// local holds one batch's counts, added to counters in one go; the writer
// also keeps one for the records written to a buffered output or rejects
// but not yet flushed (see Run).
type local struct {
	clean, repaired, schemaFixed, healed, rejected int64
	reflowed                                       int64
	bytesOut                                       int64 // set by the writer
	repairedBy                                     [maxKinds]int64
	schemaFixedBy                                  [maxFixRules]int64
	rejectedBy                                     [reasonCount]int64
}

func (l *local) addTo(c *counters) { c.add(l, true, true) }

// written is the number of records l counts in the output.
func (l *local) written() int64 { return l.clean + l.repaired + l.schemaFixed + l.healed }

// merge adds o's counts to l and clears o.
func (l *local) merge(o *local) {
	l.clean += o.clean
	l.repaired += o.repaired
	l.schemaFixed += o.schemaFixed
	l.healed += o.healed
	l.rejected += o.rejected
	l.reflowed += o.reflowed
	l.bytesOut += o.bytesOut
	for i, n := range o.repairedBy {
		l.repairedBy[i] += n
	}
	for i, n := range o.schemaFixedBy {
		l.schemaFixedBy[i] += n
	}
	for i, n := range o.rejectedBy {
		l.rejectedBy[i] += n
	}
	*o = local{}
}

// add adds l's counts of the output (out) and of the rejects (rej) to c,
// and clears them in l.
func (c *counters) add(l *local, out, rej bool) {
	if out {
		c.clean.Add(l.clean)
		c.repaired.Add(l.repaired)
		c.schemaFixed.Add(l.schemaFixed)
		c.healed.Add(l.healed)
		c.reflowed.Add(l.reflowed)
		c.bytesOut.Add(l.bytesOut)
		for i, n := range l.repairedBy {
			if n != 0 {
				c.repairedBy[i].Add(n)
			}
		}
		for i, n := range l.schemaFixedBy {
			if n != 0 {
				c.schemaFixedBy[i].Add(n)
			}
		}
		l.clean, l.repaired, l.schemaFixed, l.healed, l.reflowed, l.bytesOut = 0, 0, 0, 0, 0, 0
		l.repairedBy, l.schemaFixedBy = [maxKinds]int64{}, [maxFixRules]int64{}
	}
	if rej {
		c.rejected.Add(l.rejected)
		for i, n := range l.rejectedBy {
			if n != 0 {
				c.rejectedBy[i].Add(n)
			}
		}
		l.rejected, l.rejectedBy = 0, [reasonCount]int64{}
	}
}

func (c *counters) snapshot() Stats {
	s := Stats{
		Lines:       c.lines.Load(),
		Records:     c.records.Load(),
		Clean:       c.clean.Load(),
		Repaired:    c.repaired.Load(),
		SchemaFixed: c.schemaFixed.Load(),
		Healed:      c.healed.Load(),
		Rejected:    c.rejected.Load(),
		Reflowed:    c.reflowed.Load(),
		BytesIn:     c.bytesIn.Load(),
		BytesOut:    c.bytesOut.Load(),
		Line:        c.line.Load(),
		Offset:      c.offset.Load(),
		RepairedBy:  map[string]int64{},
		RejectedBy:  map[string]int64{},

		SchemaFixedBy: map[string]int64{},
	}
	for i := range c.repairedBy {
		if n := c.repairedBy[i].Load(); n != 0 {
			s.RepairedBy[sanitize.Kind(i).String()] = n
		}
	}
	for i := range c.schemaFixedBy {
		if n := c.schemaFixedBy[i].Load(); n != 0 {
			s.SchemaFixedBy[schemafix.Rule(1<<i).String()] = n
		}
	}
	for i := range c.rejectedBy {
		if n := c.rejectedBy[i].Load(); n != 0 {
			s.RejectedBy[Reason(i).String()] = n
		}
	}
	if e := c.elapsed.Load(); e != 0 {
		s.Elapsed = time.Duration(e)
	} else if st := c.start.Load(); st != 0 {
		s.Elapsed = time.Since(time.Unix(0, st))
	}
	return s
}
