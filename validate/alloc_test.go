package validate

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func compileFile(t testing.TB, path string) *Schema {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	s, err := Compile(b, Options{})
	require.NoError(t, err)
	return s
}

// TestZeroAllocsValid: validating a valid document allocates nothing once
// the schema's pooled state is warm.
func TestZeroAllocsValid(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	cases := []struct{ schema, doc string }{
		{"../testdata/schemas/llm.schema.json", "../testdata/schemas/llm.valid.json"},
		{"../testdata/schemas/citm_catalog.schema.json", "../testdata/corpus/citm_catalog.json"},
	}
	for _, c := range cases {
		t.Run(c.doc, func(t *testing.T) {
			s := compileFile(t, c.schema)
			doc, err := os.ReadFile(c.doc)
			require.NoError(t, err)
			for range 3 {
				d, err := s.Validate(doc)
				require.NoError(t, err)
				require.Empty(t, d)
			}
			allocs := testing.AllocsPerRun(10, func() {
				d, err := s.Validate(doc)
				if err != nil || d != nil {
					panic("not valid")
				}
			})
			assert.Zero(t, allocs, "Schema.Validate")
			v := s.NewValidator()
			for range 2 {
				d, err := v.Validate(doc)
				require.NoError(t, err)
				require.Empty(t, d)
			}
			allocs = testing.AllocsPerRun(10, func() {
				d, err := v.Validate(doc)
				if err != nil || d != nil {
					panic("not valid")
				}
			})
			assert.Zero(t, allocs, "Validator.Validate")
		})
	}
}

func readFile(t testing.TB, path string) []byte {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}
