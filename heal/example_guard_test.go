package heal_test

import (
	"errors"
	"fmt"
	"testing/fstest"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/validate"
)

// A schema with a $ref to another document is compiled once with a
// Loader (validate.FileLoader for a folder on disk, validate.FSLoader for
// an fs.FS), and that one compiled schema serves both the Healer and its
// Guard: NewGuard, compiling the text alone, could not resolve the $ref.
func ExampleNewGuardFor() {
	defs := fstest.MapFS{"person.json": {Data: []byte(
		`{"type":"object","additionalProperties":false,"properties":{"name":{"type":"string"}}}`)}}
	schema, err := validate.Compile([]byte(`{"$ref":"person.json"}`), validate.Options{Loader: validate.FSLoader(defs)})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := &heal.Healer{Schema: schema, Guard: heal.NewGuardFor(schema)}

	watch := h.Guard.Watch()
	for _, delta := range []string{`{"name":"Ada",`, `"colour":"red"`, `}`} {
		var ev *heal.EarlyViolation
		if err := watch(delta); errors.As(err, &ev) {
			fmt.Println("cancel the stream at", ev.Path)
			break
		}
	}
	// Output: cancel the stream at /colour
}
