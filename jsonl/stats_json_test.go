package jsonl

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStatsEncodeAsTheCLIReport checks the JSON of Stats: the keys and
// units of jsonheal clean --report=json (seconds, not nanoseconds).
func TestStatsEncodeAsTheCLIReport(t *testing.T) {
	st := Stats{Lines: 4, Records: 3, Clean: 1, Repaired: 1, RepairedBy: map[string]int64{"single_quote": 1},
		Rejected: 1, RejectedBy: map[string]int64{"syntax": 1}, BytesIn: 3_000_000, BytesOut: 2_000_000,
		Line: 5, Offset: 3_000_000, Elapsed: 1500 * time.Millisecond}
	b, err := json.Marshal(st)
	require.NoError(t, err)
	assert.JSONEq(t, `{"lines":4,"records":3,"written":2,"clean":1,"repaired":1,"repaired_by":{"single_quote":1},
		"reflowed":0,"schema_fixed":0,"schema_fixed_by":{},"healed":0,"rejected":1,"rejected_by":{"syntax":1},
		"bytes_in":3000000,"bytes_out":2000000,"seconds":1.5,"mb_per_second":2}`, string(b))

	var r Report
	r.Add(st)
	r.Add(Stats{Records: 1, Clean: 1, BytesIn: 1_000_000, Elapsed: 500 * time.Millisecond})
	assert.Equal(t, int64(4), r.Records)
	assert.Equal(t, int64(3), r.Written)
	assert.InDelta(t, 2.0, r.Seconds, 1e-9)
	assert.InDelta(t, 2.0, r.MBPerSecond, 1e-9)
	assert.Equal(t, map[string]int64{}, r.SchemaFixedBy)
}
