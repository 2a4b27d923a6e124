package validate

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// updateGolden rewrites the golden files instead of comparing with them:
// go test ./validate -run Golden -update
var updateGolden = flag.Bool("update", false, "rewrite validate/testdata/golden instead of comparing with it")

const goldenDir = "testdata/golden"

// TestGoldenSuiteOutput pins what Validate and a Stream render, as Text
// and AppendBasic, for every test of every suite file (required, optional
// and optional/format, every draft): one golden file per suite file per
// draft under testdata/golden. Each instance is validated whole
// (Schema.Validate) and streamed one byte per Write, with the lane and
// frame thresholds at their defaults and at 0. A streamed rendering equal
// to the whole one is written "= whole"; where they differ, both are
// recorded as they are. A change to any rendering shows as a golden diff:
// regenerate with -update and say in the commit which golden changed and
// why.
func TestGoldenSuiteOutput(t *testing.T) {
	eachSuiteGolden(t, goldenDir, ".golden", func(file, label string, draft Draft, assertFormat bool) []byte {
		return goldenSuiteFile(t, file, label, draft, assertFormat)
	})
}

// eachSuiteGolden checks, for every suite file, what render returns for
// it (label: the file's path from the suite's tests folder) against the
// golden file under dir of the same path, with ext for .json.
func eachSuiteGolden(t *testing.T, dir, ext string, render func(file, label string, draft Draft, assertFormat bool) []byte) {
	eachSuiteFile(t, func(base, f string, draft Draft, assertFormat bool) {
		rel, err := filepath.Rel(base, f)
		require.NoError(t, err)
		d := filepath.Base(base)
		got := render(f, filepath.ToSlash(filepath.Join(d, rel)), draft, assertFormat)
		checkGolden(t, filepath.Join(dir, d, strings.TrimSuffix(rel, ".json")+ext), got)
	})
}

// goldenSuiteFile renders every test of one suite file (label names it in
// the header) validated whole and streamed.
func goldenSuiteFile(t *testing.T, file, label string, draft Draft, assertFormat bool) []byte {
	var b bytes.Buffer
	writeSuiteGroups(t, &b, file, label+": Text and AppendBasic of each instance, whole and streamed", draft, assertFormat, func(gi int, g suiteGroup, s *Schema) {
		for ti, tc := range g.Tests {
			fmt.Fprintf(&b, "-- %d.%d: %s (suite says valid: %v)\n", gi, ti, tc.Description, tc.Valid)
			doc := []byte(tc.Data)
			whole := renderVerdict(s.Validate(doc))
			b.WriteString(whole)
			for _, mode := range []struct {
				name           string
				lanes, descend int64
			}{{"stream", lanesAfter, descendAfter}, {"stream0", 0, 0}} {
				streamed := renderVerdict(streamOneByteEach(s, doc, mode.lanes, mode.descend))
				if streamed == whole {
					fmt.Fprintf(&b, "%s: = whole\n", mode.name)
					continue
				}
				fmt.Fprintf(&b, "%s:\n%s", mode.name, streamed)
			}
		}
	})
	return b.Bytes()
}

// writeSuiteGroups writes to b the header of a suite file's golden (what
// says which file and what it holds), then for each test group its own
// header and fn's rendering with its schema compiled (or the compile
// error).
func writeSuiteGroups(t *testing.T, b *bytes.Buffer, file, what string, draft Draft, assertFormat bool, fn func(gi int, g suiteGroup, s *Schema)) {
	fmt.Fprintf(b, "# %s\n", what)
	b.WriteString("# regenerate: go test ./validate -run Golden -update\n")
	for gi, g := range readGroups(t, file) {
		fmt.Fprintf(b, "\n== %d: %s\n", gi, g.Description)
		s, err := Compile(g.Schema, Options{DefaultDraft: draft, Loader: suiteLoader, AssertFormat: assertFormat})
		if err != nil {
			fmt.Fprintf(b, "compile error: %v\n", err)
			continue
		}
		fn(gi, g, s)
	}
}

// streamOneByteEach validates doc through a Stream written one byte at a
// time, with lanesAfter and descendAfter set to lanes and descend for the
// call.
func streamOneByteEach(s *Schema, doc []byte, lanes, descend int64) (Diagnostics, error) {
	oldLanes, oldDescend := lanesAfter, descendAfter
	lanesAfter, descendAfter = lanes, descend
	defer func() { lanesAfter, descendAfter = oldLanes, oldDescend }()
	w := s.NewStream()
	for i := range doc {
		if _, err := w.Write(doc[i : i+1]); err != nil {
			break
		}
	}
	return w.Close()
}

// renderVerdict renders a verdict as the golden files hold it: the error,
// or the Text lines (each after "| ") and the AppendBasic JSON.
func renderVerdict(d Diagnostics, err error) string {
	if err != nil {
		return "error: " + err.Error() + "\n"
	}
	var b strings.Builder
	b.WriteString("text:\n")
	if text := d.Text(0); text != "" {
		for line := range strings.SplitSeq(text, "\n") {
			b.WriteString("| " + line + "\n")
		}
	}
	b.WriteString("basic: ")
	b.Write(d.AppendBasic(nil))
	b.WriteByte('\n')
	return b.String()
}

// checkGolden compares got with the golden file path, or rewrites it with
// -update. A difference is reported at its first line.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *updateGolden {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file: go test ./validate -run Golden -update")
	if bytes.Equal(want, got) {
		return
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(wl), len(gl)) {
		w, g := lineAt(wl, i), lineAt(gl, i)
		if w != g {
			t.Errorf("%s:%d differs (go test ./validate -run Golden -update rewrites it)\nwant: %s\n got: %s", path, i+1, w, g)
			return
		}
	}
}

// lineAt is lines[i], or "<end of file>" past the last line.
func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "<end of file>"
}
