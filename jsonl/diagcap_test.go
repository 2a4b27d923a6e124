//go:build !race

package jsonl

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/schemafix"
	"github.com/jsonheal/jsonheal/validate"
)

// manyErrorsDoc is an array of n+1 ones: under {"items":{"type":"string"}}
// it fails in n+1 places.
func manyErrorsDoc(n int) []byte {
	return []byte("[" + strings.Repeat("1,", n) + "1]")
}

// wantDiagnosis is the diagnosis of doc as it was before the validator
// capped what it builds: every diagnostic built, the first limit listed.
func wantDiagnosis(t *testing.T, s *validate.Schema, doc []byte, limit int) *Diagnosis {
	t.Helper()
	full, err := s.Validate(doc)
	require.NoError(t, err)
	listed, more := full, 0
	if len(full) > limit {
		listed, more = full[:limit], len(full)-limit
	}
	return &Diagnosis{Text: full.Text(maxDiagnosisText), Details: listed.AppendBasic(nil), More: more}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// A record failing in 500,001 places costs SchemaValidator's Check a
// bounded amount (it allocated 822 MB when every diagnostic was built
// and all but the first 100 thrown away), and its diagnosis is the one
// building them all gave.
func TestSchemaCheckManyErrorsBounded(t *testing.T) {
	s, err := validate.Compile([]byte(`{"items":{"type":"string"}}`), validate.Options{})
	require.NoError(t, err)

	// The same diagnosis as before, where it can still be computed.
	small := manyErrorsDoc(3000)
	assert.Equal(t, wantDiagnosis(t, s, small, DefaultMaxDiagnostics), SchemaValidator(s).Check(small))
	pw := SchemaValidator(s).(perWorker)
	for _, validJSON := range []bool{false, true} {
		v := pw.forWorker(validJSON).(schemaValidator)
		v.maxDiags = 7
		assert.Equal(t, wantDiagnosis(t, s, small, 7), v.Check(small))
	}

	doc := manyErrorsDoc(500000)
	v := SchemaValidator(s)
	v.Check(doc) // warm up
	var d *Diagnosis
	n := allocated(func() { d = v.Check(doc) })
	t.Logf("Check of a 500,001-error record: %d bytes allocated", n)
	assert.Less(t, n, uint64(4<<20), "bytes allocated")
	require.NotNil(t, d)
	assert.Equal(t, 500001-DefaultMaxDiagnostics, d.More)
	errs := basicErrors(t, d.Details)
	require.Len(t, errs, DefaultMaxDiagnostics)
	assert.Equal(t, "/0", errs[0]["instanceLocation"])
	assert.Equal(t, "/99", errs[99]["instanceLocation"])
	assert.LessOrEqual(t, len(d.Text), maxDiagnosisText)
	shown := strings.Count(d.Text, "\n")
	assert.True(t, strings.HasSuffix(d.Text, "... "+strconv.Itoa(500001-shown)+" more errors not shown"), d.Text[len(d.Text)-60:])
}

// A Cleaner with a schema rejects such a record with the first 100
// diagnostics and the count of the rest, at about the cost of the same
// record when valid (a fresh Cleaner reads the 1 MB record into its
// buffers and its tape: about 90 MB either way), with the schema fixes
// off, or on when none applies.
func TestCleanerManyErrorsBounded(t *testing.T) {
	in := append(manyErrorsDoc(500000), '\n')
	clean := func(schema string, disabled schemafix.Rule) (uint64, *bytes.Buffer) {
		s, err := validate.Compile([]byte(schema), validate.Options{})
		require.NoError(t, err)
		opts := Options{Schema: SchemaValidator(s), Workers: 1, DisabledSchemaFixes: disabled}
		var rej bytes.Buffer
		run := func() {
			rej.Reset()
			var out bytes.Buffer
			_, err := NewCleaner(opts).Run(context.Background(), bytes.NewReader(in), &out, &rej)
			require.NoError(t, err)
		}
		run()
		return allocated(run), &rej
	}
	valid, rej := clean(`{"items":{"type":"integer"}}`, 0)
	require.Zero(t, rej.Len())
	t.Logf("Cleaner run on the record, valid: %d bytes allocated", valid)
	for _, tc := range []struct {
		schema   string
		disabled schemafix.Rule
	}{
		{`{"items":{"type":"string"}}`, schemafix.All},
		{`{"items":{"type":"null"}}`, 0},
	} {
		n, rej := clean(tc.schema, tc.disabled)
		t.Logf("%s: Cleaner run on the record, 500,001 errors: %d bytes allocated", tc.schema, n)
		assert.Less(t, n, valid+4<<20, "bytes allocated")
		var r Reject
		require.NoError(t, json.Unmarshal(rej.Bytes(), &r))
		assert.Equal(t, "schema", r.Reason)
		assert.Equal(t, 500001-DefaultMaxDiagnostics, r.More)
		errs := basicErrors(t, r.Details)
		require.Len(t, errs, DefaultMaxDiagnostics)
		assert.Equal(t, "/0", errs[0]["instanceLocation"])
		assert.Equal(t, "/99", errs[99]["instanceLocation"])
		assert.LessOrEqual(t, len(r.Error), maxDiagnosisText)
		shown := strings.Count(r.Error, "\n")
		assert.True(t, strings.HasSuffix(r.Error, "... "+strconv.Itoa(500001-shown)+" more errors not shown"))
	}
}
