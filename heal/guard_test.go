package heal

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/validate"
)

const guardSchema = `{"type":"object","additionalProperties":false,
 "properties":{"id":{"type":"integer"},"status":{"enum":["active","inactive"]},"note":{"type":"string"}}}`

// feed sends s to a fresh watcher in chunks of n bytes and returns how
// many bytes had been sent when the first error came, and that error.
func feed(t *testing.T, g *Guard, s string, n int) (int, error) {
	t.Helper()
	w := g.Watch()
	for i := 0; i < len(s); i += n {
		j := min(i+n, len(s))
		if err := w(s[i:j]); err != nil {
			return j, err
		}
	}
	return len(s), nil
}

func TestGuardCancelsOnCertainViolations(t *testing.T) {
	g, err := NewGuard([]byte(guardSchema))
	require.NoError(t, err)
	for _, n := range []int{1, 2, 5, 100} {
		answer := `{"id":1,"colour":"red","note":"` + strings.Repeat("x", 200) + `"}`
		at, err := feed(t, g, answer, n)
		var ev *EarlyViolation
		require.ErrorAs(t, err, &ev, "chunk %d", n)
		assert.Equal(t, "/colour", ev.Path)
		assert.Contains(t, ev.Message, `"colour" is not allowed`)
		assert.LessOrEqual(t, at, max(40, n), "cancelled long before the end")

		_, err = feed(t, g, "Sure:\n```json\n{\"status\":\"deleted\",\"id\":1}\n```", n)
		require.ErrorAs(t, err, &ev)
		assert.Equal(t, "/status", ev.Path)
		assert.Contains(t, ev.Message, `"deleted" is not one of "active", "inactive"`)
	}
}

func TestGuardLeavesFixableAndNestedAlone(t *testing.T) {
	g, err := NewGuard([]byte(guardSchema))
	require.NoError(t, err)
	for _, answer := range []string{
		`{"id":1,"status":"active"}`,
		`{"Id":1,"status":"ACTIVE"}`,                 // rename and case fold fix these
		`{"id":1,"note":"{\"colour\":\"x\"}"}`,       // keys inside strings
		`{"id":1,"note":"a\"b","status":"inactive"}`, // escapes
		`[{"colour":1}]`,                             // not an object
		`The {colour} is red. {"id":1}`,              // prose braces: the scanner decides
		`{"id":1} {"colour":2}`,                      // only the first value
	} {
		_, err := feed(t, g, answer, 3)
		assert.NoError(t, err, answer)
	}
}

func TestGuardMakesNoRuleForCombinedSchemas(t *testing.T) {
	// anyOf (like oneOf, not, if) looks at the whole value: no early rule.
	g, err := NewGuard([]byte(`{"anyOf":[{}],"additionalProperties":false,"properties":{"a":{}}}`))
	require.NoError(t, err)
	_, err = feed(t, g, `{"zzz":1}`, 1)
	assert.NoError(t, err)
	// allOf and $ref apply in place: what they refuse is certain, as the
	// validator says.
	g, err = NewGuard([]byte(`{"allOf":[{"$ref":"#/$defs/o"}],"$defs":{"o":{"additionalProperties":false,"properties":{"a":{}}}}}`))
	require.NoError(t, err)
	_, err = feed(t, g, `{"a":1,"zzz":1}`, 1)
	var ev *EarlyViolation
	require.ErrorAs(t, err, &ev)
	assert.Equal(t, "/zzz", ev.Path)
	s, err := validate.Compile([]byte(`{"allOf":[{"$ref":"#/$defs/o"}],"$defs":{"o":{"additionalProperties":false,"properties":{"a":{}}}}}`), validate.Options{})
	require.NoError(t, err)
	d, err := s.Validate([]byte(`{"a":1,"zzz":1}`))
	require.NoError(t, err)
	assert.NotEmpty(t, d, "the validator refuses it too")
	_, err = NewGuard([]byte(`not json`))
	assert.Error(t, err)
}

// refGuardFS holds a root schema whose object is defined in another
// document, as a schema folder on disk would.
var refGuardFS = fstest.MapFS{
	"defs/person.json": {Data: []byte(`{"type":"object","additionalProperties":false,"properties":{"name":{"type":"string"},"age":{"type":"integer"}}}`)},
}

const refGuardRoot = `{"$ref":"defs/person.json"}`

// TestGuardForASchemaCompiledWithALoader: NewGuard compiles without a
// Loader, so a $ref to another document leaves it without a rule; the
// schema compiled with a Loader, given to NewGuardFor, cancels on what the
// $ref'd document forbids, and the full validator agrees.
func TestGuardForASchemaCompiledWithALoader(t *testing.T) {
	const answer = `{"name":"Ada","colour":"red","age":36}`
	bare, err := NewGuard([]byte(refGuardRoot))
	require.NoError(t, err)
	_, err = feed(t, bare, answer, 4)
	assert.NoError(t, err, "without a Loader the $ref does not resolve: no rule")

	s, err := validate.Compile([]byte(refGuardRoot), validate.Options{Loader: validate.FSLoader(refGuardFS)})
	require.NoError(t, err)
	g := NewGuardFor(s)
	at, err := feed(t, g, answer, 4)
	var ev *EarlyViolation
	require.ErrorAs(t, err, &ev)
	assert.Equal(t, "/colour", ev.Path)
	assert.Less(t, at, len(answer), "cancelled before the end")
	d, err := s.Validate([]byte(answer))
	require.NoError(t, err)
	assert.NotEmpty(t, d, "the validator refuses it too")

	_, err = feed(t, g, `{"name":"Ada","age":36}`, 4)
	assert.NoError(t, err)
	_, err = feed(t, NewGuardFor(nil), answer, 4)
	assert.NoError(t, err, "a nil schema gives a Guard that never cancels")
}
