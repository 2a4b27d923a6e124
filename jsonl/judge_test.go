package jsonl

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/validate"
)

func TestJudgeGivesRunsVerdicts(t *testing.T) {
	s, err := validate.Compile([]byte(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`), validate.Options{})
	require.NoError(t, err)
	cases := []struct {
		name, in, want string
		close          bool
		reason         Reason
		outcome        Outcome
		truncated      bool
	}{
		{name: "clean", in: `{"n":1}`, want: `{"n":1}`, outcome: OutcomeClean},
		{name: "repaired", in: `{'n':1,}`, want: `{"n":1}`, outcome: OutcomeRepaired},
		{name: "schema fixed", in: `{"n":"2"}`, want: `{"n":2}`, outcome: OutcomeSchemaFixed},
		{name: "no value", in: `   `, reason: ReasonNoValue},
		{name: "two values", in: `{"n":1} {"n":2}`, reason: ReasonMultipleValues},
		{name: "truncated", in: `{"n":1`, reason: ReasonTruncated, truncated: true},
		{name: "truncated closed", in: `{"n":1,"m":"ab`, close: true, want: `{"n":1,"m":"ab"}`, outcome: OutcomeRepaired, truncated: true},
		// Closed but invalid: rejected, never schema-fixed (the fix would
		// hide the truncation), and still marked truncated.
		{name: "truncated closed invalid", in: `{"n":"2","m":"ab`, close: true, reason: ReasonSchema, truncated: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := Options{Schema: SchemaValidator(s)}
			opts.Sanitize.CloseTruncated = c.close
			dst := []byte("prefix")
			out, v := NewJudge(opts).Judge(dst, []byte(c.in))
			assert.Equal(t, c.reason, v.Reason)
			assert.Equal(t, c.truncated, v.Truncated)
			if c.reason != 0 {
				assert.Equal(t, "prefix", string(out))
				assert.NotEmpty(t, v.Diagnosis.Text)
				return
			}
			assert.Equal(t, "prefix"+c.want, string(out))
			assert.Equal(t, c.outcome, v.Outcome)
		})
	}
}

func TestJudgeCleanRecordCostsNoAllocation(t *testing.T) {
	schemaText, err := os.ReadFile("../testdata/schemas/llm.schema.json")
	require.NoError(t, err)
	s, err := validate.Compile(schemaText, validate.Options{})
	require.NoError(t, err)
	valid := compactFile(t, "../testdata/schemas/llm.valid.json")
	j := NewJudge(Options{Schema: SchemaValidator(s)})
	var out []byte
	var v Verdict
	out, _ = j.Judge(out, valid) // warm up
	allocs := testing.AllocsPerRun(50, func() {
		out, v = j.Judge(out[:0], valid)
	})
	assert.Zero(t, allocs)
	assert.Equal(t, Reason(0), v.Reason)
	assert.Equal(t, OutcomeClean, v.Outcome)
	assert.Equal(t, string(valid), string(out))
}
