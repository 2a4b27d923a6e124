package scan

import (
	"encoding/binary"
	"math/bits"
)

// stringRun is the fast path inside a string: from b[i] (between
// characters, outside any escape), it skips content that needs no event
// (printable ASCII, whole valid UTF-8 sequences and whole valid escapes)
// and returns where the careful path in Next must take over: a '"', a
// control byte, an escape that is invalid or split by the end of b, an
// invalid or split UTF-8 sequence, or len(b).
//
// Three readers share the work. stringVector, where the CPU allows, reads
// wide blocks and settles most strings alone. The string automaton
// (stringDFA) reads 8-byte words without a branch per character, over the
// block stringVector could not settle or everywhere without it. The byte
// at a time reading finishes the word the automaton stopped in.
func stringRun(b []byte, i int) int {
	// Short strings, keys above all, often end after a word or two of
	// plain ASCII: settle them before anything wider.
	for range 4 {
		if i+8 > len(b) {
			break
		}
		if m := stringSpecialMask(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			if i += bits.TrailingZeros64(m) >> 3; b[i] == '"' {
				return i
			}
			break
		}
		i += 8
	}
	for {
		end := len(b)
		if useVector && len(b)-i >= vectorBlock {
			k, closed := stringVector(b[i:])
			if closed {
				return i + k
			}
			k += i
			i = sequenceStart(b, i, k)
			end = min(k+vectorBlock, len(b)) // then try the wide reading again
		}
		j, s := stringDFA(b, i, end)
		stop := min(j+8, len(b)) // the automaton stopped in b[j:stop], or ran out
		if s == dfaText {
			if j+8 <= len(b) {
				// The bytes before the first one that needs attention
				// are plain ASCII.
				m := stringSpecialMask(binary.LittleEndian.Uint64(b[j:]))
				j += bits.TrailingZeros64(m) >> 3
			}
		} else {
			j = dfaBackUp(b, j, s)
		}
		for j < stop {
			switch c := b[j]; {
			case stringPlain[c]:
				j++
			case c >= 0x80:
				n := utf8Len(b[j:])
				if n == 0 {
					return j
				}
				j += n
			case c == '\\':
				n := escapeLen(b[j:])
				if n == 0 {
					return j
				}
				j += n
			default: // '"' or a control byte
				return j
			}
		}
		if j == len(b) {
			return j
		}
		i = j
	}
}

// sequenceStart returns where the UTF-8 sequence that b[k] lies inside
// began, or k when b[k] begins a character; b[i:k] is valid UTF-8 but for
// its last sequence, which may be incomplete or begin with a byte that
// cannot lead one (stringVector judges a lead by the bytes after it).
func sequenceStart(b []byte, i, k int) int {
	for d := 1; d <= 3 && k-d >= i; d++ {
		c := b[k-d]
		if c < 0x80 {
			break
		}
		if c >= 0xC0 {
			if n := int(utf8Leads[c].size); n == 0 || n > d {
				return k - d
			}
			break
		}
	}
	return k
}

// shortEscape marks the bytes that complete a two-byte escape after '\\'.
var shortEscape = [256]bool{'"': true, '\\': true, '/': true, 'b': true, 'f': true, 'n': true, 'r': true, 't': true}

// utf8Len returns the length of the valid UTF-8 sequence at the start of p
// (p[0] >= 0x80), or 0 when it is invalid or incomplete.
func utf8Len(p []byte) int {
	l := utf8Leads[p[0]]
	if len(p) >= 4 { // one load for the whole sequence
		w := binary.LittleEndian.Uint32(p)
		if c := byte(w >> 8); c < l.lo || c > l.hi {
			return 0
		}
		switch l.size {
		case 2:
			return 2
		case 3:
			if w&0xC00000 == 0x800000 {
				return 3
			}
		case 4:
			if w&0xC0C00000 == 0x80800000 {
				return 4
			}
		}
		return 0
	}
	n := int(l.size)
	if n == 0 || len(p) < n || p[1] < l.lo || p[1] > l.hi {
		return 0
	}
	if n > 2 && p[2]&0xC0 != 0x80 || n > 3 && p[3]&0xC0 != 0x80 {
		return 0
	}
	return n
}

// escapeLen returns the length of the valid escape sequence at the start of
// p (p[0] == '\\'), or 0 when it is invalid or incomplete.
func escapeLen(p []byte) int {
	if len(p) < 2 {
		return 0
	}
	switch {
	case validEscape[p[1]]:
		return 2
	case p[1] == 'u':
		if len(p) >= 6 && isHex(p[2]) && isHex(p[3]) && isHex(p[4]) && isHex(p[5]) {
			return 6
		}
	}
	return 0
}

// quoteInWord returns the index of the '"' that ends, within the word at
// b[i], a string whose content from b[i] on is plain ASCII; -1 when the
// word holds anything else first, or b has no whole word at i. It is
// stringRun's first step, small enough for the structure fast path to
// inline: most keys and many values end there, and the call to stringRun
// cost more than reading them.
func quoteInWord(b []byte, i int) int {
	if i+8 <= len(b) {
		if m := stringSpecialMask(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			if j := i + bits.TrailingZeros64(m)>>3; b[j] == '"' {
				return j
			}
		}
	}
	return -1
}
