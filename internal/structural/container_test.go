package structural

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// check runs Container on in with both classifiers and holds them to
// encoding/json: a container reported whole is valid JSON, and a valid
// document that is one container is reported whole, ending at its last
// non-blank byte.
func check(t *testing.T, in []byte) {
	t.Helper()
	var c Checker
	tr, ok := container(&c, in)
	asm, wide := useAssembly, useAVX512
	defer func() { useAssembly, useAVX512 = asm, wide }()
	// Every stage 1 the machine has: AVX-512, AVX2, the portable one.
	for _, set := range [][2]bool{{asm, false}, {false, false}} {
		useAssembly, useAVX512 = set[0], set[1]
		trOther, okOther := container(&c, in)
		require.Equal(t, ok, okOther, "stage 1s disagree (assembly %v, AVX-512 %v) on %q", set[0], set[1], short(in))
		if ok {
			require.Equal(t, tr, trOther, "%q", short(in))
		}
	}
	if ok {
		require.True(t, json.Valid(in[:tr.End+1]) && utf8.Valid(in[:tr.End+1]), "accepted %q", in[:tr.End+1])
		require.Equal(t, bytes.Count(in[:tr.End], []byte("\n")), tr.Newlines)
		require.Equal(t, bytes.LastIndexByte(in[:tr.End], '\n'), tr.LastNewline)
		for k, m := range marksOf(&tr) {
			if m.Offset < 0 {
				continue
			}
			require.Equal(t, bytes.Count(in[:m.Offset], []byte("\n")), m.Newlines, "mark %d of %q", k, short(in))
			require.Equal(t, bytes.LastIndexByte(in[:m.Offset], '\n'), m.LastNewline, "mark %d of %q", k, short(in))
		}
	}
	trim := bytes.TrimRight(in, " \t\r\n")
	if len(trim) > 0 && (trim[0] == '{' || trim[0] == '[') && json.Valid(trim) && utf8.Valid(trim) && depthOf(trim) <= maxDepth {
		require.True(t, ok, "refused %q", short(in))
		require.Equal(t, len(trim)-1, tr.End)
	}
}

// container runs c.Container on in, which begins with its opener, and
// gives the offsets of the trace as offsets into in.
func container(c *Checker, in []byte) (Trace, bool) {
	if len(in) == 0 || in[0] != '{' && in[0] != '[' {
		return Trace{}, false
	}
	t, ok := c.Container(in[1:], in[0] == '{', maxDepth)
	if ok {
		shift := []*int{&t.End, &t.LastNewline}
		for _, m := range marksOf(&t) {
			shift = append(shift, &m.Offset, &m.LastNewline)
		}
		for _, p := range shift {
			if *p >= 0 {
				*p++
			}
		}
	}
	return t, ok
}

func depthOf(b []byte) int {
	d, m := 0, 0
	in, esc := false, false
	for _, c := range b {
		switch {
		case esc:
			esc = false
		case in && c == '\\':
			esc = true
		case c == '"':
			in = !in
		case !in && (c == '{' || c == '['):
			d++
			m = max(m, d)
		case !in && (c == '}' || c == ']'):
			d--
		}
	}
	return m
}

func TestContainerConformance(t *testing.T) {
	files, err := filepath.Glob("../../testdata/JSONTestSuite/test_parsing/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		in, err := os.ReadFile(f)
		require.NoError(t, err)
		check(t, in)
	}
}

func TestContainerCorpus(t *testing.T) {
	for _, f := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		in, err := os.ReadFile("../../testdata/corpus/" + f)
		require.NoError(t, err)
		check(t, in)
	}
	in, err := os.ReadFile("../../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	for line := range bytes.Lines(in) {
		check(t, line)
	}
}

func FuzzContainer(f *testing.F) {
	f.Add([]byte(`{"a":[1,2.5e3,"x\"y\u00e9",true,null,{}]}`))
	f.Add([]byte("[\"\\\\\\\"\",-0.1E+2]\n"))
	f.Fuzz(func(t *testing.T, in []byte) { check(t, in) })
}

func TestContainerLastNewline(t *testing.T) {
	// A newline in an early block, none before the closer in the last
	// block, one after it there.
	in := []byte("[\n" + `"` + string(bytes.Repeat([]byte("x"), 100)) + `"` + "]\n")
	check(t, in)
	var c Checker
	tr, ok := container(&c, in)
	require.True(t, ok)
	require.Equal(t, 1, tr.LastNewline)
	require.Equal(t, 1, tr.Newlines)
}

func marksOf(t *Trace) []*Mark {
	return []*Mark{&t.Comma, &t.KeyEnd, &t.StrQuote, &t.Commit, &t.PrevCommit}
}

// Marks that lie more than the ring's blocks behind the closer (behind
// a long last value) get their newlines as their block leaves the ring.
func TestContainerMarksBehindLongValue(t *testing.T) {
	long := string(bytes.Repeat([]byte("ab "), 3000))
	nums := string(bytes.Repeat([]byte("1.5,"), 2000)) + "2"
	for _, in := range []string{
		"{\n\"a\": 1,\n\"b\": \"" + long + "\"\n}",
		"[\n1,\n\"x\",\n[" + nums + "]]",
		"{\"k\":\n{\"a\":[" + nums + "],\n\"b\":[" + nums + "\n]}\n}",
		"[\"" + long + "\",\n\"" + long + "\"]",
		"[\n\n" + string(bytes.Repeat([]byte(" "), 9000)) + "]",
		"[\n\"" + long + "\",\n1]",
		"[\n\"" + long + "\",\n\"" + long + "\"]",
		"[\n1,\n\"" + long + "\",\n\n\"" + long + "\"]",
		"{\n\"a\":\"" + long + "\",\n\"b\":[" + nums + "],\n\"c\":\"" + long + "\"}",
		"[\n{\"a\":[" + nums + "]},\ntrue]",
		"{\n\"a\":\n[" + nums + "],\n\"b\":null}",
	} {
		check(t, []byte(in))
	}
}

func TestContainerDoesNotAllocate(t *testing.T) {
	in, err := os.ReadFile("../../testdata/corpus/twitter.json")
	require.NoError(t, err)
	var c Checker
	allocs := testing.AllocsPerRun(20, func() {
		if _, ok := c.Container(in[1:], true, maxDepth); !ok {
			t.Fatal("refused")
		}
	})
	require.Zero(t, allocs)
}

// short is in, or its first and last bytes when it is long, for messages.
func short(in []byte) string {
	if len(in) <= 200 {
		return string(in)
	}
	return string(in[:100]) + "..." + string(in[len(in)-100:])
}
