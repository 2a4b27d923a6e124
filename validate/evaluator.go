package validate

import (
	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// evaluator applies compiled schemas to values on a tape (eval.go and the
// kw_*.go files): the tape driver. A streamer owns one and hands it the
// items and members it reads; Validate and Validator use one through a
// streamer too.
type evaluator struct {
	recorder

	s     *Schema
	tape  tape.Tape // the value being evaluated (a document, item or member)
	ktape tape.Tape // a member name evaluated as a string (propertyNames)

	// Evaluation stacks.
	dyn  []*resourceNode // dynamic scope
	refs []refFrame      // $ref evaluations in progress (with usesDyn)
	bitStack
	// runV is the value of the innermost evaluation in progress, chain
	// the number of evaluations of it in progress (schemas applied to it
	// in turn); kept with usesDyn only (evalInScope).
	runV  *tape.Value
	chain int

	// uniqueItems scratch.
	uniq uniqueScratch

	// failStreak counts the documents in a row that failed, up to
	// collectFirstAfter (see run).
	failStreak int
}

// recorder is what an evaluation records and what bounds it: the
// diagnostics of a collecting pass with their keyword and instance
// paths, the budget of a pass, and the error that ends one. Its methods
// build every diagnostic message (diag_build.go) and keep the budget
// (eval_budget.go); the evaluator's keyword families call them, and it
// sees nothing of the schema or the value beyond what they hand it.
type recorder struct {
	collect bool  // collecting diagnostics (else: stop at the first failure)
	err     error // a DocumentError that ends the evaluation
	evalPaths
	evalBudget
	// Diagnostics of a collecting pass (diag_list.go), and the numbers
	// they and the keywords read.
	diagStore
	numCache
	// The cap on the diagnostics built (diag_cap.go; ValidateFirst).
	diagCap
	// incomplete says the list returned is not all of them (the cap
	// stopped the evaluation, or a lane kept only its first
	// maxLaneRecords).
	incomplete bool
}

// bitStack holds the bitsets of the evaluations in progress (evaluated
// members, seen properties), each released with its evaluation.
type bitStack struct {
	words []uint64
}

// evalBudget is the work on the value read last (eval_budget.go): steps
// counts its evaluations (per pass), the next check is at budget, it may
// take limit; memo holds results of references once steps pass memoAt.
// recCap is the length the diagnostics may reach before a collecting pass
// on it stops.
type evalBudget struct {
	steps, budget, limit, memoAt int64
	recCap                       int
	memo                         map[memoKey]bool
}

// numCache remembers the number value last asked for with its parse.
type numCache struct {
	numV      *tape.Value    // the number last asked for (nil after reset)
	numParsed bool           // num and numOK hold its parse
	num       decimal.Number // its text, parsed (it points into the document)
	numOK     bool
}

// refFrame is a reference's target being applied to a value, with the
// length of the dynamic scope and the mode it was applied in.
type refFrame struct {
	n       *node
	v       *tape.Value
	dyn     int
	collect bool
}

// numText returns the text of the number value v. The last value asked
// for is remembered with its parse: "type" and the numeric keywords of one
// schema ask for the same number in turn.
func (c *numCache) numText(v *tape.Value) string {
	if v != c.numV {
		c.numV = v
		c.numParsed = false
	}
	return b2s(v.Raw())
}

// number parses the text of a number value (valid until the next call).
func (c *numCache) number(v *tape.Value) (decimal.Number, bool) {
	s := c.numText(v)
	if !c.numParsed {
		c.num, c.numOK = decimal.Parse(s)
		c.numParsed = true
	}
	return c.num, c.numOK
}

// number2 is number without the memory, to hold two numbers at once.
func (c *numCache) number2(v *tape.Value) (decimal.Number, bool) {
	return decimal.Parse(b2s(v.Raw()))
}

// allocBits reserves a zeroed bitset of n bits; it returns a handle (offset
// + 1) into b.words. Release with b.words = b.words[:mark].
func (b *bitStack) allocBits(n int) int {
	off := len(b.words)
	w := (n + 63) / 64
	if w == 0 {
		w = 1
	}
	for range w {
		b.words = append(b.words, 0)
	}
	return off + 1
}

func (b *bitStack) setBit(h, i int) {
	b.words[h-1+i/64] |= 1 << (uint(i) % 64)
}

func (b *bitStack) bit(h, i int) bool {
	return b.words[h-1+i/64]&(1<<(uint(i)%64)) != 0
}

// orBits merges bitset src into dst, both of n bits.
func (b *bitStack) orBits(dst, src, n int) {
	w := (n + 63) / 64
	for i := range w {
		b.words[dst-1+i] |= b.words[src-1+i]
	}
}

// sizeOf returns the number of members or items of v (0 for scalars).
func sizeOf(v *tape.Value) int {
	return v.Len()
}
