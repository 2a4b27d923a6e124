package heal_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

func checker(t testing.TB) *heal.Healer {
	schema, err := validate.Compile([]byte(personSchema), validate.Options{})
	require.NoError(t, err)
	return &heal.Healer{Schema: schema}
}

func TestCheckNoModelPath(t *testing.T) {
	h := checker(t)
	v := h.Check([]byte(valid), "stop")
	assert.Equal(t, heal.Decision{Class: heal.ClassNone, Action: heal.ActionAccept, Reason: "valid as received"}, v.Decision)
	assert.Equal(t, valid, string(v.JSON))

	v = h.Check([]byte(`{"id":"7","name":"Ada","status":"active"}`), "stop")
	assert.Equal(t, heal.ActionFix, v.Decision.Action)
	assert.Equal(t, `{"id":7,"name":"Ada","status":"active"}`, string(v.JSON))

	v = h.Check([]byte(`{"id":7,"name":"Ada","status":"x"}`), "stop")
	assert.Equal(t, heal.ClassSchema, v.Decision.Class)
	assert.Equal(t, heal.ActionReask, v.Decision.Action)
	assert.Equal(t, 1, v.DiagnosticCount)
	assert.Nil(t, v.JSON)

	v = h.Check([]byte(`{"id":7,"name":"Ada","status":"x"`), "stop")
	assert.Equal(t, heal.ClassTruncated, v.Decision.Class)
	assert.ErrorIs(t, v.Err, sanitize.ErrTruncated)

	v = h.Check([]byte(`42`), "length")
	assert.Equal(t, heal.ClassTruncated, v.Decision.Class, "a bare scalar cut by the limit reads as whole: trust finish_reason")

	v = h.Check([]byte(`{"a":1} {"b":2}`), "stop")
	assert.Equal(t, heal.ClassSyntax, v.Decision.Class)

	v = h.Check([]byte(`no json here`), "stop")
	assert.Equal(t, heal.ClassSyntax, v.Decision.Class)
	assert.Equal(t, "it holds no JSON value.", v.Diagnostics)

	h.Policy.MinConfidence = sanitize.Likely
	v = h.Check([]byte(`{"userId":7,"name":"Ada","status":"active"}`), "stop")
	assert.Equal(t, heal.ActionReask, v.Decision.Action, "the Guess rename is refused by the floor")
}

// TestFixSchemaIsChecksFixing checks that FixSchema, given a document's
// diagnostics, saves what Check saves, the same way, and refuses what
// Check refuses.
func TestFixSchemaIsChecksFixing(t *testing.T) {
	h := checker(t)
	h.Policy.MinConfidence = sanitize.Guess // the userId -> id rename is a guess
	saved := 0
	for _, doc := range []string{
		`{"id":"7","name":"Ada","status":"active"}`,
		`{"id":7,"name":"Ada","status":"Active"}`,
		`{"userId":7,"name":"Ada","status":"active"}`,
		`{"id":7,"name":"Ada","status":"x"}`,
	} {
		ds, err := h.Schema.Validate([]byte(doc))
		require.NoError(t, err)
		require.NotEmpty(t, ds, doc)
		v := h.Check([]byte(doc), "")
		fixed, fixes, ok := h.FixSchema([]byte(doc), ds)
		assert.Equal(t, v.Decision.Action == heal.ActionFix, ok, doc)
		assert.Equal(t, string(v.JSON), string(fixed), doc)
		assert.Equal(t, v.SchemaFixes, fixes, doc)
		if ok {
			saved++
		}
	}
	assert.Equal(t, 3, saved, "the first three are fixable")
	h.Policy.MinConfidence = sanitize.Likely
	doc := []byte(`{"userId":7,"name":"Ada","status":"active"}`)
	ds, err := h.Schema.Validate(doc)
	require.NoError(t, err)
	_, _, ok := h.FixSchema(doc, ds)
	assert.False(t, ok, "the Guess rename is refused by the floor")
	_, _, ok = h.FixSchema(doc, nil)
	assert.False(t, ok, "no diagnostics, nothing to fix")
}

// BenchmarkCheckValid measures the no-model path (sanitize + validate +
// decide) on a valid answer.
func BenchmarkCheckValid(b *testing.B) {
	h := checker(b)
	answer := []byte(`{"id":7,"name":"Ada Lovelace","status":"active","tags":["math","engines","poetry"],"country":"UK"}`)
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for b.Loop() {
		h.Check(answer, "stop")
	}
}

// BenchmarkCheckFixed measures the no-model path when schema rules fix the
// answer (coerce, enum case, wrap).
func BenchmarkCheckFixed(b *testing.B) {
	h := checker(b)
	answer := []byte(`{"id":"7","name":"Ada Lovelace","status":"ACTIVE","tags":"math"}`)
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for b.Loop() {
		h.Check(answer, "stop")
	}
}

// TestCheckRefusesGuessesByDefault checks the one floor of the loop: with
// the zero Policy a guess (an unquoted value of two words) goes back to
// the model, naming the refused repair; sanitize.Guess accepts it; and
// Healer.Sanitize.MinConfidence is not a second knob.
func TestCheckRefusesGuessesByDefault(t *testing.T) {
	answer := []byte(`{"id":7,"name": Ada Lovelace,"status":"active"}`)
	h := checker(t)
	v := h.Check(answer, "stop")
	assert.Equal(t, heal.ActionReask, v.Decision.Action)
	assert.Equal(t, heal.ClassSyntax, v.Decision.Class)
	require.ErrorIs(t, v.Err, sanitize.ErrNeedsModel)
	assert.Nil(t, v.JSON)

	h.Sanitize.MinConfidence = sanitize.Guess
	assert.Equal(t, heal.ActionReask, h.Check(answer, "stop").Decision.Action, "Healer.Sanitize.MinConfidence is not read")

	h.Policy.MinConfidence = sanitize.Guess
	v = h.Check(answer, "stop")
	assert.Equal(t, heal.ActionAccept, v.Decision.Action)
	assert.Equal(t, `{"id":7,"name": "Ada Lovelace","status":"active"}`, string(v.JSON))
}

// TestResultEncodesItsDocumentAsJSON checks Result's JSON: snake_case
// keys and the accepted document embedded as JSON, not base64.
func TestResultEncodesItsDocumentAsJSON(t *testing.T) {
	res := heal.Result{JSON: []byte(`{"id":7}`), Outcome: heal.OutcomeSanitized, Attempts: 1, Calls: 1,
		Usage: heal.Usage{PromptTokens: 3, CompletionTokens: 2}, Model: "m", IdempotencyKey: "k",
		SanitizeFixes: []sanitize.Fix{{Kind: sanitize.KindTrailingComma, Confidence: sanitize.Certain, Offset: 7, Line: 1, Column: 8}}}
	b, err := json.Marshal(res)
	require.NoError(t, err)
	assert.JSONEq(t, `{"json":{"id":7},"outcome":"sanitized","attempts":1,"transport_retries":0,"calls":1,
		"usage":{"prompt_tokens":3,"completion_tokens":2},"model":"m","idempotency_key":"k",
		"sanitize_fixes":[{"kind":"trailing_comma","confidence":"certain","offset":7,"line":1,"column":8}]}`, string(b))
}

// TestVerdictEncodesAsJSON checks Verdict's JSON: snake_case keys, the
// document as JSON, the error as its text.
func TestVerdictEncodesAsJSON(t *testing.T) {
	h := checker(t)
	b, err := json.Marshal(h.Check([]byte(valid), "stop"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"json":`+valid+`,"decision":{"class":"none","action":"accept","reason":"valid as received"},"outcome":"clean"}`, string(b))

	b, err = json.Marshal(h.Check([]byte(`{"id":7,"name":"Ada","status":@}`), "stop"))
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	assert.Nil(t, got["json"])
	assert.Equal(t, "1:31: invalid character '@' where a value belongs: expected a value", got["error"])
	assert.Contains(t, got["diagnostics"], "at /status (line 1, column 31)")
}

// TestCheckStopsWhenTheSchemaGivesNoVerdict: a schema whose work on a
// document passes validate's evaluation budget gives no verdict; another
// answer would meet the same wall, so Check stops instead of re-asking.
func TestCheckStopsWhenTheSchemaGivesNoVerdict(t *testing.T) {
	// Each level applies the next twice, through $dynamicRef, which no
	// memo shortens: 2^30 evaluations on any document.
	var b strings.Builder
	b.WriteString(`{"$dynamicAnchor":"top","properties":{"p":{"$dynamicRef":"#top"}},"$ref":"#/$defs/d0","$defs":{`)
	for i := range 30 {
		next := `{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}`
		b.WriteString(`"d` + strconv.Itoa(i) + `":{"allOf":[` + next + `,` + next + `]},`)
	}
	b.WriteString(`"d30":{"type":"integer"}}}`)
	schema, err := validate.Compile([]byte(b.String()), validate.Options{EvaluationsPerByte: 16})
	require.NoError(t, err)
	v := (&heal.Healer{Schema: schema}).Check([]byte(`1`), "stop")
	assert.Equal(t, heal.ClassFatal, v.Decision.Class)
	assert.Equal(t, heal.ActionStop, v.Decision.Action)
	assert.Contains(t, v.Decision.Reason, "evaluation budget exceeded")
	assert.Nil(t, v.JSON)
}
