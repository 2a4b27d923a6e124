package validate_test

import (
	"fmt"

	"github.com/jsonheal/jsonheal/validate"
)

// Compile a schema once, validate many documents: a valid document returns
// no diagnostics; an invalid one returns where, which keyword, what was
// expected and what was received, with a hint for near misses.
func Example() {
	schema, err := validate.Compile([]byte(`{
		"type": "object",
		"required": ["id", "priority"],
		"properties": {
			"id": {"type": "integer"},
			"priority": {"enum": ["low", "high"]}
		},
		"additionalProperties": false
	}`), validate.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}

	diags, err := schema.Validate([]byte(`{"id": 7, "priority": "low"}`))
	fmt.Println(len(diags), err)

	diags, _ = schema.Validate([]byte(`{"userId": 7, "priority": "High"}`))
	for _, d := range diags {
		fmt.Printf("%q %s: %s\n", d.InstanceLocation, d.Keyword, d.Message)
		if d.Hint != "" {
			fmt.Println("  hint:", d.Hint)
		}
	}
	// Output:
	// 0 <nil>
	// "" additionalProperties: property "userId" is not allowed
	//   hint: did you mean "id"?
	// "" required: missing required property "id"
	//   hint: found "userId": rename it to "id"?
	// "/priority" enum: must be one of "low", "high"
	//   hint: did you mean "high"?
}
