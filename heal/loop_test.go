package heal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

const personSchema = `{
  "$id": "urn:test:person",
  "type": "object",
  "additionalProperties": false,
  "required": ["id", "name", "status"],
  "properties": {
    "id": {"type": "integer"},
    "name": {"type": "string"},
    "status": {"enum": ["active", "inactive"]},
    "tags": {"type": "array", "items": {"type": "string"}},
    "country": {"type": "string", "default": "ES"}
  }
}`

const valid = `{"id":7,"name":"Ada","status":"active"}`

var start = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

type fixture struct {
	srv   *healtest.Server
	clock *healtest.Clock
	h     *heal.Healer
	c     *heal.Counters
	trace []heal.Event
}

func newFixture(t *testing.T, steps ...healtest.Step) *fixture {
	t.Helper()
	schema, err := validate.Compile([]byte(personSchema), validate.Options{})
	require.NoError(t, err)
	f := &fixture{clock: healtest.NewClock(start), c: &heal.Counters{}}
	f.srv = healtest.NewServer(healtest.Config{Script: steps, Now: f.clock.Now})
	t.Cleanup(f.srv.Close)
	f.h = &heal.Healer{
		Model:    openai.New(f.srv.URL, "primary", openai.WithClock(f.clock.Now)),
		Schema:   schema,
		Clock:    f.clock,
		Rand:     func() float64 { return 0.5 },
		Counters: f.c,
		Observer: heal.ObserverFunc(func(e heal.Event) { f.trace = append(f.trace, e) }),
	}
	return f
}

func task() heal.Task {
	return heal.Task{ID: "t1", Messages: []heal.Message{
		{Role: heal.RoleSystem, Content: "Answer with JSON only."},
		{Role: heal.RoleUser, Content: "Describe the user Ada (id 7), active."},
	}, MaxTokens: 100}
}

func giveUp(t *testing.T, err error) *heal.DeadLetter {
	t.Helper()
	require.ErrorIs(t, err, heal.ErrGaveUp)
	var gu *heal.GiveUpError
	require.ErrorAs(t, err, &gu)
	return gu.DeadLetter
}

func TestAcceptsValidAnswerWithOneCall(t *testing.T) {
	f := newFixture(t, healtest.Answer(valid))
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, valid, string(res.JSON))
	assert.Equal(t, heal.OutcomeClean, res.Outcome)
	assert.Equal(t, 1, res.Attempts)
	assert.Equal(t, 1, f.srv.Calls())
	assert.Equal(t, "primary", res.Model)
	assert.Equal(t, int64(1), f.c.Snapshot().AcceptedClean)
	require.Len(t, f.trace, 1)
	assert.Equal(t, heal.ActionAccept, f.trace[0].Decision.Action)
}

func TestSanitizeRepairsFencesProseAndControlChars(t *testing.T) {
	answer := healtest.InProse(healtest.Fenced(healtest.RawControlChars(`{"id":7,"name":"Ada\nLovelace","status":"active"}`)))
	f := newFixture(t, healtest.Answer(answer))
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, `{"id":7,"name":"Ada\nLovelace","status":"active"}`, string(res.JSON))
	assert.Equal(t, heal.OutcomeSanitized, res.Outcome)
	assert.NotEmpty(t, res.SanitizeFixes)
	assert.Equal(t, 1, f.srv.Calls())
	assert.Equal(t, int64(1), f.c.Snapshot().RepairedBySanitize)
}

func TestSchemaFixesAvoidAModelCall(t *testing.T) {
	f := newFixture(t, healtest.Answer(`{"userId":"7","name":"Ada","status":"ACTIVE","tags":"math"}`))
	f.h.Policy.MinConfidence = sanitize.Guess // the userId -> id rename is a guess
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 1, f.srv.Calls(), "no re-ask: the schema rules fixed it")
	assert.Equal(t, heal.OutcomeFixed, res.Outcome)
	assert.JSONEq(t, `{"id":7,"name":"Ada","status":"active","tags":["math"]}`, string(res.JSON))
	rules := map[heal.FixRule]bool{}
	for _, fx := range res.SchemaFixes {
		rules[fx.Rule] = true
	}
	assert.Equal(t, map[heal.FixRule]bool{heal.FixRename: true, heal.FixCoerce: true, heal.FixEnumCase: true, heal.FixWrapArray: true}, rules)
	assert.Equal(t, int64(1), f.c.Snapshot().FixedBySchema)
}

func TestDisabledFixesGoToTheModel(t *testing.T) {
	f := newFixture(t, healtest.Answer(`{"id":"7","name":"Ada","status":"active"}`), healtest.Answer(valid))
	f.h.Policy.DisabledFixes = heal.FixCoerce
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 2, f.srv.Calls())
	assert.Equal(t, 2, res.Attempts)
	assert.Equal(t, map[int]int64{2: 1}, f.c.Snapshot().HealedByModel)
}

func TestReaskAppendsTurnsAndKeepsEarlierMessagesByteIdentical(t *testing.T) {
	bad := `{"id":7,"name":"Ada","status":"gone","extra":true}`
	f := newFixture(t, healtest.Answer(bad), healtest.Answer(valid))
	tk := task()
	orig := append([]heal.Message(nil), tk.Messages...)
	res, err := f.h.Heal(context.Background(), tk)
	require.NoError(t, err)
	assert.Equal(t, 2, res.Attempts)
	assert.Equal(t, orig, tk.Messages, "the caller's task is not modified")

	reqs := f.srv.Requests()
	require.Len(t, reqs, 2)
	first, second := reqs[0], reqs[1]
	require.Len(t, first.Messages, 2)
	require.Len(t, second.Messages, 4)
	for i := range first.Messages {
		assert.Equal(t, string(first.Messages[i]), string(second.Messages[i]), "turn %d byte-identical", i)
	}
	role, content := second.Message(2)
	assert.Equal(t, "assistant", role)
	assert.Equal(t, bad, content, "the model's own output, verbatim")
	role, content = second.Message(3)
	assert.Equal(t, "user", role)
	assert.Contains(t, content, "/status")
	assert.Contains(t, content, `"extra" is not allowed`)
	assert.Contains(t, content, "Correct only these fields")
	assert.Less(t, len(content), 1024)
	assert.NotEqual(t, first.IdempotencyKey, second.IdempotencyKey)
	assert.True(t, strings.HasSuffix(first.IdempotencyKey, "-1"))
	assert.Equal(t, heal.ActionReask, f.trace[0].Decision.Action)
	assert.Equal(t, heal.ClassSchema, f.trace[0].Decision.Class)
}

func TestSyntaxErrorIsReasked(t *testing.T) {
	f := newFixture(t, healtest.Answer(`{"id":7,"name":"Ada" @ "status":"active"}`), healtest.Answer(valid))
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 2, res.Attempts)
	_, content := f.srv.Requests()[1].Message(3)
	assert.Contains(t, content, "not valid JSON")
	assert.Equal(t, heal.ClassSyntax, f.trace[0].Decision.Class)
}

func TestMaxAttemptsCountsAttemptsNotRetries(t *testing.T) {
	answers := []healtest.Step{
		healtest.Answer(`{"id":7}`),
		healtest.Answer(`{"id":7,"name":"Ada"}`),
		healtest.Answer(`{"name":"Ada"}`),
		healtest.Answer(valid),
	}
	f := newFixture(t, answers...)
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 2, f.srv.Calls(), "MaxAttempts 0 = 2: the first call and one correction")
	assert.Equal(t, 2, dl.ModelAttempts)
	assert.Contains(t, dl.Reason, "attempts exhausted (2 of 2)")
	assert.Equal(t, heal.ActionEscalate, dl.Attempts[1].Decision.Action, "a healable failure out of attempts escalates")

	f = newFixture(t, answers...)
	f.h.Policy.MaxAttempts = 4
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 4, res.Attempts)
	assert.Equal(t, 4, f.srv.Calls())

	f = newFixture(t, answers...)
	f.h.Policy.MaxAttempts = 1
	_, err = f.h.Heal(context.Background(), task())
	giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
}

func TestTransportRetriesDoNotConsumeAttempts(t *testing.T) {
	f := newFixture(t,
		healtest.Status(503),
		healtest.RateLimited("2"),
		healtest.Answer(`{"id":7}`),
		healtest.Reset(),
		healtest.Answer(valid),
	)
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 2, res.Attempts, "three transport retries, still two attempts")
	assert.Equal(t, 3, res.TransportRetries)
	assert.Equal(t, 5, res.Calls)
	// Full jitter with Rand = 0.5: 0.5 * 500ms, then Retry-After, then 0.5 * 500ms.
	assert.Equal(t, []time.Duration{250 * time.Millisecond, 2 * time.Second, 250 * time.Millisecond}, f.clock.Sleeps())
	reqs := f.srv.Requests()
	keys := []string{reqs[0].IdempotencyKey, reqs[1].IdempotencyKey, reqs[2].IdempotencyKey}
	assert.Equal(t, []string{keys[0], keys[0], keys[0]}, keys, "stable across the retries of attempt 1")
	assert.Equal(t, reqs[3].IdempotencyKey, reqs[4].IdempotencyKey)
	assert.NotEqual(t, keys[0], reqs[3].IdempotencyKey)
	assert.Equal(t, int64(3), f.c.Snapshot().TransportRetries)
	// Usage sums every answered call (the failed ones reported none).
	assert.Equal(t, (len(`{"id":7}`)/4+1)+(len(valid)/4+1), res.Usage.CompletionTokens)
}

func TestTransportRetriesConsumeTheBudget(t *testing.T) {
	f := newFixture(t, healtest.Status(502), healtest.Status(502), healtest.Status(502), healtest.Answer(valid))
	f.h.Policy.Budget.MaxCalls = 3
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 3, f.srv.Calls())
	assert.Equal(t, 1, dl.ModelAttempts)
	assert.Equal(t, 2, dl.TransportRetries)
	assert.Contains(t, dl.Reason, "call budget exhausted")
	assert.Equal(t, heal.ClassTransient, dl.Class)
	assert.ErrorIs(t, err, heal.ErrBudget, "a call budget stop matches ErrBudget")
	var te *heal.TransportError
	assert.ErrorAs(t, err, &te, "and the failure before it")

	// Tokens: the first (invalid) answer uses the whole token budget, so
	// no re-ask is sent.
	f = newFixture(t, healtest.Step{Content: `{"id":7}`, Usage: &heal.Usage{PromptTokens: 80, CompletionTokens: 30}}, healtest.Answer(valid))
	f.h.Policy.Budget.MaxTokens = 100
	_, err = f.h.Heal(context.Background(), task())
	dl = giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
	assert.Contains(t, dl.Reason, "token budget exhausted (110 of 100 tokens): no reask sent")
	assert.NotContains(t, dl.Reason, "re-asking", "no re-ask happened")
	assert.Equal(t, heal.ActionEscalate, dl.Attempts[0].Decision.Action)
	assert.ErrorIs(t, err, heal.ErrBudget, "a token budget stop matches ErrBudget")
	assert.Equal(t, heal.Usage{PromptTokens: 80, CompletionTokens: 30}, dl.Usage)

	// Calls, after an invalid answer: the same stop, before the re-ask.
	f = newFixture(t, healtest.Answer(`{"id":7}`), healtest.Answer(valid))
	f.h.Policy.Budget.MaxCalls = 1
	_, err = f.h.Heal(context.Background(), task())
	dl = giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
	assert.Contains(t, dl.Reason, "call budget exhausted (1 calls): no reask sent")
	assert.ErrorIs(t, err, heal.ErrBudget)

	// Wall time: backoff counts, on the fake clock.
	f = newFixture(t, healtest.RateLimited("30"), healtest.Answer(valid))
	f.h.Policy.Budget.MaxDuration = 10 * time.Second
	_, err = f.h.Heal(context.Background(), task())
	dl = giveUp(t, err)
	assert.Contains(t, dl.Reason, "exceeds the time budget")
	assert.ErrorIs(t, err, heal.ErrBudget, "a time budget stop matches ErrBudget")
	assert.Empty(t, f.clock.Sleeps())
}

func TestRetryAfterBeyondTheCapStops(t *testing.T) {
	f := newFixture(t, healtest.RateLimited(healtest.RetryAfterDate(start, time.Hour)), healtest.Answer(valid))
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, heal.ClassRateLimit, dl.Class)
	assert.Contains(t, dl.Reason, "exceeds the cap")
	assert.Equal(t, 1, f.srv.Calls())
	assert.Empty(t, f.clock.Sleeps())
}

func TestUnauthorizedIsNeverRetried(t *testing.T) {
	f := newFixture(t, healtest.Unauthorized(), healtest.Answer(valid))
	f.h.Policy.MaxAttempts = 5
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
	assert.Equal(t, heal.ClassAuth, dl.Class)
	assert.Equal(t, heal.ActionStop, dl.Attempts[0].Decision.Action)
	var te *heal.TransportError
	require.ErrorAs(t, err, &te, "the give-up error unwraps to the transport error")
	assert.Equal(t, 401, te.StatusCode)
	assert.Equal(t, map[heal.Class]int64{heal.ClassAuth: 1}, f.c.Snapshot().DeadLettered)
}

func TestContextLengthExceededIsNotRetried(t *testing.T) {
	f := newFixture(t, healtest.ContextLengthExceeded(), healtest.Answer(valid))
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
	assert.Equal(t, heal.ClassFatal, dl.Class)
	assert.Contains(t, dl.Reason, "context length exceeded")
}

type denyModel struct{ calls int }

func (m *denyModel) Complete(context.Context, heal.Request) (heal.Response, error) {
	m.calls++
	return heal.Response{}, fmt.Errorf("tool policy: %w", heal.ErrPolicyDenied)
}

func TestPolicyDenialIsNeverRetried(t *testing.T) {
	m := &denyModel{}
	h := &heal.Healer{Model: m, Clock: healtest.NewClock(start), Policy: heal.Policy{MaxAttempts: 5}}
	_, err := h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 1, m.calls)
	assert.Equal(t, heal.ClassPolicyDenied, dl.Class)
	assert.ErrorIs(t, err, heal.ErrPolicyDenied)
}

func TestTruncationRaisesTheLimitOnceAndNeverRetriesIdentically(t *testing.T) {
	f := newFixture(t, healtest.Truncated(`{"id":7,"name":"Ada Lov`), healtest.Truncated(`{"id":7,"name":"Ada Lovelace","sta`), healtest.Answer(valid))
	f.h.Policy.MaxAttempts = 3
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	reqs := f.srv.Requests()
	require.Len(t, reqs, 2, "one raise_limit, then stop: never an identical retry")
	assert.Equal(t, 100, reqs[0].MaxTokens)
	assert.Equal(t, 200, reqs[1].MaxTokens)
	assert.Equal(t, reqs[0].Messages, reqs[1].Messages, "no re-ask turn for a truncation")
	assert.Equal(t, heal.ClassTruncated, dl.Class)
	assert.Equal(t, heal.ActionRaiseLimit, dl.Attempts[0].Decision.Action)
	assert.Contains(t, dl.Reason, "already raised once")

	f = newFixture(t, healtest.Truncated(`{"id":7,"name":"Ada`), healtest.Answer(valid))
	f.h.Policy.NoRaiseLimit = true
	_, err = f.h.Heal(context.Background(), task())
	giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
}

func TestTruncationIsReadFromTheStructureNotFinishReason(t *testing.T) {
	// A router rewrote "length" to "stop": the JSON is still cut off, and
	// the closed version is never accepted.
	f := newFixture(t, healtest.Answer(`{"id":7,"name":"Ada","status":"act`), healtest.Answer(valid))
	f.h.Policy.NoRaiseLimit = true
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, heal.ClassTruncated, dl.Class)
	assert.Equal(t, 1, f.srv.Calls())

	// "length" with a complete, valid object is accepted.
	f = newFixture(t, healtest.Truncated(valid))
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, valid, string(res.JSON))

	// "length" with empty content (a reasoning model used the budget).
	f = newFixture(t, healtest.Truncated(""), healtest.Answer(valid))
	res, err = f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 2, res.Attempts)
	assert.Equal(t, heal.ActionRaiseLimit, f.trace[0].Decision.Action)
}

func TestNoProgressBreakerFires(t *testing.T) {
	bad := `{"id":7,"name":"Ada","status":"gone"}`
	f := newFixture(t, healtest.Answer(bad), healtest.Answer(bad), healtest.Answer(valid))
	f.h.Policy.MaxAttempts = 5
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 2, f.srv.Calls())
	assert.Contains(t, dl.Reason, "no progress")
	assert.Equal(t, heal.ActionEscalate, dl.Attempts[1].Decision.Action)
	require.Len(t, dl.Attempts, 2)
	assert.Equal(t, dl.Attempts[0].Diagnostics, dl.Attempts[1].Diagnostics)
}

func TestDeadLetterSerialisesAndReplays(t *testing.T) {
	f := newFixture(t, healtest.Answer(`{"id":7}`), healtest.Answer(`{"name":"x"}`))
	tk := task()
	_, err := f.h.Heal(context.Background(), tk)
	dl := giveUp(t, err)
	assert.Equal(t, "urn:test:person", dl.SchemaID)
	assert.Equal(t, tk.Messages, dl.Task.Messages, "the original task, without re-ask turns")
	require.Len(t, dl.Attempts, 2)
	assert.Equal(t, `{"id":7}`, dl.Attempts[0].Raw)
	assert.Contains(t, dl.Attempts[0].Diagnostics, "name")
	assert.NotEmpty(t, dl.IdempotencyKey)

	data, err := json.Marshal(dl)
	require.NoError(t, err)
	back, err := heal.ParseDeadLetter(data)
	require.NoError(t, err)

	f.srv.Enqueue(healtest.Answer(valid))
	res, err := heal.Replay(context.Background(), f.h, back)
	require.NoError(t, err)
	assert.Equal(t, valid, string(res.JSON))
	reqs := f.srv.Requests()
	require.Len(t, reqs, 3)
	assert.Equal(t, reqs[0].Messages, reqs[2].Messages, "the replay sends the original conversation")
	assert.NotEqual(t, dl.IdempotencyKey, res.IdempotencyKey)

	other, err := validate.Compile([]byte(`{"$id":"urn:other"}`), validate.Options{})
	require.NoError(t, err)
	_, err = heal.Replay(context.Background(), &heal.Healer{Model: f.h.Model, Schema: other}, back)
	assert.Error(t, err, "a different schema id is refused")
}

func TestFallbackModelAfterRefusal(t *testing.T) {
	f := newFixture(t, healtest.Refusal("I can't help with that."))
	backup := healtest.New(healtest.Answer(valid))
	defer backup.Close()
	f.h.Policy.Fallback = openai.New(backup.URL, "backup")
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, "backup", res.Model)
	assert.Equal(t, 2, res.Attempts)
	assert.Equal(t, heal.ClassRefusal, f.trace[0].Decision.Class)
	assert.Equal(t, heal.ActionFallback, f.trace[0].Decision.Action)

	// Without a fallback a refusal stops.
	f = newFixture(t, healtest.ContentFilter(""), healtest.Answer(valid))
	_, err = f.h.Heal(context.Background(), task())
	assert.Equal(t, heal.ClassContentFilter, giveUp(t, err).Class)
	assert.Equal(t, 1, f.srv.Calls())
}

func TestFallbackAfterTransportRetriesRunOut(t *testing.T) {
	f := newFixture(t, healtest.Status(500), healtest.Status(500))
	f.h.Policy.Retry.MaxRetries = 1
	backup := healtest.New(healtest.Answer(valid))
	defer backup.Close()
	f.h.Policy.Fallback = openai.New(backup.URL, "backup")
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, "backup", res.Model)
	assert.Equal(t, 2, f.srv.Calls())
	assert.Equal(t, 1, backup.Calls())
}

func TestStreamFaultsAreRetriedWithTheSameKey(t *testing.T) {
	f := newFixture(t, healtest.StreamWithoutDone(valid), healtest.StreamErrorFrame(valid, 2), healtest.Streamed(valid, 1))
	f.h.Model = openai.New(f.srv.URL, "primary", openai.WithStream(true))
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 1, res.Attempts)
	assert.Equal(t, 2, res.TransportRetries)
	reqs := f.srv.Requests()
	assert.Equal(t, reqs[0].IdempotencyKey, reqs[2].IdempotencyKey)
	assert.NotZero(t, res.Usage.PromptTokens)
}

func TestStallIsCutByTheAttemptTimeout(t *testing.T) {
	f := newFixture(t, healtest.Stall(), healtest.Answer(valid))
	// Long enough for the answer on a loaded machine (20 ms was not: the
	// answer timed out too and took a second retry); the stall waits it out.
	f.h.Policy.Retry.AttemptTimeout = time.Second
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 1, res.TransportRetries)
	assert.Equal(t, 1, res.Attempts)
}

func TestCancelledContextStops(t *testing.T) {
	f := newFixture(t, healtest.Answer(valid))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := f.h.Heal(ctx, task())
	dl := giveUp(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, heal.ClassFatal, dl.Class)
}

func TestObserverSeesEveryStepWithBudgetLeft(t *testing.T) {
	f := newFixture(t, healtest.Status(503), healtest.Answer(`{"id":7}`), healtest.Answer(valid))
	f.h.Policy.Budget = heal.Budget{MaxCalls: 10}
	_, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	require.Len(t, f.trace, 3)
	assert.Equal(t, heal.ActionRetry, f.trace[0].Decision.Action)
	assert.Equal(t, 503, f.trace[0].StatusCode)
	assert.Equal(t, 9, f.trace[0].Left.Calls)
	assert.Equal(t, heal.ActionReask, f.trace[1].Decision.Action)
	assert.Equal(t, 1, f.trace[1].Attempt)
	assert.Equal(t, 8, f.trace[1].Left.Calls)
	assert.Equal(t, heal.ActionAccept, f.trace[2].Decision.Action)
	assert.Equal(t, 2, f.trace[2].Attempt)
	assert.Equal(t, heal.Unlimited, f.trace[2].Left.Tokens)
	for _, e := range f.trace {
		assert.Equal(t, "t1", e.TaskID)
		assert.NotEmpty(t, e.Decision.Reason)
	}
}

type person struct {
	ID     int      `json:"id"`
	Name   string   `json:"name"`
	Status string   `json:"status"`
	Tags   []string `json:"tags"`
}

func TestDecodeGeneric(t *testing.T) {
	f := newFixture(t, healtest.Answer(healtest.Fenced(`{"id":"7","name":"Ada","status":"active","tags":["x"]}`)))
	p, res, err := heal.Decode[person](context.Background(), f.h, task())
	require.NoError(t, err)
	assert.Equal(t, person{ID: 7, Name: "Ada", Status: "active", Tags: []string{"x"}}, p)
	assert.Equal(t, heal.OutcomeFixed, res.Outcome)

	f = newFixture(t, healtest.Unauthorized())
	_, _, err = heal.Decode[person](context.Background(), f.h, task())
	assert.True(t, errors.Is(err, heal.ErrGaveUp))
}

func TestGuardCancelsAStreamEarlyAndReasks(t *testing.T) {
	long := `{"id":7,"colour":"red","name":"` + strings.Repeat("Ada ", 500) + `","status":"active"}`
	f := newFixture(t, healtest.Streamed(long, 8), healtest.Streamed(valid, 8))
	f.h.Model = openai.New(f.srv.URL, "primary", openai.WithStream(true))
	g, err := heal.NewGuard([]byte(personSchema))
	require.NoError(t, err)
	f.h.Guard = g
	res, err := f.h.Heal(context.Background(), task())
	require.NoError(t, err)
	assert.Equal(t, 2, res.Attempts)
	assert.Equal(t, 0, res.TransportRetries, "a guard cancellation is not a transport retry")
	assert.Equal(t, heal.ActionReask, f.trace[0].Decision.Action)
	assert.Contains(t, f.trace[0].Decision.Reason, "stream cancelled early")
	_, partial := f.srv.Requests()[1].Message(2)
	assert.True(t, strings.HasPrefix(long, partial))
	assert.Less(t, len(partial), 40, "the stream was cut at the forbidden property")
	_, fix := f.srv.Requests()[1].Message(3)
	assert.Contains(t, fix, `"colour" is not allowed`)
}

func TestCostBudgetWithPrices(t *testing.T) {
	f := newFixture(t, healtest.Step{Content: `{"id":7}`, Usage: &heal.Usage{PromptTokens: 1000, CompletionTokens: 500}}, healtest.Answer(valid))
	f.h.Policy.Budget = heal.Budget{MaxCost: 0.01, Prices: heal.Prices{PromptPerMillion: 5, CompletionPerMillion: 15}}
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
	assert.InDelta(t, 0.0125, dl.Cost, 1e-9)
	assert.Contains(t, dl.Reason, "cost budget exhausted")
}

func TestNoReaskPolicyStops(t *testing.T) {
	f := newFixture(t, healtest.Answer(`{"id":7}`), healtest.Answer(valid))
	f.h.Policy.NoReask = true
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.Equal(t, 1, f.srv.Calls())
	assert.Contains(t, dl.Reason, "forbids re-asking")
	assert.Equal(t, heal.ActionStop, dl.Attempts[0].Decision.Action)
}

func TestOneHealerServesManyGoroutines(t *testing.T) {
	f := newFixture(t)
	f.srv.Close()
	answer := healtest.Answer(`{"id":"7","name":"Ada","status":"active"}`)
	srv := healtest.NewServer(healtest.Config{Exhausted: &answer})
	defer srv.Close()
	f.h.Model = openai.New(srv.URL, "m")
	f.h.Observer = nil
	const n = 16
	errs := make(chan error, n)
	for range n {
		go func() {
			res, err := f.h.Heal(context.Background(), task())
			if err == nil && string(res.JSON) != valid {
				err = fmt.Errorf("got %s", res.JSON)
			}
			errs <- err
		}()
	}
	for range n {
		require.NoError(t, <-errs)
	}
	s := f.c.Snapshot()
	assert.Equal(t, int64(n), s.FixedBySchema)
	assert.Equal(t, int64(n), s.Calls)
}

func TestTimeBudgetBoundsTheCallInFlightOnTheRealClock(t *testing.T) {
	f := newFixture(t, healtest.Stall())
	f.h.Clock = nil
	f.h.Policy.Budget.MaxDuration = 30 * time.Millisecond
	_, err := f.h.Heal(context.Background(), task())
	dl := giveUp(t, err)
	assert.ErrorIs(t, err, heal.ErrBudget)
	assert.Contains(t, dl.Reason, "time budget")
	assert.Equal(t, 1, f.srv.Calls())
}

// scriptModel answers from a list and keeps the requests.
type scriptModel struct {
	answers []heal.Response
	reqs    []heal.Request
}

func (m *scriptModel) Complete(_ context.Context, req heal.Request) (heal.Response, error) {
	m.reqs = append(m.reqs, req)
	r := m.answers[0]
	m.answers = m.answers[1:]
	return r, nil
}

// TestTruncationWithTheClientsOwnLimitRaisesAboveIt: a task with no
// MaxTokens leaves the limit to the model's client (8,000 tokens, say);
// the cut answer's usage tells the loop where it was cut, and the raise
// starts from there: 16,000, not DefaultRaisedMaxTokens (4,096), which
// would have lowered it. A raise the policy fixes below it is refused.
func TestTruncationWithTheClientsOwnLimitRaisesAboveIt(t *testing.T) {
	schema, err := validate.Compile([]byte(personSchema), validate.Options{})
	require.NoError(t, err)
	cut := heal.Response{Content: `{"id":7,"name":"Ada Lov`, FinishReason: "length", Usage: heal.Usage{CompletionTokens: 8000}}
	m := &scriptModel{answers: []heal.Response{cut, {Content: valid, FinishReason: "stop"}}}
	h := &heal.Healer{Model: m, Schema: schema, Clock: healtest.NewClock(start)}
	tk := task()
	tk.MaxTokens = 0
	_, err = h.Heal(context.Background(), tk)
	require.NoError(t, err)
	require.Len(t, m.reqs, 2)
	assert.Equal(t, 0, m.reqs[0].MaxTokens)
	assert.Equal(t, 16000, m.reqs[1].MaxTokens)

	m = &scriptModel{answers: []heal.Response{cut, {Content: valid, FinishReason: "stop"}}}
	h = &heal.Healer{Model: m, Schema: schema, Clock: healtest.NewClock(start), Policy: heal.Policy{RaisedMaxTokens: 4096}}
	_, err = h.Heal(context.Background(), tk)
	dl := giveUp(t, err)
	assert.Len(t, m.reqs, 1, "a raise to 4,096 after a cut at 8,000 would be no raise")
	assert.Contains(t, dl.Reason, "not higher")
}
