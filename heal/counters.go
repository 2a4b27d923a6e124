package heal

import "sync/atomic"

// maxTrackedAttempt is the last attempt counted on its own in
// HealedByModel; later attempts are counted with it.
const maxTrackedAttempt = 16

// Counters count outcomes across tasks. The zero value is ready; it is safe
// for concurrent use. Take a Snapshot to read it.
type Counters struct {
	acceptedClean      atomic.Int64
	repairedBySanitize atomic.Int64
	fixedBySchema      atomic.Int64
	healedAt           [maxTrackedAttempt + 1]atomic.Int64
	secondRound        atomic.Int64
	secondRoundHealed  atomic.Int64
	deadLettered       [classCount]atomic.Int64
	transportRetries   atomic.Int64
	calls              atomic.Int64
	promptTokens       atomic.Int64
	completionTokens   atomic.Int64
}

// CountersSnapshot is a point-in-time copy of Counters.
type CountersSnapshot struct {
	// AcceptedClean: valid on the first attempt with no change at all.
	AcceptedClean int64 `json:"accepted_clean"`
	// RepairedBySanitize: valid on the first attempt after sanitize repairs.
	RepairedBySanitize int64 `json:"repaired_by_sanitize"`
	// FixedBySchema: valid on the first attempt after schema-guided fixes.
	FixedBySchema int64 `json:"fixed_by_schema"`
	// HealedByModel counts tasks accepted at attempt N >= 2 (the last key
	// also counts later attempts).
	HealedByModel map[int]int64 `json:"healed_by_model"`
	// DeadLettered counts give-ups by the class of the last failure.
	DeadLettered map[Class]int64 `json:"dead_lettered"`
	// SecondRound counts tasks that entered a second model attempt (a
	// re-ask with diagnostics, or a raised limit), healed or not;
	// SecondRoundHealed counts those of them that left it with an accepted
	// answer. Their ratio is the loop's "diagnosis of the diagnosis": high
	// entry and high healing is a schema worth improving behind a healthy
	// loop; high entry and low healing is a schema asking for what the
	// model cannot know.
	SecondRound       int64 `json:"second_round"`
	SecondRoundHealed int64 `json:"second_round_healed"`
	TransportRetries  int64 `json:"transport_retries"`
	Calls             int64 `json:"calls"`
	PromptTokens      int64 `json:"prompt_tokens"`
	CompletionTokens  int64 `json:"completion_tokens"`
}

// Snapshot copies the counters.
func (c *Counters) Snapshot() CountersSnapshot {
	s := CountersSnapshot{
		AcceptedClean:      c.acceptedClean.Load(),
		RepairedBySanitize: c.repairedBySanitize.Load(),
		FixedBySchema:      c.fixedBySchema.Load(),
		HealedByModel:      map[int]int64{},
		DeadLettered:       map[Class]int64{},
		TransportRetries:   c.transportRetries.Load(),
		Calls:              c.calls.Load(),
		PromptTokens:       c.promptTokens.Load(),
		CompletionTokens:   c.completionTokens.Load(),
		SecondRound:        c.secondRound.Load(),
		SecondRoundHealed:  c.secondRoundHealed.Load(),
	}
	for i := range c.healedAt {
		if n := c.healedAt[i].Load(); n != 0 {
			s.HealedByModel[i] = n
		}
	}
	for i := range c.deadLettered {
		if n := c.deadLettered[i].Load(); n != 0 {
			s.DeadLettered[Class(i)] = n
		}
	}
	return s
}

// record adds one finished task.
func (c *Counters) record(r *Result, dl *DeadLetter) {
	if c == nil {
		return
	}
	var calls, retries int
	var u Usage
	if r != nil {
		calls, retries, u = r.Calls, r.TransportRetries, r.Usage
		switch {
		case r.Attempts >= 2:
			c.healedAt[min(r.Attempts, maxTrackedAttempt)].Add(1)
			c.secondRound.Add(1)
			c.secondRoundHealed.Add(1)
		case r.Outcome == OutcomeFixed:
			c.fixedBySchema.Add(1)
		case r.Outcome == OutcomeSanitized:
			c.repairedBySanitize.Add(1)
		default:
			c.acceptedClean.Add(1)
		}
	}
	if dl != nil {
		calls, retries, u = dl.Calls, dl.TransportRetries, dl.Usage
		if dl.Class < classCount {
			c.deadLettered[dl.Class].Add(1)
		}
		if dl.ModelAttempts >= 2 {
			c.secondRound.Add(1)
		}
	}
	c.calls.Add(int64(calls))
	c.transportRetries.Add(int64(retries))
	c.promptTokens.Add(int64(u.PromptTokens))
	c.completionTokens.Add(int64(u.CompletionTokens))
}

// SecondRoundRate is SecondRoundHealed / SecondRound: the share of the
// tasks that entered a second attempt and left it healed (0 when none
// entered).
func (s CountersSnapshot) SecondRoundRate() float64 {
	if s.SecondRound == 0 {
		return 0
	}
	return float64(s.SecondRoundHealed) / float64(s.SecondRound)
}
