package sanitize

// backOffString closes a value string the input ended in before the
// closers its content ends with, when they close the innermost open
// containers in order: {"url":"https://x.com/} becomes
// {"url":"https://x.com/"}, ["abc]\n becomes ["abc"]. The closers then
// close those containers, and any container still open is closed after
// them. Whitespace between the last content byte and the closers (raw line
// breaks are escapes in the output by now) is dropped. It reports whether
// it did so; the output is z.out, flushed.
func (z *Sanitizer) backOffString(end int64, line, col int) bool {
	out := z.out
	closers := z.sc.AppendClosers(z.shut[:0]) // innermost first
	z.shut = closers
	// Walk back over whitespace and closers; n counts the closers. (The
	// string's opening quote stops the walk before lo: a Writer passes on
	// no output of the string an input ends in.)
	lo := max(z.valueOut, 0)
	p, n := len(out), 0
	var run [64]byte
	for p > lo && n < len(run) {
		c := out[p-1]
		switch {
		case c == ' ' || c == '\t':
			p--
			continue
		case (c == 'n' || c == 'r' || c == 't') && escapedAt(out, p-2, lo):
			p -= 2
			continue
		case c == '}' || c == ']':
			run[n] = c
			n++
			p--
			continue
		}
		break
	}
	if n == 0 || n > len(closers) || p <= lo {
		return false
	}
	// run holds the closers last first: run[n-1] comes first in the input
	// and must close the innermost container.
	for k := 0; k < n; k++ {
		if run[n-1-k] != closers[k] {
			return false
		}
	}
	out = append(out[:p], '"')
	z.out = append(out, closers...)
	z.addFixAt(KindStringBackoff, end, line, col)
	if n < len(closers) {
		z.addFixAt(KindCloseTruncated, end, line, col)
	}
	return true
}

// escapedAt reports whether out[i] is a backslash that begins an escape:
// an odd run of backslashes ends at i (none of them before lo).
func escapedAt(out []byte, i, lo int) bool {
	k := 0
	for i-k >= lo && out[i-k] == '\\' {
		k++
	}
	return k%2 == 1
}
