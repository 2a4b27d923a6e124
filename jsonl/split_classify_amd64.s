//go:build amd64 && !purego

#include "textflag.h"

// func classifyAVX2(p *byte, n int, masks *blockMasks)
//
// For each block of 64 bytes from p (n is a positive multiple of 64),
// writes four bit masks, bit i for byte i of the block: its quotes, its
// backslashes, its openers ('{' and '[', the bytes c with c|0x20 == '{')
// and its closers ('}' and ']', c|0x20 == '}'). Each block is read as two
// 32-byte halves; the masks of the upper half go to the upper 32 bits.
TEXT ·classifyAVX2(SB), NOSPLIT, $0-24
	MOVQ         p+0(FP), SI
	MOVQ         n+8(FP), CX
	MOVQ         masks+16(FP), DI
	VMOVDQU      quotes<>(SB), Y8
	VMOVDQU      backslashes<>(SB), Y9
	VMOVDQU      lowers<>(SB), Y10
	VMOVDQU      openers<>(SB), Y11
	VMOVDQU      closers<>(SB), Y12

loop:
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VPCMPEQB  Y8, Y0, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB  Y8, Y1, Y3
	VPMOVMSKB Y3, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      AX, 0(DI)
	VPCMPEQB  Y9, Y0, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB  Y9, Y1, Y3
	VPMOVMSKB Y3, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      AX, 8(DI)
	VPOR      Y10, Y0, Y4
	VPOR      Y10, Y1, Y5
	VPCMPEQB  Y11, Y4, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB  Y11, Y5, Y3
	VPMOVMSKB Y3, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      AX, 16(DI)
	VPCMPEQB  Y12, Y4, Y2
	VPMOVMSKB Y2, AX
	VPCMPEQB  Y12, Y5, Y3
	VPMOVMSKB Y3, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      AX, 24(DI)
	ADDQ      $64, SI
	ADDQ      $32, DI
	SUBQ      $64, CX
	JNZ       loop
	VZEROUPPER
	RET

DATA quotes<>+0(SB)/8, $0x2222222222222222
DATA quotes<>+8(SB)/8, $0x2222222222222222
DATA quotes<>+16(SB)/8, $0x2222222222222222
DATA quotes<>+24(SB)/8, $0x2222222222222222
GLOBL quotes<>(SB), RODATA|NOPTR, $32

DATA backslashes<>+0(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA backslashes<>+8(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA backslashes<>+16(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA backslashes<>+24(SB)/8, $0x5c5c5c5c5c5c5c5c
GLOBL backslashes<>(SB), RODATA|NOPTR, $32

DATA lowers<>+0(SB)/8, $0x2020202020202020
DATA lowers<>+8(SB)/8, $0x2020202020202020
DATA lowers<>+16(SB)/8, $0x2020202020202020
DATA lowers<>+24(SB)/8, $0x2020202020202020
GLOBL lowers<>(SB), RODATA|NOPTR, $32

DATA openers<>+0(SB)/8, $0x7b7b7b7b7b7b7b7b
DATA openers<>+8(SB)/8, $0x7b7b7b7b7b7b7b7b
DATA openers<>+16(SB)/8, $0x7b7b7b7b7b7b7b7b
DATA openers<>+24(SB)/8, $0x7b7b7b7b7b7b7b7b
GLOBL openers<>(SB), RODATA|NOPTR, $32

DATA closers<>+0(SB)/8, $0x7d7d7d7d7d7d7d7d
DATA closers<>+8(SB)/8, $0x7d7d7d7d7d7d7d7d
DATA closers<>+16(SB)/8, $0x7d7d7d7d7d7d7d7d
DATA closers<>+24(SB)/8, $0x7d7d7d7d7d7d7d7d
GLOBL closers<>(SB), RODATA|NOPTR, $32
