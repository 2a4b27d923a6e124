package scan

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stringRunReference is stringRun read one character at a time: plain
// bytes, checkUTF8 and escapeLen.
func stringRunReference(b []byte, i int) int {
	for i < len(b) {
		switch c := b[i]; {
		case stringPlain[c]:
			i++
		case c >= 0x80:
			r := checkUTF8(b[i:])
			if r <= 0 {
				return i
			}
			i += r
		case c == '\\':
			n := escapeLen(b[i:])
			if n == 0 {
				return i
			}
			i += n
		default:
			return i
		}
	}
	return i
}

// withReaders runs f with the wide reading (where the CPU has it) and
// without it, so that both the vector and the portable paths are checked.
func withReaders(t *testing.T, f func(t *testing.T)) {
	eachReader(func(name string) { t.Run(name, f) })
}

// eachReader calls run once for each reader this machine has, named
// "portable", (with AVX2) "vector", the 32-byte reading alone, and (with
// AVX-512) "wide", the 64-byte reading before it, with useVector and
// useWide set for it, and then restores them.
func eachReader(run func(name string)) {
	savedVector, savedWide := useVector, useWide
	defer func() { useVector, useWide = savedVector, savedWide }()
	for _, r := range []struct {
		name         string
		vector, wide bool
	}{{"portable", false, false}, {"vector", true, false}, {"wide", true, true}} {
		if r.vector && !savedVector || r.wide && !savedWide {
			continue
		}
		useVector, useWide = r.vector, r.wide
		run(r.name)
	}
}

// Every lead byte, followed by boundary bytes, placed so that the sequence
// ends before, at and across the edges of the automaton's words and of the
// vector blocks, then plain text and a quote: stringRun stops where the
// reference does.
func TestStringRunUTF8AtBlockEdges(t *testing.T) {
	withReaders(t, func(t *testing.T) {
		// The second byte's range depends on the lead; the third and
		// fourth need only be a continuation byte or not.
		seconds := []byte{0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc3}
		laters := []byte{0x41, 0x80, 0xbf, 0xc3}
		// The edges of the 32-byte blocks, and of the 128-bit lanes and
		// the blocks of the 64-byte reading.
		for _, pre := range []int{5, 7, 13, 15, 16, 29, 30, 31, 32, 45, 47, 61, 62, 63, 64} {
			for c0 := 0x80; c0 < 0x100; c0++ {
				for _, c1 := range seconds {
					for _, c2 := range laters {
						for _, c3 := range laters {
							b := []byte(strings.Repeat("a", pre))
							b = append(b, byte(c0), c1, c2, c3)
							b = append(b, "0123456789abcdefghijklmnopqrstuvwxyz\""...)
							if want, got := stringRunReference(b, 0), stringRun(b, 0); got != want {
								require.Equal(t, want, got, "% x", b)
							}
						}
					}
				}
			}
		}
	})
}

// Escapes, valid and not, with the backslash at every position around the
// edges of the words and blocks, and quotes and control bytes after them.
func TestStringRunEscapesAtBlockEdges(t *testing.T) {
	withReaders(t, func(t *testing.T) {
		escapes := []string{`\n`, `\"`, `\\`, `\/`, `\t`, `\u00e9`, `\u12x4`, `\x`, `\\\"`, `\\\\`, `\"\"`, `\`}
		afters := []string{`"`, `abc"`, "\xc3\xa9\"", "x\ty\"", `\n\t\r"`, strings.Repeat("z", 40) + `"`}
		for pre := 24; pre <= 72; pre++ {
			for _, e := range escapes {
				for _, a := range afters {
					b := []byte(strings.Repeat("a", pre) + e + a)
					for _, n := range []int{len(b), pre + 1, pre + 2} {
						if want, got := stringRunReference(b[:n], 0), stringRun(b[:n], 0); got != want {
							require.Equal(t, want, got, "%q", b[:n])
						}
					}
				}
			}
		}
	})
}

// Long random strings of escapes, UTF-8 (valid, invalid and cut), quotes
// and control bytes: stringRun stops where the reference does, from
// several starts and at every length.
func TestStringRunMatchesReferenceOnLongStrings(t *testing.T) {
	withReaders(t, func(t *testing.T) {
		pieces := []string{"a", "bcdefghij", " ", "0123456789abcdef0123456789abcdef", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9",
			"\\u12x4", "\\x", "\\", "\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", "\xf0\x9f\x98\x80", "\xe2\x80", "\xff", "\xc3",
			"\xc0\x80", "\xed\xa0\x80", "\xe0\x9f\xbf", "\xf4\x90\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf", "\xee\x80\x80",
			"\"", "\t", "\x01", "\x7f"}
		// Mostly valid text, so that the wide reading gets far.
		weights := []int{6, 6, 4, 4, 2, 2, 2, 1, 1, 1, 1, 1, 4, 4, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
		var bag []string
		for k, p := range pieces {
			for range weights[k] {
				bag = append(bag, p)
			}
		}
		rng := rand.New(rand.NewSource(11))
		for range 800 {
			var b []byte
			for n := rng.Intn(40); n >= 0; n-- {
				b = append(b, bag[rng.Intn(len(bag))]...)
			}
			starts := []int{0, 1, rng.Intn(len(b) + 1)}
			for n := 0; n <= len(b); n++ {
				for _, i := range starts {
					if i > n {
						continue
					}
					if want, got := stringRunReference(b[:n], i), stringRun(b[:n], i); got != want {
						require.Equal(t, want, got, "%q from %d", b[:n], i)
					}
				}
			}
		}
	})
}

// The string automaton's table agrees with its transition function, and
// every byte class needs no more than the six bits a state has.
func TestStringDFATable(t *testing.T) {
	for c := range 256 {
		for s := uint64(dfaText); s <= dfaStop; s += 6 {
			assert.Equal(t, dfaNext(s, byte(c)), strDFA[c]>>s&63, "state %d byte %#x", s/6, c)
		}
		assert.Equal(t, uint64(dfaStop), strDFA[c]>>dfaStop&63, "dfaStop is left on %#x", c)
	}
}

// The wide readings (32 and 64 bytes) settle valid strings alone,
// wherever their closing quote lies, and stop at the 32-byte block of
// anything they cannot settle.
func TestStringVectorSettlesValidStrings(t *testing.T) {
	if !useVector {
		t.Skip("no wide reading on this CPU")
	}
	eachReader(func(name string) {
		if !useVector {
			return
		}
		t.Run(name, testStringVectorSettles)
	})
}

func testStringVectorSettles(t *testing.T) {
	body := "caf\xc3\xa9 \\\"quoted\\\" \xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e \xf0\x9f\x98\x80 tab\\t line\\n back\\\\slash \\/ end"
	body += " " + body // past a 64-byte block
	for n := 0; n <= len(body); n++ {
		b := []byte(body[:n])
		if !strings.HasSuffix(body[:n], "\\") && stringRunReference(b, 0) == n {
			b = append(b, `"," more text after the string, long enough for a block`...)
			k, closed := stringVector(b)
			assert.True(t, closed, "%q", b)
			assert.Equal(t, n, k, "%q", b)
		}
	}
	for _, c := range []struct {
		in         string
		stop, wide int // with the 32-byte reading alone, with the 64-byte one first
	}{
		{strings.Repeat("a", 40) + "\x01" + strings.Repeat("b", 30) + `"`, 32, 32},
		{strings.Repeat("a", 70) + `\u00e9` + strings.Repeat("b", 30) + `"`, 64, 64},
		// The escape split by the 32-byte block's end lies inside a
		// 64-byte one; the quote is past the last whole 64-byte block.
		{strings.Repeat("a", 31) + `\n` + strings.Repeat("b", 40) + `"`, 0, 64},
		{strings.Repeat("a", 63) + `\n` + strings.Repeat("b", 40) + `"`, 32, 32},
		{strings.Repeat("a", 33) + "\xff" + strings.Repeat("b", 40) + `"`, 32, 32},
		{strings.Repeat("a", 31) + "\xe6\x97" + strings.Repeat("b", 40) + `"`, 32, 32},
		{strings.Repeat("a", 31) + "\xe6\x97\xa5" + strings.Repeat("b", 40) + `"`, 64, 64}, // the quote is past the last whole block
		{strings.Repeat("a", 62) + "\xe6\x97\xa5" + strings.Repeat("b", 70) + "\x02", 128, 128},
		{strings.Repeat("a", 100) + "\x01" + strings.Repeat("b", 40) + `"`, 96, 96},
		// A sequence cut short across the 64-byte block's end: the 32-byte
		// reading goes on from its lead, not from the block's end.
		{strings.Repeat("a", 62) + "\xe6\x97" + strings.Repeat("b", 32), 64, 62},
		{strings.Repeat("a", 50), 32, 32},
	} {
		want := c.stop
		if useWide {
			want = c.wide
		}
		k, closed := stringVector([]byte(c.in))
		assert.False(t, closed, "%q", c.in)
		assert.Equal(t, want, k, "%q", c.in)
	}
}
