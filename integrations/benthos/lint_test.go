package benthos

import (
	"testing"

	"github.com/redpanda-data/benthos/v4/public/service"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLintRejectsUnknownNames: a misspelt repair kind or fix rule is a lint
// error (benthos-jsonheal lint), not a failure at start; known names pass.
func TestLintRejectsUnknownNames(t *testing.T) {
	for _, proc := range []string{"jsonheal", "jsonheal_batch"} {
		for yaml, want := range map[string]string{
			"allow: [ trailing_comma, trailing_comas ]":  `allow: unknown repair kind "trailing_comas"`,
			"deny: [ inner_quote, nope ]":                `deny: unknown repair kind "nope"`,
			"deny: [ fence ]":                            `deny: unknown repair kind "fence"`, // always on
			"schema_fixes: [ rename, guess_everything ]": `schema_fixes: unknown fix "guess_everything"`,
		} {
			err := service.NewStreamBuilder().AddProcessorYAML(proc + ":\n  " + yaml + "\n")
			assert.ErrorContains(t, err, want, "%s: %s", proc, yaml)
			assert.ErrorContains(t, err, "known: ", "the message lists the known names")
		}
		ok := proc + ":\n  allow: [ trailing_comma, missing_comma ]\n  deny: [ ' inner_quote ' ]\n  schema_fixes: [ rename, enum_case, coerce, wrap_array, default ]\n"
		require.NoError(t, service.NewStreamBuilder().AddProcessorYAML(ok))
	}
	for _, k := range switchableKindNames() {
		require.NoError(t, service.NewStreamBuilder().AddProcessorYAML("jsonheal:\n  deny: [ "+k+" ]\n"), k)
	}
}
