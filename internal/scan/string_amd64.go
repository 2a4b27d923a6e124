//go:build amd64 && !purego

package scan

import "github.com/jsonheal/jsonheal/internal/cpuid"

// useVector reports whether stringVector and commentRun may be called: the
// CPU has AVX2 (and POPCNT and PCLMULQDQ, which every CPU with AVX2 has).
// Tests turn it off to check the portable path.
var useVector = cpuid.AVX2 && cpuid.POPCNT && cpuid.PCLMULQDQ

// useWide reports whether stringVector reads 64-byte blocks with AVX-512
// (F and BW) before its 32-byte ones: where the CPU has it and useVector
// holds. Tests turn it off to check the 32-byte reading alone.
var useWide = useVector && cpuid.AVX512BW

// vectorBlock is the width stringVector reads at a time.
const vectorBlock = 32

// stringVector is the wide fast path inside a string, for len(b) >=
// vectorBlock, b[0] between characters and outside any escape. It reads
// b in whole blocks of vectorBlock bytes. When it meets the closing quote
// with everything before it valid (printable ASCII, one-letter escapes,
// valid UTF-8), it returns the quote's index and true. Otherwise it
// returns the start of the block it could not settle (one with a control
// byte, another escape, an escape split by the block's end or invalid
// UTF-8 before its first unescaped quote), or of the bytes left after the
// whole blocks, and false: everything before is valid, except that the
// last UTF-8 sequence may continue into that block.
//
// With useWide, the 64-byte reading goes first, as far as it settles
// whole blocks (and escapes, as the 32-byte one does); the 32-byte
// reading goes on from the 64-byte block it stopped at, or from the bytes
// left after the last whole one, backed up to the start of the UTF-8
// sequence open there (so the offset it returns may be that start).
func stringVector(b []byte) (int, bool) {
	k := 0
	if useWide && len(b) >= 64 {
		var closed bool
		if k, closed = stringBlocksAVX512(&b[0], len(b)); closed {
			return k, true
		}
		// The 32-byte reading takes the bytes before its first block
		// as ASCII: it must begin between characters, not inside a
		// sequence the last block settled left open.
		k = sequenceStart(b, 0, k)
		if len(b)-k < vectorBlock {
			return k, false
		}
	}
	off, closed := stringBlocksAVX2(&b[k], len(b)-k)
	return k + off, closed
}

// stringBlocksAVX512 is stringBlocksAVX2 with 64-byte blocks, in
// assembly: its offset is that of a 64-byte block.
//
//go:noescape
func stringBlocksAVX512(p *byte, n int) (off int, closed bool)

// stringBlocksAVX2 is stringVector in assembly.
//
//go:noescape
func stringBlocksAVX2(p *byte, n int) (off int, closed bool)

// plainSingleVector returns the index of the first byte of b (len(b) >=
// vectorBlock) a single-quoted string stops at (a single or double quote, '\\', a
// control byte or a non-ASCII byte; see skipPlainSingle), reading whole
// blocks of vectorBlock bytes, or the start of the bytes left after the
// whole blocks when none holds one.
func plainSingleVector(b []byte) int {
	return plainSingleAVX2(&b[0], len(b))
}

// plainSingleAVX2 is plainSingleVector in assembly.
//
//go:noescape
func plainSingleAVX2(p *byte, n int) (off int)
