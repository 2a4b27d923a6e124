package validate

import ()

// Validate checks doc against the schema. It returns nil, nil when the
// document is valid (without allocating, once warmed up), the diagnostics
// in document order when it is not, and a *DocumentError when doc is not
// JSON, is nested deeper than MaxDepth, the schema recursed without end,
// or its evaluation went past Options.EvaluationsPerByte (ErrBudget).
func (s *Schema) Validate(doc []byte) (Diagnostics, error) {
	st := s.getState()
	defer s.putState(st)
	return st.validateBytes(doc)
}

// validateBytes reads doc through the scanner, as a Stream does with one
// chunk: a root array that can stream is evaluated item by item (no tree
// of the whole array), any other value as one tree.
func (st *streamer) validateBytes(doc []byte) (Diagnostics, error) {
	st.begin()
	st.advance(doc, 0)
	return st.listed(st.finish(doc, 0))
}

// listed ends the list of diagnostics d with a CodeTooMany one when the
// budget cut it short (listCut).
func (st *streamer) listed(d Diagnostics, err error) (Diagnostics, error) {
	if err != nil || !st.incomplete {
		return d, err
	}
	return st.capDiagnostics(d, len(d)), nil
}

// getState takes a scratch state from the schema's free list. The list is a
// buffered channel rather than a sync.Pool: a GC does not empty it, so a
// warmed-up schema keeps validating without allocating.
func (s *Schema) getState() *streamer {
	select {
	case st := <-s.free:
		return st
	default:
		return &streamer{evaluator: evaluator{s: s}}
	}
}

func (s *Schema) putState(st *streamer) {
	select {
	case s.free <- st:
	default: // enough states are kept; let this one go
	}
}

// Validator validates documents against one Schema with its own scratch
// state: not safe for concurrent use, but with no pool in the way its
// steady state allocates nothing for valid documents. Use one per goroutine.
type Validator struct {
	st streamer
}

// NewValidator returns a Validator for the schema.
func (s *Schema) NewValidator() *Validator {
	return &Validator{st: streamer{evaluator: evaluator{s: s}}}
}

// Validate is Schema.Validate with the Validator's own state.
func (v *Validator) Validate(doc []byte) (Diagnostics, error) {
	return v.st.validateBytes(doc)
}

// ValidateJSON is Validate for a document the caller already knows to be
// valid JSON, such as the output of package sanitize: it skips the strict
// syntax check and only parses and validates. Given bytes that are not
// valid JSON it returns an error or a verdict on a lax reading of them; it
// never panics.
func (v *Validator) ValidateJSON(doc []byte) (Diagnostics, error) {
	v.st.incomplete = false
	root, err := v.st.readValue(doc)
	if err != nil {
		return nil, &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
	}
	return v.st.listed(v.st.run(v.st.s.root, root))
}

// collectFirstAfter is how many documents in a row must fail for the next
// one to be evaluated collecting at once, without the fast pass first:
// the documents of a batch tend to fail alike (a schema change breaks
// every record), and after a run of failures the fast pass, which only
// finds that the document fails, is mostly wasted.
const collectFirstAfter = 2

// run validates v: a fast pass first, and a collecting pass when it fails;
// after collectFirstAfter failing documents in a row, the collecting pass
// first (collectFirst).
func (st *evaluator) run(root *node, v *jv) (Diagnostics, error) {
	if st.failStreak >= collectFirstAfter {
		if d, ok := st.collectFirst(root, v); ok {
			return d, nil
		}
	}
	st.reset()
	if st.eval(root, v, 0) && st.err == nil {
		st.failStreak = 0
		return nil, nil
	}
	d, err := st.afterFastPass(root, v)
	if len(d) > 0 {
		st.failStreak = min(st.failStreak+1, collectFirstAfter)
	} else {
		st.failStreak = 0
	}
	return d, err
}

// collectFirst evaluates v collecting diagnostics at once. It answers (ok)
// only when v fails without an error: then the fast pass would have failed
// too (a collecting pass reaches the same verdict, it only goes on past
// failures, and so meets any error the fast pass meets) and the fast pass
// and the collecting pass after it would collect the same diagnostics. A
// valid v, or an error, is left to them, which decide it as always.
func (st *evaluator) collectFirst(root *node, v *jv) (Diagnostics, bool) {
	st.reset()
	st.collect = true
	st.track = true
	if st.eval(root, v, 0) || st.err != nil {
		st.failStreak = 0
		return nil, false
	}
	return st.diagnostics(), true
}

// afterFastPass completes run once the fast pass failed on v: with an
// error, the error found again with paths; otherwise the diagnostics of a
// collecting pass.
func (st *evaluator) afterFastPass(root *node, v *jv) (Diagnostics, error) {
	if st.err != nil {
		// The fast pass does not track paths: run it again with them, to
		// say where the error is (evaluation is deterministic).
		first := st.err
		st.reset()
		st.track = true
		st.eval(root, v, 0)
		if st.err == nil {
			return nil, first
		}
		return nil, st.err
	}
	st.reset()
	st.collect = true
	st.track = true
	st.eval(root, v, 0)
	st.listCut()
	if st.err != nil {
		return nil, st.err
	}
	return st.diagnostics(), nil
}

// dedupeScan is how many diagnostics of one location dedupe compares one
// by one; past it, a set: a document with many at one place (200,000
// extra members) must not cost their square.
const dedupeScan = 16

// dupKey is what makes two diagnostics of one location the same.
type dupKey struct {
	code           Code
	property, text string
}

// dedupe drops, in place, the diagnostics of out (sorted by location)
// equal to an earlier one of the same location, and returns how many are
// left.
func dedupe(out Diagnostics) int {
	n, run := 0, 0 // out[run:n]: the kept diagnostics of the current location
	var seen map[dupKey]bool
	for i := range out {
		d := &out[i]
		if n > 0 && out[n-1].InstanceLocation != d.InstanceLocation {
			run = n
			clear(seen)
		}
		key := dupKey{d.Code, d.Property, d.Message}
		dup := false
		if n-run <= dedupeScan {
			for j := run; j < n && !dup; j++ {
				dup = out[j].Code == d.Code && out[j].Property == d.Property && out[j].Message == d.Message
			}
		} else {
			if seen == nil {
				// Sized for the whole run at once: no rehashing as it fills.
				rest := 0
				for rest < len(out)-i && out[i+rest].InstanceLocation == d.InstanceLocation {
					rest++
				}
				seen = make(map[dupKey]bool, n-run+rest)
			}
			if len(seen) == 0 {
				for j := run; j < n; j++ {
					seen[dupKey{out[j].Code, out[j].Property, out[j].Message}] = true
				}
			}
			dup = seen[key]
		}
		if dup {
			continue
		}
		if n != i {
			out[n] = out[i]
		}
		n++
		if len(seen) > 0 {
			seen[key] = true
		}
	}
	return n
}

// cmpKey orders instance paths: a parent before its children, siblings by
// document position.
func cmpKey(a, b []int) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return len(a) - len(b)
}
