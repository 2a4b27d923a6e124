package scan

// SetRequote turns on or off (off after New, kept by Reset) the Repair
// that rewrites a whole single-quoted string at once. With it on, a
// single-quoted string that lies whole in the chunk and holds, besides
// plain text and valid UTF-8, only double quotes, escapes of one letter
// (\n, \", \\ and the like; not \u) and \' (Python's escaped apostrophe,
// with RepairInvalidEscape on), and whose closing quote settles at once,
// comes as one Repair with RepairRequotes set, instead of one per quote
// and escape: its caller rewrites the string itself (see RepairRequotes).
// A caller that applies Repairs as plain edits leaves it off.
func (s *Scanner) SetRequote(on bool) { s.requote = on }

// RepairRequotes reports whether the last Repair event, a single-quoted
// string's two delimiters at once (see ClosingOffset), also asks for the
// bytes between them to be rewritten: a backslash before each double
// quote, and each \' turned into a plain ' (fix RepairInvalidEscape at the
// backslash); every other byte is kept as it is. Only SetRequote turns
// such Repairs on.
func (s *Scanner) RepairRequotes() bool { return s.last.Closing != 0 && s.last.Requote }

// RequotePlain returns, after a Repair with RepairRequotes set, how many
// bytes after the opening quote are plain text, which the rewrite keeps
// as they are: the first byte it may change comes after them.
func (s *Scanner) RequotePlain() int { return s.last.Plain }

// singleEnd returns the index in b of the quote that closes the
// single-quoted string read up to b[j] (not a plain byte), when the string
// can be rewritten whole (see SetRequote): it ends in b, with a quote that
// settles at once, and holds only plain bytes, double quotes, valid UTF-8,
// one-letter escapes other than \u, and \' when RepairInvalidEscape is on.
// It returns -1 otherwise, having read no further than the string: the
// careful path then reads it from j, so each byte is read at most twice.
func (s *Scanner) singleEnd(b []byte, j int) int {
	for j < len(b) {
		switch c := b[j]; {
		case c == '\'':
			if j+1 < len(b) && s.settles(b[j+1]) {
				return j
			}
			return -1
		case c == '"':
			j++
		case c == '\\':
			if j+1 == len(b) {
				return -1
			}
			if e := b[j+1]; !validEscape[e] && (e != '\'' || !s.repairs.Has(RepairInvalidEscape)) {
				return -1
			}
			j += 2
		case c >= 0x80:
			r := checkUTF8(b[j:])
			if r <= 0 {
				return -1
			}
			j += r
		default: // a control byte
			return -1
		}
		j = skipPlainSingle(b, j)
	}
	return -1
}
