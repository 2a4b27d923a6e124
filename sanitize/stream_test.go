package sanitize

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// streamInputs gathers inputs with every kind of repair and truncation.
func streamInputs(t *testing.T) map[string][]byte {
	inputs := map[string][]byte{}
	for _, tc := range repairCases {
		inputs[tc.kind.String()+":"+tc.in] = []byte(tc.in)
	}
	for name, in := range suiteFiles(t, "") {
		if len(in) < 2000 {
			inputs[name] = in
		}
	}
	for _, c := range brokengen.Classes {
		inputs["class "+c.Name] = c.Generate(1500)
	}
	inputs["chatty"] = []byte("Sure!\n```json\n{\"user\": {name: 'Ada', \"tags\": [\"a\" \"b\",], \"bio\": \"line1\nline2\", n: 007}}\n```\nDone.")
	return inputs
}

// Fed byte by byte or in larger chunks (where repairs of several bytes
// are found in one step), a Stream's stable prefix only grows and never
// changes, its snapshots are valid JSON, and the final output extends the
// last stable prefix and equals Append's.
func TestStreamStablePrefix(t *testing.T) {
	for _, size := range []int{1, 7, 64} {
		for name, in := range streamInputs(t) {
			checkStream(t, fmt.Sprintf("%s (chunks of %d)", name, size), in, size, pruneAsTheyGrow)
		}
	}
}

func checkStream(t *testing.T, name string, in []byte, size int, pruning pruneMode) {
	st := NewStream(Options{MinConfidence: Guess})
	st.z.setPruning(pruning)
	var stable []byte
	for k := 0; k < len(in); k += size {
		if _, err := st.Write(in[k:min(k+size, len(in))]); err != nil {
			break
		}
		now := st.Stable()
		require.True(t, bytes.HasPrefix(now, stable), "%s: stable prefix changed at byte %d: %q then %q", name, k, stable, now)
		stable = append(stable[:0], now...)
		snap := st.AppendSnapshot(nil)
		if len(snap) > 0 {
			require.True(t, validSequence(snap), "%s: invalid snapshot at byte %d: %q", name, k, snap)
		}
	}
	out, err := st.Close()
	if err != nil && !errors.Is(err, ErrTruncated) {
		return // unrepairable: the stable prefix makes no promise
	}
	assert.True(t, bytes.HasPrefix(out, stable), "%s: final %q does not extend stable %q", name, out, stable)

	want, _, wantErr := Append(nil, in, Options{MinConfidence: Guess, CloseTruncated: true})
	assert.Equal(t, string(want), string(out), name)
	assert.Equal(t, errString(wantErr), errString(err), name)
}

func TestStreamPartialObject(t *testing.T) {
	st := NewStream(Options{MinConfidence: Guess})
	_, err := st.Write([]byte(`{"title": "Hello wor`))
	require.NoError(t, err)
	assert.Equal(t, `{"title": "Hello wor"}`, string(st.AppendSnapshot(nil)))
	assert.Equal(t, `{`, string(st.Stable()))

	_, err = st.Write([]byte(`ld", "n": 4`))
	require.NoError(t, err)
	assert.Equal(t, `{"title": "Hello world"}`, string(st.AppendSnapshot(nil)), "the number may go on: not shown")
	assert.Equal(t, `{"title": "Hello world"`, string(st.Stable()))
	assert.Equal(t, `, "n": 4`, string(st.Pending()))

	_, err = st.Write([]byte(`2, "tags": ['x'`))
	require.NoError(t, err)
	assert.Equal(t, `{"title": "Hello world", "n": 42, "tags": ["x"]}`, string(st.AppendSnapshot(nil)))

	out, err := st.Close()
	assert.ErrorIs(t, err, ErrTruncated)
	assert.Equal(t, `{"title": "Hello world", "n": 42, "tags": ["x"]}`, string(out))
}

// The '[' written for a tuple's '(' may still go (a tuple of one element
// is that element): it stays out of the stable prefix until the ')'.
func TestStreamHoldsTupleBracket(t *testing.T) {
	st := NewStream(Options{MinConfidence: Guess})
	_, err := st.Write([]byte(`{"a": 1, "b": (2`))
	require.NoError(t, err)
	assert.Equal(t, `{"a": 1, "b": `, string(st.Stable()))
	_, err = st.Write([]byte(`, 3`))
	require.NoError(t, err)
	assert.Equal(t, `{"a": 1, "b": `, string(st.Stable()))
	_, err = st.Write([]byte(`), "c": (4`))
	require.NoError(t, err)
	assert.Equal(t, `{"a": 1, "b": [2, 3], "c": `, string(st.Stable()))
	_, err = st.Write([]byte(`), "d": true}`))
	require.NoError(t, err)
	assert.Equal(t, `{"a": 1, "b": [2, 3], "c": 4, "d": true`, string(st.Stable()))
	_, err = st.Write([]byte("\n")) // the closer is no longer followed by more members
	require.NoError(t, err)
	assert.Equal(t, `{"a": 1, "b": [2, 3], "c": 4, "d": true}`, string(st.Stable()))
	out, err := st.Close()
	require.NoError(t, err)
	assert.Equal(t, "{\"a\": 1, \"b\": [2, 3], \"c\": 4, \"d\": true}\n", string(out))
}
