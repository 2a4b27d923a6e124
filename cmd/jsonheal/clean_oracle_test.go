package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/internal/mixgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCleanOracleMixes runs `jsonheal clean` over generated mixes of every
// form models write, a quarter cut: every output line equals exactly one
// original, every complete original comes out, and the summary's counts
// conserve the records (in = out + rejects) and the input lines.
func TestCleanOracleMixes(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		m := mixgen.Generate(seed, mixgen.Options{Records: 200})
		code, out, errOut := runCLI(t, string(m.Input), "clean", "--report=json", "-j", "2")
		assert.Equal(t, exitFailed, code, "cut records are rejected")
		res := m.Check([]byte(out))
		require.True(t, res.OK(), "seed %d: %s%s", seed, res, m.Context(res))

		var sum summary
		require.NoError(t, json.Unmarshal([]byte(errOut[strings.Index(errOut, "{"):]), &sum), errOut)
		assert.Equal(t, sum.Records, sum.Written+sum.Rejected, "records in = out + rejects")
		assert.Equal(t, int64(res.Out), sum.Written)
		assert.Equal(t, int64(strings.Count(string(m.Input), "\n")), sum.Lines)
	}
}

// TestCleanSummaryStatesConservation: the text summary says how many
// lines and records came in and where they went.
func TestCleanSummaryStatesConservation(t *testing.T) {
	in := "{\"a\":1}\n{\"b\":\n{\"c\":2}\n```json {\"d\":3} ```\nHope this helps.\n"
	code, out, errOut := runCLI(t, in, "clean")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, "{\"a\":1}\n{\"c\":2}\n{\"d\":3}\n", out)
	assert.Contains(t, errOut, "in: 5 lines, 5 records; out: 3 written + 2 rejected")
}
