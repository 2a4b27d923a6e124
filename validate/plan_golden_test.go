package validate

import (
	"bytes"
	"fmt"
	"testing"
)

const planGoldenDir = "testdata/plan"

// TestGoldenSuitePlans pins Schema.Plan's Text for the schema of every
// test group of every suite file (the files TestGoldenSuiteOutput reads,
// every draft): one golden file per suite file per draft under
// testdata/plan. A change to what streams, or to a reason's text, shows
// as a golden diff: regenerate with go test ./validate -run Golden
// -update and say in the commit which plans changed and why.
func TestGoldenSuitePlans(t *testing.T) {
	eachSuiteGolden(t, planGoldenDir, ".plan", func(file, label string, draft Draft, assertFormat bool) []byte {
		var b bytes.Buffer
		fmt.Fprintf(&b, "# %s: Schema.Plan of each group's schema\n", label)
		b.WriteString("# regenerate: go test ./validate -run Golden -update\n")
		for gi, g := range readGroups(t, file) {
			fmt.Fprintf(&b, "\n== %d: %s\n", gi, g.Description)
			s, err := Compile(g.Schema, Options{DefaultDraft: draft, Loader: suiteLoader, AssertFormat: assertFormat})
			if err != nil {
				fmt.Fprintf(&b, "compile error: %v\n", err)
				continue
			}
			b.WriteString(s.Plan().Text())
		}
		return b.Bytes()
	})
}
