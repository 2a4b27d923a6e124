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
)

// runCLI runs the CLI with stdin and returns exit code, stdout and stderr.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runWithStdin(t, strings.NewReader(stdin), args...)
}

// runWithStdin runs the command with stdin r and returns its exit code,
// stdout and stderr.
func runWithStdin(t *testing.T, r io.Reader, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{
		stdin:      r,
		stdout:     &out,
		stderr:     &errb,
		getenv:     func(string) string { return "" },
		isTerminal: func(io.Writer) bool { return false },
	}
	code := run(context.Background(), e, args)
	return code, out.String(), errb.String()
}

func TestRepairCleansFencedOutput(t *testing.T) {
	code, out, errOut := runCLI(t, "Here you go:\n```json\n{\"a\":\"x\ny\"}\n```\n", "repair")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"a":"x\ny"}`, out)
	assert.Empty(t, errOut)
}

func TestRepairValidInputUnchanged(t *testing.T) {
	in := "{\"n\": 12345678901234567890, \"s\": \"\\u00e9\", \"a\": [1.50, 2e10]}\n"
	code, out, _ := runCLI(t, in, "repair")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, in, out)
}

func TestRepairReportJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "{\"a\":\"l1\nl2\"}", "repair", "--report=json")
	require.Equal(t, exitOK, code)
	assert.Equal(t, `{"a":"l1\nl2"}`, out)
	var doc struct {
		OK     bool `json:"ok"`
		Report struct {
			Fixes []struct {
				Kind   string `json:"kind"`
				Offset int64  `json:"offset"`
				Line   int    `json:"line"`
				Column int    `json:"column"`
			} `json:"fixes"`
			Truncated bool `json:"truncated"`
		} `json:"report"`
	}
	require.NoError(t, json.Unmarshal([]byte(errOut), &doc), errOut)
	assert.True(t, doc.OK)
	require.Len(t, doc.Report.Fixes, 1)
	assert.Equal(t, "control_char", doc.Report.Fixes[0].Kind)
	assert.Equal(t, int64(8), doc.Report.Fixes[0].Offset)
	assert.Equal(t, 1, doc.Report.Fixes[0].Line)
	assert.Equal(t, 9, doc.Report.Fixes[0].Column)
}

func TestRepairTruncated(t *testing.T) {
	code, out, errOut := runCLI(t, `{"items":[{"id":1},{"id":2`, "repair")
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "truncated")
	assert.Contains(t, errOut, "1:27")

	code, out, errOut = runCLI(t, `{"items":[{"id":1},{"id":2`, "repair", "--close-truncated", "--report=text")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, `{"items":[{"id":1},{}]}`, out)
	assert.Contains(t, errOut, `truncated at 1:27 (offset 26): open "{[{", pending number`)
}

// Text after a top-level value that begins with ':' (a bare member), or
// holds a ':' and a value, is dropped as a prose_value guess, never as
// certain prose: repair (floor guess) makes it and says so, as for
// `{"a":1}, 5`; a higher floor refuses it.
func TestRepairColonAfterValueIsAGuess(t *testing.T) {
	for in, want := range map[string]string{
		`"score": 5`:        `"score"`,
		`{"a": 1}: 2`:       `{"a": 1}`,
		`{"a": 1} hello: 2`: `{"a": 1}`,
		`{"a":1}, 5`:        `{"a":1}`,
	} {
		code, out, errOut := runCLI(t, in, "repair", "--strict", "--report=text")
		assert.Equal(t, exitOK, code, in)
		assert.Equal(t, want, out, in)
		assert.Contains(t, errOut, "prose_value [guess]", in)
		assert.NotContains(t, errOut, "[certain]", in)

		code, out, errOut = runCLI(t, in, "repair", "--min-confidence=likely")
		assert.Equal(t, exitFailed, code, in)
		assert.Empty(t, out, in)
		assert.Contains(t, errOut, "needs_model", in)
	}
	code, out, errOut := runCLI(t, `{"a":1} Note: this is JSON.`, "repair", "--min-confidence=certain", "--report=text")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"a":1}`, out)
	assert.Contains(t, errOut, "prose [certain]")
}

func TestRepairUnrepairable(t *testing.T) {
	code, _, errOut := runCLI(t, `{"a":1 @}`, "repair")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "1:8")
	assert.Contains(t, errOut, "expected ',' or '}'")

	code, _, errOut = runCLI(t, `{"a" 1}`, "repair", "--strict")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "1:6")
	assert.Contains(t, errOut, "expected ':'")

	code, _, errOut = runCLI(t, "just words", "repair")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "no_value")
}

func TestRepairStrict(t *testing.T) {
	code, _, _ := runCLI(t, "[\"\xff\"]", "repair")
	assert.Equal(t, exitOK, code)
	code, _, errOut := runCLI(t, "[\"\xff\"]", "repair", "--strict")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "1:3")
}

func TestRepairFileAndUsage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.txt")
	require.NoError(t, os.WriteFile(path, []byte("~~~\n[1]\n~~~"), 0o600))
	code, out, _ := runCLI(t, "", "repair", path)
	assert.Equal(t, exitOK, code)
	assert.Equal(t, "[1]", out)

	code, _, _ = runCLI(t, "", "repair", filepath.Join(t.TempDir(), "missing"))
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, "", "repair", "--report=xml")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, "", "repair", "a", "b")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, "", "nosuchcommand")
	assert.Equal(t, exitUsage, code)
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "", "version")
	assert.Equal(t, exitOK, code)
	assert.Regexp(t, `^jsonheal \S+ go1\.\d+`, out)
}

func TestRepairPolicyFlags(t *testing.T) {
	in := "{name: 'Ada', tags: ['x',],}"
	code, out, _ := runCLI(t, in, "repair")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, `{"name": "Ada", "tags": ["x"]}`, out)

	code, _, errOut := runCLI(t, in, "repair", "--deny=unquoted_key")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "1:2")

	code, _, errOut = runCLI(t, in, "repair", "--allow=trailing_comma,single_quote")
	assert.Equal(t, exitFailed, code, "unquoted keys are not allowed")
	assert.Contains(t, errOut, "syntax")

	code, out, _ = runCLI(t, in, "repair", "--allow=trailing_comma,single_quote,unquoted_key")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, `{"name": "Ada", "tags": ["x"]}`, out)

	// An inner quote is a guess: below a "likely" floor the document needs a model.
	code, _, errOut = runCLI(t, `{"q": "say "hi" now"}`, "repair", "--min-confidence=likely")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, errOut, "needs_model")
	assert.Contains(t, errOut, "inner_quote")
	assert.Contains(t, errOut, "1:12")

	code, _, _ = runCLI(t, in, "repair", "--deny=fence")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, in, "repair", "--allow=nosuch")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, in, "repair", "--min-confidence=sure")
	assert.Equal(t, exitUsage, code)

	code, out, _ = runCLI(t, "", "repair", "-kinds")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, out, "inner_quote")
	assert.Contains(t, out, "guess")
}
