package main

import (
	"fmt"

	"github.com/jsonheal/jsonheal/heal"
)

// secondRound is the second-round ratio of a run (seed 000's "diagnosis
// of the diagnosis"): tasks that entered a second model attempt, and those
// of them that left it healed. clean's and replay's summaries carry it.
type secondRound struct {
	Entered int64   `json:"entered"`
	Healed  int64   `json:"healed"`
	Rate    float64 `json:"rate"`
}

func newSecondRound(s heal.CountersSnapshot) *secondRound {
	return &secondRound{Entered: s.SecondRound, Healed: s.SecondRoundHealed, Rate: s.SecondRoundRate()}
}

// line renders the summary line.
func (r *secondRound) line() string {
	return secondRoundLine(heal.CountersSnapshot{SecondRound: r.Entered, SecondRoundHealed: r.Healed})
}

// secondRoundLine renders the second-round counts of a summary: how many
// tasks entered a second attempt and how many left it healed.
func secondRoundLine(s heal.CountersSnapshot) string {
	if s.SecondRound == 0 {
		return "second round: no task entered a second attempt"
	}
	return fmt.Sprintf("second round: %d task(s) entered a second attempt, %d left it healed (%.0f%%)",
		s.SecondRound, s.SecondRoundHealed, 100*s.SecondRoundRate())
}
