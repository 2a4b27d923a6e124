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

type outputGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string                     `json:"description"`
		Data        json.RawMessage            `json:"data"`
		Output      map[string]json.RawMessage `json:"output"`
	} `json:"tests"`
}

// TestOutputSuiteBasic checks AppendBasic against the suite's output-tests
// for the cases that report errors (the basic output here carries errors,
// not annotations; cases about annotations of valid documents are counted
// apart and must be exactly those).
func TestOutputSuiteBasic(t *testing.T) {
	for _, dir := range []string{"draft2019-09", "draft2020-12"} {
		draft := Draft2020_12
		if dir == "draft2019-09" {
			draft = Draft2019_09
		}
		outSchema, err := os.ReadFile(filepath.Join(suiteDir, "output-tests", dir, "output-schema.json"))
		require.NoError(t, err)
		loader := func(uri string) ([]byte, error) {
			if strings.HasSuffix(uri, "/output/schema") {
				return outSchema, nil
			}
			return nil, os.ErrNotExist
		}
		files, _ := filepath.Glob(filepath.Join(suiteDir, "output-tests", dir, "content", "*.json"))
		require.NotEmpty(t, files)
		checked := 0
		for _, f := range files {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			var groups []outputGroup
			require.NoError(t, json.Unmarshal(b, &groups))
			for _, g := range groups {
				s, err := Compile(g.Schema, Options{DefaultDraft: draft})
				require.NoError(t, err, g.Description)
				for _, tc := range g.Tests {
					basic, ok := tc.Output["basic"]
					if !ok {
						continue
					}
					diags, err := s.Validate(tc.Data)
					require.NoError(t, err)
					if len(diags) == 0 {
						// Annotation-only expectations (readOnly on valid data).
						assert.Contains(t, filepath.Base(f), "readOnly", "%s: %s", g.Description, tc.Description)
						continue
					}
					checker, err := Compile(basic, Options{DefaultDraft: draft, Loader: loader})
					require.NoError(t, err, "%s: %s", g.Description, tc.Description)
					out := diags.AppendBasic(nil)
					require.True(t, json.Valid(out), string(out))
					od, err := checker.Validate(out)
					require.NoError(t, err)
					assert.Empty(t, od, "%s / %s: %s", g.Description, tc.Description, out)
					checked++
				}
			}
		}
		assert.Positive(t, checked)
		t.Logf("%s: %d output cases checked", dir, checked)
	}
}
