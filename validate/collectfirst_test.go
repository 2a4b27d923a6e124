package validate

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCollectFirstMatchesTwoPasses: every instance of every suite file
// (required, optional and format tests of every draft), validated right
// after a run of failing documents (collecting at once) and after a valid
// one (the fast pass first), by Validate and by ValidateJSON, gets the
// same verdict: the same diagnostics,
// field for field, or the same error.
func TestCollectFirstMatchesTwoPasses(t *testing.T) {
	cases, invalid := 0, 0
	eachSuiteFile(t, func(_, f string, draft Draft, assertFormat bool) {
		for _, g := range readGroups(t, f) {
			s, err := Compile(g.Schema, Options{DefaultDraft: draft, Loader: suiteLoader, AssertFormat: assertFormat})
			if err != nil {
				continue
			}
			v := s.NewValidator()
			for _, tc := range g.Tests {
				// Validate streams a root array; ValidateJSON (the jsonl
				// workers' way) reads every document whole.
				for _, validate := range []func([]byte) (Diagnostics, error){v.Validate, v.ValidateJSON} {
					v.st.failStreak = 0
					want, wantErr := validate(tc.Data)
					v.st.failStreak = collectFirstAfter
					got, gotErr := validate(tc.Data)
					where := fmt.Sprintf("%s: %s / %s", f, g.Description, tc.Description)
					assert.Equal(t, want, got, where)
					assert.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), where)
					cases++
					if len(want) > 0 {
						invalid++
					}
				}
			}
		}
	})
	assert.Greater(t, cases, 5000)
	assert.Greater(t, invalid, 2000)
}

// TestCollectFirstAfterFailures: the streak starts after
// collectFirstAfter failing documents and ends at the first valid one,
// whose verdict stays valid.
func TestCollectFirstAfterFailures(t *testing.T) {
	s, err := Compile([]byte(`{"required":["a"]}`), Options{})
	require.NoError(t, err)
	v := s.NewValidator()
	for i := range collectFirstAfter + 2 {
		d, err := v.Validate([]byte(`{"b":1}`))
		require.NoError(t, err)
		require.Len(t, d, 1)
		assert.Equal(t, CodeRequired, d[0].Code)
		assert.Equal(t, min(i+1, collectFirstAfter), v.st.failStreak)
	}
	d, err := v.Validate([]byte(`{"a":1}`))
	require.NoError(t, err)
	assert.Nil(t, d)
	assert.Zero(t, v.st.failStreak)
}
