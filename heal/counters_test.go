package heal_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
)

// TestCountersSecondRound runs four tasks through one Healer: accepted at
// once, healed by the re-ask, given up after the re-ask, and refused
// credentials (one attempt). Two entered a second attempt; one left it
// healed.
func TestCountersSecondRound(t *testing.T) {
	bad := `{"id":7,"name":"Ada","status":"gone"}`
	f := newFixture(t,
		healtest.Answer(valid),
		healtest.Answer(bad), healtest.Answer(valid),
		healtest.Answer(bad), healtest.Answer(bad),
		healtest.Unauthorized(),
	)
	f.h.Policy.MaxAttempts = 2
	ctx := context.Background()
	_, err := f.h.Heal(ctx, task())
	require.NoError(t, err)
	res, err := f.h.Heal(ctx, task())
	require.NoError(t, err)
	require.Equal(t, 2, res.Attempts)
	_, err = f.h.Heal(ctx, task())
	assert.Equal(t, 2, giveUp(t, err).ModelAttempts)
	_, err = f.h.Heal(ctx, task())
	assert.Equal(t, 1, giveUp(t, err).ModelAttempts)
	assert.True(t, heal.RefusesRun(err), "a give-up on 401 refuses the run through the GiveUpError")

	s := f.c.Snapshot()
	assert.Equal(t, int64(2), s.SecondRound)
	assert.Equal(t, int64(1), s.SecondRoundHealed)
	assert.InDelta(t, 0.5, s.SecondRoundRate(), 1e-9)
	data, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"second_round":2,"second_round_healed":1`)
	assert.Zero(t, heal.CountersSnapshot{}.SecondRoundRate(), "no entry is no division by zero")
}

func TestRefusesRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"401", &heal.TransportError{StatusCode: http.StatusUnauthorized}, true},
		{"403", &heal.TransportError{StatusCode: http.StatusForbidden}, true},
		{"unknown model", &heal.TransportError{StatusCode: http.StatusNotFound, Code: "model_not_found"}, true},
		{"quota", &heal.TransportError{StatusCode: http.StatusTooManyRequests, Code: "insufficient_quota"}, true},
		{"bad key code without status", &heal.TransportError{Code: "invalid_api_key"}, true},
		{"rate limit", &heal.TransportError{StatusCode: http.StatusTooManyRequests}, false},
		{"server error", &heal.TransportError{StatusCode: http.StatusInternalServerError}, false},
		{"bad request", &heal.TransportError{StatusCode: http.StatusBadRequest}, false},
		{"not transport", heal.ErrBudget, false},
		{"nil", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, heal.RefusesRun(tc.err))
		})
	}
}
