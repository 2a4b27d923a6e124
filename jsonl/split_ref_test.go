package jsonl

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/internal/swar"
)

// scanRef is the splitter's first scan, kept as the reference the
// current one is tested against. It advances the lexical state from pos to the next '\n' or the end of
// the buffered data. It returns the index reached and whether it is a
// newline.
//
// The line end is found first (vectorised); inside strings, short runs are
// tested eight bytes at a time and long ones with bytes.IndexByte, whose
// results are kept while they lie ahead, so that every byte is looked at a
// bounded number of times.
func (s *Splitter) scanRef() (int, bool) {
	b := s.buf[:s.end]
	st := &s.st
	i := s.pos
	lineEnd, nl := len(b), false
	if k := bytes.IndexByte(b[i:], '\n'); k >= 0 {
		lineEnd, nl = i+k, true
	}
	line := b[:lineEnd]
	// The state lives in locals while scanning (registers), and goes back to
	// st at the end.
	inString, escape, expectValue := st.inString, st.escape, st.expectValue
	content, valueSeen, last := st.content, st.valueSeen, st.last
	stack := st.stack
	nextQuote, nextBackslash := -1, -1 // cached IndexByte results (absolute)
	for i < len(line) {
		if inString {
			if escape {
				escape = false
				i++
				continue
			}
			j, found := i, false
			for k := 0; k < 2 && j+8 <= len(line); k++ {
				if m := swar.QuoteOrBackslash(binary.LittleEndian.Uint64(line[j:])); m != 0 {
					j += bits.TrailingZeros64(m) / 8
					found = true
					break
				}
				j += 8
			}
			if !found {
				if nextQuote < j {
					nextQuote = indexFrom(line, j, '"')
				}
				if nextBackslash < j {
					nextBackslash = indexFrom(line, j, '\\')
				}
				j = min(nextQuote, nextBackslash)
			}
			i = j
			if i >= len(line) {
				break
			}
			if line[i] == '"' {
				inString, expectValue, last = false, false, '"'
			} else {
				escape = true
			}
			i++
			continue
		}
		c := line[i]
		i++
		switch c {
		case ' ', '\t', '\r':
			continue
		case '"':
			inString = true
		case '{', '[':
			if len(stack) == 0 {
				valueSeen = true
			}
			stack = append(stack, c)
			expectValue = c == '['
		case '}', ']':
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
			expectValue = false
		case ':':
			expectValue = true
		case ',':
			n := len(stack)
			expectValue = n > 0 && stack[n-1] == '['
		default:
			expectValue = false
		}
		content = true
		if c > ' ' {
			last = c
		}
	}
	st.inString, st.escape, st.expectValue = inString, escape, expectValue
	st.content, st.valueSeen, st.last = content, valueSeen, last
	st.stack = stack
	if nl {
		return lineEnd, true
	}
	return len(b), false
}

// TestScanAgreesWithReference runs the splitter's scan and the reference
// scan on random lines from random lexical states and requires the same
// stopping point and the same state after.
func TestScanAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{`"`, `\`, `\\`, `\"`, `{`, `}`, `[`, `]`, `:`, `,`, ` `, "\t", "\r", "\n", "\x01", `a`, `1`, `-`,
		`true`, `é`, `日本`, `"key":`, `"a long string value with no specials at all, forty bytes+"`, "```", `x\ny`}
	for iter := range 30000 {
		var buf []byte
		for range rng.IntN(60) {
			buf = append(buf, pieces[rng.IntN(len(pieces))]...)
		}
		pos := 0
		if len(buf) > 0 {
			pos = rng.IntN(len(buf) + 1)
		}
		var st scanState
		st.inString = rng.IntN(3) == 0
		st.escape = st.inString && rng.IntN(4) == 0
		for range rng.IntN(4) {
			st.stack = append(st.stack, "{["[rng.IntN(2)])
		}
		st.expectValue = rng.IntN(2) == 0
		st.content = st.inString || rng.IntN(2) == 0
		st.valueSeen = rng.IntN(2) == 0
		st.last = []byte{0, '"', ':', '}', 'x'}[rng.IntN(5)]
		if st.inString {
			st.last = '"' // a string is opened by a quote
		}
		a := &Splitter{buf: buf, pos: pos, end: len(buf), st: st, nl: '\n'}
		a.st.stack = append([]byte(nil), st.stack...)
		b := &Splitter{buf: buf, pos: pos, end: len(buf), st: st, nl: '\n'}
		b.st.stack = append([]byte(nil), st.stack...)
		ia, nla := a.scan()
		ib, nlb := b.scanRef()
		require.Equal(t, ib, ia, "iteration %d: %q from %d, state %+v", iter, buf, pos, st)
		require.Equal(t, nlb, nla, "iteration %d: %q from %d", iter, buf, pos)
		for _, x := range []*Splitter{a, b} {
			if len(x.st.stack) == 0 {
				x.st.stack = nil // an empty stack, however it became empty
			}
		}
		require.Equal(t, b.st, a.st, "iteration %d: %q from %d, state %+v", iter, buf, pos, st)
	}
}

// TestScanAgreesWithReferenceOnCorpora does the same on the lines of the
// corpora (whole, cut anywhere, and with bytes flipped to quotes,
// backslashes and brackets), from the fresh state and from random ones.
func TestScanAgreesWithReferenceOnCorpora(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var lines [][]byte
	for _, path := range []string{"../testdata/corpus/llm.jsonl", "../testdata/corpus/llm_raw.jsonl", "../testdata/sample/outputs.jsonl"} {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		lines = append(lines, bytes.SplitAfter(data, []byte("\n"))...)
	}
	require.Greater(t, len(lines), 300)
	for _, line := range lines {
		for v := range 4 {
			buf := append([]byte(nil), line...)
			switch v {
			case 1:
				buf = buf[:rng.IntN(len(buf)+1)]
			case 2, 3:
				for range 1 + rng.IntN(3) {
					if len(buf) > 0 {
						buf[rng.IntN(len(buf))] = `"\{}[]:,`[rng.IntN(8)]
					}
				}
			}
			var st scanState
			if v == 3 {
				st.expectValue = rng.IntN(2) == 0
				st.content = rng.IntN(2) == 0
				st.valueSeen = rng.IntN(2) == 0
				st.last = ':'
			}
			a := &Splitter{buf: buf, end: len(buf), st: st, nl: '\n'}
			b := &Splitter{buf: buf, end: len(buf), st: st, nl: '\n'}
			ia, nla := a.scan()
			ib, nlb := b.scanRef()
			require.Equal(t, ib, ia, "%q", buf)
			require.Equal(t, nlb, nla, "%q", buf)
			for _, x := range []*Splitter{a, b} {
				if len(x.st.stack) == 0 {
					x.st.stack = nil
				}
			}
			require.Equal(t, b.st, a.st, "%q", buf)
		}
	}
}
