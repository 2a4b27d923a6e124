// Package cpuid reports the x86 features that the assembly fast paths of
// internal/scan and jsonl need, checked once at start: each path is taken
// only where its instructions run (and, for AVX2, where the operating
// system saves the YMM registers, or the ZMM ones for AVX-512). Elsewhere, and with the purego build
// tag, every feature reads false.
package cpuid

// AVX2 reports that the CPU has AVX2 and the operating system saves the
// XMM and YMM registers.
var AVX2 bool

// POPCNT reports that the CPU has POPCNT.
var POPCNT bool

// PCLMULQDQ reports that the CPU has PCLMULQDQ (carry-less products).
var PCLMULQDQ bool

// AVX512BW reports that the CPU has AVX-512 F and BW (64-byte registers,
// byte operations, mask registers) and AVX2, and that the operating system
// saves the mask registers and the whole ZMM registers.
var AVX512BW bool

func init() { AVX2, POPCNT, PCLMULQDQ, AVX512BW = detect() }
