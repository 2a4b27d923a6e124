package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/jsonl"
)

const ticketSchema = `{"type":"object","additionalProperties":false,"required":["id","status"],
"properties":{"id":{"type":"integer"},"status":{"enum":["open","closed"]},"note":{"type":"string"}}}`

// cleanModelInput: valid, schema-fixable, needs the model, truncated, valid.
const cleanModelInput = `{"id":1,"status":"open"}
{"id":"2","status":"OPEN"}
{"id":3}
{"id":4,"status":"clo
{"id":5,"status":"closed"}
`

func cleanCLI(t *testing.T, vars map[string]string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{
		stdin:      strings.NewReader(stdin),
		stdout:     &out,
		stderr:     &errb,
		getenv:     func(k string) string { return vars[k] },
		isTerminal: func(io.Writer) bool { return false },
	}
	code := run(context.Background(), e, append([]string{"clean"}, args...))
	return code, out.String(), errb.String()
}

func readRejects(t *testing.T, path string) []jsonl.Reject {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []jsonl.Reject
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var r jsonl.Reject
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		out = append(out, r)
	}
	return out
}

func TestCleanHealsWithAModelInOrder(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{APIKey: "sk-clean", Script: []healtest.Step{
		healtest.Answer("```json\n{\"id\":3,\"status\":\"closed\"}\n```"),
	}})
	defer srv.Close()
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := cleanCLI(t, map[string]string{"CLEAN_KEY": "sk-clean"}, cleanModelInput,
		"--schema", schemaFile(t, ticketSchema), "--rejects", rej, "-j", "2",
		"--model", "fixer", "--base-url", srv.URL, "--api-key-env", "CLEAN_KEY", "--max-attempts", "2")
	assert.Equal(t, exitFailed, code, "the truncated record is rejected: %s", errOut)
	assert.Equal(t, "{\"id\":1,\"status\":\"open\"}\n{\"id\":2,\"status\":\"open\"}\n{\"id\":3,\"status\":\"closed\"}\n{\"id\":5,\"status\":\"closed\"}\n", out)
	assert.Contains(t, errOut, "schema-fixed: 1 (coerce 1, enum_case 1)")
	assert.Contains(t, errOut, "model: 1 healed, 0 gave up, 0 over budget, 1 not sent; 1 calls")
	assert.Contains(t, errOut, "second round: no task entered a second attempt", "healed at the first call")

	require.Equal(t, 1, srv.Calls(), "schema fixes and the truncated record make no call")
	req := srv.Requests()[0]
	assert.Equal(t, "Bearer sk-clean", req.Header.Get("Authorization"))
	_, system := req.Message(0)
	assert.Contains(t, system, `"required":["id","status"]`, "the schema is in the prompt")
	_, user := req.Message(1)
	assert.Contains(t, user, `missing required property "status"`, "the diagnostics are in the prompt")
	assert.True(t, strings.HasSuffix(user, "Record:\n{\"id\":3}"), user)

	rs := readRejects(t, rej)
	require.Equal(t, 1, len(rs))
	assert.Equal(t, "truncated", rs[0].Reason)
	assert.Contains(t, rs[0].Error, "not sent to the model")
}

func TestCleanModelReportJSONCountsCallsAndTokens(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"id":"x"}`), healtest.Answer(`{"id":"y"}`))
	defer srv.Close()
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := cleanCLI(t, nil, "{\"id\":3}\n", "--schema", schemaFile(t, ticketSchema), "--rejects", rej,
		"--model", "fixer", "--base-url", srv.URL, "--report=json")
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out)
	var s summary
	require.NoError(t, json.Unmarshal([]byte(errOut), &s), errOut)
	require.NotNil(t, s.Model)
	assert.Equal(t, int64(2), s.Model.Calls, "the first call and one correction")
	assert.Equal(t, int64(1), s.Model.GaveUp)
	assert.Equal(t, &secondRound{Entered: 1, Healed: 0, Rate: 0}, s.SecondRound, "entered the correction, left it unhealed")
	assert.Positive(t, s.Model.PromptTokens)
	assert.Equal(t, int64(1), s.Records)
	assert.Equal(t, int64(1), s.Rejected)

	rs := readRejects(t, rej)
	require.Equal(t, 1, len(rs))
	assert.Equal(t, "schema", rs[0].Reason)
	var details struct {
		DeadLetter struct {
			ModelAttempts int `json:"model_attempts"`
			Attempts      []struct {
				Raw string `json:"raw"`
			} `json:"attempts"`
		} `json:"dead_letter"`
	}
	require.NoError(t, json.Unmarshal(rs[0].Details, &details))
	assert.Equal(t, 2, details.DeadLetter.ModelAttempts)
	require.Len(t, details.DeadLetter.Attempts, 2)
	assert.Equal(t, `{"id":"y"}`, details.DeadLetter.Attempts[1].Raw)
}

func TestCleanModelBudgetRejectsTheRestWithAReason(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"id":1,"status":"open"}`), healtest.Answer(`{"id":2,"status":"open"}`),
		healtest.Answer(`{"id":3,"status":"open"}`))
	defer srv.Close()
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := cleanCLI(t, nil, "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n",
		"--schema", schemaFile(t, ticketSchema), "--rejects", rej, "-j", "1",
		"--model", "fixer", "--base-url", srv.URL, "--budget-tokens", "10", "--model-concurrency", "1")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, "{\"id\":1,\"status\":\"open\"}\n", out)
	assert.Equal(t, 1, srv.Calls(), "the first call spends the budget; no other is made")
	assert.Contains(t, errOut, "rejected: budget 2")
	rs := readRejects(t, rej)
	require.Equal(t, 2, len(rs))
	for i, r := range rs {
		assert.Equal(t, "budget", r.Reason)
		assert.Equal(t, int64(i+2), r.Line)
		assert.Contains(t, r.Error, "token budget is exhausted")
	}
}

func TestCleanModelUnauthorizedStopsTheRun(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{APIKey: "right"})
	defer srv.Close()
	var in strings.Builder
	in.WriteString("{\"id\":1,\"status\":\"open\"}\n{\"id\":2}\n")
	for range 100 {
		in.WriteString("{\"id\":1,\"status\":\"open\"}\n{\"id\":3}\n")
	}
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	code, out, errOut := cleanCLI(t, map[string]string{"OPENAI_API_KEY": "wrong"}, in.String(),
		"--schema", schemaFile(t, ticketSchema), "--rejects", rej, "-j", "1",
		"--model", "fixer", "--base-url", srv.URL, "--report=json")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, 1, srv.Calls(), "401 is not retried, and no other record is sent")
	var s summary
	require.NoError(t, json.Unmarshal([]byte(errOut), &s), errOut)
	assert.False(t, s.OK)
	assert.Contains(t, s.Error, "stopped: stdin: the model failed in a way every record would")
	assert.Contains(t, s.Error, "HTTP 401")
	assert.Equal(t, s.Records, s.Clean+s.Rejected, "every record read is written or rejected")
	assert.Equal(t, s.Clean, int64(strings.Count(out, "\n")))
	rs := readRejects(t, rej)
	require.Equal(t, int(s.Rejected), len(rs))
	assert.Equal(t, int64(2), rs[0].Line)
	assert.Contains(t, string(rs[0].Details), `"class":"auth"`)
	for _, r := range rs[1:] {
		assert.Contains(t, r.Error, "not sent to the model: the run stopped")
	}

	code, _, errOut = cleanCLI(t, map[string]string{"OPENAI_API_KEY": "wrong"}, in.String(),
		"--schema", schemaFile(t, ticketSchema), "--model", "fixer", "--base-url", srv.URL)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "HTTP 401", "the text report says why it stopped")
}

func TestCleanSchemaFixesFlag(t *testing.T) {
	schema := schemaFile(t, ticketSchema)
	in := "{\"ID\":\"7\",\"status\":\"Open\"}\n"
	code, out, errOut := cleanCLI(t, nil, in, "--schema", schema)
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "{\"id\":7,\"status\":\"open\"}\n", out)
	assert.Contains(t, errOut, "schema-fixed: 1")

	code, _, _ = cleanCLI(t, nil, in, "--schema", schema, "--fail-on=repaired")
	assert.Equal(t, exitFailed, code, "a schema-fixed record is a changed record")

	code, out, errOut = cleanCLI(t, nil, in, "--schema", schema, "--schema-fixes=off")
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "rejected: schema 1")

	code, out, _ = cleanCLI(t, nil, in, "--schema", schema, "--schema-fixes=rename,coerce")
	assert.Equal(t, exitFailed, code, "enum_case is off: still invalid")
	assert.Empty(t, out)

	code, out, _ = cleanCLI(t, nil, in, "--schema", schema, "--min-confidence=certain")
	assert.Equal(t, exitFailed, code, "the rename and the enum case-fold are below the floor")
	assert.Empty(t, out)
}

func TestCleanModelFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--schema-fixes=maybe"},
		{"--budget-tokens", "10"},
		{"--model-concurrency", "2"},
		{"--model", "m", "--model-concurrency", "0"},
		{"--model", "m", "--max-attempts", "0"},
		{"--model", "m", "--budget-tokens", "-1"},
	} {
		code, _, errOut := cleanCLI(t, nil, "", args...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, errOut)
	}
}
