package heal

import (
	"fmt"
	"time"
)

// Budget limits one task across all its attempts and transport retries.
// Zero fields are unlimited.
type Budget struct {
	// MaxCalls caps model calls: attempts and transport retries together.
	MaxCalls int
	// MaxTokens caps prompt plus completion tokens.
	MaxTokens int
	// MaxDuration caps the wall time, backoff included.
	MaxDuration time.Duration
	// MaxCost caps the cost computed from Prices (in the prices' currency).
	MaxCost float64
	// Prices turn usage into cost.
	Prices Prices
}

// Prices are per million tokens.
type Prices struct {
	PromptPerMillion     float64
	CompletionPerMillion float64
}

// Cost returns the cost of u.
func (p Prices) Cost(u Usage) float64 {
	return (float64(u.PromptTokens)*p.PromptPerMillion + float64(u.CompletionTokens)*p.CompletionPerMillion) / 1e6
}

// Unlimited marks a BudgetLeft field whose limit is not set.
const Unlimited = -1

// BudgetLeft is what remains of a Budget; fields without a limit are
// Unlimited.
type BudgetLeft struct {
	Calls  int           `json:"calls"`
	Tokens int           `json:"tokens"`
	Time   time.Duration `json:"time_ns"`
	Cost   float64       `json:"cost"`
}

// spend tracks one task's consumption of its Budget.
type spend struct {
	budget Budget
	start  time.Time
	calls  int
	usage  Usage
}

func (s *spend) cost() float64 { return s.budget.Prices.Cost(s.usage) }

func (s *spend) left(now time.Time) BudgetLeft {
	l := BudgetLeft{Calls: Unlimited, Tokens: Unlimited, Time: Unlimited, Cost: Unlimited}
	b := &s.budget
	if b.MaxCalls > 0 {
		l.Calls = max(0, b.MaxCalls-s.calls)
	}
	if b.MaxTokens > 0 {
		l.Tokens = max(0, b.MaxTokens-s.usage.Total())
	}
	if b.MaxDuration > 0 {
		l.Time = max(0, b.MaxDuration-now.Sub(s.start))
	}
	if b.MaxCost > 0 {
		l.Cost = max(0, b.MaxCost-s.cost())
	}
	return l
}

// exhausted reports which limit, if any, forbids another call at now.
func (s *spend) exhausted(now time.Time) (string, bool) {
	b := &s.budget
	switch {
	case b.MaxCalls > 0 && s.calls >= b.MaxCalls:
		return fmt.Sprintf("call budget exhausted (%d calls)", s.calls), true
	case b.MaxTokens > 0 && s.usage.Total() >= b.MaxTokens:
		return fmt.Sprintf("token budget exhausted (%d of %d tokens)", s.usage.Total(), b.MaxTokens), true
	case b.MaxDuration > 0 && now.Sub(s.start) >= b.MaxDuration:
		return fmt.Sprintf("time budget exhausted (%s)", b.MaxDuration), true
	case b.MaxCost > 0 && s.cost() >= b.MaxCost:
		return fmt.Sprintf("cost budget exhausted (%.6f of %.6f)", s.cost(), b.MaxCost), true
	}
	return "", false
}

// fitsDelay reports whether waiting d leaves wall time for another call.
func (s *spend) fitsDelay(now time.Time, d time.Duration) bool {
	return s.budget.MaxDuration <= 0 || now.Add(d).Sub(s.start) < s.budget.MaxDuration
}

// budgetError is the error of a budget stop: it matches ErrBudget and,
// when a failure came before the stop, that failure too (a
// *TransportError, say).
func budgetError(why string, last error) error {
	if last == nil {
		return fmt.Errorf("%w: %s", ErrBudget, why)
	}
	return fmt.Errorf("%w: %s: %w", ErrBudget, why, last)
}
