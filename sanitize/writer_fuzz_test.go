package sanitize

import "testing"

// FuzzWriterWindow: a Writer that streams at once gives Append's output,
// Report and error, or a *PartialError with Append's error, in every
// values mode, byte by byte and in chunks of 5. The seeds are the repair
// cases, the several-values cases and short inputs of every class.
func FuzzWriterWindow(f *testing.F) {
	addRepairSeeds(f)
	for _, tc := range severalValues {
		f.Add([]byte(tc.in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkStreamingWriter(t, "fuzz input", in, []int{1})
		checkStreamingWriter(t, "fuzz input", in, []int{5})
	})
}
