package fuzz

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

const healFuzzSchema = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["id", "status"],
  "properties": {
    "id": {"type": "integer"},
    "name": {"type": "string"},
    "status": {"enum": ["active", "inactive"]},
    "tags": {"type": "array", "items": {"type": "string"}},
    "ok": {"type": "boolean", "default": true},
    "meta": {"type": "object", "properties": {"n": {"type": "number"}}, "additionalProperties": false, "required": ["n"]}
  }
}`

// FuzzHealCheck drives the no-model path (sanitize, validate, schema fixes)
// with arbitrary answers. Whatever it accepts is one valid JSON value that
// the schema accepts; a truncated answer is never accepted; nothing panics.
func FuzzHealCheck(f *testing.F) {
	for _, seed := range []string{
		`{"id":1,"status":"active"}`,
		`{"userId":"1","status":"ACTIVE","tags":"x"}`,
		"```json\n{\"id\":1,\"status\":\"inactive\",\"name\":\"a\nb\"}\n```",
		`{"id":1,"status":"active","meta":{"N":"2.5"}}`,
		`{"id":1,"stat`,
		`{"i d":1,"status":"active","meta":{}}`,
		`[{"id":1}]`,
		`42`,
		`{"id":"0","status":" Active ","tags":[1,"x"],"ok":"false"}`,
		`{"\u0069d":1,"status":"active","i\"d":2}`,
	} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	schema, err := validate.Compile([]byte(healFuzzSchema), validate.Options{})
	if err != nil {
		f.Fatal(err)
	}
	h := &heal.Healer{Schema: schema}
	f.Fuzz(func(t *testing.T, answer []byte, length bool) {
		finish := "stop"
		if length {
			finish = "length"
		}
		v := h.Check(answer, finish)
		switch v.Decision.Action {
		case heal.ActionAccept, heal.ActionFix:
			if !json.Valid(v.JSON) {
				t.Fatalf("accepted invalid JSON %q from %q", v.JSON, answer)
			}
			if ds, err := schema.Validate(v.JSON); ds != nil || err != nil {
				t.Fatalf("accepted %q that the schema rejects: %v %v", v.JSON, ds, err)
			}
			if _, _, serr := sanitize.Bytes(answer, sanitize.Options{}); errors.Is(serr, sanitize.ErrTruncated) {
				t.Fatalf("accepted a truncated answer %q", answer)
			}
		default:
			if v.Decision.Class == heal.ClassNone || v.Decision.Reason == "" {
				t.Fatalf("a rejection without class or reason: %+v", v.Decision)
			}
		}
	})
}
