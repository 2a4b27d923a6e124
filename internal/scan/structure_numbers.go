package scan

import (
	"encoding/binary"
	"math/bits"

	"github.com/jsonheal/jsonheal/internal/swar"
)

// Where numbersRun left off, for structure to go on from.
const (
	atValue      = iota // b[i] is where a value may begin, after a comma
	atArrayFirst        // b[i] is where a value or ']' may begin, after '['
	atAfterValue        // b[i] follows a value
)

// numbersRun is structure's fast path for arrays of numbers, nested or not
// ([[-65.61,43.42],[-65.62,43.41]]): from b[i], where a value may begin in
// an array (at, atValue or atArrayFirst, says after what), it reads
// numbers, commas, '[' and ']' with no space between them, as structure
// would, but keeps the marks structure sets on the way (commit,
// prevCommit, comma) in locals and sets them once, when it returns. The
// innermost open container is always an array here, so the stack is read
// only to push and pop.
//
// It stops at anything else: another byte, a number of another shape than
// numberLen32's, fewer than 32 bytes left in b (room for numberLen32's
// window), the depth cap, or the ']' that closes the array it began in. It
// returns the index it stopped at and where that is (at).
func (s *Scanner) numbersRun(b []byte, i int, base int64, at int) (int, int) {
	// The marks are indexes in b here; oldCommit stands for s.commit as
	// it was on entry, unset for a mark not set.
	const unset, oldCommit = -1, -2
	commit, prevCommit, comma := oldCommit, unset, unset
	opened := 0 // arrays opened here and still open
	var p *[32]byte
	var j, n int
	var m1, m2 uint64
	if len(b)-i < 32 {
		return i, at
	}
value: // b[i] is where a value may begin, with 32 bytes left in b
	if b[i] == '[' {
		if s.stack.depth >= s.maxDepth {
			goto outValue
		}
		s.stack.push(false)
		opened++
		i++
		commit = i
		if len(b)-i < 32 {
			goto outValue
		}
		goto value
	}
	// numberLen32, inlined (a call would make every local here live
	// across it, saved and reloaded once per number), for an integer
	// part of up to seven digits: longer ones go back to structure.
	p = (*[32]byte)(b[i:])
	j = 0
	if p[0] == '-' {
		j = 1
	}
	n = bits.TrailingZeros64(swar.NonDigits(binary.LittleEndian.Uint64(p[j:]))) >> 3
	if uint(n-1) >= 7 || n > 1 && p[j] == '0' {
		goto outValue // no digit, eight or more, or a leading zero
	}
	if j += n; p[j] == '.' {
		// The fraction's end from words at fixed places in p, loaded
		// and classified at once: where this number ends, and the next
		// one begins, waits on one load, not on one after the other.
		if j++; j > 8 {
			goto outValue
		}
		m1 = swar.ExactNonDigits(binary.LittleEndian.Uint64(p[8:]))
		m2 = swar.ExactNonDigits(binary.LittleEndian.Uint64(p[16:]))
		switch r := swar.ExactNonDigits(binary.LittleEndian.Uint64(p[0:])) >> (8 * j); {
		case r != 0:
			n = j + bits.TrailingZeros64(r)>>3
		case m1 != 0:
			n = 8 + bits.TrailingZeros64(m1)>>3
		case m2 != 0:
			n = 16 + bits.TrailingZeros64(m2)>>3
		default:
			goto outValue
		}
		if n == j {
			goto outValue // no digit after '.'
		}
		j = n
	}
	if p[j] == 'e' || p[j] == 'E' {
		goto outValue
	}
	i += j
ended: // a value ended just before b[i]
	prevCommit, commit = commit, i
	if i < len(b) {
		switch b[i] {
		case ',':
			comma = i
			if i++; len(b)-i >= 32 {
				goto value
			}
			goto outValue
		case ']':
			if opened > 0 {
				s.stack.pop()
				opened--
				i++
				goto ended
			}
		}
	}
	at = atAfterValue
	goto out
outValue: // b[i] is where a value may begin: after '[' or ','
	switch commit {
	case oldCommit: // nothing read
		return i, at
	case i:
		at = atArrayFirst
	default:
		at = atValue
	}
out:
	if commit != oldCommit {
		switch prevCommit {
		case unset:
		case oldCommit:
			s.prevCommit = s.commit
		default:
			s.prevCommit = s.here(base + int64(prevCommit))
		}
		s.commit = s.here(base + int64(commit))
		if prevCommit != unset { // a value ended
			s.lastWasString = false
		}
	}
	if comma != unset {
		s.comma = s.here(base + int64(comma))
	}
	return i, at
}

// numberLen32 is numberEnd's shortcut for the usual numbers, read a word at
// a time from p (32 bytes) with no check of the length of the input: an
// integer part of one to fifteen digits, then maybe a fraction, ending
// before p does, and no exponent. It returns the length of the number that p begins with, or
// 0 when the number is another shape (longer, with an exponent, leading
// zeros) or malformed, which numberEndCareful then reads. numbersRun has
// its own copy, inlined, which finds where a fraction ends from words
// loaded at fixed places.
func numberLen32(p *[32]byte) int {
	j := 0
	if p[0] == '-' {
		j = 1
	}
	n := bits.TrailingZeros64(swar.NonDigits(binary.LittleEndian.Uint64(p[j:]))) >> 3
	if n == 0 || p[j] == '0' && n > 1 {
		return 0
	}
	if j += n; n == 8 { // a long integer part: j <= 9
		n = bits.TrailingZeros64(swar.NonDigits(binary.LittleEndian.Uint64(p[j:]))) >> 3
		if n == 8 {
			return 0
		}
		j += n
	}
	if p[j] == '.' { // j <= 16
		j++
		n = bits.TrailingZeros64(swar.NonDigits(binary.LittleEndian.Uint64(p[j:]))) >> 3
		if n == 0 {
			return 0
		}
		if j += n; n == 8 { // j <= 25
			if j > 24 {
				return 0
			}
			n = bits.TrailingZeros64(swar.NonDigits(binary.LittleEndian.Uint64(p[j:]))) >> 3
			if n == 8 {
				return 0
			}
			j += n // j <= 31
		}
	}
	if c := p[j]; c == 'e' || c == 'E' {
		return 0
	}
	return j
}
