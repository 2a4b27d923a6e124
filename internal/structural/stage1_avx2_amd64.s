//go:build amd64 && !purego

#include "textflag.h"
#include "stage1_amd64.h"

// MASK2(cmp) sets AX to the 64-bit mask of the block whose halves are Y0
// and Y1, where cmp(Y) leaves in Y2 0xff at the bytes of Y to flag.
// Clobbers DX.
#define MASK2(cmp) \
	cmp(Y0) \
	VPMOVMSKB Y2, AX \
	cmp(Y1) \
	VPMOVMSKB Y2, DX \
	SHLQ $32, DX \
	ORQ  DX, AX

#define QUOTES(Y) VPCMPEQB quotes32<>(SB), Y, Y2
#define BACKSLASHES(Y) VPCMPEQB backslashes32<>(SB), Y, Y2
#define NEWLINES(Y) VPCMPEQB newlines32<>(SB), Y, Y2
#define CONTROLS(Y) VPMINUB controlMax32<>(SB), Y, Y2; VPCMPEQB Y, Y2, Y2
#define SPACES(Y) VPAND Y9, Y, Y3; VMOVDQU spaceTable32<>(SB), Y2; VPSHUFB Y3, Y2, Y2; VPCMPEQB Y2, Y, Y2
#define OPS(Y) VPAND Y9, Y, Y3; VMOVDQU opTable32<>(SB), Y2; VPSHUFB Y3, Y2, Y2; VPOR spaces32<>(SB), Y, Y3; VPCMPEQB Y2, Y3, Y2
#define USES(Y) VPCMPEQB us32<>(SB), Y, Y2
// The bytes that may follow a backslash: no bit in common between the
// low nibble's entry and the high nibble's bit (Y2 then holds the
// others, whose mask the caller inverts).
#define NOTLETTERS(Y) VPAND Y9, Y, Y3; VMOVDQU escapeLow32<>(SB), Y2; VPSHUFB Y3, Y2, Y2; VPSRLW $4, Y, Y3; VPAND Y9, Y3, Y3; VMOVDQU highBit32<>(SB), Y4; VPSHUFB Y3, Y4, Y4; VPAND Y2, Y4, Y2; VPCMPEQB Y14, Y2, Y2
#define HEX(Y) VPSUBB zeros32<>(SB), Y, Y2; VPMINUB nines32<>(SB), Y2, Y3; VPCMPEQB Y2, Y3, Y3; VPOR spaces32<>(SB), Y, Y2; VPSUBB as32<>(SB), Y2, Y2; VPMINUB fives32<>(SB), Y2, Y4; VPCMPEQB Y2, Y4, Y2; VPOR Y3, Y2, Y2

// UTF8(cur, prev, R) sets the low 32 bits of R to the UTF-8 errors of the
// 32 bytes in cur, prev holding the 32 before them: the three nibble
// lookups of stringBlocksAVX2 in internal/scan.
#define UTF8(cur, prev, R) \
	VPERM2I128 $0x21, cur, prev, Y2 \
	VPALIGNR   $15, Y2, cur, Y3 \
	VPALIGNR   $14, Y2, cur, Y4 \
	VPALIGNR   $13, Y2, cur, Y5 \
	VPSRLW     $4, Y3, Y6 \
	VPAND      Y9, Y6, Y6 \
	VPSHUFB    Y6, Y10, Y6 \
	VPAND      Y9, Y3, Y7 \
	VPSHUFB    Y7, Y11, Y7 \
	VPSRLW     $4, cur, Y8 \
	VPAND      Y9, Y8, Y8 \
	VPSHUFB    Y8, Y12, Y8 \
	VPAND      Y6, Y7, Y6 \
	VPAND      Y6, Y8, Y6 \
	VPSUBUSB   thirdBytes32<>(SB), Y4, Y4 \
	VPSUBUSB   fourthBytes32<>(SB), Y5, Y5 \
	VPOR       Y4, Y5, Y4 \
	VPAND      highBits32<>(SB), Y4, Y4 \
	VPXOR      Y4, Y6, Y6 \
	VPCMPEQB   Y14, Y6, Y6 \
	VPMOVMSKB  Y6, R \
	NOTL       R

// func stage1AVX2(p *byte, n int, prev *byte, c *carries, out *block)
//
// stage1AVX512 with AVX2: each 64-byte block read as two 32-byte halves
// (Y0, Y1), every class compared per half and gathered into a 64-bit
// mask; the same scalar steps after that (see stage1_amd64.s). The frame
// keeps the block's masks the scalar steps read.
//
// Registers: SI the block, BX the end, DI out; R12 to R15 the carries;
// Y9 low nibbles, Y10 to Y12 the UTF-8 lookups, Y14 zero, Y15 the 32
// bytes before the block, X13 all ones (the prefix XOR by a carry-less
// product).
TEXT ·stage1AVX2(SB), NOSPLIT, $48-40
	BEGIN
	VMOVDQU 32(AX), Y15
	MOVQ    $-1, AX
	MOVQ    AX, X13
	VMOVDQU lowNibbles32<>(SB), Y9
	VMOVDQU utf8Lookup1x2<>(SB), Y10
	VMOVDQU utf8Lookup2x2<>(SB), Y11
	VMOVDQU utf8Lookup3x2<>(SB), Y12
	VPXOR   Y14, Y14, Y14

loop:
	CMPQ SI, BX
	JAE  done
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1

	// UTF-8 errors, none where this block and the 32 bytes before are
	// ASCII.
	XORL      AX, AX
	VPOR      Y0, Y1, Y2
	VPOR      Y15, Y2, Y2
	VPMOVMSKB Y2, CX
	TESTL     CX, CX
	JZ        ascii
	UTF8(Y0, Y15, AX)
	UTF8(Y1, Y0, CX)
	SHLQ      $32, CX
	ORQ       CX, AX

ascii:
	MOVQ AX, badUTF8-8(SP)
	MASK2(CONTROLS)
	MOVQ AX, controls-16(SP)
	MASK2(SPACES)
	MOVQ AX, spaces-24(SP)
	MASK2(OPS)
	MOVQ AX, ops-32(SP)
	MASK2(NEWLINES)
	MOVQ AX, 16(DI)
	MASK2(BACKSLASHES)
	MOVQ AX, CX
	MASK2(QUOTES)        // AX: quotes

	XORL  R8, R8 // escaped bytes
	MOVQ  CX, DX
	ORQ   R12, DX
	JZ    quotes

	ESCAPED

quotes:
	INSTRING(X13)
	MOVQ  controls-16(SP), DX
	ANDQ  R9, DX
	ORQ   badUTF8-8(SP), DX
	MOVQ  R8, R10
	ORQ   R15, R10
	JNZ   escapes

structural:
	MOVQ  DX, 8(DI)
	MOVQ  ops-32(SP), R10
	MOVQ  spaces-24(SP), R11
	STRUCTURALS

	VMOVDQU Y1, Y15
	ADDQ    $64, SI
	ADDQ    $24, DI
	JMP     loop

escapes:
	// As in stage1AVX512; AX (quotes), R9 (in string) and DX (errors)
	// are kept.
	MOVQ     DX, errs-40(SP)
	MOVQ     AX, quotes-48(SP)
	MASK2(NOTLETTERS)
	ANDQ     R8, AX
	ANDQ     R9, AX
	MOVQ     errs-40(SP), DX
	ORQ      AX, DX          // no escape begins with the byte
	MOVQ     DX, errs-40(SP)
	MASK2(USES)
	MOVQ     AX, CX
	ANDQ     R8, CX
	ANDQ     R9, CX          // CX: escaped 'u' inside strings
	HEXDUE
	MASK2(HEX)
	NOTQ     AX
	ANDQ     AX, R10
	MOVQ     errs-40(SP), DX
	ORQ      R10, DX
	MOVQ     quotes-48(SP), AX
	JMP      structural

done:
	END

// The tables of stage1AVX2: those of stage1AVX512 twice (VPSHUFB looks
// up within each 16-byte lane), and single bytes repeated.

DATA spaceTable32<>+0(SB)/8, $0x0000000000000020
DATA spaceTable32<>+8(SB)/8, $0x00000d00000a0900
DATA spaceTable32<>+16(SB)/8, $0x0000000000000020
DATA spaceTable32<>+24(SB)/8, $0x00000d00000a0900
GLOBL spaceTable32<>(SB), RODATA|NOPTR, $32

DATA opTable32<>+0(SB)/8, $0x0000000000000000
DATA opTable32<>+8(SB)/8, $0x00007d2c7b3a0000
DATA opTable32<>+16(SB)/8, $0x0000000000000000
DATA opTable32<>+24(SB)/8, $0x00007d2c7b3a0000
GLOBL opTable32<>(SB), RODATA|NOPTR, $32

DATA escapeLow32<>+0(SB)/8, $0x0040808000c40000
DATA escapeLow32<>+8(SB)/8, $0x0440002000000000
DATA escapeLow32<>+16(SB)/8, $0x0040808000c40000
DATA escapeLow32<>+24(SB)/8, $0x0440002000000000
GLOBL escapeLow32<>(SB), RODATA|NOPTR, $32

DATA highBit32<>+0(SB)/8, $0x8040201008040201
DATA highBit32<>+8(SB)/8, $0x0000000000000000
DATA highBit32<>+16(SB)/8, $0x8040201008040201
DATA highBit32<>+24(SB)/8, $0x0000000000000000
GLOBL highBit32<>(SB), RODATA|NOPTR, $32

DATA utf8Lookup1x2<>+0(SB)/8, $0x0202020202020202
DATA utf8Lookup1x2<>+8(SB)/8, $0x4915012180808080
DATA utf8Lookup1x2<>+16(SB)/8, $0x0202020202020202
DATA utf8Lookup1x2<>+24(SB)/8, $0x4915012180808080
GLOBL utf8Lookup1x2<>(SB), RODATA|NOPTR, $32

DATA utf8Lookup2x2<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8Lookup2x2<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
DATA utf8Lookup2x2<>+16(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8Lookup2x2<>+24(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL utf8Lookup2x2<>(SB), RODATA|NOPTR, $32

DATA utf8Lookup3x2<>+0(SB)/8, $0x0101010101010101
DATA utf8Lookup3x2<>+8(SB)/8, $0x01010101babaaee6
DATA utf8Lookup3x2<>+16(SB)/8, $0x0101010101010101
DATA utf8Lookup3x2<>+24(SB)/8, $0x01010101babaaee6
GLOBL utf8Lookup3x2<>(SB), RODATA|NOPTR, $32

DATA lowNibbles32<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles32<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles32<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles32<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL lowNibbles32<>(SB), RODATA|NOPTR, $32

DATA quotes32<>+0(SB)/8, $0x2222222222222222
DATA quotes32<>+8(SB)/8, $0x2222222222222222
DATA quotes32<>+16(SB)/8, $0x2222222222222222
DATA quotes32<>+24(SB)/8, $0x2222222222222222
GLOBL quotes32<>(SB), RODATA|NOPTR, $32

DATA backslashes32<>+0(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA backslashes32<>+8(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA backslashes32<>+16(SB)/8, $0x5c5c5c5c5c5c5c5c
DATA backslashes32<>+24(SB)/8, $0x5c5c5c5c5c5c5c5c
GLOBL backslashes32<>(SB), RODATA|NOPTR, $32

DATA newlines32<>+0(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA newlines32<>+8(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA newlines32<>+16(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA newlines32<>+24(SB)/8, $0x0a0a0a0a0a0a0a0a
GLOBL newlines32<>(SB), RODATA|NOPTR, $32

DATA controlMax32<>+0(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA controlMax32<>+8(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA controlMax32<>+16(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA controlMax32<>+24(SB)/8, $0x1f1f1f1f1f1f1f1f
GLOBL controlMax32<>(SB), RODATA|NOPTR, $32

DATA spaces32<>+0(SB)/8, $0x2020202020202020
DATA spaces32<>+8(SB)/8, $0x2020202020202020
DATA spaces32<>+16(SB)/8, $0x2020202020202020
DATA spaces32<>+24(SB)/8, $0x2020202020202020
GLOBL spaces32<>(SB), RODATA|NOPTR, $32

DATA us32<>+0(SB)/8, $0x7575757575757575
DATA us32<>+8(SB)/8, $0x7575757575757575
DATA us32<>+16(SB)/8, $0x7575757575757575
DATA us32<>+24(SB)/8, $0x7575757575757575
GLOBL us32<>(SB), RODATA|NOPTR, $32

DATA zeros32<>+0(SB)/8, $0x3030303030303030
DATA zeros32<>+8(SB)/8, $0x3030303030303030
DATA zeros32<>+16(SB)/8, $0x3030303030303030
DATA zeros32<>+24(SB)/8, $0x3030303030303030
GLOBL zeros32<>(SB), RODATA|NOPTR, $32

DATA nines32<>+0(SB)/8, $0x0909090909090909
DATA nines32<>+8(SB)/8, $0x0909090909090909
DATA nines32<>+16(SB)/8, $0x0909090909090909
DATA nines32<>+24(SB)/8, $0x0909090909090909
GLOBL nines32<>(SB), RODATA|NOPTR, $32

DATA as32<>+0(SB)/8, $0x6161616161616161
DATA as32<>+8(SB)/8, $0x6161616161616161
DATA as32<>+16(SB)/8, $0x6161616161616161
DATA as32<>+24(SB)/8, $0x6161616161616161
GLOBL as32<>(SB), RODATA|NOPTR, $32

DATA fives32<>+0(SB)/8, $0x0505050505050505
DATA fives32<>+8(SB)/8, $0x0505050505050505
DATA fives32<>+16(SB)/8, $0x0505050505050505
DATA fives32<>+24(SB)/8, $0x0505050505050505
GLOBL fives32<>(SB), RODATA|NOPTR, $32

DATA thirdBytes32<>+0(SB)/8, $0x6060606060606060
DATA thirdBytes32<>+8(SB)/8, $0x6060606060606060
DATA thirdBytes32<>+16(SB)/8, $0x6060606060606060
DATA thirdBytes32<>+24(SB)/8, $0x6060606060606060
GLOBL thirdBytes32<>(SB), RODATA|NOPTR, $32

DATA fourthBytes32<>+0(SB)/8, $0x7070707070707070
DATA fourthBytes32<>+8(SB)/8, $0x7070707070707070
DATA fourthBytes32<>+16(SB)/8, $0x7070707070707070
DATA fourthBytes32<>+24(SB)/8, $0x7070707070707070
GLOBL fourthBytes32<>(SB), RODATA|NOPTR, $32

DATA highBits32<>+0(SB)/8, $0x8080808080808080
DATA highBits32<>+8(SB)/8, $0x8080808080808080
DATA highBits32<>+16(SB)/8, $0x8080808080808080
DATA highBits32<>+24(SB)/8, $0x8080808080808080
GLOBL highBits32<>(SB), RODATA|NOPTR, $32
