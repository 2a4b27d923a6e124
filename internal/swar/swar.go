// Package swar holds the word-at-a-time ("SIMD within a register") byte
// tests shared by the hot paths of scanner, sanitize and jsonl: eight bytes
// are read as one little-endian uint64 and tested at once. Every helper is
// a leaf small enough for the compiler to inline.
//
// A mask flags a byte by setting its high bit. Masks said to be exact flag
// exactly the bytes that pass the test; the others flag the lowest one
// exactly but may also flag a byte above it (a borrow only runs upwards),
// so bits.TrailingZeros64(mask)/8 is the index of the first match, 8 when
// none.
package swar

const (
	// Ones has every byte 0x01: Ones*c repeats the byte c eight times.
	Ones = 0x0101010101010101
	// Highs has the high bit of every byte set.
	Highs = 0x8080808080808080
)

// Broadcast returns the word whose eight bytes are all c.
func Broadcast(c byte) uint64 { return Ones * uint64(c) }

// ZeroBytes flags the zero bytes of x; the lowest flag is exact, bytes above
// it may be flagged wrongly.
func ZeroBytes(x uint64) uint64 { return (x - Ones) &^ x & Highs }

// ExactZeroBytes flags the zero bytes of x, exactly: no borrow runs between
// bytes.
func ExactZeroBytes(x uint64) uint64 {
	const lows = Ones * 0x7f
	return ^((x&lows + lows) | x | lows)
}

// QuoteOrBackslash flags the bytes of x that are '"' or '\\'; the lowest
// flag is exact.
func QuoteOrBackslash(x uint64) uint64 {
	q, bs := x^(Ones*'"'), x^(Ones*'\\')
	return ((q-Ones)&^q | (bs-Ones)&^bs) & Highs
}

// MustEscape flags the bytes of x that a JSON string cannot hold as they
// are: control bytes (below 0x20), '"' and '\\'; the lowest flag is exact.
func MustEscape(x uint64) uint64 {
	return (x-Ones*0x20)&^x&Highs | QuoteOrBackslash(x)
}

// PrefixParity returns x with bit k set to the parity of bits 0 to k of x:
// over a mask of quotes, the bits from a quote that opens a string up to
// the byte before the quote that closes it.
func PrefixParity(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}

// NonDigits flags the bytes of x that are not '0' to '9' (their high
// nibble is not 3, or adding 6 carries out of their low nibble); the
// lowest flag is exact.
func NonDigits(x uint64) uint64 {
	const hi, zeros, six = 0xF0F0F0F0F0F0F0F0, Ones * '0', Ones * 6
	return (x&hi ^ zeros) | ((x+six)&hi ^ zeros)
}

// ExactNonDigits flags the bytes of x that are not '0' to '9', exactly: no
// carry runs between bytes.
func ExactNonDigits(x uint64) uint64 {
	const low7 = Ones * 0x7F
	y := x & low7 // the sums below stay within their byte
	return ((y + Ones*(0x7F-'9')) | ^(y + Ones*(0x80-'0')) | x) & Highs
}

// Bits gathers the flags of a mask (the high bit of each byte) into the
// low eight bits, bit k for byte k.
func Bits(mask uint64) uint64 { return (mask & Highs * 0x02040810204081) >> 56 }
