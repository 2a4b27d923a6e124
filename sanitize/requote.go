package sanitize

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/jsonheal/jsonheal/internal/scan"
	"github.com/jsonheal/jsonheal/internal/swar"
	"github.com/jsonheal/jsonheal/scanner"
)

// requote applies a Repair that rewrites a single-quoted string whole (see
// scan.Scanner.RepairRequotes): its delimiters at r.Offset and
// r.Closing become double quotes, a backslash goes before each double
// quote between them, and each \' loses its backslash. It records the
// fixes the Repairs one per edit would have: the string's, then one per
// \' (an invalid escape).
//
// When the string lies in the part of the chunk not yet copied, past
// every mark, it is copied to the output rewritten, in one pass, and one
// mark at its closing quote records the change in length: no later edit
// or cut asks about an offset inside it, as the scanner has read it
// whole. Otherwise each change is an edit of its own.
func (z *Sanitizer) requote(i int, r *scan.QueuedRepair) error {
	if err := z.addFixAt(kindOfRepair(r.Kind), r.Offset, r.Line, r.Column); err != nil {
		return err
	}
	ja, jc := int(r.Offset-z.base), int(r.Closing-z.base)
	if ja < z.pend || jc >= i || r.Offset < z.lastMark || z.requoteEdits {
		return z.requoteByEdits(i, r)
	}
	// The plain bytes after the opening quote go out with the chunk
	// before them, the quote patched; the rest is rewritten into room
	// made for the worst case, every byte a double quote.
	chunk, p := z.chunk, ja+1+r.Plain
	out := z.copyChunk(p)
	out[len(out)-(p-ja)] = '"'
	buf := slices.Grow(out, 2*(jc-p)+1+wordRun)
	buf = buf[:cap(buf)]
	n, d := len(out), 0 // d: bytes added
	for {
		k := p + quoteOrBackslash(chunk[p:jc])
		n = moveRun(buf, n, chunk, p, k)
		if k == jc {
			break
		}
		if chunk[k] == '"' {
			buf[n], buf[n+1] = '\\', '"'
			n, d, p = n+2, d+1, k+1
			continue
		}
		if e := chunk[k+1]; e != '\'' { // an escape kept as it is
			buf[n], buf[n+1] = '\\', e
			n += 2
		} else {
			buf[n] = '\''
			n, d = n+1, d-1
			if err := z.addFixAt(kindOfRepair(scanner.RepairInvalidEscape), z.base+int64(k), r.Line, r.Column+k-ja); err != nil {
				return err
			}
		}
		p = k + 2
	}
	buf[n] = '"'
	z.out, z.pend, z.copied = buf[:n+1], jc+1, true
	z.work += int64(jc-ja) + 1
	if d != 0 {
		z.delta += int64(d)
		z.addMark(deltaMark{in: r.Closing, cum: z.delta})
	}
	z.lastMark = max(z.lastMark, r.Closing)
	return nil
}

// requoteByEdits is requote for a string that is not wholly in the
// uncopied part of the chunk: one edit per change, as the Repairs one per
// edit would make.
func (z *Sanitizer) requoteByEdits(i int, r *scan.QueuedRepair) error {
	ja, jc := int(r.Offset-z.base), int(r.Closing-z.base)
	z.edit(i, r.Offset, r.Offset+1, `"`, r.Forward)
	for p := ja + 1 + r.Plain; ; {
		k := p + quoteOrBackslash(z.chunk[p:jc])
		if k == jc {
			break
		}
		off := z.base + int64(k)
		switch {
		case z.chunk[k] == '"':
			z.edit(i, off, off+1, `\"`, false)
			p = k + 1
		case z.chunk[k+1] == '\'':
			z.edit(i, off, off+2, "'", false)
			if err := z.addFixAt(kindOfRepair(scanner.RepairInvalidEscape), off, r.Line, r.Column+k-ja); err != nil {
				return err
			}
			p = k + 2
		default:
			p = k + 2
		}
	}
	z.edit(i, r.Closing, r.Closing+1, `"`, false)
	return nil
}

// quoteOrBackslash returns the index of the first '"' or '\\' in s, or
// len(s), reading 8 bytes at a time.
func quoteOrBackslash(s []byte) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		// The lowest flag is exact.
		if m := swar.QuoteOrBackslash(binary.LittleEndian.Uint64(s[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s) && s[i] != '"' && s[i] != '\\'; i++ {
	}
	return i
}
