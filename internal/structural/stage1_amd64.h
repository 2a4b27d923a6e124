// The scalar steps of stage 1, shared by stage1AVX512 (stage1_amd64.s)
// and stage1AVX2 (stage1_avx2_amd64.s), which differ only in how they
// classify a block into masks. The carries live in R12 (escape), R13 (in
// string), R14 (scalar) and R15 (hex digits due).

// BEGIN loads the arguments of func(p *byte, n int, prev *byte, c
// *carries, out *block): SI p, BX the end of the blocks, AX prev, DI out,
// and the carries from c.
#define BEGIN \
	MOVQ p+0(FP), SI \
	MOVQ n+8(FP), BX \
	MOVQ prev+16(FP), AX \
	MOVQ c+24(FP), R11 \
	MOVQ out+32(FP), DI \
	ADDQ SI, BX \
	MOVQ 0(R11), R12 \
	MOVQ 8(R11), R13 \
	MOVQ 16(R11), R14 \
	MOVQ 24(R11), R15

// END stores the carries back into c and returns.
#define END \
	MOVQ c+24(FP), R11 \
	MOVQ R12, 0(R11) \
	MOVQ R13, 8(R11) \
	MOVQ R14, 16(R11) \
	MOVQ R15, 24(R11) \
	VZEROUPPER \
	RET

// ESCAPED sets R8 to the bytes escaped by a backslash (simdjson's
// odd-length backslash runs), from CX (the block's backslashes) and R12
// (the escape carried in), which it updates. Clobbers CX, DX, R9, R10.
#define ESCAPED \
	MOVQ  R12, DX \
	NOTQ  DX \
	ANDQ  DX, CX \
	MOVQ  CX, R9 \
	SHLQ  $1, R9 \
	ORQ   R12, R9 \
	MOVQ  $0x5555555555555555, R10 \
	MOVQ  R10, DX \
	NOTQ  DX \
	ANDQ  CX, DX \
	MOVQ  R9, R8 \
	NOTQ  R8 \
	ANDQ  R8, DX \
	XORL  R12, R12 \
	ADDQ  CX, DX \
	SETCS R12 \
	SHLQ  $1, DX \
	XORQ  R10, DX \
	ANDQ  R9, DX \
	MOVQ  DX, R8

// INSTRING(ones) takes the escaped quotes out of AX (the block's quotes)
// and sets R9 to the bytes inside strings, the opening quote included:
// the prefix XOR of the quotes (a carry-less product with ones, an X
// register holding all ones) and R13, which it updates. Clobbers X3.
#define INSTRING(ones) \
	MOVQ  R8, R9 \
	NOTQ  R9 \
	ANDQ  R9, AX \
	MOVQ  AX, X3 \
	VPCLMULQDQ $0, ones, X3, X3 \
	MOVQ  X3, R9 \
	XORQ  R13, R9 \
	MOVQ  R9, R13 \
	SARQ  $63, R13

// HEXDUE sets R10 to the bytes that must be hex digits, the four after
// each escaped 'u' in CX and those R15 carried in, and R15 to those due
// in the next block. Clobbers CX, R11.
#define HEXDUE \
	MOVQ  CX, R10 \
	SHLQ  $1, R10 \
	MOVQ  CX, R11 \
	SHLQ  $2, R11 \
	ORQ   R11, R10 \
	MOVQ  CX, R11 \
	SHLQ  $3, R11 \
	ORQ   R11, R10 \
	MOVQ  CX, R11 \
	SHLQ  $4, R11 \
	ORQ   R11, R10 \
	ORQ   R15, R10 \
	MOVQ  CX, R15 \
	SHRQ  $60, R15 \
	MOVQ  CX, R11 \
	SHRQ  $61, R11 \
	ORQ   R11, R15 \
	MOVQ  CX, R11 \
	SHRQ  $62, R11 \
	ORQ   R11, R15 \
	SHRQ  $63, CX \
	ORQ   CX, R15

// STRUCTURALS stores to 0(DI) the structural bytes: the punctuation
// (R10), and the first byte of every run of other non-blank bytes (R11
// the whitespace; a quote, AX, ends a run: the byte after a closing
// quote begins one), outside strings (R9). R14 carries whether the block
// ended inside such a run. Clobbers CX, DX, R9, R11.
#define STRUCTURALS \
	ORQ   R10, R11 \
	NOTQ  R11 \
	MOVQ  AX, DX \
	NOTQ  DX \
	ANDQ  R11, DX \
	MOVQ  DX, CX \
	SHLQ  $1, CX \
	ORQ   R14, CX \
	SHRQ  $63, DX \
	MOVQ  DX, R14 \
	NOTQ  CX \
	ANDQ  CX, R11 \
	ORQ   R10, R11 \
	XORQ  AX, R9 \
	NOTQ  R9 \
	ANDQ  R9, R11 \
	MOVQ  R11, 0(DI)
