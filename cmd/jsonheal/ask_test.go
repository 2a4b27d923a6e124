package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
)

const askSchema = `{"$id":"urn:ask","type":"object","additionalProperties":false,"required":["city","temp"],
"properties":{"city":{"type":"string"},"temp":{"type":"number"}}}`

func askCLI(t *testing.T, vars map[string]string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{
		stdin:      strings.NewReader(stdin),
		stdout:     &out,
		stderr:     &errb,
		getenv:     func(k string) string { return vars[k] },
		isTerminal: func(io.Writer) bool { return false },
	}
	code := run(context.Background(), e, append([]string{"ask"}, args...))
	return code, out.String(), errb.String()
}

func schemaFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "schema.json")
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

func TestAskPrintsValidatedJSON(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{APIKey: "sk-env", Script: []healtest.Step{
		healtest.Answer("Here it is:\n```json\n{\"city\":\"Madrid\",\"temp\":\"21.5\"}\n```"),
	}})
	defer srv.Close()
	code, out, errOut := askCLI(t, map[string]string{"OPENAI_API_KEY": "sk-env"}, "",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "-v", "weather", "in", "Madrid")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"city":"Madrid","temp":21.5}`+"\n", out)
	assert.Contains(t, errOut, "attempt 1: none -> fix: valid after schema-guided fixes")
	assert.Contains(t, errOut, "accepted (fixed) at attempt 1")
	assert.Contains(t, errOut, "second round: no task entered a second attempt")

	rec := srv.Requests()[0]
	assert.Equal(t, "Bearer sk-env", rec.Header.Get("Authorization"))
	_, sys := rec.Message(0)
	assert.Contains(t, sys, `"required":["city","temp"]`, "the schema is in the system prompt")
	_, user := rec.Message(1)
	assert.Equal(t, "weather in Madrid", user)
}

func TestAskReasksAndTracesWithV(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"city":"Madrid"}`), healtest.Answer(`{"city":"Madrid","temp":20}`))
	defer srv.Close()
	code, out, errOut := askCLI(t, nil, "",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "-v", "--max-tokens", "50", "go")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"city":"Madrid","temp":20}`+"\n", out)
	assert.Contains(t, errOut, "attempt 1: schema -> reask")
	assert.Contains(t, errOut, "accepted (clean) at attempt 2")
	assert.Contains(t, errOut, "second round: 1 task(s) entered a second attempt, 1 left it healed (100%)")
	assert.Equal(t, 2, srv.Calls())
	assert.Equal(t, 50, srv.Requests()[0].MaxTokens)
}

func TestAskGivesUpWithDeadLetterOnStderr(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"city":1}`), healtest.Answer(`{"town":"x"}`), healtest.Answer(`{"city":"x","temp":1}`))
	defer srv.Close()
	code, out, errOut := askCLI(t, nil, "",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "--max-attempts", "2", "go")
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out)
	assert.Equal(t, 2, srv.Calls(), "--max-attempts 2: two calls")
	_, body, ok := strings.Cut(errOut, "\n")
	require.True(t, ok)
	dl, err := heal.ParseDeadLetter([]byte(body))
	require.NoError(t, err, errOut)
	assert.Equal(t, "urn:ask", dl.SchemaID)
	assert.Equal(t, heal.ClassSchema, dl.Class)
	assert.Equal(t, 2, dl.ModelAttempts)
	assert.Equal(t, `{"city":1}`, dl.Attempts[0].Raw)
}

func TestAskBudgetTokensAndKeyEnv(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{APIKey: "k2", Script: []healtest.Step{
		{Content: `{"city":1}`, Usage: &heal.Usage{PromptTokens: 40, CompletionTokens: 20}},
		healtest.Answer(`{"city":"x","temp":1}`),
	}})
	defer srv.Close()
	code, _, errOut := askCLI(t, map[string]string{"MY_KEY": "k2"}, "",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL,
		"--api-key-env", "MY_KEY", "--budget-tokens", "60", "go")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "token budget exhausted")
	assert.Equal(t, 1, srv.Calls())
}

func TestAskUnauthorizedGivesUpAtOnce(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{APIKey: "right", Script: []healtest.Step{healtest.Answer(`{}`)}})
	defer srv.Close()
	code, _, errOut := askCLI(t, map[string]string{"OPENAI_API_KEY": "wrong"}, "",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "go")
	assert.Equal(t, exitUsage, code, "a refused run exits 2, as clean does")
	assert.Contains(t, errOut, "the model refused the run (auth)")
	assert.Contains(t, errOut, `"class": "auth"`)
	assert.Equal(t, 1, srv.Calls())
}

// TestAskExitCodesWhenTheModelRefusesTheRun: credentials, an unknown model
// and an exhausted quota exit 2; a rate limit that outlasts the retries
// and a schema give-up exit 1.
func TestAskExitCodesWhenTheModelRefusesTheRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		step healtest.Step
		want int
	}{
		{"forbidden", healtest.Status(http.StatusForbidden), exitUsage},
		{"unknown model", healtest.Step{Status: http.StatusNotFound, ErrorCode: "model_not_found"}, exitUsage},
		{"quota", healtest.Step{Status: http.StatusTooManyRequests, ErrorCode: "insufficient_quota"}, exitUsage},
		{"bad request", healtest.Status(http.StatusBadRequest), exitFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := healtest.New(tc.step)
			defer srv.Close()
			code, out, errOut := askCLI(t, nil, "",
				"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "-v", "go")
			assert.Equal(t, tc.want, code, errOut)
			assert.Empty(t, out)
			_, body, _ := strings.Cut(errOut, "\n{")
			_, err := heal.ParseDeadLetter([]byte("{" + body))
			assert.NoError(t, err, "the dead letter is on stderr, after the trace and the summary")
		})
	}
}

func TestAskHelpSaysHowTheBudgetBehaves(t *testing.T) {
	for _, cmd := range []string{"ask", "clean"} {
		code, _, errOut := runCLI(t, "", cmd, "-h")
		assert.Equal(t, exitOK, code)
		assert.Contains(t, errOut, "checked before each call", cmd)
		assert.Contains(t, errOut, "overshoot", cmd)
	}
}

func TestAskPromptFromStdinAndResponseFormat(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"city":"x","temp":1}`))
	defer srv.Close()
	code, out, errOut := askCLI(t, nil, "weather please\n",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "--response-format", "--stream", "-")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"city":"x","temp":1}`+"\n", out)
	rec := srv.Requests()[0]
	_, user := rec.Message(1)
	assert.Equal(t, "weather please\n", user)
	assert.Contains(t, string(rec.ResponseFormat), `"type":"json_schema"`)
	assert.True(t, rec.Stream)
}

func TestAskEarlyStopCancelsTheStream(t *testing.T) {
	srv := healtest.New(
		healtest.Streamed(`{"city":"x","weather":"`+strings.Repeat("sunny ", 300)+`","temp":1}`, 6),
		healtest.Streamed(`{"city":"x","temp":1}`, 6))
	defer srv.Close()
	code, out, errOut := askCLI(t, nil, "",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "--stream", "--early-stop", "-v", "go")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"city":"x","temp":1}`+"\n", out)
	assert.Contains(t, errOut, "stream cancelled early: /weather")
}

func TestAskUsageErrors(t *testing.T) {
	schema := schemaFile(t, askSchema)
	cases := [][]string{
		{"--model", "m", "go"},
		{"--schema", schema, "go"},
		{"--schema", schema, "--model", "m"},
		{"--schema", schema, "--model", "m", "--max-attempts", "0", "go"},
		{"--schema", filepath.Join(t.TempDir(), "missing.json"), "--model", "m", "go"},
		{"--bogus"},
		{"--schema", schema, "--model", "m", "--early-stop", "go"},
	}
	for _, args := range cases {
		code, out, errOut := askCLI(t, nil, "", args...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, errOut)
		assert.Empty(t, out)
	}
	code, _, errOut := askCLI(t, nil, "", "--schema", schemaFile(t, `{"type":12}`), "--model", "m", "go")
	assert.Equal(t, exitNoCompile, code, errOut)
	code, _, _ = askCLI(t, nil, "", "-h")
	assert.Equal(t, exitOK, code)
}

// TestAskDeadLetterFileIsReadByReport: with --dead-letter, each give-up
// appends one JSON line to the file, stderr keeps only the messages, and
// report reads the file as it is.
func TestAskDeadLetterFileIsReadByReport(t *testing.T) {
	dl := filepath.Join(t.TempDir(), "dead.jsonl")
	for range 2 {
		srv := healtest.New(healtest.Answer(`{"city":"x"}`), healtest.Answer(`{"city":"x"}`))
		code, out, errOut := askCLI(t, nil, "",
			"go", "--dead-letter", dl, "--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL)
		srv.Close()
		require.Equal(t, exitFailed, code, errOut)
		assert.Empty(t, out)
		assert.NotContains(t, errOut, "{", "the dead letter went to the file")
		assert.Contains(t, errOut, "dead letter appended to "+dl)
	}
	data, err := os.ReadFile(dl)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	require.Len(t, lines, 2, "one line per give-up, appended")
	for _, l := range lines {
		d, err := heal.ParseDeadLetter([]byte(l))
		require.NoError(t, err)
		assert.Equal(t, "schema", d.Class.String())
	}
	info, err := os.Stat(dl)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "a dead letter holds the prompt")

	code, out, errOut := runCLI(t, "", "report", "--format", "json", dl)
	require.Equal(t, exitOK, code, errOut)
	var r struct {
		DeadLetters int64 `json:"dead_letters"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	assert.Equal(t, int64(2), r.DeadLetters)
}

func TestAskDeadLetterFileUnwritableExits2(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"city":"x"}`), healtest.Answer(`{"city":"x"}`))
	defer srv.Close()
	code, _, errOut := askCLI(t, nil, "", "--schema", schemaFile(t, askSchema), "--model", "m1",
		"--base-url", srv.URL, "--dead-letter", filepath.Join(t.TempDir(), "no", "such", "dir"), "go")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--dead-letter")
}
