//go:build amd64 && !purego

package cpuid

// cpuid runs CPUID with the given leaf and subleaf.
func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns the low half of XCR0, the register state the operating
// system saves; call it only when CPUID reports OSXSAVE.
func xgetbv() uint32

// assembly is true where detect reads the CPU.
const assembly = true

// detect reads the features from CPUID and XCR0.
func detect() (avx2, popcnt, pclmulqdq bool) {
	_, _, ecx1, _ := cpuid(1, 0)
	const (
		pclmul  = 1 << 1
		popcntF = 1 << 23
		osxsave = 1 << 27
		avx     = 1 << 28
	)
	popcnt, pclmulqdq = ecx1&popcntF != 0, ecx1&pclmul != 0
	if ecx1&(osxsave|avx) != osxsave|avx || xgetbv()&6 != 6 {
		return false, popcnt, pclmulqdq
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0, popcnt, pclmulqdq
}
