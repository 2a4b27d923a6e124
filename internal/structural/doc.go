// Package structural reads a whole JSON container as strict RFC 8259 text
// in two stages, the shape of simdjson and simdjson-go:
//
//   - Stage 1 (stage1_amd64.s with AVX-512, stage1_avx2_amd64.s with
//     AVX2, stage1.go in Go) turns each 64-byte block into three masks:
//     the structural bytes (punctuation, opening quotes, the first byte of
//     every other token, all outside strings), the errors (control bytes
//     and bad escapes in strings, bad UTF-8) and the newlines. It carries
//     from block to block whether a string or an escape is open.
//   - Stage 2 (container.go) walks the structural bytes only, checking
//     the grammar, numbers and literals, and records where the last comma,
//     key end, closing quote and commits lie, with their lines
//     (marks.go), for the scanner to take up where the container ends.
//
// The scanner (internal/scan, readWhole) hands it the top-level
// containers that Suits deems dense enough for it to beat the byte-wise
// reading; Fast says whether this machine has an assembly stage 1. The
// portable stage 1 is slower than the byte-wise reading and is the
// assembly's twin in the tests, which compare all three in one run.
package structural
