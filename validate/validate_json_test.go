package validate

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ValidateJSON gives Validate's verdicts on valid JSON, and an error or a
// verdict (never a panic) on bytes that are not JSON.
func TestValidateJSONMatchesValidate(t *testing.T) {
	schema, err := os.ReadFile("../testdata/schemas/llm.schema.json")
	require.NoError(t, err)
	s, err := Compile(schema, Options{})
	require.NoError(t, err)
	for _, name := range []string{"llm.valid.json", "llm.invalid.json"} {
		doc, err := os.ReadFile("../testdata/schemas/" + name)
		require.NoError(t, err)
		want, err := s.NewValidator().Validate(doc)
		require.NoError(t, err)
		got, err := s.NewValidator().ValidateJSON(doc)
		require.NoError(t, err)
		assert.Equal(t, want, got, name)
	}
	v := s.NewValidator()
	for _, bad := range []string{"", "{", `{"a":}`, "[1,]", "\x00", `"\x"`} {
		assert.NotPanics(t, func() { _, _ = v.ValidateJSON([]byte(bad)) }, bad)
	}
}
