package validate

import (
	"bytes"
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
		writeSuiteGroups(t, &b, file, label+": Schema.Plan of each group's schema", draft, assertFormat, func(_ int, _ suiteGroup, s *Schema) {
			b.WriteString(s.Plan().Text())
		})
		return b.Bytes()
	})
}
