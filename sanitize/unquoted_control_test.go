package sanitize

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A raw control byte at the end of an unquoted value is escaped inside the
// value: the closing quote goes after the escape. (It went before it, which
// left an escape outside any string, ["x"\t], with a nil error; found by
// FuzzSanitize, fuzz/testdata/fuzz/FuzzSanitize/68d5bf0d321524bb.)
func TestUnquotedValueEndingInControlByte(t *testing.T) {
	cases := map[string]string{
		"[x\t]":              `["x\t"]`,
		"[x \t ]":            `["x \t" ]`,
		"[x\x11]":            `["x\u0011"]`,
		"{\"a\": hello\x01}": `{"a": "hello\u0001"}`,
		"[\x8d\x11]":         "[\"\uFFFD\\u0011\"]",
		"[x\ty]":             `["x\ty"]`,
	}
	for in, want := range cases {
		out, _, err := Append(nil, []byte(in), Options{MinConfidence: Guess})
		require.NoError(t, err, "%q", in)
		assert.Equal(t, want, string(out), "%q", in)
		assert.True(t, json.Valid(out), "%q", out)
	}
}
