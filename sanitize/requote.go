package sanitize

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/jsonheal/jsonheal/scanner"
)

// requote applies a Repair that rewrites a single-quoted string whole (see
// scanner.Scanner.RepairRequotes): its delimiters at r.Offset and
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
func (z *Sanitizer) requote(i int, r *scanner.QueuedRepair) error {
	if err := z.addFixAt(kindOfRepair(r.Kind), r.Offset, r.Line, r.Column); err != nil {
		return err
	}
	ja, jc := int(r.Offset-z.base), int(r.Closing-z.base)
	if ja < z.pend || jc >= i || r.Offset < z.lastMark || z.requoteEdits {
		return z.requoteByEdits(i, r)
	}
	chunk := z.chunk
	out := append(z.copyChunk(ja), '"')
	d := 0 // bytes added
	nq, nb := -1, -1
	for p := ja + 1; ; {
		if nq < p {
			if nq = bytes.IndexByte(chunk[p:jc], '"'); nq < 0 {
				nq = jc
			} else {
				nq += p
			}
		}
		if nb < p {
			if nb = bytes.IndexByte(chunk[p:jc], '\\'); nb < 0 {
				nb = jc
			} else {
				nb += p
			}
		}
		k := min(nq, nb)
		out = append(out, chunk[p:k]...)
		if k == jc {
			break
		}
		switch {
		case chunk[k] == '"':
			out = append(out, '\\', '"')
			d++
			p = k + 1
		case chunk[k+1] == '\'':
			out = append(out, '\'')
			d--
			if err := z.addFixAt(kindOfRepair(scanner.RepairInvalidEscape), z.base+int64(k), r.Line, r.Column+k-ja); err != nil {
				return err
			}
			p = k + 2
		default: // an escape kept as it is
			out = append(out, '\\', chunk[k+1])
			p = k + 2
		}
	}
	z.out, z.pend, z.copied = append(out, '"'), jc+1, true
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
func (z *Sanitizer) requoteByEdits(i int, r *scanner.QueuedRepair) error {
	ja, jc := int(r.Offset-z.base), int(r.Closing-z.base)
	z.edit(i, r.Offset, r.Offset+1, `"`, r.Forward)
	for p := ja + 1; ; {
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
	const lsbs, msbs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		v := binary.LittleEndian.Uint64(s[i:])
		q, b := v^(lsbs*'"'), v^(lsbs*'\\')
		// A zero byte of q or b is a match; the lowest flag is exact.
		if m := ((q-lsbs)&^q | (b-lsbs)&^b) & msbs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(s) && s[i] != '"' && s[i] != '\\'; i++ {
	}
	return i
}
