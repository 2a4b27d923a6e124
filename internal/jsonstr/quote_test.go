package jsonstr

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// appendNaive is the byte-at-a-time oracle of Append.
func appendNaive(dst []byte, s string, badUTF8 string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, badUTF8...)
		case r == '"' || r == '\\':
			dst = append(dst, '\\', byte(r))
		case r == '\n':
			dst = append(dst, `\n`...)
		case r == '\r':
			dst = append(dst, `\r`...)
		case r == '\t':
			dst = append(dst, `\t`...)
		case r < 0x20:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xF])
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

// TestAppendMatchesNaive: random texts of quotes, backslashes, control
// bytes, ASCII, multi-byte runes and stray bytes, at every length around
// the eight-byte word, quote as the rune-at-a-time oracle does, with both
// replacements of invalid UTF-8; valid text round-trips through
// encoding/json.
func TestAppendMatchesNaive(t *testing.T) {
	pieces := []string{"a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\x00", "\x1f", "\x7f", "é", "山", "😀", "\u2028", "\xff", "\xe5\xb1", "\x80"}
	rng := rand.New(rand.NewPCG(38, 3))
	for round := range 5000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		for _, bad := range []string{"\ufffd", `\ufffd`} {
			want := appendNaive([]byte("x"), s, bad)
			require.Equal(t, string(want), string(Append([]byte("x"), s, bad)), "round %d: %q", round, s)
		}
		got, ok := AppendValid([]byte("x"), s)
		require.Equal(t, utf8.ValidString(s), ok, "round %d: %q", round, s)
		if ok {
			require.Equal(t, string(appendNaive([]byte("x"), s, "")), string(got), "round %d: %q", round, s)
		} else {
			require.Equal(t, "x", string(got), "round %d: %q", round, s)
		}
		if utf8.ValidString(s) {
			var back string
			require.NoError(t, json.Unmarshal(Append(nil, s, ""), &back))
			assert.Equal(t, s, back)
		}
	}
}

// BenchmarkAppendRecord quotes the records of the sample of model
// outputs (ticket JSON: a quote every dozen bytes, Japanese and accented
// text), as a reject's "raw" field does.
func BenchmarkAppendRecord(b *testing.B) {
	recs, err := os.ReadFile("../../testdata/sample/outputs.jsonl")
	require.NoError(b, err)
	s := string(recs)
	buf := make([]byte, 0, 2*len(s))
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		buf = Append(buf[:0], s, "\ufffd")
	}
}
