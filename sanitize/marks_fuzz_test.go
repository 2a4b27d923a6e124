package sanitize

import (
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"
)

// FuzzPrunedMarks: marks pruned at every step change no output, fix or
// error, whole or in chunks, and a Stream whose marks are pruned at every
// step keeps a stable prefix that only grows and ends as Append's output.
// The seeds are the repair cases and short inputs of every class.
func FuzzPrunedMarks(f *testing.F) {
	addRepairSeeds(f)
	for _, tc := range breadthCases {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkPruning(t, "fuzz input", in)
		checkStream(t, "fuzz input (chunks of 3, pruned)", in, 3, pruneAlways)
	})
}

// addRepairSeeds adds the repair cases and short inputs of every class
// as seeds of f.
func addRepairSeeds(f *testing.F) {
	for _, tc := range repairCases {
		f.Add([]byte(tc.in))
	}
	for _, c := range brokengen.Classes {
		f.Add(c.Generate(400))
	}
}
