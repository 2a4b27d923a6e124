package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
	"github.com/jsonheal/jsonheal/jsonl"
)

// sampleRejects cleans the bundled sample with its schema and returns the
// rejects file and clean's JSON summary.
func sampleRejects(t *testing.T) (string, summary) {
	t.Helper()
	rej := filepath.Join(t.TempDir(), "r.jsonl")
	code, _, errOut := runCLI(t, "", "clean", "--schema", "../../testdata/sample/schema.json",
		"--rejects", rej, "--report=json", "-o", filepath.Join(t.TempDir(), "out.jsonl"), "../../testdata/sample/outputs.jsonl")
	require.Equal(t, exitFailed, code, errOut)
	var s summary
	require.NoError(t, json.Unmarshal([]byte(errOut), &s), errOut)
	return rej, s
}

// reportJSON runs `jsonheal report --format=json` and decodes its output.
func reportJSON(t *testing.T, stdin string, files ...string) incidentReport {
	t.Helper()
	code, out, errOut := runCLI(t, stdin, append([]string{"report", "--format=json"}, files...)...)
	require.Equal(t, exitOK, code, errOut)
	var r incidentReport
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	return r
}

// TestReportSampleHotSpotsAddUpToSchemaRejects is the check: the
// hot spots of the sample's rejects add up to its schema rejects, and the
// counts by reason are clean's.
func TestReportSampleHotSpotsAddUpToSchemaRejects(t *testing.T) {
	rej, s := sampleRejects(t)
	r := reportJSON(t, "", rej)
	assert.Equal(t, s.Rejected, r.Records)
	assert.Equal(t, s.RejectedBy, r.ByReason)
	assert.Equal(t, map[string]int64{"validate": s.RejectedBy["schema"], "sanitize": s.Rejected - s.RejectedBy["schema"]}, r.ByLayer)
	var sum int64
	for _, h := range r.HotSpots {
		sum += h.Count
		assert.NotEmpty(t, h.Keyword, h.Pointer)
		assert.InDelta(t, float64(h.Count)/float64(r.Records), h.Share, 1e-9)
		assert.Equal(t, h.Count >= 3, h.Hint != "", "a hint from 3 failures on: %+v", h)
	}
	assert.Equal(t, s.RejectedBy["schema"], sum)

	// The sample's generator plants these failures (testdata/sample/gen).
	got := map[string]int64{}
	for _, h := range r.HotSpots {
		got[h.Pointer+" "+h.Keyword] = h.Count
	}
	assert.Equal(t, map[string]int64{
		"/confidence maximum": 12, "/reasoning required": 9, "/id pattern": 6, "/notes additionalProperties": 6,
	}, got)
	for i := 1; i < len(r.HotSpots); i++ {
		assert.GreaterOrEqual(t, r.HotSpots[i-1].Count, r.HotSpots[i].Count, "most frequent first")
	}
	top := r.HotSpots[0]
	assert.Equal(t, rej, top.Example.File)
	assert.Positive(t, top.Example.Line)
	assert.Regexp(t, `^\.\./\.\./testdata/sample/outputs\.jsonl:\d+$`, top.Example.Input)
	assert.Regexp(t, `^/confidence: must be <= 1, got `, top.Example.Diagnostic)
}

func TestReportTextNamesHotSpotsExamplesAndHints(t *testing.T) {
	rej, _ := sampleRejects(t)
	code, out, errOut := runCLI(t, "", "report", rej)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "53 incidents (53 rejects, 0 dead letters)")
	assert.Contains(t, out, "by reason: schema 33, truncated 12, syntax 5, no_value 3")
	assert.Regexp(t, `(?m)^\s+12\s+22\.6%\s+/confidence\s+maximum$`, out)
	assert.Contains(t, out, "e.g. "+rej+":")
	assert.Contains(t, out, "hint: the same field keeps failing: the schema or the prompt may be the problem")
	assert.NotContains(t, out, "second round", "no dead letters, no second-round line")
}

// deadLetter returns a dead letter whose last answer fails askSchema at
// /temp, after the given number of model attempts.
func deadLetter(attempts int, class heal.Class) *heal.DeadLetter {
	dl := &heal.DeadLetter{
		Version: heal.DeadLetterVersion, SchemaID: "urn:ask", Class: class, Reason: "gave up",
		Task: heal.Task{Messages: []heal.Message{
			{Role: heal.RoleSystem, Content: "Answer with JSON."}, {Role: heal.RoleUser, Content: "weather in Madrid"},
		}},
		ModelAttempts: attempts, Calls: attempts, IdempotencyKey: "jh-old",
		Time: time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC),
	}
	for i := 1; i <= attempts; i++ {
		a := heal.AttemptRecord{Attempt: i, IdempotencyKey: "jh-old-" + string(rune('0'+i))}
		if class == heal.ClassSchema {
			a.Raw = `{"city":"Madrid","temp":"warm"}`
			a.Diagnostics = "/temp: must be number, got string \"warm\""
		}
		dl.Attempts = append(dl.Attempts, a)
	}
	return dl
}

// writeCompressed writes data to name in the format its suffix says.
func writeCompressed(t *testing.T, name string, data []byte) {
	t.Helper()
	var b bytes.Buffer
	w, err := jsonl.NewWriter(&b, jsonl.FormatForName(name))
	require.NoError(t, err)
	_, err = w.Write(data)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, os.WriteFile(name, b.Bytes(), 0o600))
}

// TestReportMixedCompressedInputs reads a gzip rejects file, a zstd file of
// compact dead letters and a plain file with a pretty-printed dead letter
// (as ask prints it), in one report.
func TestReportMixedCompressedInputs(t *testing.T) {
	rej, s := sampleRejects(t)
	raw, err := os.ReadFile(rej)
	require.NoError(t, err)
	dir := t.TempDir()
	gz := filepath.Join(dir, "r.jsonl.gz")
	writeCompressed(t, gz, raw)

	var dls bytes.Buffer
	enc := json.NewEncoder(&dls)
	require.NoError(t, enc.Encode(deadLetter(2, heal.ClassSchema)))
	require.NoError(t, enc.Encode(deadLetter(2, heal.ClassSchema)))
	require.NoError(t, enc.Encode(deadLetter(1, heal.ClassAuth)))
	zst := filepath.Join(dir, "dead.jsonl.zst")
	writeCompressed(t, zst, dls.Bytes())

	pretty, err := json.MarshalIndent(deadLetter(3, heal.ClassSchema), "", "  ")
	require.NoError(t, err)
	plain := filepath.Join(dir, "ask-dead.json")
	require.NoError(t, os.WriteFile(plain, append(pretty, '\n'), 0o600))

	r := reportJSON(t, "", gz, zst, plain)
	assert.Equal(t, s.Rejected+4, r.Records)
	assert.Equal(t, s.Rejected, r.Rejects)
	assert.Equal(t, int64(4), r.DeadLetters)
	assert.Equal(t, s.RejectedBy["schema"]+3, r.ByReason["schema"])
	assert.Equal(t, int64(1), r.ByReason["auth"])
	assert.Equal(t, int64(4), r.ByLayer["model"])
	assert.Equal(t, deadLetterRounds{DeadLetters: 4, Entered: 3, Healed: 0}, r.SecondRound)
	assert.Equal(t, map[string]int64{"schema": 3, "auth": 1}, r.ByClass)
	var temp *hotSpot
	for i := range r.HotSpots {
		if r.HotSpots[i].Pointer == "/temp" {
			temp = &r.HotSpots[i]
		}
	}
	require.NotNil(t, temp, "the dead letters' last diagnostics make a hot spot")
	assert.Equal(t, "type", temp.Keyword, "inferred from the compact text")
	assert.Equal(t, int64(3), temp.Count)
	assert.Equal(t, zst, temp.Example.File)
	assert.Equal(t, int64(1), temp.Example.Line)
	assert.Equal(t, `/temp: must be number, got string "warm"`, temp.Example.Diagnostic)

	code, out, _ := runCLI(t, "", "report", zst, plain)
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "second round: 3 of 4 dead letters entered a second attempt, 0 left it healed")
	assert.Contains(t, out, "dead letters by class: schema 3, auth 1")
}

func TestReportEmptyInputIsAnEmptyReport(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.jsonl")
	require.NoError(t, os.WriteFile(empty, nil, 0o600))
	r := reportJSON(t, "", empty)
	assert.Equal(t, incidentReport{ByReason: map[string]int64{}, ByLayer: map[string]int64{}, ByClass: map[string]int64{}, HotSpots: []hotSpot{}}, r)
	code, out, _ := runCLI(t, "", "report", empty)
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "jsonheal report: no incidents in "+empty+"\n", out)
	r = reportJSON(t, "\n\n", "-")
	assert.Zero(t, r.Records, "blank lines on stdin are no incidents")
}

func TestReportRefusesWhatIsNotRejects(t *testing.T) {
	for name, tc := range map[string]struct {
		stdin, want string
	}{
		"model output":   {"{\"id\":1}\n", "stdin:1: not a rejects record or a dead letter (no reason, error and line"},
		"prose":          {"hello\n", "stdin:1: not a rejects record or a dead letter (not a JSON object)"},
		"second line":    {`{"line":1,"reason":"syntax","error":"x","raw":"{"}` + "\n[1,2]\n", "stdin:2:"},
		"future version": {`{"version":9,"task":{},"class":"schema"}`, "unsupported version 9"},
		"wrong type":     {`{"line":"one","reason":"syntax","error":"x"}`, "stdin:1: not a rejects record or a dead letter (a reject with a field of the wrong type"},
	} {
		t.Run(name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.stdin, "report")
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out, "no partial report")
			assert.Contains(t, errOut, tc.want)
		})
	}
	code, _, errOut := runCLI(t, "", "report", "--format=yaml")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--format must be text or json")
	code, _, errOut = runCLI(t, "", "report", filepath.Join(t.TempDir(), "missing.jsonl"))
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "no such file")
}

func TestHotSpotPointersFoldIndexesAndNameProperties(t *testing.T) {
	for _, tc := range []struct {
		pointer, keyword, message, want string
	}{
		{"/customer/email", "format", "must be a valid email", "/customer/email"},
		{"/entities/3/start", "minimum", "must be >= 0", "/entities/*/start"},
		{"/actions/0/params/01", "type", "must be string", "/actions/*/params/01"},
		{"", "required", `missing required property "reasoning"`, "/reasoning"},
		{"/actions/12", "additionalProperties", `property "a/b~c" is not allowed`, "/actions/*/a~1b~0c"},
		{"", "type", "must be object, got array", ""},
	} {
		assert.Equal(t, tc.want, hotSpotPointer(tc.pointer, tc.keyword, tc.message), tc.pointer)
	}
}

func TestKeywordOfCompactMessages(t *testing.T) {
	for msg, want := range map[string]string{
		`missing required property "id"`:                          "required",
		`property "notes" is not allowed (allowed: id, name)`:     "additionalProperties",
		`properties "a", "b" are not allowed`:                     "additionalProperties",
		`must match pattern "^TCK-[0-9]{6}$", got "48"`:           "pattern",
		`must be a valid email, got "x"`:                          "format",
		`must be one of "low", "high", got "urgent"`:              "enum",
		`must be <= 1, got 1.82`:                                  "maximum",
		`must be < 1, got 1`:                                      "exclusiveMaximum",
		`must be >= 0, got -1`:                                    "minimum",
		`must be at least 3 characters long, is 1`:                "minLength",
		`must have at most 2 items, has 5`:                        "maxItems",
		`must be string or null, got integer 5`:                   "type",
		`must be "v1", got "v2"`:                                  "const",
		`must be null, got 5`:                                     "type",
		`must match exactly one schema of oneOf, matches 0 and 1`: "oneOf",
		`something new`:                                           "",
	} {
		assert.Equal(t, want, keywordOf(msg), msg)
	}
}

func TestReportHelp(t *testing.T) {
	code, _, errOut := runCLI(t, "", "report", "-h")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, errOut, "usage: jsonheal report [--format=text|json] FILE...")
	assert.True(t, strings.Contains(errOut, "-format"))
}

// TestReportAndReplayCleanModelRejects: a reject on which clean's model
// gave up carries the dead letter of its repair attempts; report counts it
// in the model layer and its second round, replay repairs the record again
// (not the repair task) with today's model.
func TestReportAndReplayCleanModelRejects(t *testing.T) {
	srv := healtest.New(healtest.Answer(`{"id":"x"}`), healtest.Answer(`{"id":"y"}`), healtest.Answer(`{"id":3,"status":"open"}`))
	defer srv.Close()
	rej := filepath.Join(t.TempDir(), "rejects.jsonl")
	schema := schemaFile(t, ticketSchema)
	code, _, errOut := cleanCLI(t, nil, "{\"id\":3}\n", "--schema", schema, "--rejects", rej,
		"--model", "fixer", "--base-url", srv.URL, "--max-attempts", "2")
	require.Equal(t, exitFailed, code, errOut)

	r := reportJSON(t, "", rej)
	assert.Equal(t, int64(1), r.Rejects)
	assert.Equal(t, map[string]int64{"model": 1}, r.ByLayer)
	assert.Equal(t, map[string]int64{"schema": 1}, r.ByClass, "the class of the model's last failure")
	assert.Equal(t, deadLetterRounds{DeadLetters: 1, Entered: 1}, r.SecondRound)
	require.Len(t, r.HotSpots, 1, "the record's own diagnostics")
	assert.Equal(t, "/status", r.HotSpots[0].Pointer)
	assert.Equal(t, "required", r.HotSpots[0].Keyword)

	code, out, errOut := runCLI(t, "", "replay", "--schema", schema, "--model", "fixer", "--base-url", srv.URL, rej)
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"id":3,"status":"open"}`+"\n", out)
	_, user := srv.Requests()[2].Message(1)
	assert.True(t, strings.HasSuffix(user, "Record:\n{\"id\":3}"), "the record is repaired again: %s", user)
}
