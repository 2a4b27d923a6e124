package sanitize

import (
	"strconv"

	"github.com/jsonheal/jsonheal/internal/scan"
	"github.com/jsonheal/jsonheal/scanner"
)

// Sanitizer holds the state of one sanitization and the memory it reuses.
// Use New, then Append per document (it resets itself), or drive it
// through a Writer. A Sanitizer is not safe for concurrent use; its Options
// may be shared.
type Sanitizer struct {
	opts Options
	sc   scan.Scanner

	head    []byte // the input so far while it may be one bare value (bare.go)
	headOff bool   // the input cannot be one bare value
	report  Report
	open    []byte // scratch for Truncation.Open
	shut    []byte // scratch for backOffString: the closers

	out   []byte // the output so far (starting with the caller's dst)
	chunk []byte // the chunk being processed
	pend  int    // chunk[pend:] is consumed but not yet copied to out
	base  int64  // input offset of chunk[0]

	copied  bool  // something was written to out (the no-copy fast path is lost)
	written int64 // output bytes a Writer passed on and discarded from out
	// lost: a cut (an error, a refusal) went back past what a Writer had
	// already passed on or dropped (see cutOut).
	lost bool
	// lateAt is the input offset of an edit that would have changed
	// output a Writer had already passed on (see editBack); -1 when none.
	lateAt int64

	// delta maps the input offset being read to its output position:
	// out position = input offset + delta. Inside the current value, marks
	// record where it changed (see edit.go); base is its value at the
	// value's start.
	delta int64
	base0 int64
	marks []deltaMark
	// lastMark is the furthest input offset of a mark or patch: edits at
	// or past it take edit's fast path.
	lastMark int64
	patches  []patch // one-byte replacements in chunk[pend:], in order
	// backInsert is the offset and backInsertKind the kind of the last fix
	// whose first edit inserts bytes that belong to what precedes them
	// (null for a key with no value, a missing closer): such an insertion
	// at the point a truncated value is cut back to stays (see
	// dropFixesPast).
	backInsert     int64
	backInsertKind Kind
	work           int64     // bytes moved by edits: a deterministic measure of work
	pruneAt        int       // the number of marks at which pruneMarks next runs
	pruning        pruneMode // tests prune at every step, or never
	requoteEdits   bool      // tests apply every whole single-quoted string as edits
	noRunLoops     bool      // tests apply every queued repair through applyRepair
	anchors        []int64   // scratch for pruneMarks

	repairs    scanner.RepairSet // the scanner repairs in force
	configured bool              // repairs and the scanner's settings are derived from opts

	gapIn     int64 // input offset where the current gap began
	gapOut    int   // output position where the current gap began (end of the last value)
	gapDirty  bool  // the gap holds prose or fences: it will be replaced
	proseOpen bool  // the last fix is a prose fix that later prose joins
	proseAt   int64 // the input offset of that fix, when a prose one

	valueOut  int // output position where the current value began
	valueIn   int64
	valueLine int
	valueCol  int
	// valueQuoted: the current top-level value is a string (it may hold a
	// whole document serialized again, see unwrapDocument).
	valueQuoted bool
	sub         *Sanitizer // checks unwrapped documents; made on first use
	scratch     []byte
	lastValue   int // output position just past the last complete value
	values      int // complete values in the output

	begun    int        // top-level values begun (complete, truncated or broken)
	starts   []Position // where the first maxListedStarts values began
	firstEnd int        // output position just past the first complete value; -1 before
	arrayAt  int        // output position of ValuesArray's '['; -1 before it is written
	outStart int        // len(dst): where this document's output begins

	omitted map[Kind]int64 // Report.Omitted's map, kept for the next document
	past    omissions      // the fixes made past MaxFixes
}

// New returns a Sanitizer with the given options.
func New(opts Options) *Sanitizer {
	z := &Sanitizer{opts: opts}
	z.Reset()
	return z
}

// Reset readies z for a new document, keeping its memory.
func (z *Sanitizer) Reset() { z.reset(nil) }

func (z *Sanitizer) reset(dst []byte) {
	z.sc.Reset(z.opts.MaxDepth)
	z.resetFixes()
	z.backInsert = -1
	z.report.Values = 0
	z.report.Truncated = false
	z.report.Truncation = Truncation{}
	z.out = dst
	z.chunk, z.pend, z.base = nil, 0, 0
	z.copied = false
	z.written, z.lost, z.lateAt = 0, false, -1
	z.delta = int64(len(dst))
	z.clearMarks()
	z.lastMark = 0
	z.patches = z.patches[:0]
	z.base0 = z.delta
	z.work = 0
	z.pruneAt = z.nextPrune()
	if !z.configured {
		// The options do not change after construction: derive the
		// scanner's settings once, not per document.
		z.opts.MinConfidence = z.opts.MinConfidence.OrDefault()
		z.repairs = z.opts.repairSet()
		z.sc.SetRepairs(z.repairs)
		z.sc.SetNonFiniteAsString(z.opts.NonFiniteAsString)
		z.sc.SetQueue(true)
		z.sc.SetRequote(true)
		z.sc.SetProseWatch(true)
		z.configured = true
	}
	z.gapIn, z.gapOut, z.gapDirty, z.proseOpen = 0, len(dst), false, false
	z.head, z.headOff = z.head[:0], false
	z.valueOut, z.lastValue, z.values = len(dst), len(dst), 0
	z.begun, z.starts, z.firstEnd, z.arrayAt, z.outStart = 0, z.starts[:0], -1, -1, len(dst)
}

// Report returns what the last Append (or the Writer driving z) did. It
// stays valid until the next Reset or Append.
func (z *Sanitizer) Report() *Report { return z.reportNow() }

// Append sanitizes the whole document src, appends the result to dst and
// returns it. A nil error means the appended bytes are complete, valid JSON.
// On error, the result holds dst plus the values completed before the
// error (and, for truncated input with Options.CloseTruncated, the closed
// value).
func (z *Sanitizer) Append(dst, src []byte) ([]byte, error) {
	z.reset(dst)
	if err := z.settle(z.run(src)); err != nil {
		return z.out, err
	}
	if !z.copied {
		return append(dst, src...), nil
	}
	z.flushAll()
	return z.out, nil
}

// Bytes sanitizes src. When nothing needs to change it returns src itself,
// without copying.
func (z *Sanitizer) Bytes(src []byte) ([]byte, error) {
	z.reset(nil)
	if err := z.settle(z.run(src)); err != nil {
		return z.out, err
	}
	if !z.copied {
		return src, nil
	}
	z.flushAll()
	return z.out, nil
}

// run sanitizes one whole document. On error, z.out holds the output to
// return with it.
func (z *Sanitizer) run(src []byte) error {
	err := z.write(src)
	if err == nil {
		return z.finish()
	}
	z.flushAll()
	z.cutOut(z.lastValue)
	return err
}

// cutOut cuts the output back to position p. A Writer that passed output
// on (or dropped it) keeps only what follows, and positions before it are
// negative: a cut to one of them empties the output and records that the
// output already gone is not what the call leaves (lost).
func (z *Sanitizer) cutOut(p int) {
	if p < 0 {
		z.out, z.lost = z.out[:0], true
		return
	}
	z.out = z.out[:p]
}

// settle applies Options.Values once the input has ended with err (nil
// or the call's error), when there is something to apply: several values,
// or the array of ValuesArray. It returns the call's error.
func (z *Sanitizer) settle(err error) error {
	if z.begun < 2 && z.arrayAt < 0 {
		return err // one value or none: nothing to reshape, no copy to make
	}
	z.flushAll()
	return z.settleValues(err)
}

// Append sanitizes src, appends the result to dst and returns it with the
// Report. See Sanitizer.Append.
func Append(dst, src []byte, opts Options) ([]byte, Report, error) {
	z := Sanitizer{opts: opts}
	out, err := z.Append(dst, src)
	return out, *z.reportNow(), err
}

// Bytes sanitizes src and returns the result with the Report. When nothing
// needs to change, the result is src itself (no copy).
func Bytes(src []byte, opts Options) ([]byte, Report, error) {
	z := Sanitizer{opts: opts}
	out, err := z.Bytes(src)
	return out, *z.reportNow(), err
}

// flush copies the consumed bytes chunk[pend:j] to out.
func (z *Sanitizer) flush(j int) {
	if j > z.pend {
		z.out = z.copyChunk(j)
		z.pend = j
	}
	z.copied = true
}

// flushAll copies the rest of the current chunk to out.
func (z *Sanitizer) flushAll() {
	if z.pend < len(z.chunk) {
		z.flush(len(z.chunk))
	}
}

// write runs one chunk through the scanner. The chunk's unchanged tail may
// stay uncopied (z.chunk[z.pend:]) until flushAll.
func (z *Sanitizer) write(b []byte) error {
	tooLarge := false
	if limit := z.opts.MaxInput; limit > 0 {
		if left := limit - z.sc.Offset(); int64(len(b)) > left {
			b, tooLarge = b[:max(left, 0)], true
		}
	}
	z.keepHead(b)
	z.chunk, z.pend = b, 0
	z.base = z.sc.Offset()
	i := 0
	for i < len(b) || z.sc.HasPending() {
		n, ev := z.sc.Next(b[i:])
		i += n
		if q := z.sc.Queued(); q != nil {
			if err := z.applyQueued(i, q); err != nil {
				return err
			}
		}
		switch ev {
		case scanner.None:
		case scanner.Repair: // the most frequent event in broken input
			if err := z.repair(i); err != nil {
				return err
			}
		default:
			if err := z.handle(ev, i); err != nil {
				return err
			}
		}
		if len(z.marks) >= z.pruneAt {
			z.pruneMarks()
		}
		if z.lateAt >= 0 {
			return z.lateRepair()
		}
	}
	if tooLarge {
		line, col := z.sc.Pos()
		return &Error{Err: ErrTooLarge, Offset: z.sc.Offset(), Line: line, Column: col,
			Msg: "input longer than the configured maximum"}
	}
	return nil
}

// handle reacts to one event; i is the chunk index the scanner stopped at.
func (z *Sanitizer) handle(ev scanner.Event, i int) error {
	off := z.sc.EventOffset()
	switch ev {
	case scanner.ValueStart:
		z.startValue(off, i)
	case scanner.ValueEnd:
		return z.endValue(off, i)
	case scanner.Prose:
		z.gapDirty = true
		if !z.proseOpen {
			z.proseOpen = true
			if z.sc.ProseLikeValue() {
				return z.addFix(KindProseValue)
			}
			z.proseAt = off
			return z.addFix(KindProse)
		}
		if z.sc.ProseLikeValue() {
			// The run's second Prose event: a ':' and a value after it
			// on the value's line (scan.Scanner.SetProseWatch).
			return z.proseHoldsValue()
		}
	case scanner.Fence:
		z.gapDirty = true
		z.proseOpen = false
		return z.addFix(KindFence)
	case scanner.ControlChar:
		c := z.chunk[i-1]
		z.edit(i, off, off+1, controlEscape(c), false)
		return z.addFix(KindControlChar)
	case scanner.InvalidUTF8:
		if !z.opts.allows(KindInvalidUTF8) {
			line, col := z.sc.EventPos()
			return &Error{Err: ErrSyntax, Offset: off, Line: line, Column: col, Msg: "invalid UTF-8 in string (its repair is disabled)"}
		}
		z.edit(i, off, off+int64(z.sc.EventLen()), "\uFFFD", false)
		return z.addFix(KindInvalidUTF8)
	case scanner.Repair:
		return z.repair(i)
	case scanner.InvalidEscape:
		line, col := z.sc.EventPos()
		return &Error{Err: ErrSyntax, Offset: off, Line: line, Column: col, Msg: "invalid escape sequence in string"}
	case scanner.Error:
		return z.syntaxError()
	}
	return nil
}

func (z *Sanitizer) syntaxError() error {
	se := z.sc.Err()
	e := &Error{Err: ErrSyntax, Offset: se.Offset, Line: se.Line, Column: se.Column, Msg: se.Message()}
	if se.Err == scanner.ErrDepth {
		e.Err = ErrDepth
	}
	return e
}

// startValue closes the gap before a value that begins at input offset off.
func (z *Sanitizer) startValue(off int64, i int) {
	z.proseOpen = false
	line, col := z.sc.EventPos()
	z.noteStart(off, line, col)
	if z.opts.Values == ValuesArray {
		z.wrapStart(off, i)
	} else if z.gapDirty {
		// The gap's bytes are in the output verbatim, followed by the bytes
		// of the value read so far; replace the gap with a separator.
		z.flush(i)
		gapLen := int(off - z.gapIn)
		start := z.gapOut
		sep := 0
		if z.values > 0 {
			z.out[start] = '\n'
			sep = 1
		}
		n := copy(z.out[start+sep:], z.out[start+gapLen:])
		z.out = z.out[:start+sep+n]
		z.delta += int64(sep - gapLen)
	} else if z.values > 0 && off == z.gapIn {
		// Two values with nothing between them: put each on its own line.
		z.flush(i)
		start := z.gapOut
		z.out = append(z.out, 0)
		copy(z.out[start+1:], z.out[start:])
		z.out[start] = '\n'
		z.delta++
		z.addFix(KindSeparator)
	}
	z.gapDirty = false
	z.clearMarks()
	z.base0 = z.delta
	z.valueOut = int(off + z.delta)
	z.valueIn = off
	z.valueLine, z.valueCol = line, col
	z.valueQuoted = z.sc.InString()
}

// endValue opens a new gap after a value that ended at input offset off.
func (z *Sanitizer) endValue(off int64, i int) error {
	if z.opts.allows(KindEscapedDocument) && z.valueQuoted {
		z.flush(i)
		if d := z.unwrapDocument(z.valueOut, int(off+z.delta)); d != 0 {
			z.delta += int64(d)
			line, col := z.valueLine, z.valueCol
			if err := z.addFixAt(KindEscapedDocument, z.valueIn, line, col); err != nil {
				return err
			}
		}
	}
	z.values++
	z.report.Values = z.values
	z.clearMarks()
	z.gapIn = off
	z.gapOut = int(off + z.delta)
	z.lastValue = z.gapOut
	if z.values == 1 {
		z.firstEnd = z.gapOut
	}
	z.gapDirty = false
	z.proseOpen = false
	return nil
}

// proseHoldsValue turns the open prose fix, found certain at the start
// of its run, into a prose_value guess: further on the run's line, a ':'
// is followed by a byte that may begin a value (`{"a": 1} total: 2`), so
// the text dropped may be data. The fix keeps its place; the error below
// the floor names it there. Past MaxFixes the prose fix was only counted,
// and the count moves to the new kind (the error then names the colon).
func (z *Sanitizer) proseHoldsValue() error {
	k := KindProseValue
	fixes := z.report.Fixes
	for j := len(fixes) - 1; j >= 0 && fixes[j].Offset >= z.proseAt; j-- {
		if f := &fixes[j]; f.Kind == KindProse && f.Offset == z.proseAt {
			f.Kind, f.Confidence = k, k.Confidence()
			if f.Confidence < z.opts.MinConfidence {
				return z.belowFloor(k, f.Offset, f.Line, f.Column)
			}
			return nil
		}
	}
	if z.past[KindProse%kindSlots] > 0 {
		z.past[KindProse%kindSlots]--
	}
	z.omit(k)
	if k.Confidence() < z.opts.MinConfidence {
		line, col := z.sc.EventPos()
		return z.belowFloor(k, z.sc.EventOffset(), line, col)
	}
	return nil
}

// addFix records a fix of kind k at the last event's position. It returns
// ErrNeedsModel when k's confidence is below Options.MinConfidence.
func (z *Sanitizer) addFix(k Kind) error {
	line, col := z.sc.EventPos()
	return z.addFixAt(k, z.sc.EventOffset(), line, col)
}

// finish ends the input.
func (z *Sanitizer) finish() error {
	for {
		ev := z.sc.End()
		switch ev {
		case scanner.EOF:
			if z.gapDirty {
				z.flushAll()
				z.cutOut(z.gapOut)
			}
			if z.values == 0 && z.bareValue() {
				return nil
			}
			if z.values == 0 {
				line, col := z.sc.Pos()
				z.flushAll()
				z.cutOut(z.lastValue)
				return &Error{Err: ErrNoValue, Offset: z.sc.Offset(), Line: line, Column: col, Msg: "no JSON value found"}
			}
			return nil
		case scanner.Truncated:
			return z.truncated()
		case scanner.Error:
			z.flushAll()
			z.cutOut(z.lastValue)
			return z.syntaxError()
		default:
			// Events at the end refer to bytes already consumed. An
			// error leaves the values completed before it, as the
			// other errors do (a Writer has flushed the rest already).
			if err := z.handle(ev, len(z.chunk)); err != nil {
				z.flushAll()
				z.cutOut(z.lastValue)
				return err
			}
			if z.lateAt >= 0 {
				return z.lateRepair()
			}
		}
	}
}

// lateRepair returns the ErrLateRepair error of the edit at input offset
// lateAt, found where the scanner stands.
func (z *Sanitizer) lateRepair() error {
	line, col := z.sc.Pos()
	z.lost = true
	return &Error{Err: ErrLateRepair, Offset: z.sc.Offset(), Line: line, Column: col,
		Msg: "a repair at input offset " + strconv.FormatInt(z.lateAt, 10) + " changes output already written"}
}
