//go:build !amd64 || purego

package cpuid

// assembly is false: detect reads nothing here.
const assembly = false

// detect reports no feature: there is no assembly fast path here.
func detect() (avx2, popcnt, pclmulqdq, avx512bw bool) { return false, false, false, false }
