//go:build amd64 && !purego

#include "textflag.h"

// runSpaces is len(spaces) (see comment_amd64.go): the most blanks a run
// keeps.
#define runSpaces 128

// func commentRunAVX2(p *byte, n, gaps int) (end, endGaps int)
//
// commentWindows' loop (see comment.go, which gives the bit logic and its
// reasons): the windows of 64 bytes from p while more than 64 bytes are
// left, each read as two 32-byte halves compared with '/', '*', ' ' and
// '\n' as they stand and one byte further on. end is relative to p (0 when
// no comment was settled).
//
// Registers: SI the window, DI the last window start allowed (exclusive),
// R8 the blanks outside comments so far, R9 and R10 the end (a pointer)
// and its blanks, R11 R12 R13 what the window before leaves (inside a
// comment as all ones or none, a "/*" and a "*/" at its last byte).
// Per window: AX opens, DX closes, R14 blanks, CX breaks, BX inside, R15
// slashes, R13 comment, R12 stop. Y13 holds all ones. The frame keeps
// the last window of the run in which a comment ends (pendAt, 0 for none)
// with its slashes, its blanks outside comments and the blanks before
// it: R9 and R10 are worked out from it only when the run stops.
TEXT ·commentRunAVX2(SB), NOSPLIT, $32-40
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), DI
	LEAQ -64(SI)(DI*1), DI
	MOVQ gaps+16(FP), R8
	MOVQ SI, R9
	MOVQ R8, R10
	XORQ R11, R11
	XORQ R12, R12
	XORQ R13, R13
	MOVQ $0, pendAt-8(SP)
	VMOVDQU slashes<>(SB), Y8
	VMOVDQU stars<>(SB), Y9
	VMOVDQU blanks<>(SB), Y10
	VMOVDQU newlines<>(SB), Y11
	VPCMPEQB Y13, Y13, Y13 // all ones: a carry-less product with it is a prefix parity

loop:
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
	VPMOVMSKB Y5, DX
	VPCMPEQB  Y10, Y0, Y6
	VPMOVMSKB Y6, R14
	VPCMPEQB  Y11, Y0, Y7
	VPMOVMSKB Y7, CX

	// Bytes 32 to 63 (and 33 to 64), into the upper halves.
	VMOVDQU   32(SI), Y0
	VMOVDQU   33(SI), Y1
	VPCMPEQB  Y8, Y0, Y2
	VPCMPEQB  Y9, Y1, Y3
	VPAND     Y2, Y3, Y3
	VPMOVMSKB Y3, R15
	SHLQ      $32, R15
	ORQ       R15, AX
	VPCMPEQB  Y9, Y0, Y4
	VPCMPEQB  Y8, Y1, Y5
	VPAND     Y4, Y5, Y5
	VPMOVMSKB Y5, R15
	SHLQ      $32, R15
	ORQ       R15, DX
	VPCMPEQB  Y10, Y0, Y6
	VPMOVMSKB Y6, R15
	SHLQ      $32, R15
	ORQ       R15, R14
	VPCMPEQB  Y11, Y0, Y7
	VPMOVMSKB Y7, R15
	SHLQ      $32, R15
	ORQ       R15, CX

	// inside = prefix parity of opens|closes (its carry-less product
	// with all ones), flipped when the window before ended inside a
	// comment.
	MOVQ       AX, BX
	ORQ        DX, BX
	VMOVQ      BX, X12
	VPCLMULQDQ $0, X13, X12, X12
	VMOVQ      X12, BX
	XORQ       R11, BX

	// slashes = closes<<1 | close63; then R12 = (opens<<1 | open63) & closes.
	LEAQ (DX)(DX*1), R15
	ORQ  R13, R15
	LEAQ (AX)(AX*1), R13
	ORQ  R13, R12
	ANDQ DX, R12

	// stop |= closes&inside | slashes&opens
	MOVQ DX, R13
	ANDQ BX, R13
	ORQ  R13, R12
	MOVQ R15, R13
	ANDQ AX, R13
	ORQ  R13, R12

	// comment = inside | closes | slashes; stop |= breaks&comment |
	// ^(comment|blanks)
	MOVQ BX, R13
	ORQ  DX, R13
	ORQ  R15, R13
	ANDQ R13, CX
	ORQ  CX, R12
	MOVQ R13, CX
	ORQ  R14, CX
	NOTQ CX
	ORQ  CX, R12

	// What this window leaves to the next: R11 now, AX and DX for R12 and
	// R13 at the loop's end.
	MOVQ BX, R11
	SARQ $63, R11
	SHRQ $63, AX
	SHRQ $63, DX

	// A window with no stop in which the blanks outside comments keep
	// within runSpaces (the usual one inside a run) only notes itself as the
	// last with an end, if a comment ends in it: the end is worked out
	// once, from the last such window, when the run stops.
	MOVQ    R13, BX
	NOTQ    BX
	ANDQ    R14, BX // blanks outside comments
	TESTQ   R12, R12
	JNZ     exact
	POPCNTQ BX, CX
	ADDQ    R8, CX
	CMPQ    CX, $runSpaces
	JGT     exact
	TESTQ   R15, R15
	JZ      next
	MOVQ    SI, pendAt-8(SP)
	MOVQ    R15, pendEnds-16(SP)
	MOVQ    BX, pendBlanks-24(SP)
	MOVQ    R8, pendGaps-32(SP)

next:
	MOVQ CX, R8
	MOVQ AX, R12
	MOVQ DX, R13
	ADDQ $64, SI
	CMPQ SI, DI
	JB   loop

	// Out of windows: the end is that of the last window noted, which
	// exact works out; a stop at bit 0 then leaves no end of the window's
	// own and ends the run.
	MOVQ $1, R12

exact:
	// The end of the last window noted, then this window's own.
	MOVQ    pendAt-8(SP), BX
	TESTQ   BX, BX
	JZ      settled
	MOVQ    pendEnds-16(SP), CX
	BSRQ    CX, CX
	LEAQ    1(BX)(CX*1), R9
	MOVQ    $2, BX
	SHLQ    CX, BX
	DECQ    BX
	ANDQ    pendBlanks-24(SP), BX
	POPCNTQ BX, BX
	ADDQ    pendGaps-32(SP), BX
	MOVQ    BX, R10
	MOVQ    $0, pendAt-8(SP)

settled:

	// ends = slashes before the first stop (all of them when none).
	LEAQ -1(R12), CX
	MOVQ R12, BX
	NOTQ BX
	ANDQ BX, CX
	ANDQ R15, CX
	JZ   noEnd

	// The last whole comment ends just past its '/', bit CX; the blanks
	// outside comments up to there must not pass runSpaces.
	BSRQ    CX, CX
	MOVQ    R13, BX
	NOTQ    BX
	ANDQ    R14, BX
	MOVQ    $2, R15
	SHLQ    CX, R15
	DECQ    R15
	ANDQ    BX, R15
	POPCNTQ R15, R15
	ADDQ    R8, R15
	CMPQ    R15, $runSpaces
	JGT     done
	LEAQ    1(SI)(CX*1), R9
	MOVQ    R15, R10

noEnd:
	TESTQ R12, R12
	JNZ   done
	MOVQ  R13, BX
	NOTQ  BX
	ANDQ  R14, BX
	POPCNTQ BX, BX
	ADDQ  BX, R8
	MOVQ  AX, R12
	MOVQ  DX, R13
	ADDQ  $64, SI
	CMPQ  SI, DI
	JB    loop

done:
	VZEROUPPER
	SUBQ p+0(FP), R9
	MOVQ R9, end+24(FP)
	MOVQ R10, endGaps+32(FP)
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
