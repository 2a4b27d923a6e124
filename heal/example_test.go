package heal_test

import (
	"context"
	"fmt"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

// Check is the no-model path: sanitize, validate, then the deterministic
// schema fixes. Here the model wrote `userId` where the schema says `id`
// and "High" where it allows "high".
func ExampleHealer_Check() {
	schema, _ := validate.Compile([]byte(`{
		"type": "object", "required": ["id"],
		"properties": {"id": {"type": "integer"}, "priority": {"enum": ["low", "high"]}},
		"additionalProperties": false
	}`), validate.Options{})
	// The rename of userId to id is a guess: accepted only when the floor
	// says so (the zero floor, likely, sends it back to the model).
	h := &heal.Healer{Schema: schema, Policy: heal.Policy{MinConfidence: sanitize.Guess}}

	v := h.Check([]byte("```json\n{\"userId\": 7, \"priority\": \"High\",}\n```"), "stop")
	fmt.Println(v.Decision.Action, v.Outcome)
	fmt.Println(string(v.JSON))
	for _, f := range v.SchemaFixes {
		fmt.Printf("%s at %q: %s -> %s\n", f.Rule, f.Path, f.From, f.To)
	}
	// Output:
	// fix fixed
	// {"id": 7, "priority": "high"}
	// rename at "": userId -> id
	// enum_case at "/priority": "High" -> "high"
}

// scripted is a Model that answers from a list, for the example.
type scripted struct{ answers []string }

func (m *scripted) Complete(_ context.Context, _ heal.Request) (heal.Response, error) {
	a := m.answers[0]
	m.answers = m.answers[1:]
	return heal.Response{Content: a, FinishReason: "stop"}, nil
}

// Heal asks the model, validates locally, and re-asks with the exact
// diagnostics when the answer is still wrong; the attempt ceiling is strict.
func ExampleHealer_Heal() {
	schema, _ := validate.Compile([]byte(`{"type":"object","required":["total"],"properties":{"total":{"type":"number"}}}`), validate.Options{})
	h := &heal.Healer{
		Model:  &scripted{answers: []string{`{"sum": 3}`, `{"total": 3}`}},
		Schema: schema,
		Policy: heal.Policy{MaxAttempts: 2},
	}
	res, err := h.Heal(context.Background(), heal.Task{Messages: []heal.Message{
		{Role: heal.RoleUser, Content: "Add 1 and 2; answer {\"total\": n}."},
	}})
	fmt.Println(err)
	fmt.Println(string(res.JSON), res.Attempts)
	// Output:
	// <nil>
	// {"total": 3} 2
}
