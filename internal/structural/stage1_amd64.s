//go:build amd64 && !purego

#include "textflag.h"
#include "stage1_amd64.h"

// func stage1AVX512(p *byte, n int, prev *byte, c *carries, out *block)
//
// Stage 1 over the n/64 whole 64-byte blocks from p (n a multiple of 64),
// into out[0], out[1], ...: see block and carries in stage1.go, and
// settle there, which this computes as classifyPortable followed by
// settle do. prev points to the 64 bytes before p (zeros before the first
// block): the UTF-8 check reads the three bytes before each block.
//
// Registers: SI the block, BX the end, DI out; R12 to R15 the carries
// (escape, inString, scalar, hex); X15 all ones, for the prefix XOR of
// the quotes by a carry-less product.
TEXT ·stage1AVX512(SB), NOSPLIT, $0-40
	BEGIN
	VMOVDQU64 (AX), Z1
	MOVQ   $-1, AX
	MOVQ   AX, X15
	MOVL   $0x0f, AX
	VPBROADCASTB AX, Z9
	VBROADCASTI32X4 utf8Lookup1<>(SB), Z10
	VBROADCASTI32X4 utf8Lookup2<>(SB), Z11
	VBROADCASTI32X4 utf8Lookup3<>(SB), Z12
	VBROADCASTI32X4 spaceTable<>(SB), Z13
	VBROADCASTI32X4 opTable<>(SB), Z14
	VBROADCASTI32X4 escapeLow<>(SB), Z29
	VBROADCASTI32X4 highBit<>(SB), Z23
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
	MOVL   $0x0a, AX
	VPBROADCASTB AX, Z22
	MOVL   $0x75, AX
	VPBROADCASTB AX, Z24 // 'u'
	MOVL   $0x30, AX
	VPBROADCASTB AX, Z25 // '0'
	MOVL   $0x61, AX
	VPBROADCASTB AX, Z26 // 'a'
	MOVL   $0x0a, AX
	VPBROADCASTB AX, Z27 // 10
	MOVL   $0x06, AX
	VPBROADCASTB AX, Z28 // 6

loop:
	CMPQ SI, BX
	JAE  done
	VMOVDQU64 (SI), Z0

	// UTF-8, as stringBlocksAVX512 in internal/scan: K1 marks the bytes
	// in error. Where this block and the one before are ASCII, there is
	// none (K1 is then empty).
	VPORQ    Z0, Z1, Z2
	VPMOVB2M Z2, K1
	KORTESTQ K1, K1
	JZ       ascii
	VALIGND  $12, Z1, Z0, Z2
	VPALIGNR $15, Z2, Z0, Z3
	VPALIGNR $14, Z2, Z0, Z4
	VPALIGNR $13, Z2, Z0, Z5
	VPSRLW     $4, Z3, Z6
	VPANDQ     Z9, Z6, Z6
	VPSHUFB    Z6, Z10, Z6
	VPANDQ     Z9, Z3, Z7
	VPSHUFB    Z7, Z11, Z7
	VPSRLW     $4, Z0, Z8
	VPANDQ     Z9, Z8, Z8
	VPSHUFB    Z8, Z12, Z2
	VPTERNLOGD $0x80, Z2, Z7, Z6
	VPSUBUSB   Z16, Z4, Z4
	VPSUBUSB   Z17, Z5, Z5
	VPORQ      Z4, Z5, Z4
	VPANDQ     Z18, Z4, Z4
	VPXORQ     Z4, Z6, Z6
	VPTESTMB   Z6, Z6, K1

ascii:
	VPCMPUB  $1, Z19, Z0, K2 // control bytes
	VPCMPEQB Z20, Z0, K3     // quotes
	VPCMPEQB Z21, Z0, K4     // backslashes
	VPANDQ   Z9, Z0, Z7      // Z7: the low nibbles
	VPSHUFB  Z7, Z13, Z6
	VPCMPEQB Z6, Z0, K5      // whitespace
	VPSHUFB  Z7, Z14, Z6
	VPORQ    Z19, Z0, Z2
	VPCMPEQB Z6, Z2, K6      // structural punctuation
	VPCMPEQB Z22, Z0, K7     // newlines
	KMOVQ    K7, 16(DI)

	KMOVQ K3, AX // quotes
	KMOVQ K4, CX // backslashes
	XORL  R8, R8 // escaped bytes
	MOVQ  CX, DX
	ORQ   R12, DX
	JZ    quotes

	ESCAPED

quotes:
	// The quotes that are not escaped (AX), and the string mask (R9).
	INSTRING(X15)
	// The errors (DX): control bytes inside strings, bad UTF-8, and the
	// escapes.
	KMOVQ K2, DX
	ANDQ  R9, DX
	KMOVQ K1, R10
	ORQ   R10, DX
	MOVQ  R8, R10
	ORQ   R15, R10
	JNZ   escapes

structural:
	MOVQ  DX, 8(DI)
	KMOVQ K6, R10 // punctuation
	KMOVQ K5, R11 // whitespace
	STRUCTURALS

	VMOVDQA64 Z0, Z1
	ADDQ      $64, SI
	ADDQ      $24, DI
	JMP       loop

escapes:
	// Escapes inside strings: the byte after the backslash must be one of
	// '"' '\\' '/' 'b' 'f' 'n' 'r' 't' 'u' (two nibble lookups), and the
	// four after a 'u' hex digits (R15 carries those due in the next
	// block).
	VPSHUFB  Z7, Z29, Z6
	VPSRLW   $4, Z0, Z8
	VPANDQ   Z9, Z8, Z8      // the high nibbles
	VPSHUFB  Z8, Z23, Z2
	VPTESTMB Z6, Z2, K3
	VPCMPEQB Z24, Z0, K4
	VPSUBB   Z25, Z0, Z6
	VPCMPUB  $1, Z27, Z6, K7 // '0' to '9'
	VPORQ    Z19, Z0, Z6
	VPSUBB   Z26, Z6, Z6
	VPCMPUB  $1, Z28, Z6, K0 // 'a' to 'f', either case
	KORQ     K7, K0, K7      // hex digits
	KMOVQ    K3, CX
	NOTQ     CX
	ANDQ     R8, CX
	ANDQ     R9, CX
	ORQ      CX, DX          // no escape begins with the byte
	KMOVQ    K4, CX
	ANDQ     R8, CX
	ANDQ     R9, CX          // CX: escaped 'u' inside strings
	HEXDUE
	KMOVQ    K7, R11
	NOTQ     R11
	ANDQ     R11, R10
	ORQ      R10, DX
	JMP      structural

done:
	END

// spaceTable holds, at each low nibble, the whitespace byte with that
// nibble (0 where none: no byte with that nibble is 0).
DATA spaceTable<>+0(SB)/8, $0x0000000000000020
DATA spaceTable<>+8(SB)/8, $0x00000d00000a0900
GLOBL spaceTable<>(SB), RODATA|NOPTR, $16

// opTable holds, at each low nibble, the structural punctuation with that
// nibble ORed with 0x20 ('[' and '{' share 0x7b, ']' and '}' 0x7d).
DATA opTable<>+0(SB)/8, $0x0000000000000000
DATA opTable<>+8(SB)/8, $0x00007d2c7b3a0000
GLOBL opTable<>(SB), RODATA|NOPTR, $16

// escapeLow holds, at each low nibble, the high nibbles (as bits) of the
// bytes with that nibble that may follow a backslash: '"' 'b' 'r' (2),
// 't' (4), 'u' (5), 'f' (6), 'n' (e), '\\' (c), '/' (f). highBit holds 1
// shifted by each high nibble below 8.
DATA escapeLow<>+0(SB)/8, $0x0040808000c40000
DATA escapeLow<>+8(SB)/8, $0x0440002000000000
GLOBL escapeLow<>(SB), RODATA|NOPTR, $16

DATA highBit<>+0(SB)/8, $0x8040201008040201
DATA highBit<>+8(SB)/8, $0x0000000000000000
GLOBL highBit<>(SB), RODATA|NOPTR, $16

DATA utf8Lookup1<>+0(SB)/8, $0x0202020202020202
DATA utf8Lookup1<>+8(SB)/8, $0x4915012180808080
GLOBL utf8Lookup1<>(SB), RODATA|NOPTR, $16

DATA utf8Lookup2<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8Lookup2<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL utf8Lookup2<>(SB), RODATA|NOPTR, $16

DATA utf8Lookup3<>+0(SB)/8, $0x0101010101010101
DATA utf8Lookup3<>+8(SB)/8, $0x01010101babaaee6
GLOBL utf8Lookup3<>(SB), RODATA|NOPTR, $16
