package benthos

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newTestProcessor(t *testing.T, yaml string) (*Processor, error) {
	t.Helper()
	conf, err := ProcessorSpec().ParseYAML(yaml, nil)
	if err != nil {
		return nil, err
	}
	return NewProcessor(conf, service.MockResources())
}

// processOne runs one message through a processor built from yaml.
func processOne(t *testing.T, yaml, in string) (string, error, map[string]any) {
	t.Helper()
	p, err := newTestProcessor(t, yaml)
	require.NoError(t, err)
	batch, err := process(context.Background(), p, service.NewMessage([]byte(in)))
	require.NoError(t, err, "rejections mark the message; Process itself does not fail")
	require.Len(t, batch, 1)
	body, err := batch[0].AsBytes()
	require.NoError(t, err)
	meta := map[string]any{}
	_ = batch[0].MetaWalkMut(func(k string, v any) error { meta[k] = v; return nil })
	return string(body), batch[0].GetError(), meta
}

func TestConfigErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.json")
	for name, yaml := range map[string]string{
		"schema and schema_path":  "schema: '{}'\nschema_path: x.json",
		"schema does not parse":   "schema: '{\"type\":'",
		"schema does not compile": `schema: '{"type":"nope"}'`,
		"schema_path missing":     "schema_path: " + yamlString(missing),
		"unknown fix":             "schema_fixes: [ rename, guess_everything ]",
		"bad confidence":          "min_confidence: sure",
		"bad max_depth":           "max_depth: 0",
		"heal zero attempts":      "heal: { model: m, max_attempts: 0 }",
		"heal negative budget":    "heal: { model: m, budget_tokens: -1 }",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := newTestProcessor(t, yaml)
			assert.Error(t, err)
		})
	}
	conf, err := BatchProcessorSpec().ParseYAML("heal: { model: m, max_in_flight: 0 }", nil)
	require.NoError(t, err)
	_, err = NewBatchProcessor(conf, service.MockResources())
	assert.ErrorContains(t, err, "max_in_flight")
}

func TestLintRejectsSchemaAndSchemaPath(t *testing.T) {
	b := service.NewStreamBuilder()
	err := b.AddProcessorYAML("jsonheal:\n  schema: '{}'\n  schema_path: x.json\n")
	assert.ErrorContains(t, err, "not both")
}

func TestSchemaPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "schema.json")
	require.NoError(t, os.WriteFile(path, []byte(testSchema), 0o600))
	yaml := "schema_path: " + yamlString(path)
	_, err, meta := processOne(t, yaml, `{"id":1,"status":"ok"}`)
	require.NoError(t, err)
	assert.Equal(t, OutcomeClean, meta[MetaOutcome])
	_, err, _ = processOne(t, yaml, `{"id":"1","status":"lost"}`)
	assert.Error(t, err)
}

func TestNoSchemaAcceptsOneValue(t *testing.T) {
	body, err, meta := processOne(t, "", "```json\n[1,2]\n```")
	require.NoError(t, err)
	assert.Equal(t, "[1,2]", body)
	assert.Equal(t, OutcomeSanitized, meta[MetaOutcome])

	body, err, meta = processOne(t, "", `{"a":1}{"b":2}`)
	var rej *RejectError
	require.ErrorAs(t, err, &rej, "a record is one value")
	assert.Equal(t, "multiple_values", rej.Class)
	assert.Equal(t, `{"a":1}{"b":2}`, body)
	assert.Equal(t, OutcomeRejected, meta[MetaOutcome])
}

func TestCloseTruncated(t *testing.T) {
	const cut = `{"id":7,"status":"ok","note":"cut of`
	_, err, meta := processOne(t, "schema: "+yamlString(testSchema), cut)
	var rej *RejectError
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, "truncated", rej.Class)
	assert.Equal(t, LayerSanitize, meta[MetaLayer])

	body, err, meta := processOne(t, "close_truncated: true\nschema: "+yamlString(testSchema), cut)
	require.NoError(t, err)
	assert.True(t, json.Valid([]byte(body)), body)
	assert.Contains(t, body, `"id":7`)
	assert.Equal(t, true, meta[MetaTruncated], "closed, but never reported complete")
	assert.Equal(t, true, meta[MetaRepaired])
	var kinds []any
	for _, f := range meta[MetaFixList].([]any) {
		kinds = append(kinds, f.(map[string]any)["kind"])
	}
	assert.Contains(t, kinds, "close_truncated")

	// Closing drops the incomplete key: what is left misses a required
	// property, so the record is still rejected as truncated.
	_, err, _ = processOne(t, "close_truncated: true\nschema: "+yamlString(testSchema), `{"id":7,"sta`)
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, "truncated", rej.Class)
}

func TestStrictRefusesRepairs(t *testing.T) {
	in := "{\"id\":1,\"status\":\"ok\",\"note\":\"bad \xff byte\"}"
	body, err, meta := processOne(t, "schema: "+yamlString(testSchema), in)
	require.NoError(t, err)
	assert.Equal(t, "{\"id\":1,\"status\":\"ok\",\"note\":\"bad \uFFFD byte\"}", body)
	assert.Equal(t, OutcomeSanitized, meta[MetaOutcome])

	body, err, _ = processOne(t, "strict: true\nschema: "+yamlString(testSchema), in)
	var rej *RejectError
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, LayerSanitize, rej.Layer)
	assert.Equal(t, in, body)

	// Strict still strips fences and prose.
	body, err, _ = processOne(t, "strict: true", "Here: {\"id\":1}")
	require.NoError(t, err)
	assert.Equal(t, `{"id":1}`, body)
}

func TestFixPolicy(t *testing.T) {
	const in = `{"id":1,"status":"OK"}`
	schema := "schema: " + yamlString(testSchema)
	body, err, _ := processOne(t, schema, in)
	require.NoError(t, err)
	assert.Equal(t, `{"id":1,"status":"ok"}`, body)

	for name, policy := range map[string]string{
		"min_confidence certain": "min_confidence: certain",
		"no schema fixes":        "schema_fixes: []",
		"other fixes only":       "schema_fixes: [ coerce, rename ]",
	} {
		t.Run(name, func(t *testing.T) {
			body, err, meta := processOne(t, schema+"\n"+policy, in)
			var rej *RejectError
			require.ErrorAs(t, err, &rej)
			assert.Equal(t, "schema", rej.Class)
			assert.Equal(t, LayerValidate, meta[MetaLayer])
			assert.Equal(t, in, body)
		})
	}

	// A certain coercion passes the certain floor.
	body, err, _ = processOne(t, schema+"\nmin_confidence: certain", `{"id":"12","status":"ok"}`)
	require.NoError(t, err)
	assert.Equal(t, `{"id":12,"status":"ok"}`, body)
}

func TestMaxBytes(t *testing.T) {
	_, err, meta := processOne(t, "max_bytes: 16", "```json\n{\"a\":\"0123456789abcdef\"}\n```")
	var rej *RejectError
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, "too_large", rej.Class)
	assert.Equal(t, LayerSanitize, meta[MetaLayer])
}

// TestReprocessingClearsStaleMetadata: a message rejected once and sent
// through again (e.g. after a manual fix) loses the rejection metadata.
func TestReprocessingClearsStaleMetadata(t *testing.T) {
	p, err := newTestProcessor(t, "schema: "+yamlString(testSchema))
	require.NoError(t, err)
	msg := service.NewMessage([]byte(`{"id":1,"status":"lost"}`))
	out, err := process(context.Background(), p, msg)
	require.NoError(t, err)
	_, ok := out[0].MetaGetMut(MetaError)
	require.True(t, ok)

	fixed := out[0].Copy()
	fixed.SetError(nil)
	fixed.SetBytes([]byte(`{"id":1,"status":"failed"}`))
	out, err = process(context.Background(), p, fixed)
	require.NoError(t, err)
	require.NoError(t, out[0].GetError())
	for _, k := range []string{MetaError, MetaClass, MetaLayer, MetaDiagnostics, MetaDeadLetter} {
		_, ok := out[0].MetaGetMut(k)
		assert.False(t, ok, k)
	}
	assert.Equal(t, OutcomeClean, mustMeta(t, out[0], MetaOutcome))
}

func mustMeta(t *testing.T, m *service.Message, key string) any {
	t.Helper()
	v, ok := m.MetaGetMut(key)
	require.True(t, ok, key)
	return v
}

func TestRepairPolicy(t *testing.T) {
	schema := "schema: " + yamlString(testSchema) + "\n"
	const missingComma = `{"id":1,"status":"ok" "note":"x"}`
	const trailingComma = `{"id":1,"status":"ok",}`

	body, err, meta := processOne(t, schema, missingComma)
	require.NoError(t, err)
	assert.Equal(t, `{"id":1,"status":"ok", "note":"x"}`, body)
	assert.Equal(t, OutcomeSanitized, meta[MetaOutcome])

	rejects := func(t *testing.T, policy, in, wantClass, wantInDiag string) {
		t.Helper()
		body, err, meta := processOne(t, schema+policy, in)
		var rej *RejectError
		require.ErrorAs(t, err, &rej, policy)
		assert.Equal(t, wantClass, rej.Class, policy)
		assert.Equal(t, LayerSanitize, meta[MetaLayer])
		assert.Contains(t, meta[MetaDiagnostics], wantInDiag)
		assert.Equal(t, in, body, "original bytes kept")
	}
	rejects(t, "deny: [ missing_comma ]", missingComma, "syntax", "1:23")
	rejects(t, "allow: [ trailing_comma ]", missingComma, "syntax", "1:23")
	// A repair below the floor: jsonl's needs_model (a model may try).
	rejects(t, "min_confidence: certain", missingComma, "needs_model", "confidence floor")
	rejects(t, "strict: true", trailingComma, "syntax", "1:23")

	body, err, _ = processOne(t, schema+"allow: [ trailing_comma ]", trailingComma)
	require.NoError(t, err, "an allowed kind still repairs")
	assert.Equal(t, `{"id":1,"status":"ok"}`, body)
	body, err, _ = processOne(t, schema+"min_confidence: certain", trailingComma)
	require.NoError(t, err, "a certain repair passes the certain floor")
	assert.Equal(t, `{"id":1,"status":"ok"}`, body)

	for _, bad := range []string{"allow: [ commas ]", "deny: [ fence ]"} {
		_, err := newTestProcessor(t, bad)
		assert.Error(t, err, bad)
	}
}

func TestNonFiniteStrings(t *testing.T) {
	schema := "schema: " + yamlString(testSchema) + "\n"
	const in = `{"id":1,"status":"ok","note":NaN}`
	_, err, _ := processOne(t, schema, in)
	var rej *RejectError
	require.ErrorAs(t, err, &rej, "NaN becomes null, which is not a string")
	assert.Equal(t, "schema", rej.Class)

	body, err, _ := processOne(t, schema+"non_finite_strings: true", in)
	require.NoError(t, err)
	assert.Equal(t, `{"id":1,"status":"ok","note":"NaN"}`, body)
}

// TestHealWithoutModelStaysOff: a heal block with no model name (what
// `benthos-jsonheal create` writes) leaves the model off.
func TestHealWithoutModelStaysOff(t *testing.T) {
	p, err := newTestProcessor(t, "heal: { base_url: 'http://127.0.0.1:1/v1' }")
	require.NoError(t, err)
	assert.Nil(t, p.e.healer.Model)
	assert.Nil(t, p.e.s.model)
}

// TestDefaultFloorRefusesGuesses: min_confidence defaults to likely, so a
// repair that guesses (an unquoted value: a string? a typo'd literal?) is
// rejected with the guess named; min_confidence: guess accepts it.
func TestDefaultFloorRefusesGuesses(t *testing.T) {
	const unquoted = `{"id":1,"status":ok}`
	_, err, meta := processOne(t, "", unquoted)
	require.Error(t, err)
	assert.Contains(t, meta[MetaError].(string)+meta[MetaDiagnostics].(string), "unquoted_value")
	body, err, _ := processOne(t, "min_confidence: guess", unquoted)
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":1,"status":"ok"}`, body)
}

// TestOneLine: a pretty-printed record comes out on one line (its outcome
// still clean); one_line: false keeps its bytes.
func TestOneLine(t *testing.T) {
	const pretty = "{\n  \"id\": 1,\r\n  \"status\": \"ok\"\n}"
	body, err, meta := processOne(t, "", pretty)
	require.NoError(t, err)
	assert.Equal(t, `{   "id": 1,    "status": "ok" }`, body)
	assert.Equal(t, OutcomeClean, meta[MetaOutcome])
	assert.Equal(t, false, meta[MetaRepaired], "a line break between tokens is layout, not a repair")
	body, err, _ = processOne(t, "one_line: false", pretty)
	require.NoError(t, err)
	assert.Equal(t, pretty, body)
}

// TestMessagesOwnTheirBytes: the processor sanitizes into a buffer it
// reuses from message to message, so each message must get its own copy of
// a changed document; a clean one put on one line must leave the bytes the
// message was made with untouched. Messages processed one after the other
// keep their own documents.
func TestMessagesOwnTheirBytes(t *testing.T) {
	p, err := newTestProcessor(t, "")
	require.NoError(t, err)
	ins := []string{
		"{\n\"id\": 1,\n\"status\": \"ok\"\n}",              // clean, multi-line
		`{"id":2,"status":"ok" "note":"a"}`,                 // repaired
		"Sure!\n```json\n{\"id\":3,\"status\":\"ok\"}\n```", // fenced
		`{"id":4,"status":"ok","note":"b",}`,                // repaired
	}
	want := []string{
		`{ "id": 1, "status": "ok" }`,
		`{"id":2,"status":"ok", "note":"a"}`,
		`{"id":3,"status":"ok"}`,
		`{"id":4,"status":"ok","note":"b"}`,
	}
	raws := make([][]byte, len(ins))
	var out service.MessageBatch
	for i, in := range ins {
		raws[i] = []byte(in)
		batch, err := process(context.Background(), p, service.NewMessage(raws[i]))
		require.NoError(t, err)
		require.Len(t, batch, 1)
		out = append(out, batch[0])
	}
	for i, msg := range out {
		body, err := msg.AsBytes()
		require.NoError(t, err)
		assert.Equal(t, want[i], string(body), "message %d", i)
		assert.Equal(t, ins[i], string(raws[i]), "the bytes message %d was made with", i)
	}
}
