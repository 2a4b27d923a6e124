// Package blank knows the Unicode blanks that stand for whitespace outside
// JSON strings: the no-break, typographic, ideographic and zero-width
// spaces a model copies from the web or a word processor, and the byte
// order mark a tool writes at the start of a file. The scanner drops them
// where JSON syntax belongs (RepairWhitespace); the JSONL splitter reads
// them, and the Unicode line separators, as blanks at the start of a line.
// The blanks are two or three bytes of UTF-8; the functions say when a
// buffer ends inside one.
package blank

// Lead marks the first bytes of the blanks: C2 (U+0085, U+00A0), E1
// (U+1680), E2 (U+2000-U+200B, U+2028, U+2029, U+202F, U+205F), E3
// (U+3000), EF (U+FEFF).
var Lead = [256]bool{0xC2: true, 0xE1: true, 0xE2: true, 0xE3: true, 0xEF: true}

// Len returns the length of the blank p begins with, 0 when p does not
// begin with one, or -1 when p is a proper prefix of one. The blanks are
// U+00A0, U+1680, U+2000-U+200B, U+202F, U+205F, U+3000 and U+FEFF.
func Len(p []byte) int { return length(p, false) }

// LineLen is Len counting also the line separators U+0085 (NEL), U+2028
// and U+2029, which are no whitespace between JSON tokens but are blanks
// before the first token of a line.
func LineLen(p []byte) int { return length(p, true) }

func length(p []byte, lines bool) int {
	if len(p) == 0 || !Lead[p[0]] {
		return 0
	}
	want := 3
	if p[0] == 0xC2 {
		want = 2
	}
	n := min(len(p), want)
	if !isPrefix(p[:n], lines) {
		return 0
	}
	if n < want {
		return -1
	}
	return want
}

// isPrefix reports whether p (one to three bytes) is a blank or a proper
// prefix of one; lines adds the line separators.
func isPrefix(p []byte, lines bool) bool {
	switch p[0] {
	case 0xC2: // U+00A0, U+0085
		return len(p) < 2 || p[1] == 0xA0 || lines && p[1] == 0x85
	case 0xE1: // U+1680
		return len(p) < 2 || p[1] == 0x9A && (len(p) < 3 || p[2] == 0x80)
	case 0xE2:
		if len(p) < 2 {
			return true
		}
		switch p[1] {
		case 0x80: // U+2000-U+200B, U+202F; U+2028, U+2029
			return len(p) < 3 || p[2] >= 0x80 && p[2] <= 0x8B || p[2] == 0xAF || lines && (p[2] == 0xA8 || p[2] == 0xA9)
		case 0x81: // U+205F
			return len(p) < 3 || p[2] == 0x9F
		}
		return false
	case 0xE3: // U+3000
		return len(p) < 2 || p[1] == 0x80 && (len(p) < 3 || p[2] == 0x80)
	case 0xEF: // U+FEFF
		return len(p) < 2 || p[1] == 0xBB && (len(p) < 3 || p[2] == 0xBF)
	}
	return false
}
