package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal/healtest"
)

func TestSplitFlags(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.String("o", "-", "")
	fs.Bool("v", false, "")
	fs.Int("n", 0, "")
	for _, tc := range []struct {
		args, flags, positional []string
		noValue                 bool
	}{
		{[]string{"a", "-o", "x", "b"}, []string{"-o", "x"}, []string{"a", "b"}, false},
		{[]string{"-v", "a", "--n=3", "b", "--o", "y"}, []string{"-v", "--n=3", "--o", "y"}, []string{"a", "b"}, false},
		// A bool flag never takes the next argument, even one without a dash.
		{[]string{"-v", "file.txt"}, []string{"-v"}, []string{"file.txt"}, false},
		{[]string{"-v=false", "f"}, []string{"-v=false"}, []string{"f"}, false},
		// "-" is stdin, a positional argument; a value may be "-" or "--".
		{[]string{"-", "-o", "-"}, []string{"-o", "-"}, []string{"-"}, false},
		{[]string{"-o", "--", "a"}, []string{"-o", "--"}, []string{"a"}, false},
		// "--" ends the flags and is dropped.
		{[]string{"a", "--", "-x", "--", "-v"}, nil, []string{"a", "-x", "--", "-v"}, false},
		// Unknown flags and -h stay with the flags for fs.Parse to report.
		{[]string{"a", "-nope", "b", "-h"}, []string{"-nope", "-h"}, []string{"a", "b"}, false},
		// A value-taking flag at the end has no value: fs.Parse says so.
		{[]string{"a", "-o"}, []string{"-o"}, []string{"a"}, true},
	} {
		flags, positional, noValue := splitFlags(fs, tc.args)
		assert.Equal(t, tc.noValue, noValue, "%q", tc.args)
		assert.Equal(t, tc.flags, flags, "%q", tc.args)
		assert.Equal(t, tc.positional, positional, "%q", tc.args)
	}
}

func TestParseAnywhereKeepsOrderAndErrors(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o := fs.String("o", "-", "")
	require.NoError(t, parseAnywhere(fs, []string{"a", "-o", "first", "b", "-o", "last", "--", "-c"}))
	assert.Equal(t, "last", *o, "the last occurrence wins, as with the flag package")
	assert.Equal(t, []string{"a", "b", "-c"}, fs.Args())
	assert.ErrorContains(t, parseAnywhere(fs, []string{"a", "-o"}), "flag needs an argument: -o")
	assert.Error(t, parseAnywhere(fs, []string{"a", "--bogus", "b"}))
	assert.ErrorIs(t, parseAnywhere(fs, []string{"a", "-h"}), flag.ErrHelp)
}

// inTempDir makes a fresh folder the working directory, so that files
// whose names start with a dash can be named as they are.
func inTempDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func TestCleanFlagsAfterFiles(t *testing.T) {
	dir := inTempDir(t)
	require.NoError(t, os.WriteFile("in.jsonl", []byte("{\"a\":1}\n{\"c\":3}\n{\"b\":\n"), 0o644))
	code, out, errOut := runCLI(t, "", "clean", "in.jsonl", "--rejects", "r.jsonl", "-o", "out.jsonl", "--report", "none")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Empty(t, out, "-o after the file still sends the output there")
	assert.Empty(t, errOut)
	b, err := os.ReadFile(filepath.Join(dir, "out.jsonl"))
	require.NoError(t, err)
	assert.Equal(t, "{\"a\":1}\n{\"c\":3}\n", string(b))
	b, err = os.ReadFile(filepath.Join(dir, "r.jsonl"))
	require.NoError(t, err)
	assert.Contains(t, string(b), `"line":3`)

	// A file named like a flag, after --; bool flags do not eat a file.
	require.NoError(t, os.WriteFile("-x.jsonl", []byte("{\"x\":1}\n"), 0o644))
	code, out, errOut = runCLI(t, "", "clean", "--unordered", "in.jsonl", "--fail-on=never", "--", "-x.jsonl")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, "{\"a\":1}\n{\"c\":3}\n{\"x\":1}\n", out)
	code, _, errOut = runCLI(t, "", "clean", "in.jsonl", "-x.jsonl")
	assert.Equal(t, exitUsage, code, "without -- it is an unknown flag")
	assert.Contains(t, errOut, "flag provided but not defined: -x.jsonl")
}

func TestRepairFlagsAfterFile(t *testing.T) {
	inTempDir(t)
	require.NoError(t, os.WriteFile("doc.txt", []byte("{\"a\":1,}"), 0o644))
	code, out, errOut := runCLI(t, "", "repair", "doc.txt", "--report", "text", "--strict")
	assert.Equal(t, exitFailed, code, "--strict after the file turns the trailing-comma repair off: %s", errOut)
	assert.Empty(t, out)
	code, out, _ = runCLI(t, "", "repair", "doc.txt", "--report", "text")
	assert.Equal(t, exitOK, code)
	assert.Equal(t, `{"a":1}`, out)

	require.NoError(t, os.WriteFile("-strict", []byte("[1,2,]"), 0o644))
	code, out, errOut = runCLI(t, "", "repair", "--", "-strict")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `[1,2]`, out)
}

func TestValidateFlagsAfterFiles(t *testing.T) {
	inTempDir(t)
	require.NoError(t, os.WriteFile("s.json", []byte(`{"type":"object","properties":{"d":{"format":"date"}}}`), 0o644))
	require.NoError(t, os.WriteFile("ok.json", []byte(`{"d":"2026-01-31"}`), 0o644))
	require.NoError(t, os.WriteFile("-bad.json", []byte(`{"d":"31/01/2026"}`), 0o644))
	code, out, errOut := runCLI(t, "", "validate", "ok.json", "--schema", "s.json")
	assert.Equal(t, exitOK, code, errOut)
	assert.Empty(t, out)
	// The bool --assert-format before a file name leaves the file alone.
	code, out, errOut = runCLI(t, "", "validate", "--assert-format", "ok.json", "--schema", "s.json", "--", "-bad.json")
	assert.Equal(t, exitFailed, code, errOut)
	assert.Contains(t, out, "-bad.json: /d:")
	assert.NotContains(t, out, "ok.json:")
}

func TestAskFlagsAfterPrompt(t *testing.T) {
	srv := healtest.NewServer(healtest.Config{Script: []healtest.Step{
		healtest.Answer(`{"city":"Oslo","temp":-3}`),
	}})
	defer srv.Close()
	// -v (bool) before the prompt's first word does not eat it; the other
	// flags come after the prompt; "-3C" after -- is a word of the prompt.
	code, out, errOut := askCLI(t, nil, "", "-v", "weather", "in", "Oslo",
		"--schema", schemaFile(t, askSchema), "--model", "m1", "--base-url", srv.URL, "--", "-3C?")
	require.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"city":"Oslo","temp":-3}`+"\n", out)
	assert.Contains(t, errOut, "accepted")
	_, user := srv.Requests()[0].Message(1)
	assert.Equal(t, "weather in Oslo -3C?", user)
}

func TestVersionFlags(t *testing.T) {
	code, out, _ := runCLI(t, "", "version")
	assert.Equal(t, exitOK, code)
	assert.True(t, strings.HasPrefix(out, "jsonheal "))
	code, _, _ = runCLI(t, "", "version", "extra")
	assert.Equal(t, exitUsage, code)
	code, _, _ = runCLI(t, "", "version", "--bogus")
	assert.Equal(t, exitUsage, code)
}

// TestEveryCommandTakesFlagsAfterArguments holds for every registered
// subcommand, those added later included: -h after a positional argument
// is read as a flag (help, exit 0), and an unknown flag after one is a
// usage error, so no command reads its flags with the flag package alone.
func TestEveryCommandTakesFlagsAfterArguments(t *testing.T) {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	require.Subset(t, names, []string{"clean", "repair", "validate", "ask", "version"})
	for _, name := range names {
		code, out, errOut := runCLI(t, "", name, "some-file", "-h")
		assert.Equal(t, exitOK, code, "%s: %s", name, errOut)
		assert.Empty(t, out, name)
		assert.Contains(t, errOut, "usage: jsonheal "+name, name)

		code, out, errOut = runCLI(t, "", name, "some-file", "--no-such-flag")
		assert.Equal(t, exitUsage, code, name)
		assert.Empty(t, out, name)
		assert.Contains(t, errOut, "flag provided but not defined: -no-such-flag", name)
	}
}
