package jsonl

import (
	"math/bits"

	"github.com/jsonheal/jsonheal/internal/swar"
)

// classifyBlocks is how many blocks of 64 bytes classify reads per call.
const classifyBlocks = 16

// minClassifyBytes is the shortest segment closedSegment reads in blocks:
// below it the words are as fast.
const minClassifyBytes = 128

// blockMasks are the bit masks of one block of 64 bytes, bit i for byte
// i: its quotes, backslashes, openers ('{', '[') and closers ('}', ']').
type blockMasks struct {
	quote, backslash, open, close uint64
}

// closedBlocks is closedSegment read 64 bytes at a time, from the masks of
// classify: the escapes are followed from backslash to backslash, the
// inside of strings is the prefix parity of the quotes that are not
// escaped, and the brackets outside strings are counted (visited one by
// one only in a block that closes more than is open before it). The rest
// after the whole blocks is read byte by byte (bracketBytes). A backslash
// outside strings escapes nothing there, unlike inside: a segment with one
// is not settled (settled false), and the caller reads it by words.
func closedBlocks(seg []byte) (opened, ok, settled bool) {
	var masks [classifyBlocks]blockMasks
	var inString uint64 // all ones inside a string
	var escNext uint64  // 1 when the first byte of the next block is escaped
	depth := 0
	rest := seg
	for len(rest) >= 64 {
		n := min(len(rest)/64, classifyBlocks)
		classify(rest[:n*64], &masks)
		rest = rest[n*64:]
		for k := range n {
			m := &masks[k]
			if m.quote|m.backslash|m.open|m.close == 0 {
				escNext = 0 // a block of plain text changes nothing else
				continue
			}
			escaped := escNext
			escNext = 0
			var escapes uint64 // the backslashes that escape the byte after
			for bs := m.backslash &^ escaped; bs != 0; {
				b := bs & -bs
				escapes |= b
				if b == 1<<63 {
					escNext = 1
					break
				}
				escaped |= b << 1
				bs &^= b | b<<1
			}
			inside := swar.PrefixParity(m.quote&^escaped) ^ inString
			if escapes&^inside != 0 {
				return false, false, false // a backslash outside strings
			}
			inString = uint64(int64(inside) >> 63)
			op, cl := m.open&^inside, m.close&^inside
			if op != 0 {
				opened = true
			}
			if nc := bits.OnesCount64(cl); nc <= depth {
				depth += bits.OnesCount64(op) - nc
				continue
			}
			for all := op | cl; all != 0; all &= all - 1 {
				if op&all&-all != 0 {
					depth++
				} else if depth--; depth < 0 {
					return false, false, true
				}
			}
		}
	}
	depth, inStr, _, opened := bracketBytes(rest, depth, inString != 0, escNext != 0, opened)
	if depth < 0 {
		return false, false, true
	}
	return opened, !inStr && depth == 0, true
}
