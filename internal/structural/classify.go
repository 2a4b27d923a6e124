package structural

// rawBlock is what stage 1 reads in one 64-byte block: a mask per byte
// class, bit k for the block's byte k.
type rawBlock struct {
	quote     uint64 // '"'
	backslash uint64 // '\\'
	space     uint64 // ' ', '\t', '\n', '\r'
	// op marks '{', '}', '[', ']', ':' and ','; also 0x0C and 0x1A, which
	// stage 2 refuses as it refuses every other byte no value begins with.
	op      uint64
	control uint64 // below 0x20
	newline uint64 // '\n'
	// badUTF8 marks a byte at or just after a UTF-8 error: a byte that
	// cannot be where it is, or the byte after a sequence cut short.
	badUTF8 uint64
}

// classifyPortable is the classifier in Go: it fills out[k] for each
// whole 64-byte block b[from+64k:], for as many blocks as out has, with
// u carrying the UTF-8 sequence open across blocks.
func classifyPortable(b []byte, from int, out []rawBlock, u *utf8Carry) {
	for k := range out {
		r := &out[k]
		*r = rawBlock{}
		blk := b[from+64*k : from+64*k+64]
		for i, c := range blk {
			bit := uint64(1) << i
			switch class[c] {
			case clQuote:
				r.quote |= bit
			case clBackslash:
				r.backslash |= bit
			case clSpace:
				r.space |= bit
				if c == '\n' {
					r.newline |= bit
				}
			case clOp:
				r.op |= bit
			}
			if c < 0x20 {
				r.control |= bit
			}
			if !u.step(c) {
				r.badUTF8 |= bit
			}
		}
	}
}

// Byte classes of the portable classifier.
const (
	clOther = iota
	clQuote
	clBackslash
	clSpace
	clOp
)

var class = func() (t [256]uint8) {
	t['"'] = clQuote
	t['\\'] = clBackslash
	for _, c := range " \t\n\r" {
		t[c] = clSpace
	}
	for _, c := range "{}[]:," {
		t[c] = clOp
	}
	return t
}()

// utf8Carry is the portable classifier's UTF-8 state between bytes: the
// continuation bytes still due and the range allowed for the next one.
type utf8Carry struct {
	left   uint8
	lo, hi uint8
}

// step reads byte c and reports whether it may stand where it does.
func (u *utf8Carry) step(c byte) bool {
	if u.left > 0 {
		if c < u.lo || c > u.hi {
			u.left = 0
			return false
		}
		u.left--
		u.lo, u.hi = 0x80, 0xBF
		return true
	}
	switch {
	case c < 0x80:
		return true
	case c >= 0xC2 && c <= 0xDF:
		u.left, u.lo, u.hi = 1, 0x80, 0xBF
	case c == 0xE0:
		u.left, u.lo, u.hi = 2, 0xA0, 0xBF
	case c == 0xED:
		u.left, u.lo, u.hi = 2, 0x80, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		u.left, u.lo, u.hi = 2, 0x80, 0xBF
	case c == 0xF0:
		u.left, u.lo, u.hi = 3, 0x90, 0xBF
	case c >= 0xF1 && c <= 0xF3:
		u.left, u.lo, u.hi = 3, 0x80, 0xBF
	case c == 0xF4:
		u.left, u.lo, u.hi = 3, 0x80, 0x8F
	default:
		return false
	}
	return true
}
