package main

import (
	"encoding/json"
	"fmt"

	"github.com/jsonheal/jsonheal/validate"
)

// printPlan is `jsonheal validate --plan`: it compiles the schema and
// prints its validate.Plan (what a Stream reads item by item and what it
// holds whole, and why), as text or, with --output json, as one JSON
// array, and reads no document: a FILE argument is a usage error (the
// plan does not depend on the document).
func printPlan(e *env, files []string, schemaPath, output string, assertFormat bool, draftName string) int {
	if len(files) > 0 {
		fmt.Fprintf(e.stderr, "jsonheal validate: --plan reads no document, but %d FILE arguments were given\n", len(files))
		return exitUsage
	}
	if output != "text" && output != "json" {
		fmt.Fprintf(e.stderr, "jsonheal validate: with --plan, --output must be text or json, not %q\n", output)
		return exitUsage
	}
	draft, ok := drafts[draftName]
	if !ok {
		fmt.Fprintf(e.stderr, "jsonheal validate: unknown --draft %q\n", draftName)
		return exitUsage
	}
	e.stop.setWhere(func() string { return "loading the schema " + schemaPath })
	ls, code, err := loadSchema(schemaPath, validate.Options{AssertFormat: assertFormat, DefaultDraft: draft})
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal validate: %v\n", err)
		return code
	}
	// The plan must not land in a file the schema was read from
	// (`jsonheal validate --plan --schema s.json >> s.json`).
	if _, err := checkOutputs(e, ls.reads, outputTarget{"stdout", "-"}); err != nil {
		fmt.Fprintf(e.stderr, "jsonheal validate: %v\n", err)
		return exitUsage
	}
	e.stop.setWhere(func() string { return "writing the plan of " + schemaPath })
	plan := ls.schema.Plan()
	if output == "json" {
		b, err := json.Marshal(plan)
		if err != nil {
			fmt.Fprintf(e.stderr, "jsonheal validate: %v\n", err)
			return exitUsage
		}
		e.stdout.Write(append(b, '\n'))
		return exitOK
	}
	fmt.Fprint(e.stdout, plan.Text())
	return exitOK
}
