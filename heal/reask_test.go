package heal_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/healtest"
)

// TestReaskTextTellsTheModelWhatAndWhere checks, through the loopback
// server's journal, the user turn a model receives after an answer that is
// not JSON: what is wrong, where (the value's JSON Pointer, when not the
// whole value, then line, column, the answer's own text there) and what JSON expects, with none of the library's wording
// (offsets, sentinels, confidence floors).
func TestReaskTextTellsTheModelWhatAndWhere(t *testing.T) {
	for _, tc := range []struct {
		name, answer, want string
	}{
		{"syntax error", `{"id":7,"name":"Ada","status":@}`,
			"Your previous answer is not valid JSON: at /status (line 1, column 31), near `ame\":\"Ada\",\"status\":@}`: " +
				"invalid character '@' where a value belongs: expected a value.\n" +
				"Reply with the complete corrected JSON value only: no prose, no code fences."},
		{"refused inner quote", `{"id":7,"name":"Ada" @ "status":"active"}`,
			"Your previous answer is not valid JSON: at /name (line 1, column 20), near `{\"id\":7,\"name\":\"Ada\" @ \"status\":\"ac`: " +
				"a double quote inside a string is not escaped; write it as \\\".\n" +
				"Reply with the complete corrected JSON value only: no prose, no code fences."},
		{"refused guess", "{\"id\": 7,\n \"name\": Ada Lovelace, \"status\": \"active\"}",
			"Your previous answer is not valid JSON: at /name (line 2, column 10), near `\"name\": Ada Lovelace, \"s`: " +
				"a value without quotes; write strings in double quotes (only numbers, true, false and null go bare).\n" +
				"Reply with the complete corrected JSON value only: no prose, no code fences."},
		{"refused guess, nested", `{"user": {"name": Ada Lovelace}, "items": [1, 2]}`,
			"Your previous answer is not valid JSON: at /user/name (line 1, column 19), near `{\"user\": {\"name\": Ada Lovelace}, \"`: " +
				"a value without quotes; write strings in double quotes (only numbers, true, false and null go bare).\n" +
				"Reply with the complete corrected JSON value only: no prose, no code fences."},
		{"refused in a fenced answer", "```json\n{\"items\": [{\"id\": 1}, {\"id\": 2,}, {\"id\": Ada}]}\n```",
			"Your previous answer is not valid JSON: at /items/2/id (line 2, column 42), near `{\"id\": 2,}, {\"id\": Ada}]}`: " +
				"a value without quotes; write strings in double quotes (only numbers, true, false and null go bare).\n" +
				"Reply with the complete corrected JSON value only: no prose, no code fences."},
		{"two values", `{"id":7} {"id":8}`,
			"Your previous answer is not valid JSON: at line 1, column 10, near `{\"id\":7} {\"id\":8}`: " +
				"a second JSON value begins here; reply with exactly one JSON value.\n" +
				"Reply with the complete corrected JSON value only: no prose, no code fences."},
		{"no value", `I cannot answer that.`,
			"Your previous answer is not valid JSON: it holds no JSON value.\n" +
				"Reply with the complete corrected JSON value only: no prose, no code fences."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, healtest.Answer(tc.answer), healtest.Answer(valid))
			res, err := f.h.Heal(context.Background(), task())
			require.NoError(t, err)
			assert.Equal(t, 2, res.Attempts)
			reqs := f.srv.Requests()
			require.Len(t, reqs, 2)
			role, content := reqs[1].Message(3)
			assert.Equal(t, "user", role)
			assert.Equal(t, tc.want, content)
			assert.Equal(t, heal.ClassSyntax, f.trace[0].Decision.Class)
		})
	}
}
