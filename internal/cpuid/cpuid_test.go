package cpuid

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFeaturesMatchCPUInfo compares the features with the flags Linux
// lists in /proc/cpuinfo (which leaves out avx2 and avx512f when the
// kernel does not save the YMM or ZMM registers); where detect reads nothing, every feature is
// false.
func TestFeaturesMatchCPUInfo(t *testing.T) {
	if !assembly {
		require.False(t, AVX2 || POPCNT || PCLMULQDQ || AVX512BW)
		return
	}
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Logf("no /proc/cpuinfo (%v): checking that detect is stable only", err)
		avx2, popcnt, pclmul, avx512bw := detect()
		require.Equal(t, []bool{AVX2, POPCNT, PCLMULQDQ, AVX512BW}, []bool{avx2, popcnt, pclmul, avx512bw})
		return
	}
	flags := map[string]bool{}
	for line := range bytes.Lines(info) {
		if name, list, ok := bytes.Cut(line, []byte(":")); ok && string(bytes.TrimSpace(name)) == "flags" {
			for _, f := range bytes.Fields(list) {
				flags[string(f)] = true
			}
			break // the first processor's
		}
	}
	require.NotEmpty(t, flags, "no flags line in /proc/cpuinfo")
	require.Equal(t, flags["avx2"], AVX2)
	require.Equal(t, flags["popcnt"], POPCNT)
	require.Equal(t, flags["pclmulqdq"], PCLMULQDQ)
	require.Equal(t, flags["avx2"] && flags["avx512f"] && flags["avx512bw"], AVX512BW)
}
