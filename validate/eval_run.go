package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// Running the evaluator over one value: a fast pass, then a collecting
// pass when it fails.

// collectFirstAfter is how many documents in a row must fail for the next
// one to be evaluated collecting at once, without the fast pass first:
// the documents of a batch tend to fail alike (a schema change breaks
// every record), and after a run of failures the fast pass, which only
// finds that the document fails, is mostly wasted.
const collectFirstAfter = 2

// run validates v: a fast pass first, and a collecting pass when it fails;
// after collectFirstAfter failing documents in a row, the collecting pass
// first (collectFirst).
func (st *evaluator) run(root *node, v *tape.Value) (Diagnostics, error) {
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
func (st *evaluator) collectFirst(root *node, v *tape.Value) (Diagnostics, bool) {
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
func (st *evaluator) afterFastPass(root *node, v *tape.Value) (Diagnostics, error) {
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

func (st *evaluator) reset() {
	st.collect = false
	st.track = false
	st.resetList()
	st.kw = st.kw[:0]
	st.inst = st.inst[:0]
	st.dyn = st.dyn[:0]
	st.refs = st.refs[:0]
	st.words = st.words[:0]
	st.runV, st.chain = nil, 0
	st.restartBudget()
	st.err = nil
	st.numV = nil // the tape reuses its entries from value to value
}
