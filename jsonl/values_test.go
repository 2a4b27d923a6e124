package jsonl

import (
	"testing"

	"github.com/jsonheal/jsonheal/sanitize"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A record holding several JSON values is rejected as multiple_values,
// with the coordinates of its second value; the records around it are
// not touched (the rule clean keeps since before sanitize refused several
// values itself).
func TestCleanRejectsARecordWithSeveralValues(t *testing.T) {
	in := "{\"a\":1}\n{\"b\":2} {\"c\":3}\n[1][2]\n{\"d\":4}\n"
	res := cleanBytes(t, []byte(in), Options{})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"a\":1}\n{\"d\":4}\n", res.out)
	require.Len(t, res.rejects, 2)
	for k, want := range []struct {
		line   int64
		raw    string
		column string
	}{{2, `{"b":2} {"c":3}`, `"record_column":9`}, {3, `[1][2]`, `"record_column":4`}} {
		r := res.rejects[k]
		assert.Equal(t, want.line, r.Line)
		assert.Equal(t, "multiple_values", r.Reason)
		assert.Equal(t, want.raw, r.Raw)
		assert.Contains(t, r.Error, "2 top-level JSON values")
		assert.Contains(t, string(r.Details), want.column)
	}
	assert.Equal(t, map[string]int64{"multiple_values": 2}, res.stats.RejectedBy)
}

// An object closed too early is reopened only by members on the closer's
// own line: a record `{"a":1}` and a next line `, "b":2}` stay two
// records (the second rejected), never one object, even with guesses
// allowed; on one line the record is repaired.
func TestCleanReopensAnObjectOnlyOnItsLine(t *testing.T) {
	in := "{\"a\":1}\n, \"b\":2}\n{\"c\":1}, \"d\": 2}\n"
	res := cleanBytes(t, []byte(in), Options{Sanitize: sanitize.Options{MinConfidence: sanitize.Guess}})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"a\":1}\n{\"c\":1, \"d\": 2}\n", res.out)
	require.Len(t, res.rejects, 1)
	assert.Equal(t, int64(2), res.rejects[0].Line)
	assert.Equal(t, `, "b":2}`, res.rejects[0].Raw)

	// With the default floor (likely), the guess is refused, not made.
	res = cleanBytes(t, []byte(in), Options{})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"a\":1}\n", res.out)
	require.Len(t, res.rejects, 2)
	assert.Equal(t, "needs_model", res.rejects[1].Reason)
}
