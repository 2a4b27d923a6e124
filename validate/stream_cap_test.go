package validate

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failingArray is a root array of n numbers where the schema wants strings.
func failingArray(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteByte(']')
	return b.Bytes()
}

// streamChunks validates doc through a Stream with cap max, in chunks of
// size, and returns the largest Early list seen on the way.
func streamChunks(t *testing.T, s *Schema, doc []byte, size, maxDiags int) (Diagnostics, error, int) {
	t.Helper()
	w := s.NewStream()
	w.MaxDiagnostics = maxDiags
	most := 0
	for len(doc) > 0 {
		n := min(size, len(doc))
		if _, err := w.Write(doc[:n]); err != nil {
			break
		}
		doc = doc[n:]
		most = max(most, len(w.Early()))
	}
	d, err := w.Close()
	return d, err, most
}

func TestStreamCapsDiagnostics(t *testing.T) {
	for _, schema := range []string{
		`{"items": {"type": "string"}}`,
		`{"items": {"type": "string"}, "minItems": 1, "uniqueItems": true}`,
		`{"anyOf": [{"items": {"type": "string"}}, {"items": {"type": "boolean"}}]}`,
		`{"properties": {"a": {"items": {"type": "string"}}}, "required": ["a", "b"]}`,
	} {
		t.Run(schema, func(t *testing.T) {
			s, err := Compile([]byte(schema), Options{})
			require.NoError(t, err)
			doc := failingArray(5000)
			if strings.Contains(schema, "properties") {
				// Past descendAfter: the member's array streams too.
				doc = append(append([]byte(`{"a":`), failingArray(20000)...), `,"b":1}`...)
			}
			whole, err := s.Validate(doc)
			require.NoError(t, err)
			require.Greater(t, len(whole), 100)

			got, err, most := streamChunks(t, s, doc, 7, 100)
			require.NoError(t, err)
			require.Len(t, got, 101, "the cap, then one line saying the list is incomplete")
			assert.Equal(t, whole[:100], got[:100], "the first diagnostics, in document order")
			last := got[100]
			assert.Equal(t, CodeTooMany, last.Code)
			assert.Equal(t, "only the first 100 diagnostics are listed; the document has more", last.Message)
			assert.LessOrEqual(t, most, 110, "diagnostics held while reading stay near the cap")
			assert.Contains(t, got.Text(0), "\n... only the first 100 diagnostics are listed")

			// Under the cap, nothing changes.
			got, err, _ = streamChunks(t, s, doc, 7, 100000)
			require.NoError(t, err)
			assert.Equal(t, whole, got)
		})
	}
}

// TestStreamCapStillReadsSyntax: past the cap the rest is still read as
// JSON, and a syntax error there wins over the diagnostics.
func TestStreamCapStillReadsSyntax(t *testing.T) {
	s, err := Compile([]byte(`{"items": {"type": "string"}}`), Options{})
	require.NoError(t, err)
	doc := failingArray(1000)
	bad := append(doc[:len(doc)-1:len(doc)-1], `,]`...)
	_, err, _ = streamChunks(t, s, bad, 64, 10)
	var de *DocumentError
	require.ErrorAs(t, err, &de)
	assert.ErrorIs(t, err, ErrNotJSON)

	// A valid document under any cap stays valid.
	ok := []byte(`["a","b","c"]`)
	got, err, _ := streamChunks(t, s, ok, 1, 1)
	require.NoError(t, err)
	assert.Nil(t, got)
}

// TestStreamCapExactly: a document with exactly as many diagnostics as
// the cap lists them all, with no line saying there are more.
func TestStreamCapExactly(t *testing.T) {
	s, err := Compile([]byte(`{"items": {"type": "string"}}`), Options{})
	require.NoError(t, err)
	doc := failingArray(10)
	for _, limit := range []int{10, 11} {
		got, err, _ := streamChunks(t, s, doc, 3, limit)
		require.NoError(t, err)
		require.Len(t, got, 10)
		for _, d := range got {
			assert.Equal(t, CodeType, d.Code)
		}
	}
	got, err, _ := streamChunks(t, s, doc, 3, 9)
	require.NoError(t, err)
	require.Len(t, got, 10)
	assert.Equal(t, CodeTooMany, got[9].Code)
}

// TestRefusedNamesBounded: a large object whose every member
// additionalProperties or unevaluatedProperties: false refuses keeps
// at most MaxDiagnostics+1 names per schema, not one per member, and
// reports Validate's first MaxDiagnostics then CodeTooMany; under lanes
// the names not kept still count for the best branch.
func TestRefusedNamesBounded(t *testing.T) {
	lanesFrom(t, 64<<10)
	doc := bigObject(200000)
	for _, src := range []string{
		`{"additionalProperties":false,"required":["k0"]}`,
		`{"properties":{"k1":true},"unevaluatedProperties":false}`,
		`{"anyOf":[{"additionalProperties":false,"minProperties":1},{"additionalProperties":{"type":"string"}}]}`,
	} {
		s := mustCompile(t, src)
		w := s.NewStream()
		writeChunks(t, w, doc, 1<<16)
		held := len(w.st.obj.extras) + len(w.st.obj.unevalExtras)
		for _, l := range w.st.lanes.lanes[:w.st.lanes.used] {
			held += len(l.obj.extras)
		}
		assert.LessOrEqual(t, held, DefaultMaxDiagnostics+1, src)
		got, err := w.Close()
		require.NoError(t, err)
		want, err := s.Validate(doc)
		require.NoError(t, err)
		require.Greater(t, len(want), DefaultMaxDiagnostics, src)
		require.Len(t, got, DefaultMaxDiagnostics+1, src)
		assert.Equal(t, want[:DefaultMaxDiagnostics], got[:DefaultMaxDiagnostics], src)
		assert.Equal(t, CodeTooMany, got[DefaultMaxDiagnostics].Code, src)
	}
}
