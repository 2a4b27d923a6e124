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

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/sanitize"
)

// replayRejectsOf reads a replay rejects file.
func replayRejectsOf(t *testing.T, path string) []replayReject {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []replayReject
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if line == "" {
			continue
		}
		var r replayReject
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		out = append(out, r)
	}
	return out
}

// TestReplayAcceptAllHealsExactlyTheSchemaRejects is the check:
// with a schema that accepts everything, the sample's schema rejects are
// healed, in the order read, and its syntax, truncation and no-value
// rejects still fail, with their reason and the previous one.
func TestReplayAcceptAllHealsExactlyTheSchemaRejects(t *testing.T) {
	rej, s := sampleRejects(t)
	dir := t.TempDir()
	out, again := filepath.Join(dir, "healed.jsonl"), filepath.Join(dir, "again.jsonl")
	code, _, errOut := runCLI(t, "", "replay", "--schema", schemaFile(t, `{}`), "-o", out, "--rejects", again, "--report=json", rej)
	require.Equal(t, exitFailed, code, "syntax and truncated records still fail: %s", errOut)
	var sum replaySummary
	require.NoError(t, json.Unmarshal([]byte(errOut), &sum), errOut)
	schemaRejects := s.RejectedBy["schema"]
	assert.Equal(t, s.Rejected, sum.Replayed)
	assert.Equal(t, schemaRejects, sum.Healed)
	assert.Equal(t, s.Rejected-schemaRejects, sum.Failed)
	assert.Equal(t, &replayCounts{Replayed: schemaRejects, Healed: schemaRejects, Rate: 1}, sum.ByReason["schema"])
	for _, reason := range []string{"syntax", "truncated", "no_value"} {
		assert.Equal(t, &replayCounts{Replayed: s.RejectedBy[reason], Failed: s.RejectedBy[reason]}, sum.ByReason[reason], reason)
	}
	assert.InDelta(t, float64(schemaRejects)/float64(s.Rejected), sum.Rate, 1e-9)
	assert.Nil(t, sum.Model, "no --model, no model line")

	// Healed: each schema reject's record, sanitized, in the rejects'
	// order.
	var want []string
	for _, r := range readRejects(t, rej) {
		if r.Reason != "schema" {
			continue
		}
		doc, err := sanitize.New(sanitize.Options{}).Append(nil, []byte(r.Raw))
		require.NoError(t, err)
		want = append(want, string(doc))
	}
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	got := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	require.Len(t, got, len(want))
	for i := range want {
		assert.JSONEq(t, want[i], got[i], "record %d", i)
	}

	// Still failing: the same reason as before, the record's coordinates
	// and raw bytes kept, where it was replayed from.
	fails := replayRejectsOf(t, again)
	require.Len(t, fails, int(sum.Failed))
	old := map[int64]jsonl.Reject{}
	for _, r := range readRejects(t, rej) {
		old[r.Line] = r
	}
	for _, f := range fails {
		o, ok := old[f.Line]
		require.True(t, ok, f.Line)
		assert.Equal(t, o.Reason, f.Reason)
		assert.Equal(t, o.Reason, f.PreviousReason)
		assert.Equal(t, o.Error, f.PreviousError)
		assert.Equal(t, o.Raw, f.Raw)
		assert.Equal(t, o.File, f.File)
		assert.Regexp(t, `^.*r\.jsonl:\d+$`, f.ReplayedFrom)
		assert.NotEqual(t, "schema", f.Reason)
	}

	// The rejects of a replay read back: a second replay fails the same.
	code, _, errOut = runCLI(t, "", "replay", "--schema", schemaFile(t, `{}`), "-o", filepath.Join(dir, "none.jsonl"), again)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "0 healed, 20 still failing: replay rate 0.0%")
}

func TestReplayTextSummaryAndMinRate(t *testing.T) {
	rej, _ := sampleRejects(t)
	accept := schemaFile(t, `{}`)
	devNull := filepath.Join(t.TempDir(), "out.jsonl")
	code, _, errOut := runCLI(t, "", "replay", "--schema", accept, "-o", devNull, rej)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "jsonheal replay: 53 replayed, 33 healed, 20 still failing: replay rate 62.3%")
	assert.Contains(t, errOut, "healed by former reason: schema 33/33 (100%), truncated 0/12 (0%), syntax 0/5 (0%), no_value 0/3 (0%)")
	assert.Contains(t, errOut, "use --rejects FILE to keep them")

	code, _, errOut = runCLI(t, "", "replay", "--schema", accept, "-o", devNull, "--min-rate", "0.6", rej)
	assert.Equal(t, exitOK, code, errOut)
	assert.Contains(t, errOut, "(minimum 60.0%)")
	code, _, _ = runCLI(t, "", "replay", "--schema", accept, "-o", devNull, "--min-rate", "0.63", rej)
	assert.Equal(t, exitFailed, code)
	code, _, errOut = runCLI(t, "", "replay", "--min-rate", "1.5", rej)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--min-rate must be between 0 and 1")

	// Today's schema is the sample's: nothing heals.
	code, _, errOut = runCLI(t, "", "replay", "--schema", "../../testdata/sample/schema.json", "-o", devNull, rej)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "53 replayed, 0 healed")
}

// incidentsFixture writes a gzip file of rejects (a schema reject, a
// truncated one, one whose raw bytes are not UTF-8) and a zstd file of
// dead letters (a schema give-up with an answer, an auth give-up
// without).
func incidentsFixture(t *testing.T) (gz, zst string) {
	t.Helper()
	dir := t.TempDir()
	rejects := `{"file":"in.jsonl","line":1,"lines":1,"offset":0,"size":10,"reason":"schema","error":"/: missing required property \"status\"","raw":"{\"id\":\"3\"}"}
{"file":"in.jsonl","line":2,"lines":1,"offset":11,"size":9,"reason":"truncated","error":"input ended inside a value","raw":"{\"id\":4,\"s"}
{"file":"in.jsonl","line":3,"lines":1,"offset":21,"size":22,"reason":"syntax","error":"invalid UTF-8","raw_base64":"eyJpZCI6NSwic3RhdHVzIjoib3BlbiIsIngiOiL/In0="}
`
	gz = filepath.Join(dir, "rejects.jsonl.gz")
	writeCompressed(t, gz, []byte(rejects))
	var dls bytes.Buffer
	enc := json.NewEncoder(&dls)
	require.NoError(t, enc.Encode(deadLetter(2, heal.ClassSchema)))
	require.NoError(t, enc.Encode(deadLetter(1, heal.ClassAuth)))
	zst = filepath.Join(dir, "dead.jsonl.zst")
	writeCompressed(t, zst, dls.Bytes())
	return gz, zst
}

// looseAsk accepts a string temperature: the schema fix that heals the
// dead letters' last answer.
const looseAsk = `{"$id":"urn:ask","type":"object","required":["city","temp"],
"properties":{"city":{"type":"string"},"temp":{"type":["number","string"]}}}`

func TestReplayMixedCompressedInputsFastLayers(t *testing.T) {
	gz, zst := incidentsFixture(t)
	// One schema that both kinds of records meet: ids, or cities.
	either := schemaFile(t, `{"anyOf":[{"type":"object","required":["id"]},`+looseAsk+`]}`)
	dir := t.TempDir()
	out, again := filepath.Join(dir, "out.jsonl"), filepath.Join(dir, "again.jsonl.gz")
	code, _, errOut := runCLI(t, "", "replay", "--schema", either, "-o", out, "--rejects", again, "--report=json", gz, zst)
	require.Equal(t, exitFailed, code, errOut)
	var sum replaySummary
	require.NoError(t, json.Unmarshal([]byte(errOut), &sum), errOut)
	assert.Equal(t, replayCounts{Replayed: 5, Healed: 3, Failed: 2, Rate: 0.6}, sum.replayCounts)
	assert.Equal(t, &replayCounts{Replayed: 1, Healed: 1, Rate: 1}, sum.ByReason["syntax"], "invalid UTF-8 is repaired today")
	assert.Equal(t, &replayCounts{Replayed: 1, Failed: 1}, sum.ByReason["auth"])

	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "{\"id\":\"3\"}\n{\"id\":5,\"status\":\"open\",\"x\":\"\uFFFD\"}\n{\"city\":\"Madrid\",\"temp\":\"warm\"}\n", string(b),
		"in the order read: the rejects, then the dead letter's last answer")

	r := reportJSON(t, "", again)
	assert.Equal(t, map[string]int64{"truncated": 1, "no_answer": 1}, r.ByReason)
	assert.Equal(t, int64(2), r.Rejects, "both read back as rejects")
	code, _, errOut = runCLI(t, "", "replay", "--schema", either, "--rejects", filepath.Join(dir, "third.jsonl"), again)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "healed by former reason: no_answer 0/1 (0%), truncated 0/1 (0%)")
	third := replayRejectsOf(t, filepath.Join(dir, "third.jsonl"))
	require.Len(t, third, 2)
	require.NotNil(t, third[1].DeadLetter, "a dead letter's task is kept through replays")
	assert.Equal(t, heal.ClassAuth, third[1].DeadLetter.Class)
}

func TestReplayEmptyAndNotRejects(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	code, out, errOut := runCLI(t, "", "replay", "--report=json", empty)
	assert.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)
	var sum replaySummary
	require.NoError(t, json.Unmarshal([]byte(errOut), &sum), errOut)
	assert.Equal(t, replayCounts{Rate: 1}, sum.replayCounts, "nothing to replay: nothing failed")

	code, out, errOut = runCLI(t, `{"line":1,"reason":"schema","error":"x","raw":"{}"}`+"\n{\"id\":1}\n", "replay")
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "{}\n", out, "the incident before the bad record is replayed and written")
	assert.Contains(t, errOut, "stdin:2: not a rejects record or a dead letter")

	code, _, errOut = runCLI(t, "", "replay", "../../testdata/sample/outputs.jsonl")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "outputs.jsonl:1: not a rejects record or a dead letter")
}

// TestReplayDeadLetterAsksTheModelAgain: with --model a dead letter's task
// is asked again, as first given, under a new idempotency key; with
// --fast-only no call is made.
func TestReplayDeadLetterAsksTheModelAgain(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"city":1}`), healtest.Answer(`{"city":"Madrid","temp":21}`))
	defer srv.Close()
	var dls bytes.Buffer
	dl := deadLetter(2, heal.ClassSchema)
	require.NoError(t, json.NewEncoder(&dls).Encode(dl))
	code, out, errOut := runCLI(t, dls.String(), "replay", "--schema", schemaFile(t, askSchema),
		"--model", "m2", "--base-url", srv.URL, "--api-key-env", "")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"city":"Madrid","temp":21}`+"\n", out)
	assert.Contains(t, errOut, "1 replayed, 1 healed, 0 still failing: replay rate 100.0%")
	assert.Contains(t, errOut, "model: 1 healed, 0 gave up, 0 over budget, 0 not sent; 2 calls")
	assert.Contains(t, errOut, "second round: 1 task(s) entered a second attempt, 1 left it healed (100%)")
	require.Equal(t, 2, srv.Calls())
	first := srv.Requests()[0]
	key := first.Header.Get("Idempotency-Key")
	assert.NotEmpty(t, key)
	assert.False(t, strings.HasPrefix(key, dl.IdempotencyKey), "a new task, a new key: %s", key)
	require.Len(t, first.Messages, 2, "the task as first given, without the old re-ask turns")
	_, user := first.Message(1)
	assert.Equal(t, "weather in Madrid", user)

	code, out, errOut = runCLI(t, dls.String(), "replay", "--fast-only", "--schema", schemaFile(t, askSchema),
		"--model", "m2", "--base-url", srv.URL)
	assert.Equal(t, exitFailed, code, errOut)
	assert.Empty(t, out)
	assert.Equal(t, 2, srv.Calls(), "--fast-only never calls the model")
	assert.NotContains(t, errOut, "model:")
}

func TestReplayRejectsWithTheModelAndRefusal(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"id":3,"status":"open"}`))
	defer srv.Close()
	in := `{"line":3,"reason":"schema","error":"/: missing required property \"status\"","raw":"{\"id\":3}"}` + "\n"
	code, out, errOut := runCLI(t, in, "replay", "--schema", schemaFile(t, ticketSchema), "--model", "m", "--base-url", srv.URL)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"id":3,"status":"open"}`+"\n", out)
	assert.Equal(t, 1, srv.Calls())

	refusing := healtest.NewServer(healtest.Config{APIKey: "right", Script: []healtest.Step{healtest.Answer(`{}`)}})
	defer refusing.Close()
	var dls bytes.Buffer
	require.NoError(t, json.NewEncoder(&dls).Encode(deadLetter(2, heal.ClassSchema)))
	for name, stdin := range map[string]string{"reject": in, "dead letter": dls.String()} {
		code, out, errOut = runCLI(t, stdin, "replay", "--schema", schemaFile(t, askSchema), "--model", "m", "--base-url", refusing.URL)
		assert.Equal(t, exitUsage, code, name)
		assert.Empty(t, out, name)
		assert.Contains(t, errOut, "jsonheal replay: the model", name)
	}
}

func TestReplayUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--report=xml"}, "--report must be text, json or none"},
		{[]string{"replay", "--max-attempts", "3"}, "--max-attempts needs --model"},
		{[]string{"replay", "-o", "x.jsonl", "--rejects", "x.jsonl"}, "name the same file"},
		{[]string{"replay", "--schema", "/nonexistent/schema.json", "x"}, "read schema"},
	} {
		code, _, errOut := runCLI(t, "", tc.args...)
		assert.Equal(t, exitUsage, code, tc.args)
		assert.Contains(t, errOut, tc.want, tc.args)
	}
	code, _, errOut := runCLI(t, "", "replay", "--schema", schemaFile(t, `{"type":7}`), "x")
	assert.Equal(t, exitNoCompile, code)
	assert.Contains(t, errOut, "does not compile")
	code, _, errOut = runCLI(t, "", "replay", "-h")
	assert.Equal(t, exitOK, code)
	for _, flag := range []string{"-fast-only", "-min-rate", "-schema-fixes", "-model", "-budget-tokens", "-close-truncated"} {
		assert.Contains(t, errOut, flag, "clean's flags, same names")
	}
}

func TestEndsAtItsLastLine(t *testing.T) {
	for raw, want := range map[string]bool{
		`{"a":1}`:                           true,
		"```json\n{\"a\":1}\n```":           true,
		"Sure:\n{\"a\":1}":                  true,
		"just prose":                        true,
		`{"a":"cut`:                         false,
		`{"a":[`:                            false,
		"Here is the JSON:":                 false,
		"\xEF\xBB\xBF{}":                    false,
		"{\"a\":1}\r":                       false,
		"{\"a\":1}\n{\"b\":2}":              false,
		"```json\n{\"a\":1}\n":              false,
		"{\"a\":1,\n \"b\":\"x\ny\"\n}":     true,
		"{\"note\":\"line one\nline two\"}": true,
	} {
		assert.Equal(t, want, endsAtItsLastLine([]byte(raw)), "%q", raw)
	}
}

// TestReplayBatchesKeepOrderAndOutcomes replays more incidents than a
// batch holds, open records among them, and finds for each copy of the
// sample's rejects the outcomes of one copy replayed alone.
func TestReplayBatchesKeepOrderAndOutcomes(t *testing.T) {
	rej, _ := sampleRejects(t)
	one, err := os.ReadFile(rej)
	require.NoError(t, err)
	dir := t.TempDir()
	many := filepath.Join(dir, "many.jsonl")
	const copies = 12 // 636 incidents: batches of up to 256 between the open records
	require.NoError(t, os.WriteFile(many, bytes.Repeat(one, copies), 0o600))
	accept := schemaFile(t, `{}`)
	replay := func(in string) (string, []replayReject) {
		out, again := filepath.Join(dir, "out-"+filepath.Base(in)), filepath.Join(dir, "again-"+filepath.Base(in))
		code, _, errOut := runCLI(t, "", "replay", "--schema", accept, "-j", "3", "-o", out, "--rejects", again, in)
		require.Equal(t, exitFailed, code, errOut)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		return string(b), replayRejectsOf(t, again)
	}
	out1, fails1 := replay(rej)
	outN, failsN := replay(many)
	assert.Equal(t, strings.Repeat(out1, copies), outN)
	require.Len(t, failsN, copies*len(fails1))
	for i, f := range failsN {
		want := fails1[i%len(fails1)]
		want.ReplayedFrom, f.ReplayedFrom = "", ""
		assert.Equal(t, want, f, "reject %d", i)
	}
}

func TestReplayInterrupted(t *testing.T) {
	rej, _ := sampleRejects(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false }}
	code := run(ctx, e, []string{"replay", "--schema", schemaFile(t, `{}`), rej})
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errb.String(), "interrupted")
}

// TestReplayDeadLettersShareTheBudget: the dead-letter replays check
// --budget-tokens before each call; once spent, the next task is not sent
// and fails as budget.
func TestReplayDeadLettersShareTheBudget(t *testing.T) {
	srv := healtest.New(
		healtest.Step{Content: `{"city":"Madrid","temp":21}`, Usage: &heal.Usage{PromptTokens: 70, CompletionTokens: 30}},
		healtest.Answer(`{"city":"Lima","temp":19}`),
	)
	defer srv.Close()
	var dls bytes.Buffer
	enc := json.NewEncoder(&dls)
	require.NoError(t, enc.Encode(deadLetter(2, heal.ClassSchema)))
	require.NoError(t, enc.Encode(deadLetter(2, heal.ClassSchema)))
	again := filepath.Join(t.TempDir(), "again.jsonl")
	code, out, errOut := runCLI(t, dls.String(), "replay", "--schema", schemaFile(t, askSchema), "-j", "1",
		"--model", "m", "--base-url", srv.URL, "--budget-tokens", "100", "--rejects", again, "--report=json")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Equal(t, `{"city":"Madrid","temp":21}`+"\n", out)
	assert.Equal(t, 1, srv.Calls(), "the budget is spent after the first call")
	var sum replaySummary
	require.NoError(t, json.Unmarshal([]byte(errOut), &sum), errOut)
	require.NotNil(t, sum.Model)
	assert.Equal(t, int64(100), sum.Model.PromptTokens+sum.Model.CompletionTokens)
	fails := replayRejectsOf(t, again)
	require.Len(t, fails, 1)
	assert.Equal(t, "budget", fails[0].Reason)
	assert.Equal(t, "schema", fails[0].PreviousReason)
	require.NotNil(t, fails[0].DeadLetter, "the new dead letter, to replay with a larger budget")
}

// TestReplayMissingInputGivesNoRate: an input that cannot be opened is an
// error (exit 2) found before anything is replayed, and states no replay
// rate.
func TestReplayMissingInputGivesNoRate(t *testing.T) {
	code, _, errOut := runCLI(t, "", "replay", filepath.Join(t.TempDir(), "missing.jsonl"))
	assert.Equal(t, exitUsage, code)
	assert.NotContains(t, errOut, "replay rate")
	assert.Contains(t, errOut, "jsonheal replay: open input:")
	assert.Contains(t, errOut, "no such file")
}
