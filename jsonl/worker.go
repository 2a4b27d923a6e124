package jsonl

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/schemafix"
	"github.com/jsonheal/jsonheal/validate"
)

// worker processes batches with its own sanitizer.
type worker struct {
	ctx    context.Context
	san    Sanitizer
	schema Validator
	fixer  *schemafix.Fixer
	// With a fixer, schema is a schemaValidator (sv) and a record that fails
	// it leaves its diagnostics in pending: the fixes try them first, and
	// only a record they cannot save pays for rendering its diagnosis.
	sv      schemaValidator
	pending validate.Diagnostics
	// omitted counts the diagnostics of the failing record past pending,
	// counted by the validator but not built (past sv.maxDiags).
	omitted int
	healer  Healer
	// stop ends the run after a Healer error that will repeat for every
	// record (HealError.Stop); nil outside Run.
	stop           func(error)
	closeTruncated bool
	maxRecord      int64
	source         string
	// handOver, when set (in Run), hands the output and rejects of a batch
	// to the writer before the batch ends, once they hold holdBytes, and
	// returns when they are written (the batch's turn came): a batch holds
	// what it produces up to about holdBytes, however small its records.
	handOver  func(*batch)
	holdBytes int
	// appendResets: san is a *sanitize.Sanitizer, whose Append readies it
	// for the document itself, so clean does not Reset it first.
	appendResets bool
}

func newWorker(ctx context.Context, opts *Options, san Sanitizer) *worker {
	max := opts.MaxRecordBytes
	if max <= 0 {
		max = DefaultMaxRecordBytes
	}
	schema := opts.Schema
	if pw, ok := schema.(perWorker); ok {
		_, builtIn := san.(*sanitize.Sanitizer)
		schema = pw.forWorker(builtIn)
	}
	fixer := newSchemaFixer(opts)
	sv, _ := schema.(schemaValidator)
	if sv.check == nil {
		fixer = nil
	} else {
		sv.maxDiags = opts.maxDiagnostics()
		schema = sv
	}
	_, appendResets := san.(*sanitize.Sanitizer)
	return &worker{
		ctx:            ctx,
		san:            san,
		appendResets:   appendResets,
		schema:         schema,
		sv:             sv,
		fixer:          fixer,
		healer:         opts.Healer,
		closeTruncated: opts.Sanitize.CloseTruncated,
		maxRecord:      max,
		source:         opts.Source,
	}
}

// process cleans every record of b into b.out or b.rej.
func (w *worker) process(b *batch) {
	for i := range b.recs {
		if w.handOver != nil && i > 0 && len(b.out)+len(b.rej) >= w.holdBytes {
			w.handOver(b)
		}
		m := &b.recs[i]
		raw := b.raw(m)
		if m.tooLarge {
			d := Diagnosis{Text: fmt.Sprintf("record of %d bytes is larger than the cap of %d bytes", m.size, w.maxRecord)}
			b.rej = appendReject(b.rej, w.source, m, raw, ReasonTooLarge, &d)
			b.loc.rejected++
			b.loc.rejectedBy[ReasonTooLarge]++
			continue
		}
		start := len(b.out)
		out, v := w.judge(b.out, raw, m.firstJoin)
		if v.reason == 0 {
			b.out = w.writeDoc(b, out, start)
			switch v.outcome {
			case OutcomeClean:
				b.loc.clean++
			case OutcomeRepaired:
				b.loc.repaired++
				w.countRepairs(b)
			case OutcomeSchemaFixed:
				b.loc.schemaFixed++
				countRules(&b.loc.schemaFixedBy, v.fixes)
				w.countRepairs(b)
			}
			continue
		}
		b.out = out
		if w.healer != nil && w.heal(b, m, raw, &v.reason, &v.diagnosis, v.truncated) {
			continue
		}
		b.rej = appendReject(b.rej, w.source, m, raw, v.reason, &v.diagnosis)
		b.loc.rejected++
		b.loc.rejectedBy[v.reason]++
	}
}

// writeDoc ends the document out[start:] (put on one line) with a newline.
func (w *worker) writeDoc(b *batch, out []byte, start int) []byte {
	if oneLine(out[start:]) {
		b.loc.reflowed++
	}
	return append(out, '\n')
}

// countRepairs counts the sanitize fixes of the last record by kind.
func (w *worker) countRepairs(b *batch) {
	var seen uint64
	for _, f := range w.san.Report().Fixes {
		if k := uint64(f.Kind) % maxKinds; seen&(1<<k) == 0 {
			seen |= 1 << k
			b.loc.repairedBy[k]++
		}
	}
}

// clean sanitizes raw onto dst and validates the result. A zero reason
// means the document (dst[len(dst):] of the result) is good.
func (w *worker) clean(dst, raw []byte) ([]byte, Reason, Diagnosis) {
	start := len(dst)
	if !w.appendResets {
		w.san.Reset()
	}
	out, err := w.san.Append(dst, raw)
	rep := w.san.Report()
	if err != nil && !(w.closeTruncated && errors.Is(err, sanitize.ErrTruncated) && rep.Values == 1) {
		return out, reasonOf(err), sanitizeDiagnosis(err, rep)
	}
	switch {
	case rep.Values == 0:
		return out, ReasonNoValue, Diagnosis{Text: "no JSON value in the record"}
	case rep.Values > 1:
		return out, ReasonMultipleValues, Diagnosis{Text: strconv.Itoa(rep.Values) + " JSON values in one record"}
	}
	if syntaxRepaired(rep) && !json.Valid(out[start:]) {
		// The sanitizer promises valid JSON with a nil error; a record whose
		// syntax was repaired is checked anyway (a cheap pass over the few
		// that need it), so that a defect there never reaches the output.
		return out, ReasonSyntax, Diagnosis{Text: "the repaired record is not valid JSON (a sanitizer defect): " +
			strconv.Quote(string(out[start:min(len(out), start+200)]))}
	}
	switch {
	case w.sv.check != nil:
		ds, omitted, err := w.sv.check(out[start:], buildLimit(w.sv.maxDiags))
		if err != nil {
			reason, d := schemaErrDiagnosis(err, out[start:], raw)
			return out, reason, d
		}
		if ds != nil && w.fixer != nil {
			w.pending, w.omitted = ds, omitted // rendered by render, unless the fixes save the record
			return out, ReasonSchema, Diagnosis{}
		}
		if ds != nil {
			return out, ReasonSchema, *diagnosisOf(ds, omitted, w.sv.maxDiags)
		}
	case w.schema != nil:
		if d := w.schema.Check(out[start:]); d != nil {
			dd := *d
			dd.Details = oneLineJSON(dd.Details) // a caller's Validator wrote them
			return out, ReasonSchema, dd
		}
	}
	return out, 0, Diagnosis{}
}

// render completes the diagnosis of a record that failed the schema with
// pending diagnostics.
func (w *worker) render(d *Diagnosis) {
	if w.pending != nil {
		*d = *diagnosisOf(w.pending, w.omitted, w.sv.maxDiags)
		w.pending, w.omitted = nil, 0
	}
}

// heal asks the Healer to save a record and, when its answer is good once
// sanitized and validated, writes it. Otherwise it completes the reject's
// reason and diagnosis from the Healer's error.
func (w *worker) heal(b *batch, m *recMeta, raw []byte, reason *Reason, d *Diagnosis, truncated bool) bool {
	doc, err := w.healer.Heal(w.ctx, &HealRequest{
		Raw: raw, Source: w.source, Line: m.line, Reason: *reason, Diagnosis: *d, Truncated: truncated,
	})
	if err != nil {
		var he *HealError
		if !errors.As(err, &he) {
			d.Text += "; healing failed: " + err.Error()
			return false
		}
		if he.Reason != 0 {
			*reason = he.Reason
		}
		d.Text += "; " + he.Error()
		if len(he.DeadLetter) > 0 {
			d.Details = healDetails(d.Details, he.DeadLetter)
		}
		if he.Stop && w.stop != nil {
			w.stop(he)
		}
		return false
	}
	start := len(b.out)
	out, r, hd := w.clean(b.out, doc)
	w.render(&hd)
	if r != 0 {
		b.out = out[:start]
		d.Text += "; healed document rejected (" + r.String() + "): " + hd.Text
		return false
	}
	b.out = w.writeDoc(b, out, start)
	b.loc.healed++
	return true
}

// healDetails puts a record's diagnostics details and the Healer's dead
// letter side by side: {"diagnostics":...,"dead_letter":...}.
func healDetails(diagnostics, deadLetter []byte) []byte {
	b := []byte(`{`)
	if len(diagnostics) > 0 {
		b = append(b, `"diagnostics":`...)
		b = append(b, diagnostics...)
		b = append(b, ',')
	}
	b = append(b, `"dead_letter":`...)
	b = append(b, oneLineJSON(deadLetter)...) // a caller's Healer may have written it
	return append(b, '}')
}

// oneLineJSON returns b, which a caller's code produced for a rejects
// line, as JSON on one line: as it is when it is, compacted when it is
// JSON laid out over lines (json.MarshalIndent), and as a JSON string of
// its text when it is not JSON at all. A line break or a broken value
// would break the rejects file, one JSON object per line.
func oneLineJSON(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	if !json.Valid(b) {
		q, _ := json.Marshal(string(b))
		return q
	}
	if bytes.IndexByte(b, '\n') < 0 && bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	var c bytes.Buffer
	if json.Compact(&c, b) != nil {
		return b
	}
	return c.Bytes()
}

// guessPastJoin refuses a record that the splitter joined across a line
// end where it was open, when a guess fix lies past that line end: the
// guess may be joining two records (the first cut, a raw newline, the
// second read as the rest of a string), so it is not accepted in batch
// mode. The record goes to the Healer or the rejects (needs_model).
func guessPastJoin(rep *sanitize.Report, firstJoin int) (Reason, Diagnosis) {
	for _, f := range rep.Fixes {
		if f.Confidence == sanitize.Guess && f.Offset >= int64(firstJoin) {
			return ReasonNeedsModel, Diagnosis{Text: fmt.Sprintf(
				"%d:%d (offset %d): %s fix is a guess past a line break the record was joined across (record offset %d); a guess never crosses a join",
				f.Line, f.Column, f.Offset, f.Kind, firstJoin)}
		}
	}
	return 0, Diagnosis{}
}

// syntaxRepaired reports whether rep holds a repair of broken syntax (as
// opposed to fences, prose, control bytes, invalid UTF-8 and truncation).
func syntaxRepaired(rep *sanitize.Report) bool {
	for _, f := range rep.Fixes {
		if sanitize.RepairKinds.Has(f.Kind) {
			return true
		}
	}
	return false
}

// oneLine puts a sanitized document on one line: a multi-line record
// (pretty-printed, or fenced) keeps its value but its line breaks, which in
// valid JSON can only be blanks between tokens, become spaces. It reports
// whether it changed anything.
func oneLine(doc []byte) bool {
	i := bytes.IndexByte(doc, '\n')
	if j := bytes.IndexByte(doc, '\r'); i < 0 || j >= 0 && j < i {
		i = j
	}
	if i < 0 {
		return false
	}
	for ; i < len(doc); i++ {
		if doc[i] == '\n' || doc[i] == '\r' {
			doc[i] = ' '
		}
	}
	return true
}

func reasonOf(err error) Reason {
	switch {
	case errors.Is(err, sanitize.ErrTruncated):
		return ReasonTruncated
	case errors.Is(err, sanitize.ErrNoValue):
		return ReasonNoValue
	case errors.Is(err, sanitize.ErrDepth):
		return ReasonDepth
	case errors.Is(err, sanitize.ErrTooLarge):
		return ReasonTooLarge
	case errors.Is(err, sanitize.ErrNeedsModel):
		return ReasonNeedsModel
	case errors.Is(err, sanitize.ErrMultipleValues):
		return ReasonMultipleValues
	}
	return ReasonSyntax
}

// schemaErrDiagnosis gives the reason and diagnosis of a record doc (raw
// as read) that the schema validator gave no verdict on. A record nested
// deeper than the validator reads (validate.MaxDepth, below the
// sanitizer's cap) is a depth reject, as one past the sanitizer's cap is,
// not a schema failure: its diagnosis names the validator's limit and,
// when doc is raw unchanged, locates the opener past it in the record as
// a sanitizer error is located. Any other error (the evaluation budget, a
// recursion) is the schema's.
func schemaErrDiagnosis(err error, doc, raw []byte) (Reason, Diagnosis) {
	var de *validate.DocumentError
	switch {
	case !errors.Is(err, validate.ErrDepth):
		return ReasonSchema, Diagnosis{Text: err.Error()}
	case !errors.As(err, &de) || de.Offset < 0 || de.Offset >= int64(len(doc)):
		return ReasonDepth, Diagnosis{Text: validatorDepthMsg}
	case !bytes.Equal(doc, raw):
		return ReasonDepth, Diagnosis{Text: validatorDepthMsg + " (at offset " + strconv.FormatInt(de.Offset, 10) + " of the sanitized record)"}
	}
	line, col := lineColumn(raw, int(de.Offset))
	b := []byte(`{"record_offset":`)
	b = strconv.AppendInt(b, de.Offset, 10)
	b = append(b, `,"record_line":`...)
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, `,"record_column":`...)
	b = strconv.AppendInt(b, int64(col), 10)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, validatorDepthMsg)
	return ReasonDepth, Diagnosis{
		Text:    strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": " + validatorDepthMsg,
		Details: append(b, '}'),
	}
}

// validatorDepthMsg is the diagnosis of a record too deep for the schema
// validator.
var validatorDepthMsg = "nesting deeper than the schema validator's limit of " + strconv.Itoa(validate.MaxDepth) + " levels"

// lineColumn returns the 1-based line and byte column of offset off in b,
// as the scanner counts them (a line ends at an LF), so that they agree
// with a sanitizer error's.
func lineColumn(b []byte, off int) (line, col int) {
	return 1 + bytes.Count(b[:off], []byte{'\n'}), off - bytes.LastIndexByte(b[:off], '\n')
}

// sanitizeDiagnosis describes a sanitizer error; coordinates are relative to
// the record.
func sanitizeDiagnosis(err error, rep *sanitize.Report) Diagnosis {
	d := Diagnosis{Text: err.Error()}
	var se *sanitize.Error
	if !errors.As(err, &se) {
		return d
	}
	b := []byte(`{"record_offset":`)
	b = strconv.AppendInt(b, se.Offset, 10)
	b = append(b, `,"record_line":`...)
	b = strconv.AppendInt(b, int64(se.Line), 10)
	b = append(b, `,"record_column":`...)
	b = strconv.AppendInt(b, int64(se.Column), 10)
	b = append(b, `,"message":`...)
	msg := se.Msg
	if msg == "" {
		msg = se.Err.Error()
	}
	b = appendJSONString(b, msg)
	if rep != nil && rep.Truncated {
		b = append(b, `,"open":`...)
		b = appendJSONString(b, rep.Truncation.Open)
		b = append(b, `,"pending":"`...)
		b = append(b, rep.Truncation.Pending.String()...)
		b = append(b, '"')
	}
	d.Details = append(b, '}')
	return d
}
