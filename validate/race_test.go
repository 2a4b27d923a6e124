//go:build race

package validate

// raceEnabled: the race detector instruments memory accesses and changes
// escape analysis, so allocation counts are not meaningful under it.
const raceEnabled = true
