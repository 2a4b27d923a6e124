package benthos

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
)

// healYAML is a heal block pointing at a healtest server.
func healYAML(url, extra string) string {
	return fmt.Sprintf(`
  heal:
    model: test-model
    base_url: %s
    api_key: secret-key
    api_key_env: ""
    max_attempts: 2
    attempt_timeout: 10s
%s`, yamlString(url), extra)
}

// needsModel reports whether the fast layers reject r with a class the
// model may heal (truncated records are never sent).
func needsModel(r record) bool { return r.kind == kindBadEnum || r.kind == kindSyntax }

// givesUp marks the records whose scripted model answers stay invalid.
func givesUp(r record) bool { return r.kind == kindSyntax && r.id%2 == 0 }

// TestModelHealsWhatFastLayersCannot runs the jsonheal processor with a
// model (a loopback healtest server scripted in record order): records
// rejected for syntax or schema are healed with the model's answer, one
// whose answers stay invalid is dead-lettered with a replayable dead
// letter, truncated records never reach the model, and nothing is lost or
// reordered.
func TestModelHealsWhatFastLayersCannot(t *testing.T) {
	recs := fixtures(int(kindCount) * 20)
	var script []healtest.Step
	calls := 0
	for _, r := range recs {
		if !needsModel(r) {
			continue
		}
		if givesUp(r) {
			bad := healtest.Answer(fmt.Sprintf(`{"id":%d,"status":"lost"}`, r.id))
			script = append(script, bad, bad)
			calls += 2
			continue
		}
		// Fenced: the model's answer goes through sanitize too.
		script = append(script, healtest.Answer(healtest.Fenced(fmt.Sprintf(`{"id":%d,"status":"failed"}`, r.id))))
		calls++
	}
	srv := healtest.NewServer(healtest.Config{Script: script, APIKey: "secret-key"})
	defer srv.Close()

	in := writeInput(t, t.TempDir(), recs)
	b, metrics := newBuilder(t)
	b.SetThreads(1)
	require.NoError(t, b.AddInputYAML(inputYAML(in)))
	require.NoError(t, b.AddProcessorYAML(fmt.Sprintf("jsonheal:\n  schema: %s\n%s", yamlString(testSchema), healYAML(srv.URL, ""))))
	got := collect(t, b)
	run(t, b)

	require.Equal(t, calls, srv.Calls(), "one call per healed record, two per give-up, none for truncated ones")
	require.Len(t, got.msgs, len(recs), "nothing lost")
	healed, gaveUp := 0, 0
	for i, c := range got.msgs {
		r := recs[i]
		switch {
		case !needsModel(r):
			assert.Equal(t, r.outcome, c.meta[MetaOutcome], "record %d", r.id)
			if r.want != "" {
				assert.Equal(t, r.want, c.body)
			} else {
				assert.Equal(t, r.raw, c.body)
				assert.Equal(t, r.class, c.meta[MetaClass])
			}
		case givesUp(r):
			gaveUp++
			var rej *RejectError
			require.ErrorAs(t, c.err, &rej, "record %d", r.id)
			assert.Equal(t, LayerModel, rej.Layer)
			assert.Equal(t, "schema", rej.Class)
			assert.Equal(t, r.raw, c.body, "original bytes kept")
			assert.Equal(t, int64(2), c.meta[MetaModelAttempts])
			assert.Contains(t, c.meta[MetaDiagnostics], "/status")
			dl, err := heal.ParseDeadLetter([]byte(c.meta[MetaDeadLetter].(string)))
			require.NoError(t, err)
			require.Len(t, dl.Attempts, 2)
			assert.Equal(t, fmt.Sprintf(`{"id":%d,"status":"lost"}`, r.id), dl.Attempts[1].Raw)
			assert.Contains(t, dl.Task.Messages[1].Content, r.raw, "the dead letter carries the record")
		default:
			healed++
			require.NoError(t, c.err, "record %d", r.id)
			assert.Equal(t, OutcomeHealed, c.meta[MetaOutcome])
			assert.Equal(t, fmt.Sprintf(`{"id":%d,"status":"failed"}`, r.id), c.body)
			assert.Equal(t, true, c.meta[MetaRepaired])
			assert.Equal(t, int64(1), c.meta[MetaModelAttempts])
			list := c.meta[MetaFixList].([]any)
			assert.Equal(t, LayerModel, list[0].(map[string]any)["layer"])
		}
	}
	assert.Positive(t, healed)
	assert.Positive(t, gaveUp)

	reqs := srv.Requests()
	_, system := reqs[0].Message(0)
	assert.Contains(t, system, testSchema, "the default system prompt carries the schema")
	_, user := reqs[0].Message(1)
	first := fixture(int(kindBadEnum))
	require.True(t, needsModel(first))
	assert.Contains(t, user, first.raw, "the record is sent")
	assert.Contains(t, user, "/status", "with its diagnostics")
	assert.Equal(t, "Bearer secret-key", reqs[0].Header.Get("Authorization"))

	assert.Equal(t, int64(healed), metrics.Counter("jsonheal_messages{outcome=healed}"))
	assert.Equal(t, int64(gaveUp), metrics.Counter("jsonheal_rejects{layer=model,reason=schema}"))
	assert.Equal(t, int64(healed), metrics.Counter("jsonheal_model_calls{result=healed}"))
	assert.Equal(t, int64(2*gaveUp), metrics.Counter("jsonheal_model_calls{result=gave_up}"))
	assert.Positive(t, metrics.Counter("jsonheal_model_tokens{kind=prompt}"))
	assert.Zero(t, metrics.Counter("jsonheal_rejects{layer=sanitize,reason=syntax}"), "syntax failures went to the model")
}

// TestBatchHealsConcurrentlyInOrder: jsonheal_batch heals the records of
// each batch that need the model, up to max_in_flight at a time, and the
// output keeps the input order.
func TestBatchHealsConcurrentlyInOrder(t *testing.T) {
	recs := fixtures(int(kindCount) * 40)
	answer := `{"id":0,"status":"ok"}`
	srv := healtest.NewServer(healtest.Config{Exhausted: &healtest.Step{Content: answer}, APIKey: "secret-key"})
	defer srv.Close()

	in := writeInput(t, t.TempDir(), recs)
	b, _ := newBuilder(t)
	b.SetThreads(1)
	require.NoError(t, b.AddInputYAML(fmt.Sprintf(`
broker:
  inputs:
    - %s
  batching: { count: 32, period: 50ms }
`, strings.ReplaceAll(inputYAML(in), "\n", "\n      "))))
	require.NoError(t, b.AddProcessorYAML(fmt.Sprintf("jsonheal_batch:\n  schema: %s\n%s",
		yamlString(testSchema), healYAML(srv.URL, "    max_in_flight: 4\n"))))
	got := collect(t, b)
	run(t, b)

	require.Len(t, got.msgs, len(recs), "nothing lost")
	assert.Equal(t, 32, got.maxBatch)
	want := 0
	for i, c := range got.msgs {
		r := recs[i]
		if needsModel(r) {
			want++
			require.NoError(t, c.err, "record %d", r.id)
			assert.Equal(t, answer, c.body, "record %d: the model's answer in the record's own slot", r.id)
			assert.Equal(t, OutcomeHealed, c.meta[MetaOutcome])
			continue
		}
		assert.Equal(t, r.outcome, c.meta[MetaOutcome], "record %d", r.id)
		if r.want != "" {
			assert.Equal(t, r.want, c.body, "record %d", r.id)
		} else {
			assert.Equal(t, r.raw, c.body, "record %d", r.id)
		}
	}
	assert.Equal(t, want, srv.Calls())
}

// TestModelAuthFailureDeadLetters: a wrong API key stops at once (no
// retries, no re-ask): the records that needed the model are rejected with
// class auth, the others flow on.
func TestModelAuthFailureDeadLetters(t *testing.T) {
	recs := fixtures(int(kindCount) * 5)
	srv := healtest.NewServer(healtest.Config{APIKey: "the-right-key"})
	defer srv.Close()

	in := writeInput(t, t.TempDir(), recs)
	b, metrics := newBuilder(t)
	b.SetThreads(1)
	require.NoError(t, b.AddInputYAML(inputYAML(in)))
	require.NoError(t, b.AddProcessorYAML(fmt.Sprintf("jsonheal:\n  schema: %s\n%s", yamlString(testSchema), healYAML(srv.URL, ""))))
	got := collect(t, b)
	run(t, b)

	require.Len(t, got.msgs, len(recs))
	rejected := 0
	for i, c := range got.msgs {
		r := recs[i]
		if !needsModel(r) {
			assert.Equal(t, r.outcome, c.meta[MetaOutcome])
			continue
		}
		rejected++
		var rej *RejectError
		require.ErrorAs(t, c.err, &rej)
		assert.Equal(t, LayerModel, rej.Layer)
		assert.Equal(t, "auth", rej.Class)
		assert.Equal(t, r.raw, c.body)
	}
	assert.Equal(t, rejected, srv.Calls(), "401 is never retried")
	assert.Equal(t, int64(rejected), metrics.Counter("jsonheal_rejects{layer=model,reason=auth}"))
}

// TestAPIKeyFromEnvironment: api_key_env names the variable holding the key.
func TestAPIKeyFromEnvironment(t *testing.T) {
	t.Setenv("JSONHEAL_TEST_KEY", "from-env")
	srv := healtest.NewServer(healtest.Config{APIKey: "from-env", Exhausted: &healtest.Step{Content: `{"id":5,"status":"ok"}`}})
	defer srv.Close()
	recs := []record{fixture(int(kindBadEnum))}
	in := writeInput(t, t.TempDir(), recs)
	b, _ := newBuilder(t)
	require.NoError(t, b.AddInputYAML(inputYAML(in)))
	require.NoError(t, b.AddProcessorYAML(fmt.Sprintf(`
jsonheal:
  schema: %s
  heal:
    model: m
    base_url: %s
    api_key_env: JSONHEAL_TEST_KEY
`, yamlString(testSchema), yamlString(srv.URL))))
	got := collect(t, b)
	run(t, b)
	require.Len(t, got.msgs, 1)
	require.NoError(t, got.msgs[0].err)
	assert.Equal(t, `{"id":5,"status":"ok"}`, got.msgs[0].body)
	assert.Equal(t, "Bearer from-env", srv.Requests()[0].Header.Get("Authorization"))
}

// TestBelowFloorGoesToModel: with min_confidence certain, a record that
// needs a likely repair is not repaired locally but sent to the model.
func TestBelowFloorGoesToModel(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{APIKey: "secret-key", Script: []healtest.Step{healtest.Answer(`{"id":1,"status":"ok","note":"x"}`)}})
	defer srv.Close()
	yaml := "schema: " + yamlString(testSchema) + "\nmin_confidence: certain" + strings.ReplaceAll(healYAML(srv.URL, ""), "\n  ", "\n")
	body, err, meta := processOne(t, yaml, `{"id":1,"status":"ok" "note":"x"}`)
	require.NoError(t, err)
	assert.Equal(t, `{"id":1,"status":"ok","note":"x"}`, body)
	assert.Equal(t, OutcomeHealed, meta[MetaOutcome])
	require.Equal(t, 1, srv.Calls())
	_, user := srv.Requests()[0].Message(1)
	assert.Contains(t, user, "confidence floor", "the model is told why")
}

// TestTaskIDAndResponseFormat: task_id names the dead letter and is the
// base of the Idempotency-Key (stable across redeliveries);
// response_format sends the schema.
func TestTaskIDAndResponseFormat(t *testing.T) {
	bad := healtest.Answer(`{"id":1,"status":"lost"}`)
	srv := healtest.NewServer(healtest.Config{APIKey: "secret-key", Script: []healtest.Step{bad, bad, bad, bad}})
	defer srv.Close()
	yaml := "schema: " + yamlString(testSchema) + strings.ReplaceAll(healYAML(srv.URL,
		"    task_id: '${! meta(\"rid\") }'\n    response_format: true\n"), "\n  ", "\n")
	p, err := newTestProcessor(t, yaml)
	require.NoError(t, err)

	deliver := func() *heal.DeadLetter {
		msg := service.NewMessage([]byte(`{"id":1,"status":"lost"}`))
		msg.MetaSetMut("rid", "r-42")
		out, err := process(context.Background(), p, msg)
		require.NoError(t, err)
		require.Error(t, out[0].GetError())
		dl, err := heal.ParseDeadLetter([]byte(mustMeta(t, out[0], MetaDeadLetter).(string)))
		require.NoError(t, err)
		return dl
	}
	dl := deliver()
	assert.Equal(t, "r-42", dl.Task.ID)
	deliver() // a redelivery of the same record

	reqs := srv.Requests()
	require.Len(t, reqs, 4)
	keys := []string{reqs[0].IdempotencyKey, reqs[1].IdempotencyKey, reqs[2].IdempotencyKey, reqs[3].IdempotencyKey}
	assert.Equal(t, []string{"r-42-1", "r-42-2", "r-42-1", "r-42-2"}, keys, "the same keys on redelivery")
	var rf struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	}
	require.NoError(t, json.Unmarshal(reqs[0].ResponseFormat, &rf))
	assert.Equal(t, "json_schema", rf.Type)
	assert.JSONEq(t, testSchema, string(rf.JSONSchema.Schema))
}
