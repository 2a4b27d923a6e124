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
func detect() (avx2, popcnt, pclmulqdq, avx512bw bool) {
	_, _, ecx1, _ := cpuid(1, 0)
	const (
		pclmul  = 1 << 1
		popcntF = 1 << 23
		osxsave = 1 << 27
		avx     = 1 << 28
	)
	popcnt, pclmulqdq = ecx1&popcntF != 0, ecx1&pclmul != 0
	if ecx1&(osxsave|avx) != osxsave|avx || xgetbv()&6 != 6 {
		return false, popcnt, pclmulqdq, false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const (
		avx2F    = 1 << 5
		avx512F  = 1 << 16
		avx512BW = 1 << 30
		// XCR0: the SSE and AVX state, then the mask registers, the upper
		// halves of ZMM0-15 and the whole of ZMM16-31.
		zmmState = 1<<1 | 1<<2 | 1<<5 | 1<<6 | 1<<7
	)
	avx2 = ebx7&avx2F != 0
	avx512bw = avx2 && ebx7&(avx512F|avx512BW) == avx512F|avx512BW && xgetbv()&zmmState == zmmState
	return avx2, popcnt, pclmulqdq, avx512bw
}
