//go:build amd64 && !purego

#include "textflag.h"

// SETTLE(last) settles a block with something in it, where R8 holds its
// backslashes, R9 its quotes and R10 its errors as masks (one bit per
// byte, from the low bit; last is the place of the block's last byte), SI
// its address and DI that of the string: it reads the escapes one by one
// (R11 gathers the bytes they escape; a backslash after an unescaped
// quote is not read, the string ends first), then returns the first
// unescaped quote's offset with closed true when no error and no escape
// that is not one letter comes before it (or at it), goes on with the
// next block (label next) when the block holds only valid escapes, and
// otherwise returns the block's offset with closed false: an escape split
// by the block's end is settled in the next call.
// The labels it defines (escape, quote, noquote, stop) are those of the
// function it is in.
#define SETTLE(last) \
	XORL  R11, R11 \
	TESTQ R8, R8 \
	JZ    quote \
escape: \
	BSFQ  R8, CX \
	MOVQ  R11, DX \
	NOTQ  DX \
	ANDQ  R9, DX \
	MOVQ  $1, R12 \
	SHLQ  CX, R12 \
	DECQ  R12 \
	TESTQ R12, DX \
	JNZ   quote \
	CMPQ  CX, $last \
	JEQ   stop \
	MOVBQZX 1(SI)(CX*1), DX \
	LEAQ  ·shortEscape(SB), R12 \
	MOVBQZX (R12)(DX*1), DX \
	TESTQ DX, DX \
	JZ    stop \
	MOVQ  $2, R12 \
	SHLQ  CX, R12 \
	ORQ   R12, R11 \
	MOVQ  $3, R12 \
	SHLQ  CX, R12 \
	NOTQ  R12 \
	ANDQ  R12, R8 \
	JNZ   escape \
quote: \
	MOVQ  R11, DX \
	NOTQ  DX \
	ANDQ  DX, R9 \
	JZ    noquote \
	BSFQ  R9, CX \
	MOVQ  $2, R12 \
	SHLQ  CX, R12 \
	DECQ  R12 \
	TESTQ R12, R10 \
	JNZ   stop \
	SUBQ  DI, SI \
	ADDQ  CX, SI \
	MOVQ  SI, off+16(FP) \
	MOVB  $1, closed+24(FP) \
	VZEROUPPER \
	RET \
noquote: \
	TESTQ R10, R10 \
	JZ    next \
stop: \
	SUBQ DI, SI \
	MOVQ SI, off+16(FP) \
	MOVB $0, closed+24(FP) \
	VZEROUPPER \
	RET

// func stringBlocksAVX2(p *byte, n int) (off int, closed bool)
//
// See stringVector in string_amd64.go. Each 32-byte block is checked at
// once: its UTF-8 by three nibble lookups (the error classes of a byte and
// the one before it) plus the bytes that must continue a three- or
// four-byte sequence begun two or three bytes before; its control bytes,
// quotes and backslashes by comparisons. Escapes are read one by one.
TEXT ·stringBlocksAVX2(SB), NOSPLIT, $0-25
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ SI, DI
	LEAQ -32(SI)(BX*1), BX // the last address a whole block may start at
	VPXOR Y1, Y1, Y1       // the block before: none, read as ASCII
	VPXOR Y13, Y13, Y13
	VMOVDQU lowNibbles<>(SB), Y9
	VMOVDQU utf8Lookup1<>(SB), Y10
	VMOVDQU utf8Lookup2<>(SB), Y11
	VMOVDQU utf8Lookup3<>(SB), Y12

loop:
	CMPQ SI, BX
	JHI  stop
	VMOVDQU (SI), Y0

	// The byte one, two and three places before each byte.
	VPERM2I128 $0x21, Y0, Y1, Y2
	VPALIGNR   $15, Y2, Y0, Y3
	VPALIGNR   $14, Y2, Y0, Y4
	VPALIGNR   $13, Y2, Y0, Y5

	// UTF-8: the error classes of (byte before, byte) pairs, against the
	// bytes that must be third or fourth of a sequence.
	VPSRLW    $4, Y3, Y6
	VPAND     Y9, Y6, Y6
	VPSHUFB   Y6, Y10, Y6
	VPAND     Y9, Y3, Y7
	VPSHUFB   Y7, Y11, Y7
	VPSRLW    $4, Y0, Y8
	VPAND     Y9, Y8, Y8
	VPSHUFB   Y8, Y12, Y8
	VPAND     Y6, Y7, Y6
	VPAND     Y6, Y8, Y6
	VPSUBUSB  thirdBytes<>(SB), Y4, Y4
	VPSUBUSB  fourthBytes<>(SB), Y5, Y5
	VPOR      Y4, Y5, Y4
	VPAND     highBits<>(SB), Y4, Y4
	VPXOR     Y4, Y6, Y6
	VPCMPEQB  Y13, Y6, Y6
	VPMOVMSKB Y6, R10
	NOTL      R10

	// Control bytes join the errors; quotes and backslashes apart.
	VPMINUB   controlMax<>(SB), Y0, Y7
	VPCMPEQB  Y0, Y7, Y7
	VPMOVMSKB Y7, AX
	ORL       AX, R10
	VPCMPEQB  quotes<>(SB), Y0, Y7
	VPMOVMSKB Y7, R9
	VPCMPEQB  backslashes<>(SB), Y0, Y8
	VPMOVMSKB Y8, R8
	MOVL      R8, AX
	ORL       R9, AX
	ORL       R10, AX
	JNZ       special

next:
	VMOVDQU Y0, Y1
	ADDQ    $32, SI
	JMP     loop

special:
	// R8 backslashes, R9 quotes, R10 errors, R11 escaped bytes.
	SETTLE(31)

// func stringBlocksAVX512(p *byte, n int) (off int, closed bool)
//
// stringBlocksAVX2 with 64-byte blocks, in the AVX-512 registers (F and
// BW): see stringVector in string_amd64.go. The same checks, with 64-bit
// masks: the UTF-8 of each block by three nibble lookups plus the bytes
// that must continue a three- or four-byte sequence, its control bytes,
// quotes and backslashes by comparisons into mask registers; a block with
// none of these takes one test, and the escapes of the others are read one
// by one.
TEXT ·stringBlocksAVX512(SB), NOSPLIT, $0-25
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	MOVQ SI, DI
	LEAQ -64(SI)(BX*1), BX // the last address a whole block may start at
	VPXORQ Z1, Z1, Z1      // the block before: none, read as ASCII
	MOVL   $0x0f, AX
	VPBROADCASTB AX, Z9
	VBROADCASTI32X4 utf8Lookup1<>(SB), Z10
	VBROADCASTI32X4 utf8Lookup2<>(SB), Z11
	VBROADCASTI32X4 utf8Lookup3<>(SB), Z12
	MOVL   $0x60, AX
	VPBROADCASTB AX, Z16 // a byte two places after a three-byte lead
	MOVL   $0x70, AX
	VPBROADCASTB AX, Z17 // a byte three places after a four-byte lead
	MOVL   $0x80, AX
	VPBROADCASTB AX, Z18
	MOVL   $0x20, AX
	VPBROADCASTB AX, Z19 // the first byte that is not a control byte
	MOVL   $0x22, AX
	VPBROADCASTB AX, Z20
	MOVL   $0x5c, AX
	VPBROADCASTB AX, Z21

loop:
	CMPQ SI, BX
	JHI  stop
	VMOVDQU64 (SI), Z0

	// The byte one, two and three places before each byte: Z2 holds,
	// in each 128-bit lane, the lane before it.
	VALIGND  $12, Z1, Z0, Z2
	VPALIGNR $15, Z2, Z0, Z3
	VPALIGNR $14, Z2, Z0, Z4
	VPALIGNR $13, Z2, Z0, Z5

	// UTF-8: the error classes of (byte before, byte) pairs, against the
	// bytes that must be third or fourth of a sequence; K1 marks the
	// bytes in error.
	VPSRLW     $4, Z3, Z6
	VPANDQ     Z9, Z6, Z6
	VPSHUFB    Z6, Z10, Z6
	VPANDQ     Z9, Z3, Z7
	VPSHUFB    Z7, Z11, Z7
	VPSRLW     $4, Z0, Z8
	VPANDQ     Z9, Z8, Z8
	VPSHUFB    Z8, Z12, Z8
	VPTERNLOGD $0x80, Z8, Z7, Z6 // the three classes
	VPSUBUSB   Z16, Z4, Z4
	VPSUBUSB   Z17, Z5, Z5
	VPORQ      Z4, Z5, Z4
	VPANDQ     Z18, Z4, Z4
	VPXORQ     Z4, Z6, Z6
	VPTESTMB   Z6, Z6, K1

	// Control bytes join the errors (K5); quotes (K3) and backslashes
	// (K4) apart.
	VPCMPUB  $1, Z19, Z0, K2
	VPCMPEQB Z20, Z0, K3
	VPCMPEQB Z21, Z0, K4
	KORQ     K1, K2, K5
	KORQ     K3, K4, K6
	KORTESTQ K5, K6
	JNZ      special

next:
	VMOVDQA64 Z0, Z1
	ADDQ      $64, SI
	JMP       loop

special:
	// R8 backslashes, R9 quotes, R10 errors, R11 escaped bytes.
	KMOVQ K4, R8
	KMOVQ K3, R9
	KMOVQ K5, R10
	SETTLE(63)

// func plainSingleAVX2(p *byte, n int) (off int)
//
// See plainSingleVector in string_amd64.go. Each 32-byte block is checked
// at once for the bytes a single-quoted string stops at: '\'', '"', '\\',
// a control byte or a byte of 0x80 or more.
TEXT ·plainSingleAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), BX
	XORQ AX, AX
	SUBQ $32, BX // the last offset a whole block may start at
	VMOVDQU singleQuotes<>(SB), Y10
	VMOVDQU quotes<>(SB), Y11
	VMOVDQU backslashes<>(SB), Y12
	VMOVDQU controlMax<>(SB), Y13

single:
	CMPQ AX, BX
	JGT  singleEnd
	VMOVDQU   (SI)(AX*1), Y0
	VPCMPEQB  Y10, Y0, Y1
	VPCMPEQB  Y11, Y0, Y2
	VPOR      Y1, Y2, Y1
	VPCMPEQB  Y12, Y0, Y2
	VPOR      Y1, Y2, Y1
	VPMINUB   Y13, Y0, Y2
	VPCMPEQB  Y0, Y2, Y2
	VPOR      Y1, Y2, Y1
	VPOR      Y0, Y1, Y1 // a byte of 0x80 or more has its own high bit
	VPMOVMSKB Y1, DX
	TESTL     DX, DX
	JNZ       singleFound
	ADDQ      $32, AX
	JMP       single

singleFound:
	BSFL DX, DX
	ADDQ DX, AX

singleEnd:
	MOVQ AX, off+16(FP)
	VZEROUPPER
	RET

DATA utf8Lookup1<>+0(SB)/8, $0x0202020202020202
DATA utf8Lookup1<>+8(SB)/8, $0x4915012180808080
DATA utf8Lookup1<>+16(SB)/8, $0x0202020202020202
DATA utf8Lookup1<>+24(SB)/8, $0x4915012180808080
GLOBL utf8Lookup1<>(SB), RODATA|NOPTR, $32

DATA utf8Lookup2<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8Lookup2<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
DATA utf8Lookup2<>+16(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8Lookup2<>+24(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL utf8Lookup2<>(SB), RODATA|NOPTR, $32

DATA utf8Lookup3<>+0(SB)/8, $0x0101010101010101
DATA utf8Lookup3<>+8(SB)/8, $0x01010101babaaee6
DATA utf8Lookup3<>+16(SB)/8, $0x0101010101010101
DATA utf8Lookup3<>+24(SB)/8, $0x01010101babaaee6
GLOBL utf8Lookup3<>(SB), RODATA|NOPTR, $32

DATA lowNibbles<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL lowNibbles<>(SB), RODATA|NOPTR, $32

DATA thirdBytes<>+0(SB)/8, $0x6060606060606060
DATA thirdBytes<>+8(SB)/8, $0x6060606060606060
DATA thirdBytes<>+16(SB)/8, $0x6060606060606060
DATA thirdBytes<>+24(SB)/8, $0x6060606060606060
GLOBL thirdBytes<>(SB), RODATA|NOPTR, $32

DATA fourthBytes<>+0(SB)/8, $0x7070707070707070
DATA fourthBytes<>+8(SB)/8, $0x7070707070707070
DATA fourthBytes<>+16(SB)/8, $0x7070707070707070
DATA fourthBytes<>+24(SB)/8, $0x7070707070707070
GLOBL fourthBytes<>(SB), RODATA|NOPTR, $32

DATA highBits<>+0(SB)/8, $0x8080808080808080
DATA highBits<>+8(SB)/8, $0x8080808080808080
DATA highBits<>+16(SB)/8, $0x8080808080808080
DATA highBits<>+24(SB)/8, $0x8080808080808080
GLOBL highBits<>(SB), RODATA|NOPTR, $32

DATA controlMax<>+0(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA controlMax<>+8(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA controlMax<>+16(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA controlMax<>+24(SB)/8, $0x1f1f1f1f1f1f1f1f
GLOBL controlMax<>(SB), RODATA|NOPTR, $32

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

DATA singleQuotes<>+0(SB)/8, $0x2727272727272727
DATA singleQuotes<>+8(SB)/8, $0x2727272727272727
DATA singleQuotes<>+16(SB)/8, $0x2727272727272727
DATA singleQuotes<>+24(SB)/8, $0x2727272727272727
GLOBL singleQuotes<>(SB), RODATA|NOPTR, $32
