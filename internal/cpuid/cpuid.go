// Package cpuid reports the x86 features that the assembly fast paths of
// internal/scan and jsonl need, checked once at start: each path is taken
// only where its instructions run (and, for AVX2, where the operating
// system saves the YMM registers). Elsewhere, and with the purego build
// tag, every feature reads false.
package cpuid

// AVX2 reports that the CPU has AVX2 and the operating system saves the
// XMM and YMM registers.
var AVX2 bool

// POPCNT reports that the CPU has POPCNT.
var POPCNT bool

// PCLMULQDQ reports that the CPU has PCLMULQDQ (carry-less products).
var PCLMULQDQ bool

func init() { AVX2, POPCNT, PCLMULQDQ = detect() }
