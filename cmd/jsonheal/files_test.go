package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const precious = "{\"keep\":1}\n{\"keep\":2}\n"

// fileEnv runs the CLI with stdin and stdout being the given files (nil:
// empty stdin, stdout into a buffer), as the shell's redirections make
// them, through the same wrappers as main.
func fileEnv(t *testing.T, stdin, stdout *os.File, args ...string) (int, string) {
	t.Helper()
	var errb bytes.Buffer
	e, _ := cleanEnv(bytes.NewReader(nil), &bytes.Buffer{})
	e.stderr = &errb
	if stdin != nil {
		s := newStopper(&errb, func(int) {})
		e.stdin = &trackedInput{name: "stdin", r: newInterruptibleReader(s.ctx, stdin), report: s}
	}
	if stdout != nil {
		e.stdout = stdout
	}
	return run(context.Background(), e, args), errb.String()
}

func writePrecious(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "f.jsonl")
	require.NoError(t, os.WriteFile(p, []byte(precious), 0o644))
	return p
}

func assertIntact(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, precious, string(b), "%s must not be touched", path)
}

func TestCleanRefusesAnOutputThatIsStdin(t *testing.T) {
	// jsonheal clean -o f.jsonl < f.jsonl (issue #30.4), and the same with
	// --rejects, with another name for the file, and with stdin named "-".
	f := writePrecious(t)
	link := filepath.Join(filepath.Dir(f), "link.jsonl")
	require.NoError(t, os.Link(f, link))
	sym := filepath.Join(filepath.Dir(f), "sym.jsonl")
	require.NoError(t, os.Symlink(f, sym))
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"-o the file", []string{"clean", "-o", f}},
		{"-o a hard link, stdin named", []string{"clean", "-o", link, "-"}},
		{"--rejects a symlink", []string{"clean", "--rejects", sym}},
		{"-o a relative name", []string{"clean", "-", "-o", "./" + filepath.Base(f)}},
	} {
		args := tc.args
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(filepath.Dir(f))
			in, err := os.Open(f)
			require.NoError(t, err)
			defer in.Close()
			code, errOut := fileEnv(t, in, nil, args...)
			assert.Equal(t, exitUsage, code, errOut)
			assert.Contains(t, errOut, "is both an input and an output")
			assert.Contains(t, errOut, "stdin")
			assertIntact(t, f)
		})
	}
}

func TestCleanRefusesAnOutputThatIsANamedInputByInode(t *testing.T) {
	f := writePrecious(t)
	link := filepath.Join(filepath.Dir(f), "other-name.jsonl")
	require.NoError(t, os.Link(f, link))
	code, _, errOut := runCLI(t, "", "clean", f, "-o", link)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, link+" (the same file as "+f+") is both an input and an output")
	assertIntact(t, f)

	// -o and --rejects being one file under two names.
	out := filepath.Join(t.TempDir(), "out.jsonl")
	require.NoError(t, os.WriteFile(out, nil, 0o644))
	alias := out + ".alias"
	require.NoError(t, os.Link(out, alias))
	code, _, errOut = runCLI(t, "", "clean", f, "-o", out, "--rejects", alias)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "-o "+out+" and --rejects "+alias+" name the same file")
	assertIntact(t, f)
}

func TestCleanRefusesStdoutAppendedToItsInput(t *testing.T) {
	// jsonheal clean f.jsonl >> f.jsonl would read what it writes.
	f := writePrecious(t)
	stdout, err := os.OpenFile(f, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	defer stdout.Close()
	code, errOut := fileEnv(t, nil, stdout, "clean", f)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "stdout (the same file as "+f+") is both an input and an output")
	assertIntact(t, f)
}

func TestCleanOutputsThatAreNotInputsAreWritten(t *testing.T) {
	// An existing output that is no input is truncated and written; stdin
	// being a file is compared only when stdin is an input.
	f := writePrecious(t)
	out := filepath.Join(t.TempDir(), "out.jsonl")
	require.NoError(t, os.WriteFile(out, []byte("old contents, longer than the new ones\n"), 0o644))
	in, err := os.Open(f)
	require.NoError(t, err)
	defer in.Close()
	src := filepath.Join(t.TempDir(), "src.jsonl")
	require.NoError(t, os.WriteFile(src, []byte("{\"n\":1}\n"), 0o644))
	code, errOut := fileEnv(t, in, nil, "clean", "-o", out, src)
	require.Equal(t, exitOK, code, errOut)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "{\"n\":1}\n", string(b))

	// /dev/null as stdin and as output is no conflict (not a regular file).
	devNull, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer devNull.Close()
	code, errOut = fileEnv(t, devNull, nil, "clean", "-o", os.DevNull)
	assert.Equal(t, exitOK, code, errOut)
	// Nor are -o and --rejects both /dev/null: a device is shared.
	code, errOut = fileEnv(t, devNull, nil, "clean", "-o", os.DevNull, "--rejects", os.DevNull)
	assert.Equal(t, exitOK, code, errOut)
}

func TestOpenOutputFileChecksTheOpenedFile(t *testing.T) {
	f := writePrecious(t)
	st, err := os.Stat(f)
	require.NoError(t, err)
	_, _, err = openOutputFile(f, fileSet{{"in", st}})
	assert.ErrorIs(t, err, ErrOutputIsInput)
	assertIntact(t, f)

	other := filepath.Join(t.TempDir(), "new.jsonl")
	out, created, err := openOutputFile(other, fileSet{{"in", st}})
	require.NoError(t, err)
	assert.True(t, created)
	require.NoError(t, out.Close())
}

// TestAnOutputThatCannotBeOpenedLeavesTheOtherAsItWas: clean and replay
// open -o and --rejects before truncating either, so a rejects file that
// cannot be created (a directory, a missing directory) or is refused
// leaves an existing output untouched, compressed or not, and a new
// output is not left behind; and the other way round.
func TestAnOutputThatCannotBeOpenedLeavesTheOtherAsItWas(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	require.NoError(t, os.WriteFile(in, []byte("{\"n\":1}\n"), 0o644))
	old := []byte("the previous run's output\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(old)
	require.NoError(t, zw.Close())
	missing := filepath.Join(dir, "missing", "r.jsonl")
	for _, c := range []struct {
		cmd      string
		out, rej string
		existing []byte // the output's contents before the run; nil: none
	}{
		{"clean", "kept.jsonl", dir, old},
		{"clean", "kept.jsonl", missing, old},
		{"clean", "kept.jsonl.gz", missing, gz.Bytes()},
		{"clean", "new.jsonl", missing, nil},
		{"clean", filepath.Join("missing", "o.jsonl"), "kept-rejects.jsonl", old},
		{"replay", "kept.jsonl", missing, old},
		{"replay", "kept.jsonl.zst", dir, old},
	} {
		name := c.cmd + " -o " + c.out + " --rejects " + c.rej
		out := filepath.Join(dir, c.out)
		rej := c.rej
		if !filepath.IsAbs(rej) {
			rej = filepath.Join(dir, rej)
		}
		kept := out
		if c.existing != nil && strings.HasPrefix(c.rej, "kept") {
			kept = rej
		}
		os.Remove(out)
		if c.existing != nil {
			require.NoError(t, os.WriteFile(kept, c.existing, 0o644), name)
		}
		input := in
		if c.cmd == "replay" {
			input = filepath.Join(dir, "rejects-in.jsonl")
			require.NoError(t, os.WriteFile(input, []byte(`{"reason":"truncated","raw":"{\"n\":1"}`+"\n"), 0o644))
		}
		code, stderr := fileEnv(t, nil, nil, c.cmd, input, "-o", out, "--rejects", rej)
		assert.Equal(t, exitUsage, code, "%s: %s", name, stderr)
		if c.existing == nil {
			assert.NoFileExists(t, out, "%s: the new output is left behind", name)
			continue
		}
		got, err := os.ReadFile(kept)
		require.NoError(t, err, name)
		assert.Equal(t, c.existing, got, "%s: %s changed", name, kept)
		require.NoError(t, os.Remove(kept))
	}
}
