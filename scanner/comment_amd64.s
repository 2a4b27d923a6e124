//go:build amd64 && !purego

#include "textflag.h"

// func commentMasksAVX2(p *byte) (opens, closes, blanks, breaks uint64)
//
// See commentMasks in comment_amd64.go: two 32-byte halves, each compared
// with '/', '*', ' ' and '\n' as it stands and one byte further on.
TEXT ·commentMasksAVX2(SB), NOSPLIT, $0-40
	MOVQ p+0(FP), SI
	// (Constants from memory: a legacy SSE move into X8 would cost a
	// state transition when the upper halves are in use.)
	VMOVDQU slashes<>(SB), Y8
	VMOVDQU stars<>(SB), Y9
	VMOVDQU blanks<>(SB), Y10
	VMOVDQU newlines<>(SB), Y11

	// Bytes 0 to 31 (and 1 to 32 for the byte after each).
	VMOVDQU   (SI), Y0
	VMOVDQU   1(SI), Y1
	VPCMPEQB  Y8, Y0, Y2 // '/' here
	VPCMPEQB  Y9, Y1, Y3 // '*' next
	VPAND     Y2, Y3, Y3
	VPMOVMSKB Y3, AX
	VPCMPEQB  Y9, Y0, Y4 // '*' here
	VPCMPEQB  Y8, Y1, Y5 // '/' next
	VPAND     Y4, Y5, Y5
	VPMOVMSKB Y5, BX
	VPCMPEQB  Y10, Y0, Y6
	VPMOVMSKB Y6, CX
	VPCMPEQB  Y11, Y0, Y7
	VPMOVMSKB Y7, DX

	// Bytes 32 to 63 (and 33 to 64).
	VMOVDQU   32(SI), Y0
	VMOVDQU   33(SI), Y1
	VPCMPEQB  Y8, Y0, Y2
	VPCMPEQB  Y9, Y1, Y3
	VPAND     Y2, Y3, Y3
	VPMOVMSKB Y3, R8
	VPCMPEQB  Y9, Y0, Y4
	VPCMPEQB  Y8, Y1, Y5
	VPAND     Y4, Y5, Y5
	VPMOVMSKB Y5, R9
	VPCMPEQB  Y10, Y0, Y6
	VPMOVMSKB Y6, R10
	VPCMPEQB  Y11, Y0, Y7
	VPMOVMSKB Y7, R11
	VZEROUPPER

	SHLQ $32, R8
	ORQ  R8, AX
	SHLQ $32, R9
	ORQ  R9, BX
	SHLQ $32, R10
	ORQ  R10, CX
	SHLQ $32, R11
	ORQ  R11, DX
	MOVQ AX, opens+8(FP)
	MOVQ BX, closes+16(FP)
	MOVQ CX, blanks+24(FP)
	MOVQ DX, breaks+32(FP)
	RET

DATA slashes<>+0(SB)/8, $0x2f2f2f2f2f2f2f2f
DATA slashes<>+8(SB)/8, $0x2f2f2f2f2f2f2f2f
DATA slashes<>+16(SB)/8, $0x2f2f2f2f2f2f2f2f
DATA slashes<>+24(SB)/8, $0x2f2f2f2f2f2f2f2f
GLOBL slashes<>(SB), RODATA|NOPTR, $32

DATA stars<>+0(SB)/8, $0x2a2a2a2a2a2a2a2a
DATA stars<>+8(SB)/8, $0x2a2a2a2a2a2a2a2a
DATA stars<>+16(SB)/8, $0x2a2a2a2a2a2a2a2a
DATA stars<>+24(SB)/8, $0x2a2a2a2a2a2a2a2a
GLOBL stars<>(SB), RODATA|NOPTR, $32

DATA blanks<>+0(SB)/8, $0x2020202020202020
DATA blanks<>+8(SB)/8, $0x2020202020202020
DATA blanks<>+16(SB)/8, $0x2020202020202020
DATA blanks<>+24(SB)/8, $0x2020202020202020
GLOBL blanks<>(SB), RODATA|NOPTR, $32

DATA newlines<>+0(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA newlines<>+8(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA newlines<>+16(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA newlines<>+24(SB)/8, $0x0a0a0a0a0a0a0a0a
GLOBL newlines<>(SB), RODATA|NOPTR, $32
