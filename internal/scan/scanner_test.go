package scan

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// record is one event as a comparable string.
func record(s *Scanner, ev Event) string {
	line, col := s.EventPos()
	switch ev {
	case Error:
		return fmt.Sprintf("error@%d(%d:%d) %s", s.EventOffset(), line, col, s.Err().Message())
	case Truncated:
		t := s.Truncation()
		return fmt.Sprintf("truncated@%d %s open=%s commit=%d partial=%d start=%d", s.EventOffset(), t.Pending, s.AppendOpen(nil), t.Commit, t.Partial, t.Start)
	case InvalidUTF8, InvalidEscape:
		return fmt.Sprintf("%s@%d+%d(%d:%d)", ev, s.EventOffset(), s.EventLen(), line, col)
	}
	return fmt.Sprintf("%s@%d(%d:%d)", ev, s.EventOffset(), line, col)
}

// scanAll feeds input to a fresh scanner in the given chunk sizes (cycled;
// nil means whole) and returns every event.
func scanAll(input []byte, sizes []int) []string {
	s := New(0)
	var out []string
	feed(s, input, sizes, func(ev Event) { out = append(out, record(s, ev)) })
	return out
}

// feed runs input through s in chunks of the given sizes (cycled; nil
// means whole), passing each event to add, End's included, and stops after
// an Error. With the queue on, the queued Repairs go to add first (see
// replayQueued).
func feed(s *Scanner, input []byte, sizes []int, add func(Event)) {
	for k := 0; len(input) > 0; k++ {
		chunk := input
		if len(sizes) > 0 && sizes[k%len(sizes)] < len(chunk) {
			chunk = chunk[:sizes[k%len(sizes)]]
		}
		input = input[len(chunk):]
		for len(chunk) > 0 {
			n, ev := s.Next(chunk)
			chunk = chunk[n:]
			replayQueued(s, add)
			if ev != None {
				add(ev)
				if ev == Error {
					return
				}
			}
		}
	}
	for ev := s.End(); ev != EOF; ev = s.End() {
		add(ev)
	}
}

func TestEvents(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"object", `{"a":1}`, []string{"value_start@0(1:1)", "value_end@7(1:8)"}},
		{"lonely number", `42`, []string{"value_start@0(1:1)", "value_end@2(1:3)"}},
		{"lonely literal with newline", "true\n", []string{"value_start@0(1:1)", "value_end@4(1:5)"}},
		{"fenced", "```json\n{\"a\":1}\n```\n", []string{"fence@0(1:1)", "value_start@8(2:1)", "value_end@15(2:8)", "fence@16(3:1)"}},
		{"fenced scalar", "~~~\n12\n~~~", []string{"fence@0(1:1)", "value_start@4(2:1)", "value_end@6(2:3)", "fence@7(3:1)"}},
		{"prose then object", "Here it is: {\"a\":[1,2]} thanks", []string{"prose@0(1:1)", "value_start@12(1:13)", "value_end@23(1:24)", "prose@24(1:25)"}},
		{"numbered list is prose", "1. First step\n", []string{"prose@0(1:1)"}},
		{"scalar after prose is prose", "Answer:\n42\n", []string{"prose@0(1:1)", "prose@8(2:1)"}},
		{"scalar with words after it is prose", "2 items were found:\n{\"a\":1}", []string{"prose@0(1:1)", "value_start@20(2:1)", "value_end@27(2:8)"}},
		{"literal with words after it is prose", "null and void\n[1]", []string{"prose@0(1:1)", "value_start@14(2:1)", "value_end@17(2:4)"}},
		{"scalar with blanks after it", "7 \t\r\n", []string{"value_start@0(1:1)", "value_end@1(1:2)"}},
		{"brackets after a fence are prose", "```\n[1]\n```\nsee [a]", []string{"fence@0(1:1)", "value_start@4(2:1)", "value_end@7(2:4)", "fence@8(3:1)", "prose@12(4:1)"}},
		{"two backticks are prose", "``x``\n{}", []string{"prose@0(1:1)", "value_start@6(2:1)", "value_end@8(2:3)"}},
		{"raw newline in string", "{\"a\":\"x\ny\"}", []string{"value_start@0(1:1)", "control_char@7(1:8)", "value_end@11(2:4)"}},
		{"invalid utf8", "[\"a\xffb\xe2\x82\"]", []string{"value_start@0(1:1)", "invalid_utf8@3+1(1:4)", "invalid_utf8@5+2(1:6)", "value_end@9(1:10)"}},
		{"invalid escape", `["\x"]`, []string{"value_start@0(1:1)", "invalid_escape@2+1(1:3)", "value_end@6(1:7)"}},
		{"invalid unicode escape", `["\u12g"]`, []string{"value_start@0(1:1)", "invalid_escape@2+4(1:3)", "value_end@9(1:10)"}},
		{"syntax error", `{"a" 1}`, []string{"value_start@0(1:1)", "error@5(1:6) invalid character '1' after an object key: expected ':'"}},
		{"trailing comma", `[1,]`, []string{"value_start@0(1:1)", "error@3(1:4) invalid character ']' where a value belongs: expected a value"}},
		{"truncated in key", `{"a":1,"b`, []string{"value_start@0(1:1)", "truncated@9 key open={ commit=6 partial=0 start=0"}},
		{"truncated number", `{"n": 25`, []string{"value_start@0(1:1)", "truncated@8 number open={ commit=1 partial=0 start=0"}},
		{"truncated escape", `["ab\u00`, []string{"value_start@0(1:1)", "truncated@8 string open=[ commit=1 partial=4 start=0"}},
		{"truncated utf8", "[\"ab\xe2\x82", []string{"value_start@0(1:1)", "truncated@6 string open=[ commit=1 partial=2 start=0"}},
		{"truncated after comma", `[1,[2],`, []string{"value_start@0(1:1)", "truncated@7 value open=[ commit=6 partial=0 start=0"}},
		{"truncated top-level number", `12.`, []string{"truncated@3 number open= commit=0 partial=0 start=0"}},
		{"two values", "{}\n[]", []string{"value_start@0(1:1)", "value_end@2(1:3)", "value_start@3(2:1)", "value_end@5(2:3)"}},
		{"only prose", "no json here", []string{"prose@0(1:1)"}},
		{"empty", "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, scanAll([]byte(tc.in), nil))
		})
	}
}

func TestDepthCap(t *testing.T) {
	in := strings.Repeat("[", 600) + strings.Repeat("]", 600)
	got := scanAll([]byte(in), nil)
	require.Len(t, got, 2)
	assert.Equal(t, "error@512(1:513) nesting deeper than the limit", got[1])

	s := New(1000)
	n, ev := s.Next([]byte(in))
	assert.Equal(t, ValueStart, ev)
	_, ev = s.Next([]byte(in)[n:])
	assert.Equal(t, ValueEnd, ev)
}

// suiteFiles returns JSONTestSuite's parsing files by name.
func suiteFiles(t testing.TB) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob("../../testdata/JSONTestSuite/test_parsing/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		out[filepath.Base(f)] = b
	}
	return out
}

// inputs returns every file the invariance tests run over.
func inputs(t testing.TB) map[string][]byte {
	t.Helper()
	out := suiteFiles(t)
	for _, f := range []string{"llm.jsonl", "llm_raw.jsonl", "twitter.json"} {
		b, err := os.ReadFile("../../testdata/corpus/" + f)
		require.NoError(t, err)
		out[f] = b
	}
	return out
}

func TestChunkingInvariance(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for name, in := range inputs(t) {
		want := scanAll(in, nil)
		sizes := [][]int{{1}, {2}, {3}, {7}}
		if len(in) > 100_000 {
			sizes = [][]int{{4093}}
		}
		random := make([]int, 64)
		for i := range random {
			random[i] = 1 + rng.Intn(17)
		}
		sizes = append(sizes, random)
		for _, sz := range sizes {
			if got := scanAll(in, sz); !assert.Equal(t, want, got, "%s split by %v", name, sz) {
				return
			}
		}
	}
}

func TestAcceptedFilesScanClean(t *testing.T) {
	for name, in := range inputs(t) {
		if !strings.HasPrefix(name, "y_") {
			continue
		}
		got := scanAll(in, nil)
		require.Len(t, got, 2, name)
		assert.True(t, strings.HasPrefix(got[0], "value_start@"), "%s: %v", name, got)
		assert.True(t, strings.HasPrefix(got[1], "value_end@"), "%s: %v", name, got)
	}
}

func TestNextDoesNotAllocate(t *testing.T) {
	// llm_raw.jsonl stops at events all along; twitter.json, in one
	// chunk, is read whole (readWhole).
	for f, size := range map[string]int{"llm_raw.jsonl": 4096, "twitter.json": 1 << 20} {
		in, err := os.ReadFile("../../testdata/corpus/" + f)
		require.NoError(t, err)
		s := New(0)
		run := func() {
			s.Reset(0)
			for off := 0; off < len(in); off += size {
				chunk := in[off:min(off+size, len(in))]
				for len(chunk) > 0 {
					n, _ := s.Next(chunk)
					chunk = chunk[n:]
				}
			}
			for s.End() != EOF {
			}
		}
		run()
		assert.Zero(t, testing.AllocsPerRun(5, run), f)
	}
}

// replayQueued passes each Repair the last Next queued to add, as if Next
// had returned it: while add runs, the accessors describe it.
func replayQueued(s *Scanner, add func(Event)) {
	queued := s.Queued()
	if queued == nil {
		return
	}
	last := s.last
	for _, q := range queued {
		if q.Kind == RepairComment && q.Comma { // the two repairs the record stands for
			s.last = QueuedRepair{Kind: RepairMissingComma, Offset: q.Offset - 1, Line: q.Line, Column: q.Column - 1, Repl: ",", Forward: true}
			add(Repair)
			q.Comma = false
		}
		s.last = q
		add(Repair)
	}
	s.last = last
}
