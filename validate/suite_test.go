package validate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const suiteDir = "../testdata/JSON-Schema-Test-Suite"

var suiteDrafts = []struct {
	dir   string
	draft Draft
}{
	{"draft4", Draft4},
	{"draft6", Draft6},
	{"draft7", Draft7},
	{"draft2019-09", Draft2019_09},
	{"draft2020-12", Draft2020_12},
}

// eachSuiteFile calls fn for every test file of the suite: required,
// optional and optional/format tests (assertFormat for the last), of
// every draft; base is the draft's tests folder.
func eachSuiteFile(t testing.TB, fn func(base, file string, draft Draft, assertFormat bool)) {
	for _, d := range suiteDrafts {
		base := filepath.Join(suiteDir, "tests", d.dir)
		for _, sub := range []struct {
			dir          string
			assertFormat bool
		}{{"", false}, {"optional", false}, {filepath.Join("optional", "format"), true}} {
			files, err := filepath.Glob(filepath.Join(base, sub.dir, "*.json"))
			require.NoError(t, err)
			for _, f := range files {
				fn(base, f, d.draft, sub.assertFormat)
			}
		}
	}
}

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// suiteLoader serves the suite's remotes for http://localhost:1234/.
func suiteLoader(uri string) ([]byte, error) {
	const prefix = "http://localhost:1234/"
	if !strings.HasPrefix(uri, prefix) {
		return nil, os.ErrNotExist
	}
	return os.ReadFile(filepath.Join(suiteDir, "remotes", filepath.FromSlash(strings.TrimPrefix(uri, prefix))))
}

func readGroups(t testing.TB, file string) []suiteGroup {
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	var groups []suiteGroup
	require.NoError(t, json.Unmarshal(b, &groups))
	return groups
}

// runSuiteFile runs one test file and returns (passed, total). With strict,
// every failure is a test error.
func runSuiteFile(t *testing.T, file string, draft Draft, assertFormat, strict bool) (int, int) {
	passed, total := 0, 0
	for _, g := range readGroups(t, file) {
		s, err := Compile(g.Schema, Options{DefaultDraft: draft, Loader: suiteLoader, AssertFormat: assertFormat})
		for _, tc := range g.Tests {
			total++
			if err != nil {
				if strict {
					t.Errorf("%s / %s: compile: %v", g.Description, tc.Description, err)
				}
				continue
			}
			diags, verr := s.Validate(tc.Data)
			got := verr == nil && len(diags) == 0
			if verr == nil && got == tc.Valid {
				passed++
				continue
			}
			if strict {
				t.Errorf("%s / %s: valid=%v want %v (err %v, diags %v)", g.Description, tc.Description, got, tc.Valid, verr, diags)
			} else {
				t.Logf("FAIL %s: %s / %s", filepath.Base(file), g.Description, tc.Description)
			}
		}
	}
	return passed, total
}

func TestSuiteRequired(t *testing.T) {
	for _, d := range suiteDrafts {
		t.Run(d.dir, func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(suiteDir, "tests", d.dir, "*.json"))
			require.NoError(t, err)
			require.NotEmpty(t, files)
			all, total := 0, 0
			for _, f := range files {
				t.Run(strings.TrimSuffix(filepath.Base(f), ".json"), func(t *testing.T) {
					p, n := runSuiteFile(t, f, d.draft, false, true)
					all += p
					total += n
				})
			}
			assert.Equal(t, total, all, "required tests passing")
		})
	}
}

func TestSuiteOptional(t *testing.T) {
	for _, d := range suiteDrafts {
		t.Run(d.dir, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(suiteDir, "tests", d.dir, "optional", "*.json"))
			formatFiles, _ := filepath.Glob(filepath.Join(suiteDir, "tests", d.dir, "optional", "format", "*.json"))
			p1, n1, p2, n2 := 0, 0, 0, 0
			for _, f := range files {
				p, n := runSuiteFile(t, f, d.draft, false, false)
				p1, n1 = p1+p, n1+n
			}
			for _, f := range formatFiles {
				p, n := runSuiteFile(t, f, d.draft, true, false)
				p2, n2 = p2+p, n2+n
			}
			t.Logf("%s optional: %d/%d (%.1f%%), optional/format: %d/%d (%.1f%%)", d.dir,
				p1, n1, 100*float64(p1)/float64(max(n1, 1)), p2, n2, 100*float64(p2)/float64(max(n2, 1)))
			assert.Positive(t, n1+n2)
		})
	}
}
