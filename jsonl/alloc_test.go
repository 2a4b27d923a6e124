// The race detector makes sync.Pool drop items at random, so allocation
// counts are only meaningful without it (as in the standard library).

//go:build !race

package jsonl

import (
	"context"
	"os"
	"testing"

	"github.com/jsonheal/jsonheal/validate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestValidRecordsWithSchemaFixesOnCostNoAllocation(t *testing.T) {
	schemaText, err := os.ReadFile("../testdata/schemas/llm.schema.json")
	require.NoError(t, err)
	s, err := validate.Compile(schemaText, validate.Options{})
	require.NoError(t, err)
	valid := compactFile(t, "../testdata/schemas/llm.valid.json")
	opts := Options{Schema: SchemaValidator(s)}
	w := newWorker(context.Background(), &opts, opts.newSanitizer())
	require.NotNil(t, w.fixer, "schema fixes are on by default")
	b := &batch{}
	for range 8 {
		b.add(&Record{Data: valid, Line: 1, Lines: 1, Size: int64(len(valid))}, nil)
	}
	w.process(b) // warm up
	allocs := testing.AllocsPerRun(50, func() {
		b.out, b.rej = b.out[:0], b.rej[:0]
		w.process(b)
	})
	assert.Zero(t, allocs)
	assert.Equal(t, int64(0), b.loc.schemaFixed)
	assert.Empty(t, b.rej)
}
