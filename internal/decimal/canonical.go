package decimal

import "encoding/binary"

// AppendCanonical appends bytes that identify the number's value: equal
// values (1, 1.0, 1e0, 10e-1; 0 and -0) append the same bytes, different
// values different ones. It is the sign, the magnitude (8 bytes, then the
// digits of a huge one with their count) and the significant digits. Any
// hash of numbers by value should hash these bytes: d.mag alone is
// saturated for exponents of more than 18 digits.
func (d *Number) AppendCanonical(dst []byte) []byte {
	sign := byte(0)
	if d.neg {
		sign = 1
	}
	dst = append(dst, sign)
	dst = binary.LittleEndian.AppendUint64(dst, uint64(d.mag))
	dst = binary.LittleEndian.AppendUint64(dst, uint64(len(d.huge)))
	dst = append(dst, d.huge...)
	// The significant digits are intPart+fracPart[lead : lead+sigLen].
	start, stop, il := d.lead, d.lead+d.sigLen, len(d.intPart)
	if start < il {
		dst = append(dst, d.intPart[start:min(stop, il)]...)
	}
	if stop > il {
		dst = append(dst, d.fracPart[max(start-il, 0):stop-il]...)
	}
	return dst
}
