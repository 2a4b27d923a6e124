package heal_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/validate"
)

// slowModel takes a known time per call on a fake clock: first a 503, then
// an invalid answer, then a valid one.
type slowModel struct {
	clock *healtest.Clock
	calls int
}

func (m *slowModel) Complete(context.Context, heal.Request) (heal.Response, error) {
	m.calls++
	m.clock.Advance(time.Duration(m.calls) * time.Second)
	switch m.calls {
	case 1:
		return heal.Response{}, &heal.TransportError{StatusCode: 503, Message: "busy"}
	case 2:
		return heal.Response{Content: `{"id":"x"}`}, nil
	}
	return heal.Response{Content: valid}, nil
}

// TestEventsCarryCallLatency: each event reports how long its call took on
// the Healer's clock (backoff excluded), so adapters can observe latency by
// layer.
func TestEventsCarryCallLatency(t *testing.T) {
	clock := healtest.NewClock(start)
	schema, err := validate.Compile([]byte(personSchema), validate.Options{})
	require.NoError(t, err)
	var trace []heal.Event
	h := &heal.Healer{
		Model: &slowModel{clock: clock}, Clock: clock, Schema: schema, Rand: func() float64 { return 0.5 },
		Policy:   heal.Policy{MaxAttempts: 3},
		Observer: heal.ObserverFunc(func(e heal.Event) { trace = append(trace, e) }),
	}
	_, err = h.Heal(context.Background(), task())
	require.NoError(t, err)
	require.Len(t, trace, 3)
	assert.Equal(t, heal.ActionRetry, trace[0].Decision.Action)
	assert.Equal(t, []time.Duration{1 * time.Second, 2 * time.Second, 3 * time.Second},
		[]time.Duration{trace[0].CallLatency, trace[1].CallLatency, trace[2].CallLatency})
	assert.Zero(t, trace[0].CheckLatency, "a failed call has no answer to check")
}
