package structural

import (
	"math/bits"

	"github.com/jsonheal/jsonheal/internal/swar"
)

// block is one 64-byte block after stage 1, bit k for its byte k.
type block struct {
	// structurals marks, outside strings, the structural punctuation,
	// the opening quotes and the first byte of every other run of
	// non-blank bytes (a number, a literal, or bytes no value has).
	structurals uint64
	// errs marks control bytes and bad escapes inside strings, and bad
	// UTF-8 anywhere.
	errs     uint64
	newlines uint64
}

// carries is stage 1's state from one block to the next.
type carries struct {
	escape   uint64 // 1: the next block's first byte is escaped
	inString uint64 // all ones: the next block begins inside a string
	scalar   uint64 // 1: the block ended with a scalar byte that is not a quote
	hex      uint64 // the next block's first bytes that must be hex digits (\uXXXX)
}

// stage1Portable is stage 1 in Go: classifyPortable, then settle.
func (c *Checker) stage1Portable(b []byte, from int, out []block) {
	raw := c.raw[:len(out)]
	classifyPortable(b, from, raw, &c.utf8)
	for k := range out {
		out[k] = c.carry.settle(&raw[k], b[from+64*k:from+64*k+64])
	}
}

// settle turns a classified block into its structural bytes and errors,
// carrying what runs into the next block. blk holds its bytes.
func (cr *carries) settle(r *rawBlock, blk []byte) block {
	var escaped uint64
	if r.backslash|cr.escape != 0 {
		escaped = findEscaped(r.backslash, &cr.escape)
	}
	quotes := r.quote &^ escaped
	in := swar.PrefixParity(quotes) ^ cr.inString
	cr.inString = uint64(int64(in) >> 63)
	errs := r.control&in | r.badUTF8
	if escaped|cr.hex != 0 {
		errs |= cr.escapeErrors(blk, escaped, in)
	}
	scalar := ^(r.op | r.space)
	plain := scalar &^ quotes
	follows := plain<<1 | cr.scalar
	cr.scalar = plain >> 63
	return block{
		structurals: (r.op | scalar&^follows) &^ (in ^ quotes),
		errs:        errs,
		newlines:    r.newline,
	}
}

// escapeErrors returns the bytes of blk that break an escape inside a
// string: a byte after a backslash that no escape begins with, or a byte
// of the four after "\u" that is not a hex digit.
func (cr *carries) escapeErrors(blk []byte, escaped, in uint64) uint64 {
	var letters, us, hex uint64
	for k, ch := range blk {
		switch ch {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			letters |= 1 << k
		case 'u':
			letters |= 1 << k
			us |= 1 << k
		}
		if ch-'0' < 10 || (ch|0x20)-'a' < 6 {
			hex |= 1 << k
		}
	}
	u := escaped & us & in
	need := u<<1 | u<<2 | u<<3 | u<<4 | cr.hex
	cr.hex = u>>60 | u>>61 | u>>62 | u>>63
	return escaped&^letters&in | need&^hex
}

// findEscaped returns the bytes escaped by a backslash, given the
// block's backslashes and carry, the escape left open by the block before
// (1 or 0), which it updates.
func findEscaped(backslash uint64, carry *uint64) uint64 {
	const even = 0x5555555555555555
	backslash &^= *carry
	follows := backslash<<1 | *carry
	oddStarts := backslash &^ even &^ follows
	seq, over := bits.Add64(oddStarts, backslash, 0)
	*carry = over
	return (even ^ seq<<1) & follows
}
