package heal

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	d, ok := ParseRetryAfter("7", now)
	require.True(t, ok)
	assert.Equal(t, 7*time.Second, d)

	d, ok = ParseRetryAfter(now.Add(90*time.Second).Format(http.TimeFormat), now)
	require.True(t, ok)
	assert.Equal(t, 90*time.Second, d)

	d, ok = ParseRetryAfter(now.Add(-time.Hour).Format(http.TimeFormat), now)
	require.True(t, ok)
	assert.Zero(t, d, "a date in the past means now")

	for _, bad := range []string{"", "soon", "-3"} {
		_, ok = ParseRetryAfter(bad, now)
		assert.False(t, ok, bad)
	}

	h := http.Header{}
	h.Set("Retry-After", "10")
	h.Set("Retry-After-Ms", "250")
	d, ok = RetryAfterFromHeader(h, now)
	require.True(t, ok)
	assert.Equal(t, 250*time.Millisecond, d, "retry-after-ms wins")
}

func TestClassActionNames(t *testing.T) {
	for c := ClassNone; c < classCount; c++ {
		name := c.String()
		assert.NotEqual(t, "unknown", name)
		var back Class
		require.NoError(t, back.UnmarshalText([]byte(name)))
		assert.Equal(t, c, back)
	}
	for a := ActionNone; a < actionCount; a++ {
		var back Action
		require.NoError(t, back.UnmarshalText([]byte(a.String())))
		assert.Equal(t, a, back)
	}
	assert.Equal(t, "rate_limit", ClassRateLimit.String())
	assert.Equal(t, "raise_limit", ActionRaiseLimit.String())
	assert.Equal(t, "schema -> reask: x", Decision{ClassSchema, ActionReask, "x"}.String())
	assert.Equal(t, "rename|coerce", (FixRename | FixCoerce).String())
}

func TestClassifyError(t *testing.T) {
	cases := []struct {
		err       error
		class     Class
		retryable bool
	}{
		{&TransportError{StatusCode: 401}, ClassAuth, false},
		{&TransportError{StatusCode: 403}, ClassAuth, false},
		{&TransportError{StatusCode: 429}, ClassRateLimit, true},
		{&TransportError{StatusCode: 429, Code: "insufficient_quota"}, ClassFatal, false},
		{&TransportError{StatusCode: 408}, ClassTransient, true},
		{&TransportError{StatusCode: 409}, ClassTransient, true},
		{&TransportError{StatusCode: 503}, ClassTransient, true},
		{&TransportError{StatusCode: 400, Code: "context_length_exceeded"}, ClassFatal, false},
		{&TransportError{Err: ErrStreamTruncated}, ClassTransient, true},
		{&TransportError{Err: ErrStreamError, Code: "server_error"}, ClassTransient, true},
		{ErrPolicyDenied, ClassPolicyDenied, false},
	}
	for _, c := range cases {
		class, retry := ClassifyError(c.err)
		assert.Equal(t, c.class, class, c.err.Error())
		assert.Equal(t, c.retryable, retry, c.err.Error())
	}
}

func TestBackoffFullJitterCapped(t *testing.T) {
	rp := RetryPolicy{BaseDelay: time.Second, MaxDelay: 5 * time.Second}
	assert.Equal(t, time.Duration(0), rp.backoff(3, 0))
	assert.Equal(t, 500*time.Millisecond, rp.backoff(0, 0.5))
	assert.Equal(t, 2*time.Second, rp.backoff(1, 0.999999999).Round(time.Millisecond))
	assert.Equal(t, 5*time.Second, rp.backoff(10, 0.9999999999).Round(time.Millisecond), "capped")
}

func TestBudgetLeftAndExhausted(t *testing.T) {
	start := time.Unix(0, 0)
	s := spend{budget: Budget{MaxCalls: 3, MaxTokens: 100, MaxDuration: time.Minute, MaxCost: 1,
		Prices: Prices{PromptPerMillion: 1e6, CompletionPerMillion: 2e6}}, start: start}
	_, done := s.exhausted(start)
	assert.False(t, done)
	s.calls, s.usage = 1, Usage{PromptTokens: 10, CompletionTokens: 20}
	l := s.left(start.Add(10 * time.Second))
	assert.Equal(t, BudgetLeft{Calls: 2, Tokens: 70, Time: 50 * time.Second, Cost: 0}, l)
	why, done := s.exhausted(start)
	assert.True(t, done)
	assert.Contains(t, why, "cost")

	unlimited := spend{start: start}
	assert.Equal(t, BudgetLeft{Unlimited, Unlimited, Unlimited, Unlimited}, unlimited.left(start))
}

func TestDeadLetterJSONRoundTrip(t *testing.T) {
	temp := 0.2
	dl := &DeadLetter{
		Version: DeadLetterVersion,
		Task: Task{ID: "t1", Messages: []Message{{RoleUser, "give me JSON"}}, MaxTokens: 50, Temperature: &temp,
			ResponseFormat: json.RawMessage(`{"type":"json_object"}`)},
		SchemaID: "urn:x", Class: ClassSchema, Reason: "no progress", ModelAttempts: 2, TransportRetries: 1,
		Calls: 3, Usage: Usage{10, 5}, IdempotencyKey: "k",
		Attempts: []AttemptRecord{{Attempt: 1, Raw: "{\"a\":1}", Decision: Decision{ClassSchema, ActionReask, "r"}, Diagnostics: "/a: bad"}},
	}
	data, err := json.Marshal(dl)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"class":"schema"`)
	assert.Contains(t, string(data), `"action":"reask"`)
	back, err := ParseDeadLetter(data)
	require.NoError(t, err)
	assert.Equal(t, dl, back)

	_, err = ParseDeadLetter([]byte(`{"version":99}`))
	assert.Error(t, err)
}

func TestCountersSnapshot(t *testing.T) {
	var c Counters
	c.record(&Result{Attempts: 1, Outcome: OutcomeClean, Calls: 1, Usage: Usage{1, 2}}, nil)
	c.record(&Result{Attempts: 1, Outcome: OutcomeSanitized, Calls: 1}, nil)
	c.record(&Result{Attempts: 1, Outcome: OutcomeFixed, Calls: 1}, nil)
	c.record(&Result{Attempts: 2, Outcome: OutcomeClean, Calls: 3, TransportRetries: 1}, nil)
	c.record(nil, &DeadLetter{Class: ClassAuth, Calls: 1})
	s := c.Snapshot()
	assert.Equal(t, int64(1), s.AcceptedClean)
	assert.Equal(t, int64(1), s.RepairedBySanitize)
	assert.Equal(t, int64(1), s.FixedBySchema)
	assert.Equal(t, map[int]int64{2: 1}, s.HealedByModel)
	assert.Equal(t, map[Class]int64{ClassAuth: 1}, s.DeadLettered)
	assert.Equal(t, int64(7), s.Calls)
	assert.Equal(t, int64(1), s.TransportRetries)
	data, err := json.Marshal(s)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"dead_lettered":{"auth":1}`)
}
