package jsonl

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/validate"
)

// requiredSchema is an object schema with n required properties
// f000, f001, ...
func requiredSchema(t testing.TB, n int) *validate.Schema {
	t.Helper()
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%q", fmt.Sprintf("f%03d", i))
	}
	s, err := validate.Compile([]byte(`{"type":"object","required":[`+strings.Join(names, ",")+`]}`), validate.Options{})
	require.NoError(t, err)
	return s
}

// basicErrors returns the errors of a reject's "basic" details.
func basicErrors(t testing.TB, details []byte) []map[string]any {
	t.Helper()
	var basic struct {
		Errors []map[string]any `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(details, &basic))
	return basic.Errors
}

// TestRejectListsAtMostTheCapWithTheCount: a record failing in 150
// places gets a reject whose details list the first MaxDiagnostics
// (default 100), its "more" the count of the rest and its text within
// 2 KiB saying how many lines it does not show; a negative MaxDiagnostics
// lists them all.
func TestRejectListsAtMostTheCapWithTheCount(t *testing.T) {
	s := requiredSchema(t, 150)
	for _, tc := range []struct {
		max, listed, more int
	}{{0, 100, 50}, {10, 10, 140}, {-1, 150, 0}, {150, 150, 0}} {
		res := cleanBytes(t, []byte("{}\n"), Options{Schema: SchemaValidator(s), MaxDiagnostics: tc.max})
		require.NoError(t, res.err)
		require.Len(t, res.rejects, 1)
		r := res.rejects[0]
		assert.Equal(t, "schema", r.Reason)
		assert.Equal(t, tc.more, r.More, "max %d", tc.max)
		errs := basicErrors(t, r.Details)
		require.Len(t, errs, tc.listed, "max %d", tc.max)
		for i, e := range errs {
			assert.Contains(t, e["error"], fmt.Sprintf("f%03d", i), "the first ones, in order")
		}
		assert.LessOrEqual(t, len(r.Error), maxDiagnosisText)
		assert.Regexp(t, `\.\.\. \d+ more errors not shown$`, r.Error)
	}
	var rej bytes.Buffer
	_, err := NewCleaner(Options{Schema: SchemaValidator(requiredSchema(t, 3))}).
		Run(context.Background(), strings.NewReader("{}\n"), io.Discard, &rej)
	require.NoError(t, err)
	var fields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(rej.Bytes(), &fields))
	assert.Contains(t, fields, "details")
	assert.NotContains(t, fields, "more", "absent when every diagnostic is listed")
}

// sizeWriter records the size of the largest Write.
type sizeWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	largest int
}

func (w *sizeWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.largest = max(w.largest, len(p))
	return w.buf.Write(p)
}

// TestBatchHandsOverWhatItHoldsEarly: 6,000 tiny records that each fail
// a schema in 30 places make rejects a thousand times their size; a batch
// hands its rejects to the writer whenever they pass holdBytes, so no
// write (no batch) holds more than that and one reject, and every record
// still comes out once, in order (and, unordered, once).
func TestBatchHandsOverWhatItHoldsEarly(t *testing.T) {
	s := requiredSchema(t, 30)
	const n = 6000
	in := strings.Repeat("{}\n", n)
	const batchBytes = 4 << 10
	for _, unordered := range []bool{false, true} {
		var out, rej sizeWriter
		st, err := NewCleaner(Options{Schema: SchemaValidator(s), Workers: 4, BatchBytes: batchBytes, Unordered: unordered}).
			Run(context.Background(), strings.NewReader(in), &out, &rej)
		require.NoError(t, err)
		assert.Equal(t, int64(n), st.Rejected)
		rejects := parseRejects(t, rej.buf.Bytes())
		require.Len(t, rejects, n)
		one := len(bytes.SplitAfter(rej.buf.Bytes(), []byte("\n"))[0])
		assert.Greater(t, n*one, 100*holdBytes(batchBytes), "the rejects of a batch are far over holdBytes")
		assert.LessOrEqual(t, rej.largest, holdBytes(batchBytes)+one, "unordered %v", unordered)
		seen := make([]bool, n+1)
		for i, r := range rejects {
			require.False(t, seen[r.Line], "line %d twice", r.Line)
			seen[r.Line] = true
			if !unordered {
				require.Equal(t, int64(i+1), r.Line)
			}
		}
	}
}
