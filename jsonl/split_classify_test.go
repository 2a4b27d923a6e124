package jsonl

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/internal/mixgen"
)

// closedByBytes is closedSegment read byte by byte: the oracle.
func closedByBytes(seg []byte) (opened, ok bool) {
	depth, inString, _, opened := bracketBytes(seg, 0, false, false, false)
	if depth < 0 {
		return false, false
	}
	return opened, !inString && depth == 0
}

// TestClosedBlocksAgreesWithBytes reads random segments of up to a few
// kilobytes, dense in quotes, backslashes (runs of them across the 64-byte
// block edges) and brackets, in blocks and byte by byte, and requires the
// same answer whenever the blocks settle it, and the words' answer always.
func TestClosedBlocksAgreesWithBytes(t *testing.T) {
	if !useClassify {
		t.Log("no vector classifier on this CPU: closedBlocks is not reachable; checking the words only")
	}
	rng := rand.New(rand.NewPCG(38, 2))
	pieces := []string{`"`, `\`, `\\`, `\"`, `\\\`, `{`, `}`, `[`, `]`, `:`, `,`, ` `, `a`, `é`, `日本`,
		`"key":`, `"a string with no specials"`, strings.Repeat("x", 61), `{"a":[1,2,{"b":"c\"}"}]}`}
	// Backslashes only inside strings: the blocks settle these.
	inStrings := []string{`"a\"b"`, `"\\"`, `"x\\\"y"`, `"\u00e9\n"`, `{`, `}`, `[`, `]`, `:`, `,`, ` `,
		`"` + strings.Repeat("y", 60) + `\"` + `"`, `"` + strings.Repeat("z", 62) + `\\"`, strings.Repeat("w", 29)}
	settled, byBlocks := 0, 0
	for iter := range 40000 {
		var seg []byte
		n := rng.IntN(400)
		pieces := pieces
		if iter%2 == 0 {
			pieces = inStrings
		}
		if rng.IntN(2) == 0 { // a record: an object of pieces, mostly closed
			seg = append(seg, '{')
		}
		for range n {
			seg = append(seg, pieces[rng.IntN(len(pieces))]...)
		}
		if len(seg) > 1 && seg[0] == '{' {
			seg = append(seg, '}')
		}
		wantOpened, wantOK := closedByBytes(seg)
		opened, ok := closedWords(seg)
		require.Equal(t, wantOK, ok, "words, iteration %d: %q", iter, seg)
		if ok {
			require.Equal(t, wantOpened, opened, "words, iteration %d: %q", iter, seg)
		}
		if !useClassify || len(seg) < 64 {
			continue
		}
		byBlocks++
		opened, ok, done := closedBlocks(seg)
		if !done {
			continue
		}
		settled++
		require.Equal(t, wantOK, ok, "blocks, iteration %d: %q", iter, seg)
		if ok {
			require.Equal(t, wantOpened, opened, "blocks, iteration %d: %q", iter, seg)
		}
		gotOpened, gotOK := closedSegment(seg)
		require.Equal(t, wantOK, gotOK, "iteration %d: %q", iter, seg)
		if gotOK {
			require.Equal(t, wantOpened, gotOpened, "iteration %d: %q", iter, seg)
		}
	}
	if useClassify {
		t.Logf("%d of %d segments settled by blocks", settled, byBlocks)
		require.Greater(t, settled, byBlocks/3, "the blocks settle too few segments to be tested")
	}
}

// TestClosedBlocksEdges checks the cases at the edges of the 64-byte
// blocks: an escape at the last byte of a block, a string open across a
// block, a backslash outside strings (not settled: read by words), a
// closer with no opener, and a segment that is one whole record.
func TestClosedBlocksEdges(t *testing.T) {
	pad := func(n int) string { return strings.Repeat("a", n) }
	cases := []struct {
		name            string
		seg             string
		opened, ok, set bool
	}{
		{"record", `{"k":"` + pad(200) + `"}`, true, true, true},
		{"escape at byte 63", `{"k":"` + pad(56) + `\` + `"` + pad(70) + `"}`, true, true, true},
		{"escaped backslash at byte 63", `{"k":"` + pad(55) + `\\` + `"}` + pad(70), true, true, true},
		{"quote at byte 63 closes", `{"k":"` + pad(57) + `"` + `}` + pad(70), true, true, true},
		{"string left open", `{"k":"` + pad(200) + `}`, true, false, true},
		{"container left open", `{"k":[` + pad(200), true, false, true},
		{"closer with no opener", pad(100) + `}{`, false, false, true},
		{"backslash outside strings", `{` + pad(40) + `\"}` + pad(100), false, false, false},
		{"no value", pad(130), false, true, true},
	}
	for _, c := range cases {
		wantOpened, wantOK := closedByBytes([]byte(c.seg))
		gotOpened, gotOK := closedSegment([]byte(c.seg))
		require.Equal(t, wantOK, gotOK, c.name)
		if gotOK {
			require.Equal(t, wantOpened, gotOpened, c.name)
		}
		if !useClassify {
			continue // the words alone, checked above
		}
		opened, ok, settled := closedBlocks([]byte(c.seg))
		require.Equal(t, c.set, settled, c.name)
		if !settled {
			continue
		}
		require.Equal(t, c.ok, ok, c.name)
		require.Equal(t, wantOK, ok, c.name)
		if ok {
			require.Equal(t, c.opened, opened, c.name)
			require.Equal(t, wantOpened, opened, c.name)
		}
	}
}

// FuzzClosedSegment requires closedSegment, and closedBlocks whenever it
// settles a segment, to agree with the byte-by-byte oracle; the input is
// repeated to reach past the 64-byte blocks.
func FuzzClosedSegment(f *testing.F) {
	f.Add([]byte(`{"k":"v\"}"}`), uint8(12))
	f.Add([]byte(`"\\`), uint8(40))
	f.Add([]byte(`{"a":[1,{"b":"c"}]}`), uint8(3))
	f.Fuzz(func(t *testing.T, piece []byte, times uint8) {
		seg := bytes.Repeat(piece, int(times))
		if len(seg) > 1<<16 {
			seg = seg[:1<<16]
		}
		wantOpened, wantOK := closedByBytes(seg)
		opened, ok := closedSegment(seg)
		require.Equal(t, wantOK, ok)
		if ok {
			require.Equal(t, wantOpened, opened)
		}
		if !useClassify || len(seg) < 64 {
			return
		}
		if opened, ok, settled := closedBlocks(seg); settled {
			require.Equal(t, wantOK, ok)
			if ok {
				require.Equal(t, wantOpened, opened)
			}
		}
	})
}

// TestSplitterSameRecordsWithoutClassify splits the corpora and generated
// mixes of every form models write (cut records included) with the 64-byte
// blocks and with the words alone, and requires the same records.
func TestSplitterSameRecordsWithoutClassify(t *testing.T) {
	var inputs [][]byte
	for _, path := range []string{"../testdata/corpus/llm.jsonl", "../testdata/corpus/llm_raw.jsonl", "../testdata/sample/outputs.jsonl"} {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		inputs = append(inputs, data)
	}
	for seed := range uint64(40) {
		inputs = append(inputs, mixgen.Generate(seed, mixgen.Options{Records: 200}).Input)
	}
	split := func(in []byte, blocks bool) []Record {
		saved := useClassify
		useClassify = useClassify && blocks
		defer func() { useClassify = saved }()
		sp := NewSplitter(bytes.NewReader(in), SplitOptions{})
		var recs []Record
		for {
			rec, err := sp.Next()
			if err != nil {
				return recs
			}
			rec.Data = bytes.Clone(rec.Data)
			recs = append(recs, rec)
		}
	}
	for i, in := range inputs {
		want := split(in, false)
		require.NotEmpty(t, want)
		require.Equal(t, want, split(in, true), "input %d", i)
	}
}
