package benthos

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

// TestCloseTruncatedMatchesClean: with close_truncated on both sides, the
// processor and jsonl (jsonheal clean) give each truncated record the same
// outcome: written when valid as closed, otherwise rejected as truncated
// (never schema-fixed, which would hide the truncation).
func TestCloseTruncatedMatchesClean(t *testing.T) {
	const schemaText = `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`
	records := []string{
		`{"n":1,"m":"ab`,   // closes to a valid record
		`{"n":"2","m":"ab`, // closes to an invalid one: a schema fix would save it
		`{"n":"3"}`,        // not truncated: schema-fixed on both sides
	}
	schema, err := validate.Compile([]byte(schemaText), validate.Options{})
	require.NoError(t, err)
	var outBuf, rejBuf bytes.Buffer
	stats, err := jsonl.NewCleaner(jsonl.Options{
		Workers:  1,
		Sanitize: sanitize.Options{CloseTruncated: true},
		Schema:   jsonl.SchemaValidator(schema),
	}).Run(context.Background(), strings.NewReader(strings.Join(records, "\n")+"\n"), &outBuf, &rejBuf)
	require.NoError(t, err)
	assert.Equal(t, int64(1), stats.Rejected)
	var rej struct {
		Line   int64
		Reason string
	}
	require.NoError(t, json.Unmarshal(bytes.TrimSpace(rejBuf.Bytes()), &rej))
	assert.Equal(t, int64(2), rej.Line)
	// jsonl keeps the reason the closed record failed for; the processor
	// names the class truncated (below).
	assert.Equal(t, "schema", rej.Reason)
	wantOut := strings.Split(strings.TrimSpace(outBuf.String()), "\n")
	require.Equal(t, []string{`{"n":1,"m":"ab"}`, `{"n":3}`}, wantOut)

	conf := "schema: " + yamlString(schemaText) + "\nclose_truncated: true"
	body, err, meta := processOne(t, conf, records[0])
	require.NoError(t, err)
	assert.Equal(t, wantOut[0], body)
	assert.Equal(t, true, meta[MetaTruncated])

	body, err, meta = processOne(t, conf, records[1])
	var re *RejectError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "truncated", re.Class)
	assert.Equal(t, records[1], body, "original bytes kept")
	assert.Equal(t, OutcomeRejected, meta[MetaOutcome])

	body, err, meta = processOne(t, conf, records[2])
	require.NoError(t, err)
	assert.Equal(t, wantOut[1], body)
	assert.Equal(t, OutcomeFixed, meta[MetaOutcome])
}
