package validate

// The applicators' combine rules, written once for the whole-value
// evaluation (evalApplicators, evalAnyOf) and the lanes of a streamed
// root (groupRecords); their messages are in diag_build.go.

// branchTypes lists the types a branch accepts (through $ref), or "any".
func branchTypes(b *node) []string {
	for i := 0; i < 8 && b != nil; i++ {
		if b.hasType {
			return b.types.names()
		}
		if b.constV != nil {
			return []string{b.constV.json}
		}
		b = b.ref
	}
	return []string{"valid"}
}

// The combine rule of anyOf and oneOf, written once for the whole-value
// evaluation (evalAnyOf, matchBranches, branchScore) and the lanes of a
// streamed root (laneGroup, lane.add): which outcome the branches give,
// and which failed branch's diagnostics are reported.

// branchCount counts the branches that hold and keeps the first two.
type branchCount struct{ matched, first, second int }

// noBranch is a count before any branch holds.
var noBranch = branchCount{first: -1, second: -1}

// hold counts branch i, which holds.
func (c *branchCount) hold(i int) {
	c.matched++
	if c.first < 0 {
		c.first = i
	} else if c.second < 0 {
		c.second = i
	}
}

// branchAnnotates reports whether the annotations of a branch that holds,
// the matched-th to, count (for unevaluated*): every one of anyOf, only
// the first of oneOf (should another hold, oneOf fails).
func branchAnnotates(matched int, one bool) bool { return !one || matched == 1 }

// excludesType reports whether branch b refuses every value of the types
// t by its type keyword alone: it fails on the type and is not reported.
func excludesType(b *node, t typeMask) bool {
	return b.boolean == 0 && b.hasType && b.types&t == 0
}

// branchJudgement is what anyOf or oneOf says of its branches' outcomes.
type branchJudgement uint8

const (
	// branchesHold: anyOf has a branch that holds, oneOf exactly one.
	branchesHold branchJudgement = iota
	// branchesNone: no branch holds; the best one's diagnostics are
	// reported (betterBranch), or one line when every branch wants another
	// type (failBranchTypes).
	branchesNone
	// branchesSeveral: more than one branch of oneOf holds
	// (failOneOfMultiple).
	branchesSeveral
)

// judgeBranches is the combine rule of anyOf (oneOf, with one) when
// matched of its branches hold.
func judgeBranches(matched int, one bool) branchJudgement {
	switch {
	case matched == 0:
		return branchesNone
	case one && matched > 1:
		return branchesSeveral
	}
	return branchesHold
}

// typeMismatch reports whether a diagnostic of code, keyLen levels below
// the value a branch applies to, says only that the value's type is
// wrong (or that false refuses it).
func typeMismatch(code Code, keyLen int) bool {
	return keyLen == 0 && (code == CodeType || code == CodeFalseSchema)
}

// recordScore is what one diagnostic of a failed branch, keyLen levels
// below the value, adds to its score: lower is a better match. A type
// mismatch of the value weighs most, a const or enum on it or on one of
// its members (a discriminator says "not this branch") next.
func recordScore(code Code, keyLen int) int {
	switch {
	case typeMismatch(code, keyLen):
		return 1001
	case keyLen <= 1 && (code == CodeConst || code == CodeEnum):
		return 101
	}
	return 1
}

// onlyTypeMismatch reports whether a failed branch with records
// diagnostics, nonType of which are not a type mismatch, failed only on
// the value's type: such a branch is not reported.
func onlyTypeMismatch(records, nonType int) bool { return records > 0 && nonType == 0 }

// betterBranch reports whether a failed branch of score (full: 1 + where
// it stopped recording, 0: it did not) is reported rather than the best
// one so far (bestScore, bestFull): the lowest score, the first of
// equals; a full branch only when every candidate is, then the one that
// filled up last.
func betterBranch(score, full, bestScore, bestFull int) bool {
	switch {
	case full == 0 && bestFull == 0:
		return score < bestScore
	case full == 0:
		return true
	}
	return bestFull > 0 && full > bestFull
}

// The combine rules of not and if/then/else, written once for the
// whole-value evaluation (evalApplicators) and the lanes of a streamed
// root (laneGroup.holds, laneGroup.chosen, counting). Both evaluate the
// inner schemas without diagnostics: only their verdicts matter.

// notHolds reports whether not holds, given whether its schema held.
func notHolds(held bool) bool { return !held }

// Which schema of if/then/else applies: an if group's lanes are in this
// order (stream_lanes.go).
const (
	ifSchema = iota
	thenSchema
	elseSchema
)

// ifChoice returns which of then and else applies, given whether if held.
// (if's own annotations count for unevaluated* when it held: both
// drivers read that from the verdict they pass here.)
func ifChoice(ifHeld bool) int {
	if ifHeld {
		return thenSchema
	}
	return elseSchema
}
