package validate

import (
	"os"
	"strconv"
	"strings"
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

// TestValidateJSONDepth: ValidateJSON refuses a document nested past
// MaxDepth as Validate and a Stream do (ErrDepth, the offset of the
// opener past the limit, the same text), not as "not JSON", however it
// nests; MaxDepth levels validate.
func TestValidateJSONDepth(t *testing.T) {
	s := mustCompile(t, `{}`)
	v := s.NewValidator()
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	for _, c := range []struct {
		doc string
		at  int64
	}{
		{deep(MaxDepth + 1), MaxDepth},
		{`{"id":1,"deep":` + deep(MaxDepth) + `}`, 15 + MaxDepth - 1},
		{"{\n \"a\": " + strings.Repeat(`{"b":`, MaxDepth) + `1` + strings.Repeat(`}`, MaxDepth) + "}", 8 + 5*(MaxDepth-1)},
		{strings.Repeat("[", 10000), MaxDepth},
	} {
		_, err := v.ValidateJSON([]byte(c.doc))
		require.ErrorIs(t, err, ErrDepth, c.doc[:20])
		assert.NotErrorIs(t, err, ErrNotJSON)
		var de *DocumentError
		require.ErrorAs(t, err, &de)
		assert.Equal(t, c.at, de.Offset, c.doc[:20])
		assert.Equal(t, "validate: document at offset "+strconv.FormatInt(c.at, 10)+": nesting too deep: more than 299 levels", err.Error())

		_, want := s.Validate([]byte(c.doc))
		assert.Equal(t, want, err, "Validate says the same")
		w := s.NewStream()
		_, _ = w.Write([]byte(c.doc))
		_, want = w.Close()
		assert.Equal(t, want, err, "a Stream says the same")
	}
	for _, doc := range []string{deep(MaxDepth), `{"id":1,"deep":` + deep(MaxDepth-1) + `}`} {
		d, err := v.ValidateJSON([]byte(doc))
		assert.NoError(t, err)
		assert.Nil(t, d)
	}
	// A broken document is still "not JSON", even one past MaxDepth that
	// breaks before the limit.
	_, err := v.ValidateJSON([]byte(`[1,]` + deep(MaxDepth+1)))
	assert.ErrorIs(t, err, ErrNotJSON)
	assert.NotErrorIs(t, err, ErrDepth)
}
