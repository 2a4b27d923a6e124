package sanitize

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestZeroFloorRefusesGuesses checks the default floor: a zero
// MinConfidence makes likely fixes and refuses a guess, naming it; Guess,
// set explicitly, makes it.
func TestZeroFloorRefusesGuesses(t *testing.T) {
	in := []byte(`{"name": Ada Lovelace, "tags": ['math',]}`)
	_, _, err := Bytes(in, Options{})
	require.ErrorIs(t, err, ErrNeedsModel)
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, Error{Err: ErrNeedsModel, Offset: 9, Line: 1, Column: 10, Kind: KindUnquotedValue,
		Confidence: Guess, Floor: Likely,
		Msg: "repair unquoted_value is a guess, below the confidence floor (likely)"}, *e)
	assert.Equal(t, "1:10: repair unquoted_value is a guess, below the confidence floor (likely)", err.Error())

	out, _, err := Bytes(in, Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Equal(t, `{"name": "Ada Lovelace", "tags": ["math"]}`, string(out))

	out, rep, err := Bytes([]byte(`{'a': True,}`), Options{})
	require.NoError(t, err, "likely and certain fixes are made under the default floor")
	assert.Equal(t, `{"a": true}`, string(out))
	assert.Len(t, rep.Fixes, 3) // single_quote (one fix a string), python_literal, trailing_comma
	assert.Equal(t, Likely, Confidence(0).OrDefault())
	assert.Equal(t, Guess, Guess.OrDefault())
}

// TestErrorFormat checks that Error prints "line:column: message".
func TestErrorFormat(t *testing.T) {
	_, _, err := Bytes([]byte("{\"a\":\n  @}"), Options{})
	var e *Error
	require.True(t, errors.As(err, &e))
	assert.Regexp(t, `^2:3: `, err.Error())
	assert.Equal(t, int64(8), e.Offset)
	assert.Zero(t, e.Kind, "no refused repair")
}

// TestRefusalAtTheEndLeavesOnlyValues checks a refusal found at the end
// of the input (the prose_value guess after a top-level string): Bytes
// leaves nothing of the refused text, only the value completed before it;
// a Writer and a Reader, whose output may pass for the answer, write
// nothing at all (the window still held it); all three give one error.
func TestRefusalAtTheEndLeavesOnlyValues(t *testing.T) {
	in := []byte(`"a"+ 'b' `)
	out, _, err := Bytes(in, Options{Strict: true})
	require.ErrorIs(t, err, ErrNeedsModel)
	assert.Equal(t, `"a"`, string(out))

	var buf bytes.Buffer
	w := NewWriter(&buf, Options{Strict: true})
	_, werr := w.Write(in)
	require.NoError(t, werr)
	assert.Equal(t, err, w.Close())
	assert.Empty(t, buf.String(), "a refusal within the window writes nothing")

	got, rerr := io.ReadAll(NewReader(bytes.NewReader(in), Options{Strict: true}))
	assert.Equal(t, err, rerr)
	assert.Empty(t, string(got))
}

// TestAValueCommentThatLeavesTheValueOpenIsRefused: a '#' where a value
// belongs is read as a comment only as a guess; when the comment takes
// the rest of the value (`{"color": #fff, "size": 2}`), the value is open
// at the end because of the guess, not because the input was cut: a
// syntax error at the '#', never a truncation (which CloseTruncated would
// close into {} and a healer would answer with a higher max_tokens).
func TestAValueCommentThatLeavesTheValueOpenIsRefused(t *testing.T) {
	for _, in := range []string{`{"color": #fff, "size": 2}`, "{\"color\": #fff, \"size\": 2}\n", `{"a": [#1, 2], "b": 3}`} {
		for _, closeTruncated := range []bool{false, true} {
			out, rep, err := Bytes([]byte(in), Options{MinConfidence: Guess, CloseTruncated: closeTruncated})
			require.ErrorIs(t, err, ErrSyntax, "%q", in)
			assert.NotErrorIs(t, err, ErrTruncated, "%q", in)
			assert.False(t, rep.Truncated, "%q", in)
			assert.Empty(t, out, "%q", in)
			var se *Error
			require.ErrorAs(t, err, &se)
			assert.Equal(t, int64(strings.IndexByte(in, '#')), se.Offset, "%q", in)
		}
	}
	// A value comment that ends at its line leaves the value whole.
	out, _, err := Bytes([]byte("[\n  #1,\n  2\n]"), Options{MinConfidence: Guess})
	require.NoError(t, err)
	assert.Equal(t, "[\n  \n  2\n]", string(out))
	// A value cut by the end with no value comment is still truncated.
	_, rep, err := Bytes([]byte(`{"a": [1, 2`), Options{MinConfidence: Guess})
	assert.ErrorIs(t, err, ErrTruncated)
	assert.True(t, rep.Truncated)
}
