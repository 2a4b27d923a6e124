package sanitize

import (
	"slices"

	"github.com/jsonheal/jsonheal/scanner"
)

// Report describes what Append or a Writer did to its input.
type Report struct {
	// Fixes lists every change, in input order. Empty when the output is
	// byte-identical to the input.
	Fixes []Fix `json:"fixes"`
	// FixesCut reports that the input needed more than MaxFixes fixes:
	// Fixes lists the first MaxFixes of them and Omitted counts the rest by
	// kind, so that the log stays bounded whatever the input.
	FixesCut bool `json:"fixes_cut,omitempty"`
	// Omitted counts, by kind, the fixes made past MaxFixes (as they were
	// made: a later cut of truncated input does not take them back). Nil
	// unless FixesCut.
	Omitted map[Kind]int64 `json:"omitted,omitempty"`
	// Values is the number of top-level JSON values in the output. Several
	// values are separated by their original whitespace, or by a newline
	// where prose or fences were removed or nothing separated them.
	Values int `json:"values"`
	// Truncated reports that the input ended inside a value. A truncated
	// document is never reported complete: the call also returns an error
	// that matches ErrTruncated, even when Options.CloseTruncated closed it.
	Truncated bool `json:"truncated"`
	// Truncation says what was still open when the input ended. Meaningful
	// only when Truncated is true.
	Truncation Truncation `json:"truncation"`
}

// Changed reports whether the output differs from the input.
func (r *Report) Changed() bool { return len(r.Fixes) > 0 }

// Pending names what a truncated value was in the middle of, or waiting
// for. It is the scanner's type; see the constants there (PendingKey, ...).
type Pending = scanner.Pending

// Truncation describes the state of a document cut off mid-value.
type Truncation struct {
	// Offset is the input offset where the input ended (its length).
	Offset int64 `json:"offset"`
	// Line and Column (1-based) locate Offset.
	Line   int `json:"line"`
	Column int `json:"column"`
	// Open lists the open containers from the outermost, as '{' and '['
	// bytes; for example "{[" for `{"a":[1,`.
	Open string `json:"open"`
	// Pending is what the input was in the middle of, or waiting for.
	Pending Pending `json:"pending"`
	// Start is the input offset where the truncated top-level value began.
	Start int64 `json:"start"`
}

// The Pending values, re-exported from package scanner.
const (
	PendingNone    = scanner.PendingNone
	PendingValue   = scanner.PendingValue
	PendingKey     = scanner.PendingKey
	PendingColon   = scanner.PendingColon
	PendingComma   = scanner.PendingComma
	PendingString  = scanner.PendingString
	PendingNumber  = scanner.PendingNumber
	PendingLiteral = scanner.PendingLiteral
)

// MaxFixes is the most fixes Report.Fixes lists for one document. Past
// it, fixes are still made and checked against the confidence floor, but
// only counted, by kind, in Report.Omitted: ten million trailing commas
// cost a counter, not ten million entries.
const MaxFixes = 10_000

// addFixAt records a fix of kind k at input offset off. It returns
// ErrNeedsModel when k's confidence is below Options.MinConfidence.
func (z *Sanitizer) addFixAt(k Kind, off int64, line, col int) error {
	c := k.Confidence()
	if len(z.report.Fixes) >= MaxFixes {
		z.omit(k)
		if c < z.opts.MinConfidence {
			return z.belowFloor(k, off, line, col)
		}
		return nil
	}
	f := z.report.newFix()
	f.Kind, f.Confidence, f.Offset, f.Line, f.Column = k, c, off, line, col
	if n := len(z.report.Fixes); n > 1 && z.report.Fixes[n-2].Offset > off {
		z.placeLastFix()
	}
	if c < z.opts.MinConfidence {
		return z.belowFloor(k, off, line, col)
	}
	return nil
}

// placeLastFix moves the fix just recorded back past the ones before it
// at larger offsets, so that Fixes stay in input order. A repair is found
// after the comments that follow the place it edits (a comma missing or
// trailing before a comment, found at the byte after the comment), so its
// fix comes after theirs; such comments are one fix per run, so the usual
// move is by one place. At equal offsets the order found stays.
func (z *Sanitizer) placeLastFix() {
	fixes := z.report.Fixes
	k := len(fixes) - 1
	f := fixes[k]
	for ; k > 0 && fixes[k-1].Offset > f.Offset; k-- {
		fixes[k] = fixes[k-1]
		z.work++
	}
	fixes[k] = f
}

// belowFloor returns the ErrNeedsModel error for a fix of kind k at off,
// whose confidence is below Options.MinConfidence. It is apart from
// addFixAt so that the frequent call stays small.
func (z *Sanitizer) belowFloor(k Kind, off int64, line, col int) error {
	c := k.Confidence()
	return &Error{Err: ErrNeedsModel, Offset: off, Line: line, Column: col,
		Kind: k, Confidence: c, Floor: z.opts.MinConfidence,
		Msg: "repair " + k.String() + " is a " + c.String() + ", below the confidence floor (" + z.opts.MinConfidence.String() + ")"}
}

// newFix extends Fixes by one entry and returns it, for the caller to set
// every field in place (a Fix built first and then appended is written
// twice).
func (r *Report) newFix() *Fix {
	if len(r.Fixes) == cap(r.Fixes) {
		// The capacity never passes MaxFixes: the fast paths (usualFix)
		// write only below it, and leave the rest to addFixAt.
		r.Fixes = slices.Grow(r.Fixes, 1)
		if cap(r.Fixes) > MaxFixes {
			r.Fixes = append(make([]Fix, 0, MaxFixes), r.Fixes...)
		}
	}
	r.Fixes = r.Fixes[:len(r.Fixes)+1]
	return &r.Fixes[len(r.Fixes)-1]
}

// omissions counts, by kind, the fixes made past MaxFixes. An array, not
// Report.Omitted's map: a document past the cap can make a fix every few
// bytes, and a map increment for each (a hash and a probe) cost such a
// document a third of its speed. The map is filled from the array when
// the report is read (reportNow). Its size is a power of two above every
// Kind, so that indexing it by k%kindSlots needs no bounds check (which
// keeps usualFix small enough to be inlined).
type omissions [kindSlots]int

// kindSlots is the size of omissions.
const kindSlots = 64

// A Kind past kindSlots would share a count with another: this fails to
// compile when kindCount grows past it.
const _ = uint(kindSlots - kindCount)

// omit counts a fix of kind k made past MaxFixes.
func (z *Sanitizer) omit(k Kind) { z.past[k%kindSlots]++ }

// reportNow returns z's report with FixesCut and Omitted set from the
// fixes counted past MaxFixes, in a map z keeps from one document to the
// next. Only a full log has fixes past it.
func (z *Sanitizer) reportNow() *Report {
	z.report.FixesCut = false
	if len(z.report.Fixes) < MaxFixes {
		return &z.report
	}
	if z.omitted == nil {
		z.omitted = make(map[Kind]int64)
	}
	clear(z.omitted)
	for k, n := range z.past {
		if n > 0 {
			z.omitted[Kind(k)] = int64(n)
		}
	}
	if len(z.omitted) > 0 {
		z.report.FixesCut, z.report.Omitted = true, z.omitted
	}
	return &z.report
}

// resetFixes empties the fix log and the counts of the fixes past it.
func (z *Sanitizer) resetFixes() {
	if len(z.report.Fixes) >= MaxFixes {
		z.past = omissions{}
	}
	z.report.resetFixes()
}

// resetFixes empties the fix log for a new document, keeping its memory.
func (r *Report) resetFixes() {
	r.Fixes = r.Fixes[:0]
	r.FixesCut, r.Omitted = false, nil
}
