//go:build amd64 && !purego

package jsonl

import "github.com/jsonheal/jsonheal/internal/cpuid"

// useClassify reports whether classify may be called: the CPU has AVX2.
// Tests turn it off to check the portable path.
var useClassify = cpuid.AVX2

// classify writes the masks of the blocks of p (len(p) a positive
// multiple of 64, at most len(masks) blocks) into masks.
func classify(p []byte, masks *[classifyBlocks]blockMasks) {
	classifyAVX2(&p[0], len(p), &masks[0])
}

// classifyAVX2 is classify in assembly.
//
//go:noescape
func classifyAVX2(p *byte, n int, masks *blockMasks)
