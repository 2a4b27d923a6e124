package jsonl

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const ticketSchema = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["id", "status"],
  "properties": {
    "id": {"type": "integer"},
    "status": {"enum": ["open", "closed"]},
    "note": {"type": "string"}
  }
}`

// repairServer is a loopback chat-completions server whose answer depends
// on the record in the request (so that the answers do not depend on which
// worker calls first): answer gets the raw record and the attempt number
// (1 for the first call, 2 after a re-ask...). Each call reports usage
// tokens in all.
func repairServer(t *testing.T, cfg healtest.Config, usage int, answer func(record string, attempt int) string) *healtest.Server {
	t.Helper()
	cfg.Exhausted = &healtest.Step{Handler: func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Messages []heal.Message `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Messages) < 2 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		_, record, _ := strings.Cut(body.Messages[1].Content, "\nRecord:\n")
		attempt := (len(body.Messages)-2)/2 + 1
		out, _ := json.Marshal(map[string]any{
			"id": "chatcmpl-test", "object": "chat.completion", "model": "repairer",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": answer(record, attempt)}}},
			"usage": map[string]int{"prompt_tokens": usage - usage/4, "completion_tokens": usage / 4, "total_tokens": usage},
		})
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(out)
	}}
	srv := healtest.NewServer(cfg)
	t.Cleanup(srv.Close)
	return srv
}

func compileTicket(t *testing.T) *validate.Schema {
	t.Helper()
	s, err := validate.Compile([]byte(ticketSchema), validate.Options{})
	require.NoError(t, err)
	return s
}

func newModelHealer(t *testing.T, srv *healtest.Server, opts ModelOptions, key string) *ModelHealer {
	t.Helper()
	client := openai.New(srv.URL, "repairer", openai.WithHTTPClient(srv.Client()), openai.WithAPIKey(key))
	opts.Schema = []byte(ticketSchema)
	return NewModelHealer(&heal.Healer{
		Model:  client,
		Schema: compileTicket(t),
		Policy: heal.Policy{MaxAttempts: 2, Retry: heal.RetryPolicy{MaxRetries: -1}},
		Clock:  healtest.NewClock(time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)),
	}, opts)
}

// healInput mixes every fate a record can have with a model configured.
const healInput = `{"id":1,"status":"open"}
{"id":"2","status":"OPEN"}
{"id":3}
{"id":4,"status":"pending"}
not json at all, just prose
{"id":6,"status":"op
{"id":7,"status":"open","extra":true}
{"id":8,"status":"closed"}
`

func healAnswers(record string, attempt int) string {
	switch {
	case strings.HasPrefix(record, `{"id":3}`):
		return "```json\n{\"id\":3,\"status\":\"open\"}\n```"
	case strings.HasPrefix(record, `{"id":4,`):
		return `{"id":4,"status":"pending"}` // never healed
	case strings.HasPrefix(record, `{"id":7,`):
		return `{"id":7,"status":"open"}`
	}
	return `{"unexpected":true}`
}

func TestModelHealerHealsInOrderAndLosesNothing(t *testing.T) {
	srv := repairServer(t, healtest.Config{}, 40, healAnswers)
	mh := newModelHealer(t, srv, ModelOptions{Concurrency: 2}, "")
	for _, workers := range []int{1, 3} {
		res := cleanBytes(t, []byte(healInput), Options{
			Workers: workers, BatchBytes: 16, Window: 4,
			Schema: SchemaValidator(compileTicket(t)), Healer: mh, Source: "in.jsonl",
		})
		require.NoError(t, res.err)
		st := res.stats
		assert.Equal(t, "{\"id\":1,\"status\":\"open\"}\n{\"id\":2,\"status\":\"open\"}\n{\"id\":3,\"status\":\"open\"}\n"+
			"{\"id\":7,\"status\":\"open\"}\n{\"id\":8,\"status\":\"closed\"}\n", res.out, "input order, whatever the workers")
		assert.Equal(t, int64(8), st.Records)
		assert.Equal(t, st.Records, st.Written()+st.Rejected, "records in = out + rejects")
		assert.Equal(t, int64(2), st.Clean)
		assert.Equal(t, int64(1), st.SchemaFixed)
		assert.Equal(t, map[string]int64{"coerce": 1, "enum_case": 1}, st.SchemaFixedBy)
		assert.Equal(t, int64(2), st.Healed)
		require.Equal(t, 3, len(res.rejects))

		gaveUp := res.rejects[0]
		assert.Equal(t, int64(4), gaveUp.Line)
		assert.Equal(t, "schema", gaveUp.Reason)
		assert.Contains(t, gaveUp.Error, "the model did not heal it: schema")
		var details struct {
			Diagnostics json.RawMessage  `json:"diagnostics"`
			DeadLetter  *heal.DeadLetter `json:"dead_letter"`
		}
		require.NoError(t, json.Unmarshal(gaveUp.Details, &details))
		assert.NotEmpty(t, details.Diagnostics, "the record's own diagnostics stay")
		require.NotNil(t, details.DeadLetter)
		assert.Equal(t, 2, details.DeadLetter.ModelAttempts)
		assert.Equal(t, "in.jsonl:4", details.DeadLetter.Task.ID)
		assert.Contains(t, details.DeadLetter.Task.Messages[1].Content, `{"id":4,"status":"pending"}`)
		_, err := heal.ParseDeadLetter(mustJSON(t, details.DeadLetter))
		require.NoError(t, err, "the dead letter is replayable")

		assert.Equal(t, "no_value", res.rejects[1].Reason)
		assert.Contains(t, res.rejects[1].Error, "not sent to the model")
		assert.Equal(t, "truncated", res.rejects[2].Reason)
		assert.Contains(t, res.rejects[2].Error, "not sent to the model: the record is truncated")
	}
	// Per run: record 3 and 7 once, record 4 twice (a re-ask); the
	// schema-fixed record 2 never, nor the truncated and prose ones.
	reqs := srv.Requests()
	require.Len(t, reqs, 8)
	for _, r := range reqs {
		body := string(r.Body)
		assert.NotContains(t, body, `OPEN`, "a schema-fixed record is never sent")
		assert.NotContains(t, body, `{\"id\":6`, "a truncated record is never sent")
		assert.NotContains(t, body, `just prose`)
	}
	ms := mh.Stats()
	assert.Equal(t, int64(8), ms.Calls)
	assert.Equal(t, int64(4), ms.Healed)
	assert.Equal(t, int64(2), ms.GaveUp)
	assert.Equal(t, int64(8*40), ms.PromptTokens+ms.CompletionTokens)
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func TestModelHealerStopsCallingWhenTheRunBudgetIsSpent(t *testing.T) {
	srv := repairServer(t, healtest.Config{}, 100, func(record string, _ int) string {
		return strings.Replace(record, `}`, `,"status":"open"}`, 1)
	})
	// 100 tokens a call: the budget of 150 allows a second call (50 left
	// before it), then refuses every other.
	mh := newModelHealer(t, srv, ModelOptions{Concurrency: 1, BudgetTokens: 150}, "")
	var in strings.Builder
	for i := range 6 {
		in.WriteString(`{"id":` + string(rune('1'+i)) + "}\n")
	}
	res := cleanBytes(t, []byte(in.String()), Options{
		Workers: 1, Schema: SchemaValidator(compileTicket(t)), Healer: mh,
	})
	require.NoError(t, res.err)
	assert.Equal(t, 2, srv.Calls(), "no call once the budget is spent")
	assert.Equal(t, "{\"id\":1,\"status\":\"open\"}\n{\"id\":2,\"status\":\"open\"}\n", res.out)
	st := res.stats
	assert.Equal(t, st.Records, st.Written()+st.Rejected)
	assert.Equal(t, map[string]int64{"budget": 4}, st.RejectedBy)
	require.Equal(t, 4, len(res.rejects))
	for i, r := range res.rejects {
		assert.Equal(t, int64(i+3), r.Line)
		assert.Equal(t, "budget", r.Reason)
		assert.Contains(t, r.Error, "not sent to the model: the run's model token budget is exhausted (200 of 150 tokens used)")
		raw, err := r.RawBytes()
		require.NoError(t, err)
		assert.Equal(t, `{"id":`+string(rune('1'+i+2))+`}`, string(raw), "kept for a replay")
	}
	assert.Equal(t, int64(4), mh.Stats().OverBudget)
}

// concurrencyProbe wraps a model and records the most calls in flight at
// once. The first limit calls wait for each other, so that reaching the
// limit is certain, not a matter of timing.
type concurrencyProbe struct {
	inner           heal.Model
	limit           int
	inFlight, most  atomic.Int64
	arrived         atomic.Int64
	barrier         chan struct{}
	closeBarrierOne sync.Once
}

func (p *concurrencyProbe) Complete(ctx context.Context, req heal.Request) (heal.Response, error) {
	n := p.inFlight.Add(1)
	defer p.inFlight.Add(-1)
	for {
		m := p.most.Load()
		if n <= m || p.most.CompareAndSwap(m, n) {
			break
		}
	}
	if a := p.arrived.Add(1); a <= int64(p.limit) {
		if a == int64(p.limit) {
			p.closeBarrierOne.Do(func() { close(p.barrier) })
		}
		select {
		case <-p.barrier:
		case <-time.After(10 * time.Second): // the limit was never reached: most says so
		case <-ctx.Done():
			return heal.Response{}, ctx.Err()
		}
	}
	return p.inner.Complete(ctx, req)
}

func TestModelHealerRespectsTheConcurrencyLimit(t *testing.T) {
	srv := repairServer(t, healtest.Config{}, 10, func(record string, _ int) string {
		return strings.Replace(record, `}`, `,"status":"closed"}`, 1)
	})
	probe := &concurrencyProbe{
		inner: openai.New(srv.URL, "repairer", openai.WithHTTPClient(srv.Client())),
		limit: 2, barrier: make(chan struct{}),
	}
	mh := NewModelHealer(&heal.Healer{Model: probe, Schema: compileTicket(t)}, ModelOptions{Concurrency: 2})
	var in, want strings.Builder
	for i := range 24 {
		id := string(rune('a' + i))
		in.WriteString(`{"id":1,"note":"` + id + "\"}\n")
		want.WriteString(`{"id":1,"note":"` + id + "\",\"status\":\"closed\"}\n")
	}
	res := cleanBytes(t, []byte(in.String()), Options{
		Workers: 6, BatchBytes: 32, Window: 12, Schema: SchemaValidator(compileTicket(t)), Healer: mh,
	})
	require.NoError(t, res.err)
	assert.Equal(t, want.String(), res.out)
	assert.Equal(t, int64(24), res.stats.Healed)
	assert.Equal(t, 24, srv.Calls())
	assert.Equal(t, int64(2), probe.most.Load(), "6 workers, at most 2 model calls at once")
}

func TestModelHealerStopsTheRunOnRejectedCredentials(t *testing.T) {
	srv := repairServer(t, healtest.Config{APIKey: "right"}, 10, func(string, int) string { return `{}` })
	mh := newModelHealer(t, srv, ModelOptions{}, "wrong")
	var in strings.Builder
	in.WriteString("{\"id\":1,\"status\":\"open\"}\n{\"id\":2}\n")
	for range 200 {
		in.WriteString("{\"id\":1,\"status\":\"open\"}\n{\"id\":3}\n")
	}
	res := cleanBytes(t, []byte(in.String()), Options{
		Workers: 1, BatchBytes: 64, Window: 2, Schema: SchemaValidator(compileTicket(t)), Healer: mh,
	})
	var se *StoppedError
	require.ErrorAs(t, res.err, &se)
	var he *HealError
	require.ErrorAs(t, res.err, &he)
	assert.True(t, he.Stop)
	assert.Contains(t, he.Error(), "auth")
	assert.Contains(t, he.Error(), "401")
	var te *heal.TransportError
	require.True(t, errors.As(res.err, &te))
	assert.Equal(t, http.StatusUnauthorized, te.StatusCode)

	assert.Equal(t, 1, srv.Calls(), "401 is never retried, nor sent again for other records")
	st := res.stats
	assert.Less(t, st.Records, int64(402), "the run stopped before the end")
	assert.Equal(t, st.Records, st.Written()+st.Rejected, "records read = out + rejects")
	require.NotEmpty(t, res.rejects)
	first := res.rejects[0]
	assert.Equal(t, int64(2), first.Line)
	assert.Contains(t, string(first.Details), `"class":"auth"`)
	for _, r := range res.rejects[1:] {
		assert.Contains(t, r.Error, "not sent to the model: the run stopped")
	}
	assert.Equal(t, se.Line, st.Line)
}

func TestModelHealerDoesNotSendRecordsOverItsCap(t *testing.T) {
	srv := repairServer(t, healtest.Config{}, 10, func(string, int) string { return `{"id":1,"status":"open"}` })
	mh := newModelHealer(t, srv, ModelOptions{MaxRecordBytes: 20}, "")
	res := cleanBytes(t, []byte("{\"id\":1}\n{\"id\":1,\"note\":\"a longer record\"}\n"),
		Options{Schema: SchemaValidator(compileTicket(t)), Healer: mh})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"id\":1,\"status\":\"open\"}\n", res.out)
	require.Equal(t, 1, len(res.rejects))
	assert.Equal(t, int64(2), res.rejects[0].Line)
	assert.Contains(t, res.rejects[0].Error, "not sent to the model: the record is larger (33 bytes) than the cap for a repair prompt (20 bytes)")
	assert.Equal(t, 1, srv.Calls())
}

func TestSchemaFixesAvoidTheModelAndCanBeSwitchedOff(t *testing.T) {
	srv := repairServer(t, healtest.Config{}, 10, func(string, int) string { return `{"id":9,"status":"open"}` })
	in := "{\"ID\":\"1\",\"status\":\"Closed\"}\n"
	schema := SchemaValidator(compileTicket(t))

	res := cleanBytes(t, []byte(in), Options{Schema: schema, Healer: newModelHealer(t, srv, ModelOptions{}, "")})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"id\":1,\"status\":\"closed\"}\n", res.out)
	assert.Equal(t, int64(1), res.stats.SchemaFixed)
	assert.Equal(t, map[string]int64{"rename": 1, "coerce": 1, "enum_case": 1}, res.stats.SchemaFixedBy)
	assert.Zero(t, srv.Calls(), "schema fixes avoid the model call")

	// A confidence floor above the fixes' refuses them: the model is asked.
	res = cleanBytes(t, []byte(in), Options{Schema: schema, Sanitize: sanitize.Options{MinConfidence: sanitize.Certain},
		Healer: newModelHealer(t, srv, ModelOptions{}, "")})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"id\":9,\"status\":\"open\"}\n", res.out)
	assert.Equal(t, int64(1), res.stats.Healed)
	assert.Equal(t, 1, srv.Calls())

	res = cleanBytes(t, []byte(in), Options{Schema: schema, DisabledSchemaFixes: heal.AllFixes})
	require.NoError(t, res.err)
	assert.Empty(t, res.out)
	require.Len(t, res.rejects, 1)
	assert.Equal(t, "schema", res.rejects[0].Reason)
}

func TestCleanConservesEveryRecordWithAModel(t *testing.T) {
	in, err := os.ReadFile("../testdata/sample/outputs.jsonl")
	require.NoError(t, err)
	schemaText, err := os.ReadFile("../testdata/sample/schema.json")
	require.NoError(t, err)
	schema, err := validate.Compile(schemaText, validate.Options{})
	require.NoError(t, err)
	valid := string(compactFile(t, "../testdata/schemas/llm.valid.json"))
	// Records whose length is even are healed; the others get prose twice
	// and are dead-lettered: the answers depend on the record only, so every
	// configuration must give the sequential oracle's output.
	srv := repairServer(t, healtest.Config{}, 50, func(record string, _ int) string {
		if len(record)%2 == 0 {
			return valid
		}
		return "Sorry, I cannot repair this record."
	})
	mh := NewModelHealer(&heal.Healer{
		Model:  openai.New(srv.URL, "repairer", openai.WithHTTPClient(srv.Client())),
		Schema: schema,
		Policy: heal.Policy{Retry: heal.RetryPolicy{MaxRetries: -1}},
	}, ModelOptions{Schema: schemaText})
	recs, err := splitAll(t, bytes.NewReader(in), SplitOptions{})
	require.NoError(t, err)
	type fate struct {
		line   int64
		reason string
		raw    string
	}
	var wantOut string
	var wantRej []fate
	for i, cfg := range []struct{ workers, batch int }{{1, 0}, {3, 2 << 10}, {2, 512}} {
		res := cleanBytes(t, in, Options{Schema: SchemaValidator(schema), Healer: mh, Workers: cfg.workers, BatchBytes: cfg.batch})
		require.NoError(t, res.err)
		st := res.stats
		assert.Equal(t, int64(len(recs)), st.Records)
		assert.Equal(t, st.Records, st.Written()+st.Rejected, "records in = out + rejects")
		assert.Equal(t, st.Written(), int64(strings.Count(res.out, "\n")))
		assert.Positive(t, st.Healed)
		assert.Positive(t, st.SchemaFixed)
		var rej []fate
		for _, r := range res.rejects {
			raw, err := r.RawBytes()
			require.NoError(t, err)
			rej = append(rej, fate{r.Line, r.Reason, string(raw)})
		}
		require.Equal(t, int(st.Rejected), len(rej))
		if i == 0 {
			wantOut, wantRej = res.out, rej
			continue
		}
		assert.Equal(t, wantOut, res.out, "the same records, in the same order, whatever the workers")
		assert.Equal(t, wantRej, rej)
	}
	st := mh.Stats()
	assert.Positive(t, st.Healed)
	assert.Positive(t, st.GaveUp)
	assert.Positive(t, st.Skipped, "truncated and prose-only records are not sent")
}

// TestSchemaFixGuessesNeedAnExplicitFloor checks that the zero floor is
// likely for the schema fixes too: the rename of ticketId to id (a guess:
// one name ends with the other) is refused by default, and made with
// Sanitize.MinConfidence set to sanitize.Guess.
func TestSchemaFixGuessesNeedAnExplicitFloor(t *testing.T) {
	in := []byte("{\"ticketId\":1,\"status\":\"open\"}\n")
	schema := SchemaValidator(compileTicket(t))
	res := cleanBytes(t, in, Options{Schema: schema})
	require.NoError(t, res.err)
	assert.Empty(t, res.out)
	require.Len(t, res.rejects, 1)
	assert.Equal(t, "schema", res.rejects[0].Reason)

	res = cleanBytes(t, in, Options{Schema: schema, Sanitize: sanitize.Options{MinConfidence: sanitize.Guess}})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"id\":1,\"status\":\"open\"}\n", res.out)
	assert.Equal(t, map[string]int64{"rename": 1}, res.stats.SchemaFixedBy)
}

// unauthorized is a model every call of which fails as a bad key does.
type unauthorized struct{}

func (unauthorized) Complete(context.Context, heal.Request) (heal.Response, error) {
	return heal.Response{}, &heal.TransportError{StatusCode: 401, Message: "bad key"}
}

// slowInvalid rejects every record after a moment, so that the workers'
// records reach the model at about the same time.
type slowInvalid struct{}

func (slowInvalid) Check([]byte) *Diagnosis {
	time.Sleep(time.Millisecond)
	return &Diagnosis{Text: "invalid"}
}

// TestTheErrorThatStopsTheRunIsCompleteWhenSeen: when a 401 stops the
// run, the workers that see the stop read its message at once; the
// message is written before the error is published (under the race
// detector, writing it after the compare-and-swap fails here now and
// then). Every record is counted, the run stops with a StoppedError.
func TestTheErrorThatStopsTheRunIsCompleteWhenSeen(t *testing.T) {
	for range 3 {
		mh := NewModelHealer(&heal.Healer{Model: unauthorized{}}, ModelOptions{Concurrency: 4})
		c := NewCleaner(Options{Workers: 4, BatchBytes: 1, Schema: slowInvalid{}, Healer: mh})
		st, err := c.Run(context.Background(), strings.NewReader(strings.Repeat("{\"a\":1}\n", 200)), io.Discard, nil)
		var se *StoppedError
		require.ErrorAs(t, err, &se)
		assert.Contains(t, se.Err.Error(), "the model failed in a way every record would")
		assert.Equal(t, st.Records, st.Written()+st.Rejected)
	}
}
