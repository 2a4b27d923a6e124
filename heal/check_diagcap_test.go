//go:build !race

package heal_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/validate"
)

// An answer failing in 500,001 places costs Check what the diagnostics its
// re-ask text shows cost, not all of them; the text and the count are
// those of the whole list.
func TestCheckManyDiagnosticsBounded(t *testing.T) {
	schema, err := validate.Compile([]byte(`{"items":{"type":"null"}}`), validate.Options{})
	require.NoError(t, err)
	h := &heal.Healer{Schema: schema}
	answer := []byte("[" + strings.Repeat("1,", 500000) + "1]")

	small := []byte("[" + strings.Repeat("1,", 3000) + "1]")
	full, err := schema.Validate(small)
	require.NoError(t, err)
	v := h.Check(small, "stop")
	assert.Equal(t, full.Text(heal.DefaultDiagnosticsBytes), v.Diagnostics)
	assert.Equal(t, len(full), v.DiagnosticCount)

	h.Check(answer, "stop") // warm up
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	v = h.Check(answer, "stop")
	runtime.ReadMemStats(&m1)
	n := m1.TotalAlloc - m0.TotalAlloc
	t.Logf("Check of a 500,001-error answer: %d bytes allocated", n)
	// The answer is sanitized into a copy (1 MB) and read into a tape.
	assert.Less(t, n, uint64(8<<20), "bytes allocated")
	assert.Equal(t, heal.ActionReask, v.Decision.Action)
	assert.Equal(t, 500001, v.DiagnosticCount)
	assert.True(t, strings.HasPrefix(v.Diagnostics, "/0: must be null, got integer"), v.Diagnostics)
	assert.Contains(t, v.Diagnostics, " more errors not shown")
}
