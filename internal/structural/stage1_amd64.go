//go:build amd64 && !purego

package structural

import "github.com/jsonheal/jsonheal/internal/cpuid"

// Fast reports whether stage 1 runs in assembly here (AVX-512 F and BW,
// or AVX2, with the carry-less product): where it does not, Container is
// slower than a byte-at-a-time reading and callers should not use it.
var Fast = cpuid.PCLMULQDQ && (cpuid.AVX512BW || cpuid.AVX2)

// useAssembly reports whether stage1 runs in assembly, and useAVX512
// whether with AVX-512 rather than AVX2; tests turn them off to check
// the other stage 1s.
var (
	useAssembly = Fast
	useAVX512   = Fast && cpuid.AVX512BW
)

// stage1AVX512 and stage1AVX2 are stage 1 over the n/64 blocks from p
// into out; prev points to the 64 bytes before p. See stage1_amd64.s and
// stage1_avx2_amd64.s.
//
//go:noescape
func stage1AVX512(p *byte, n int, prev *byte, c *carries, out *block)

//go:noescape
func stage1AVX2(p *byte, n int, prev *byte, c *carries, out *block)

// stage1 fills out with the blocks b[from:], b[from+64:], ...: each
// whole, in b. prev holds the 64 bytes before b[from] when from is 0.
func (c *Checker) stage1(b []byte, from int, out []block, prev *[64]byte) {
	if !useAssembly {
		c.stage1Portable(b, from, out)
		return
	}
	p := &prev[0]
	if from >= 64 {
		p = &b[from-64]
	}
	if useAVX512 {
		stage1AVX512(&b[from], 64*len(out), p, &c.carry, &out[0])
	} else {
		stage1AVX2(&b[from], 64*len(out), p, &c.carry, &out[0])
	}
}
