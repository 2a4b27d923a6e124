package scan

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
)

// swarInputs returns 8-byte words that stress the SWAR helpers: every byte
// value in every position among plain bytes, plus random words drawn from
// the bytes around each boundary the helpers test.
func swarInputs() [][]byte {
	var out [][]byte
	for _, fill := range []byte{'a', '5', ' '} {
		for pos := 0; pos < 8; pos++ {
			for c := 0; c < 256; c++ {
				w := []byte{fill, fill, fill, fill, fill, fill, fill, fill}
				w[pos] = byte(c)
				out = append(out, w)
			}
		}
	}
	edges := []byte{0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1f, ' ', '!', '"', '#', '/', '0', '5', '9', ':', '[', '\\', ']', 'a', 0x7f, 0x80, 0xa0, 0xc2, 0xf9, 0xfa, 0xff}
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		w := make([]byte, 8)
		for i := range w {
			w[i] = edges[rng.Intn(len(edges))]
		}
		out = append(out, w)
	}
	return out
}

func TestSkipPlainMatchesTable(t *testing.T) {
	for _, w := range swarInputs() {
		want := 0
		for want < len(w) && stringPlain[w[want]] {
			want++
		}
		if got := skipPlain(w, 0); got != want {
			assert.Equal(t, want, got, "%q", w)
			return
		}
	}
}

func TestSkipPlainSingleMatchesTable(t *testing.T) {
	for _, w := range append(swarInputs(), []byte("ab'cdefg"), []byte("abcdefg'"), []byte("'\"\\xxxxx")) {
		want := 0
		for want < len(w) && stringPlain[w[want]] && w[want] != '\'' {
			want++
		}
		if got := skipPlainSingle(w, 0); got != want {
			assert.Equal(t, want, got, "%q", w)
			return
		}
	}
}

func TestSkipDigitsMatchesTable(t *testing.T) {
	for _, w := range swarInputs() {
		want := 0
		for want < len(w) && digit[w[want]] {
			want++
		}
		if got := skipDigits(w, 0); got != want {
			assert.Equal(t, want, got, "%q", w)
			return
		}
	}
}

func TestSkipSpaceMatchesTable(t *testing.T) {
	for _, w := range swarInputs() {
		want, lines := 0, 1
		for want < len(w) && space[w[want]] {
			if w[want] == '\n' {
				lines++
			}
			want++
		}
		s := New(0)
		got := s.skipSpace(w, 0, 0)
		if got != want || s.line != lines {
			assert.Equal(t, []int{want, lines}, []int{got, s.line}, "%q", w)
			return
		}
	}
	assert.Equal(t, uint64(0x2020202020202020), binary.LittleEndian.Uint64([]byte("        ")))
}

// utf8Len agrees with checkUTF8 on every lead byte followed by every
// boundary byte, with and without the room for its one-load path.
func TestUTF8LenMatchesCheckUTF8(t *testing.T) {
	tails := []byte{0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff}
	for c0 := 0x80; c0 < 0x100; c0++ {
		for _, c1 := range tails {
			for _, c2 := range tails {
				for _, c3 := range tails {
					p := []byte{byte(c0), c1, c2, c3}
					for n := 1; n <= 4; n++ {
						want := max(checkUTF8(p[:n]), 0)
						if got := utf8Len(p[:n]); got != want {
							assert.Equal(t, want, got, "% x", p[:n])
							return
						}
					}
				}
			}
		}
	}
}

// stringRun, whose UTF-8 check is inlined, stops where a byte-at-a-time
// reading with checkUTF8 stops, for every lead byte followed by boundary
// continuation bytes, with and without room for its one-load path.
func TestStringRunMatchesCheckUTF8(t *testing.T) {
	tails := []byte{0x41, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff}
	for c0 := 0x80; c0 < 0x100; c0++ {
		for _, c1 := range tails {
			for _, c2 := range tails {
				for _, c3 := range tails {
					for _, suffix := range []string{"", "xyz\"", "\xc3\xa9\xe2\x82\xac\""} {
						b := append([]byte{'a', 'b', byte(c0), c1, c2, c3}, suffix...)
						for n := 3; n <= len(b); n++ {
							if want, got := stringRunReference(b[:n], 0), stringRun(b[:n], 0); got != want {
								assert.Equal(t, want, got, "% x", b[:n])
								return
							}
						}
					}
				}
			}
		}
	}
}

// stringRun stops where a byte-at-a-time reading (plain bytes, checkUTF8,
// escapeLen) stops, on random strings of escapes, UTF-8 (valid, invalid
// and cut), quotes and control bytes, from every start and at every length.
func TestStringRunMatchesByteByByte(t *testing.T) {
	pieces := []string{"a", "bcdefghij", " ", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\u12x4", "\\x", "\\",
		"\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80", "\xe2\x80", "\xff", "\xc3", "\"", "\t", "\x01", "0123456789abcdef",
		// Three-byte sequences at the edges of the lead and second-byte
		// ranges (E0 and ED restrict the second byte), valid and not.
		"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", "\xe0\xa0\x80", "\xe0\x9f\xbf", "\xed\x9f\xbf", "\xed\xa0\x80",
		"\xe1\x80\x80", "\xec\xbf\xbf", "\xee\x80\x80", "\xef\xbf\xbf", "\xe1\xc0\x80", "\xe1\x80\x7f", "\xf0\x80\x80"}
	rng := rand.New(rand.NewSource(7))
	for range 4000 {
		var b []byte
		for n := rng.Intn(12); n >= 0; n-- {
			b = append(b, pieces[rng.Intn(len(pieces))]...)
		}
		for n := 0; n <= len(b); n++ {
			for i := 0; i <= n; i++ {
				if want, got := stringRunReference(b[:n], i), stringRun(b[:n], i); got != want {
					assert.Equal(t, want, got, "%q from %d", b[:n], i)
					return
				}
			}
		}
	}
}

// TestWideTwin checks the table behind wideTwin against the six
// characters it stands for, over every EF xx yy sequence.
func TestWideTwin(t *testing.T) {
	twins := map[string]byte{"，": ',', "：": ':', "［": '[', "］": ']', "｛": '{', "｝": '}'}
	found := 0
	for _, lead := range []byte{0xEF, 0xEE, 0xE2} {
		for b1 := 0; b1 < 256; b1++ {
			for b2 := 0; b2 < 256; b2++ {
				p := []byte{lead, byte(b1), byte(b2)}
				want := twins[string(p)]
				if want != 0 {
					found++
				}
				if got := wideTwin(p); got != want {
					assert.Equalf(t, want, got, "% x", p)
				}
			}
		}
	}
	assert.Equal(t, len(twins), found)
}

// TestSkipPlainSingleLong checks skipPlainSingle past its first word,
// where the wide reading takes over on CPUs that have it: every stopping
// byte at every position of buffers long enough for several blocks, from
// several starts, and random buffers drawn from the boundary bytes.
func TestSkipPlainSingleLong(t *testing.T) {
	reference := func(b []byte, i int) int {
		for i < len(b) && stringPlain[b[i]] && b[i] != '\'' {
			i++
		}
		return i
	}
	check := func(b []byte) bool {
		for _, start := range []int{0, 1, 7, 8, 9, 31} {
			if start > len(b) {
				continue
			}
			if got, want := skipPlainSingle(b, start), reference(b, start); got != want {
				assert.Equal(t, want, got, "start %d in %q", start, b)
				return false
			}
		}
		return true
	}
	for _, stop := range []byte{'\'', '"', '\\', 0x00, 0x1f, 0x7f, 0x80, 0xc3, 0xff} {
		for n := 1; n <= 130; n++ {
			for pos := 0; pos < n; pos += 1 + pos/16 {
				b := make([]byte, n)
				for k := range b {
					b[k] = 'a' + byte(k%26)
				}
				b[pos] = stop
				if !check(b) {
					return
				}
			}
		}
	}
	edges := []byte{0x00, 0x1f, ' ', '!', '"', '&', '\'', '(', '[', '\\', ']', 'a', 0x7e, 0x7f, 0x80, 0xc3, 0xff}
	rng := rand.New(rand.NewSource(2))
	for range 5000 {
		b := make([]byte, rng.Intn(150))
		for k := range b {
			if rng.Intn(40) == 0 {
				b[k] = edges[rng.Intn(len(edges))]
			} else {
				b[k] = 'a' + byte(rng.Intn(26))
			}
		}
		if !check(b) {
			return
		}
	}
}
