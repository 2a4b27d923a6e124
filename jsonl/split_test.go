package jsonl

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// splitAll returns copies of every record of input, and the final error.
func splitAll(t testing.TB, r io.Reader, opts SplitOptions) ([]Record, error) {
	t.Helper()
	s := NewSplitter(r, opts)
	var recs []Record
	for {
		rec, err := s.Next()
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return recs, err
		}
		rec.Data = bytes.Clone(rec.Data)
		recs = append(recs, rec)
		require.Less(t, len(recs), 1<<20, "runaway splitter")
	}
}

func splitString(t *testing.T, in string) []Record {
	t.Helper()
	recs, err := splitAll(t, strings.NewReader(in), SplitOptions{})
	require.NoError(t, err)
	return recs
}

func datas(recs []Record) []string {
	out := make([]string, len(recs))
	for i, r := range recs {
		out[i] = string(r.Data)
	}
	return out
}

func cuts(recs []Record) []bool {
	var out []bool
	for _, r := range recs {
		out = append(out, r.Cut)
	}
	return out
}

func lines(recs []Record) []int64 {
	out := make([]int64, len(recs))
	for i, r := range recs {
		out[i] = r.Line
	}
	return out
}

// escapeRawControls escapes raw newlines, tabs and CRs inside JSON strings,
// as the sanitizer does: a test oracle independent of the sanitizer.
func escapeRawControls(b []byte) []byte {
	var out []byte
	in, esc := false, false
	for _, c := range b {
		switch {
		case esc:
			esc = false
		case in && c == '\\':
			esc = true
		case c == '"':
			in = !in
		case in && c == '\n':
			out = append(out, '\\', 'n')
			continue
		case in && c == '\t':
			out = append(out, '\\', 't')
			continue
		case in && c == '\r':
			out = append(out, '\\', 'r')
			continue
		}
		out = append(out, c)
	}
	return out
}

func TestSplitRawNewlinesInStringsStayInTheRecord(t *testing.T) {
	raw, err := os.ReadFile("../testdata/corpus/llm_raw.jsonl")
	require.NoError(t, err)
	clean, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	want := strings.Split(strings.TrimSuffix(string(clean), "\n"), "\n")
	require.Len(t, want, 291)

	recs, err := splitAll(t, bytes.NewReader(raw), SplitOptions{})
	require.NoError(t, err)
	require.Len(t, recs, 292)
	for i, w := range want {
		require.Equal(t, w, string(escapeRawControls(recs[i].Data)), "record %d", i)
		assert.False(t, recs[i].Cut)
		assert.Greater(t, recs[i].Lines, 1, "llm_raw records span lines")
	}
	// Line numbers and offsets locate every record in the input.
	line := int64(1)
	for _, r := range recs {
		assert.Equal(t, line, r.Line)
		assert.Equal(t, string(r.Data), string(raw[r.Offset:r.Offset+r.Size]))
		line += int64(r.Lines)
	}
}

func TestSplitResynchronisesAfterTruncatedString(t *testing.T) {
	in := "{\"id\":1,\"text\":\"cut off in the mid\n{\"id\":2}\n{\"id\":3,\"text\":\"ok\"}\n"
	recs := splitString(t, in)
	assert.Equal(t, []string{`{"id":1,"text":"cut off in the mid`, `{"id":2}`, `{"id":3,"text":"ok"}`}, datas(recs))
	assert.Equal(t, []int64{1, 2, 3}, lines(recs))
	assert.True(t, recs[0].Cut)
	assert.False(t, recs[1].Cut)
	assert.False(t, recs[2].Cut)
}

func TestSplitKeepsStringLinesThatDoNotStartARecord(t *testing.T) {
	// Inside a string, lines starting with '{' not followed by '"' or '}',
	// with '[', or with text belong to the string.
	in := "{\"code\":\"func f()\n{\n  return [1]\n}\n[\"x\"]\n\"}\n{\"id\":2}\n"
	recs := splitString(t, in)
	require.Len(t, recs, 2)
	assert.Equal(t, "{\"code\":\"func f()\n{\n  return [1]\n}\n[\"x\"]\n\"}", string(recs[0].Data))
	assert.Equal(t, 6, recs[0].Lines)
	assert.False(t, recs[0].Cut)
	assert.Equal(t, int64(7), recs[1].Line)
}

func TestSplitResynchronisesAfterTruncatedMember(t *testing.T) {
	for name, in := range map[string]string{
		"after comma in object": "{\"a\":1,\n{\"b\":2}\n",
		"after key":             "{\"a\"\n{\"b\":2}\n",
		"after value":           "{\"a\":1\n{\"b\":2}\n",
		"after open brace":      "{\n{\"b\":2}\n",
		"empty object next":     "{\"a\":[1,2]\n{}\n",
	} {
		t.Run(name, func(t *testing.T) {
			recs := splitString(t, in)
			require.Len(t, recs, 2)
			assert.True(t, recs[0].Cut)
			assert.Equal(t, int64(2), recs[1].Line)
			assert.False(t, recs[1].Cut)
		})
	}
}

func TestSplitPrettyPrintedValueIsOneRecord(t *testing.T) {
	in := "[\n  {\"a\": 1},\n  {\"b\": {\n    \"c\": [\n      {\"d\": 2}\n    ]\n  }}\n]\n{\"next\":true}\n"
	recs := splitString(t, in)
	require.Len(t, recs, 2)
	assert.Equal(t, 8, recs[0].Lines)
	assert.False(t, recs[0].Cut)
	assert.Equal(t, int64(9), recs[1].Line)

	// A value expected after ':' continues the record too.
	recs = splitString(t, "{\"a\":\n{\"b\":1}}\n")
	require.Len(t, recs, 1)
}

func TestSplitTruncatedWhereValueExpectedKeepsTheNextRecord(t *testing.T) {
	// After '[' or an array ',' a record start is a valid value; the line
	// reads as a whole record by itself and the line after it does not
	// continue the join, so the split wins (issue 24).
	recs := splitString(t, "{\"a\":[1,\n{\"b\":2}\n{\"c\":3}\n")
	require.Len(t, recs, 3)
	assert.Equal(t, "{\"a\":[1,", string(recs[0].Data))
	assert.True(t, recs[0].Cut)
	assert.Equal(t, `{"b":2}`, string(recs[1].Data))
	assert.False(t, recs[1].Cut)
	assert.Equal(t, int64(2), recs[1].Line)
	assert.Equal(t, `{"c":3}`, string(recs[2].Data))

	// Pretty-printed: the whole line is followed by a closer, so it joins.
	recs = splitString(t, "[\n{\"b\":2},\n{\"c\":3}\n]\n{\"d\":4}\n")
	assert.Equal(t, []string{"[\n{\"b\":2},\n{\"c\":3}\n]", `{"d":4}`}, datas(recs))
}

func TestSplitChainOfCutRecords(t *testing.T) {
	// Two cut records, then whole ones: each is a record of its own.
	recs := splitString(t, "{\"a\":\n{\"b\":[1,\n{\"c\":3}\n{\"d\":4}\n")
	assert.Equal(t, []string{`{"a":`, `{"b":[1,`, `{"c":3}`, `{"d":4}`}, datas(recs))
	assert.Equal(t, []bool{true, true, false, false}, []bool{recs[0].Cut, recs[1].Cut, recs[2].Cut, recs[3].Cut})
}

func TestSplitChainOfCutRecordsEndingInsideAKey(t *testing.T) {
	// The second cut record ends inside a key; the record after it is
	// pretty-printed, fenced or introduced, so that reading the second one
	// on (inside its key) breaks on its lines: the second is still a
	// record of its own, cut where the third starts, not joined to the
	// first (a by-value oracle of clean found 3 in 400 records merged so).
	for _, third := range []string{"{\n  \"id\": 3\n}", "```json\n{\n  \"id\": 3\n}\n```", "Here: {\"id\": 3}"} {
		recs := splitString(t, "{\"id\": 1, \"name\": \n{\"id\": 2, \"na\n"+third+"\n")
		require.Len(t, recs, 3, third)
		assert.Equal(t, []string{`{"id": 1, "name": `, `{"id": 2, "na`}, datas(recs)[:2], third)
		assert.Equal(t, []bool{true, true, false}, []bool{recs[0].Cut, recs[1].Cut, recs[2].Cut}, third)
	}
	// When the third turns out not to be a record, the second is read on
	// as before (joined to the first).
	recs := splitString(t, "{\"a\": \n{\"b\": 2, \"c\n\": 3}}\n")
	assert.Equal(t, []string{"{\"a\": \n{\"b\": 2, \"c\n\": 3}}"}, datas(recs))
}

// cleanedAs checks what the Cleaner makes of in: the values written, in
// order, and the rejects' line, lines, reason and raw bytes.
func cleanedAs(t *testing.T, in string, out []string, rejects []Reject) {
	t.Helper()
	res := cleanBytes(t, []byte(in), Options{Workers: 1})
	require.NoError(t, res.err)
	got := strings.Split(strings.TrimSuffix(res.out, "\n"), "\n")
	if res.out == "" {
		got = nil
	}
	require.Len(t, got, len(out), "%q: out %q", in, res.out)
	for i := range out {
		assert.JSONEq(t, out[i], got[i], "%q", in)
	}
	var rej []Reject
	for _, r := range res.rejects {
		rej = append(rej, Reject{Line: r.Line, Lines: r.Lines, Reason: r.Reason, Raw: r.Raw})
	}
	assert.Equal(t, rejects, rej, "%q", in)
}

func TestSplitFencedRecordIntroducedAfterACutRecord(t *testing.T) {
	// A cut record, then a line that reads as an introduction (in the
	// fuzzer's input, "delta k:" was text of the cut string), then a
	// fenced record and one more record. The introduction opens the fence
	// of the hypothesis begun on it, as it does for the current record:
	// the fenced record comes out whole, with both its fences, and the
	// record after it alone (FuzzJSONLMixes found the fenced value alone,
	// its intro and opening fence in the cut record and its closing fence
	// joined to the next record, which was lost as no_value).
	cuts := []string{
		`{"id":174,"text":"one`, // inside a string value
		`{"id":174,"te`,         // inside a key
		`{"id":174,"tags":[`,    // where a value is expected
	}
	fenceds := []string{
		"delta k:\n```json\n{\"id\":175}\n```",
		"Here is the JSON:\n\n```\n{\n  \"id\": 175\n}\n```",
	}
	nexts := []string{"```json{\"id\":176}```", `{"id":176}`, "{\n  \"id\": 176\n}"}
	for _, cut := range cuts {
		for _, fenced := range fenceds {
			for _, next := range nexts {
				in := cut + "\n" + fenced + "\n" + next + "\n"
				recs := splitString(t, in)
				require.Equal(t, []string{cut, fenced, next}, datas(recs), "%q", in)
				assert.Equal(t, []bool{true, false, false}, []bool{recs[0].Cut, recs[1].Cut, recs[2].Cut}, "%q", in)
				cleanedAs(t, in, []string{`{"id":175}`, `{"id":176}`},
					[]Reject{{Line: 1, Lines: 1, Reason: "truncated", Raw: cut}})
			}
		}
	}
}

func TestSplitFencedRecordAfterACutStringKeepsItsClosingFence(t *testing.T) {
	// A record cut inside a string, then fenced records. Read as the cut
	// string's text, the escaped quotes of the first fenced value close
	// that string and its '}' closes the cut record (the join), while the
	// fenced record (the hypothesis begun on its opening fence) is whole
	// but for its closing fence. The hypothesis wins, and it must go on
	// to take that fence: it came out without it, and every fenced record
	// after it was read one fence off ("```\n```json" rejects as
	// no_value, in a user's mix of 4,000 records: 4,002 counted).
	cuts := []string{`{"id": 1, "te`, `{"id": 1, "text": "one`}
	firsts := []string{
		"```json\n{\n \"id\": 2,\n \"text\": \"x \\\"q\\\"\"\n}\n```",
		"```json\n{\"id\": 2, \"text\": \"x \\\"q\\\"\"}\n```",
	}
	for _, cut := range cuts {
		for _, first := range firsts {
			for _, rest := range [][]string{
				{"```json\n{\n \"id\": 3\n}\n```", "```json\n{\"id\": 4}\n```"},
				{`{"id": 3}`},
				{},
			} {
				in := cut + "\n" + first + "\n" + strings.Join(rest, "\n") + "\n"
				want := append([]string{cut, first}, rest...)
				assert.Equal(t, want, datas(splitString(t, in)), "%q", in)
				out := []string{`{"id": 2, "text": "x \"q\""}`}
				for i := range rest {
					out = append(out, `{"id": `+strconv.Itoa(3+i)+`}`)
				}
				cleanedAs(t, in, out, []Reject{{Line: 1, Lines: 1, Reason: "truncated", Raw: cut}})
			}
		}
	}
	// Not closed: the fenced record ends where the next record begins.
	in := cuts[0] + "\n```json\n{\"id\": 2, \"text\": \"x \\\"q\\\"\"}\n{\"id\": 3}\n"
	assert.Equal(t, []string{cuts[0], "```json\n{\"id\": 2, \"text\": \"x \\\"q\\\"\"}", `{"id": 3}`}, datas(splitString(t, in)))
}

func TestSplitFenceLineThatClosesACutStringIsNoRecordStart(t *testing.T) {
	// A line of a cut record's string starts with a fence and closes that
	// string ("``` north\",\"count\":1,"). It was kept as the opening
	// fence of a record, its quotes read as strings before the value: that
	// reading took the next record (as text of such a string, or as its
	// value), and the one after it too, into one reject with the cut
	// record's last line (FuzzJSONLMixes lost record 44 so). No
	// introduction or opening fence holds a quote: the hypothesis goes at
	// its first one.
	for _, cut := range []string{
		"{\"id\":42,\"text\":\"alpha\n``` north\",\"count\":1,", // then a member is expected
		"{\"id\":42,\"text\":\"alpha\n``` north\", \"b\": \"x",  // then inside a string
	} {
		rej42 := Reject{Line: 1, Lines: 2, Reason: "truncated", Raw: cut}
		// The next record cut inside a key, then a plain one.
		in := cut + "\n{\n  \"id\": 43,\n  \"\n{\"id\":44}\n"
		recs := splitString(t, in)
		require.Equal(t, []string{cut, "{\n  \"id\": 43,\n  \"", `{"id":44}`}, datas(recs), "%q", in)
		assert.Equal(t, []bool{true, true, false}, []bool{recs[0].Cut, recs[1].Cut, recs[2].Cut}, "%q", in)
		cleanedAs(t, in, []string{`{"id":44}`},
			[]Reject{rej42, {Line: 3, Lines: 3, Reason: "truncated", Raw: "{\n  \"id\": 43,\n  \""}})

		// The next record whole: pretty-printed, fenced or plain.
		for _, next := range []string{"{\n  \"id\": 43\n}", "```json\n{\"id\":43}\n```", `{"id":43}`} {
			in := cut + "\n" + next + "\n{\"id\":44}\n"
			recs := splitString(t, in)
			require.Equal(t, []string{cut, next, `{"id":44}`}, datas(recs), "%q", in)
			assert.Equal(t, []bool{true, false, false}, []bool{recs[0].Cut, recs[1].Cut, recs[2].Cut}, "%q", in)
			cleanedAs(t, in, []string{`{"id":43}`, `{"id":44}`}, []Reject{rej42})
		}
	}
}

func TestSplitQuoteBeforeAnyValueDoesNotTakeTheRecordsAfterIt(t *testing.T) {
	// The first line is a fence or prose with an unclosed quote; a pretty
	// record cut inside a key or a string value comes next, then a whole
	// one. The first line's "string" took the cut record's lines as text,
	// and its closing quote closed it with no value: the hypothesis begun
	// on the cut record (inside its key or value) was dropped, and the
	// fence, still awaiting a value, took the whole record too (44 lost in
	// one needs_model reject), or the prose line came out with the cut
	// record in one reject. No introduction or opening fence holds a
	// quote: the hypothesis wins, and each record comes out alone.
	firsts := []string{"```json \"x", "Here is \"the record", "```json \"x\" and \"y"}
	cuts := []string{
		"{\n  \"id\": 43,\n  \"",            // inside a key
		"{\n  \"id\": 43,\n  \"name\": \"a", // inside a string value
		"{\n  \"id\": 43, \"",               // inside a key, on the line of a member
		"```json\n{\n  \"id\": 43,\n  \"",   // fenced, inside a key
		"[\n  \"a\",\n  \"b",                // an array, inside a string
	}
	nexts := []string{`{"id":44}`, "{\n  \"id\": 44\n}", "```json\n{\"id\":44}\n```", "```json {\"id\":44} ```"}
	for _, first := range firsts {
		rej1 := Reject{Line: 1, Lines: 1, Reason: "no_value", Raw: first}
		for _, cut := range cuts {
			rej43 := Reject{Line: 2, Lines: strings.Count(cut, "\n") + 1, Reason: "truncated", Raw: cut}
			for _, next := range nexts {
				in := first + "\n" + cut + "\n" + next + "\n"
				recs := splitString(t, in)
				require.Equal(t, []string{first, cut, next}, datas(recs), "%q", in)
				assert.Equal(t, []bool{true, true, false}, []bool{recs[0].Cut, recs[1].Cut, recs[2].Cut}, "%q", in)
				assert.Equal(t, []int64{1, 2, int64(2 + recs[1].Lines)}, lines(recs), "%q", in)
				cleanedAs(t, in, []string{`{"id":44}`}, []Reject{rej1, rej43})
			}
		}
		// A whole record right after the first line was already split off
		// (its hypothesis is done before the quote closes).
		for _, next := range []string{`{"id":44}`, "{\n  \"id\": 44\n}"} {
			cleanedAs(t, first+"\n"+next+"\n", []string{`{"id":44}`}, []Reject{rej1})
		}
	}
	// A hypothesis that fails inside the quote (code in prose) leaves the
	// lines to the prose, as before.
	in := "He wrote \"function f()\n{\n  return 1;\n}\" and left.\n{\"id\":44}\n"
	assert.Equal(t, []string{"He wrote \"function f()\n{\n  return 1;\n}\" and left.", `{"id":44}`}, datas(splitString(t, in)))
}

func TestSplitLastLineWithoutLineEndIsJudgedAsWithOne(t *testing.T) {
	// The input's last line has no line end and began a hypothesis. Not
	// ended, an introduction's first line was never judged: it went on as
	// a record with no content and its line was dropped ("Sure: {...}"
	// after a cut record lost; FuzzJSONLSplitChunking found the third line
	// of "[\n{\"000...\nA000...\"" in no record, and the two reads
	// differed past the size cap). And the hypotheses won at the end even
	// where the record before them closed on that line and a line end
	// keeps the join. The last line now ends as a line end does.
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"{\"a\":\"x\nSure: {\"b\":1}", []string{`{"a":"x`, `Sure: {"b":1}`}},
		{"{\"a\":[\n{\"b\":\"x\nSure: {\"c\":1}", []string{`{"a":[`, `{"b":"x`, `Sure: {"c":1}`}},
		{"{\"a\":\"x\nHere is the JSON:", []string{`{"a":"x`, "Here is the JSON:"}},
		{"[\n{\"abc\nAbc\"", []string{"[", "{\"abc\nAbc\""}},
		{"{\"a\":\"x\nHere is y", []string{"{\"a\":\"x\nHere is y"}}, // not an introduction: joined
		{"{\"\nA!{\"}", []string{"{\"\nA!{\"}"}},                     // closed on the last line: joined
		{"```json \"x\n{\n  \"id\": 43,\n  \"\n{\"id\":44}", []string{"```json \"x", "{\n  \"id\": 43,\n  \"", `{"id":44}`}},
	} {
		recs := splitString(t, tc.in)
		require.Equal(t, tc.want, datas(recs), "%q", tc.in)
		withEnd := splitString(t, tc.in+"\n")
		assert.Equal(t, withEnd, recs, "%q: as with a final line end", tc.in)
	}
	cleanedAs(t, "{\"a\":\"x\nSure: {\"b\":1}", []string{`{"b":1}`},
		[]Reject{{Line: 1, Lines: 1, Reason: "truncated", Raw: `{"a":"x`}})
}

func TestSplitOneLineFences(t *testing.T) {
	in := "```json {\"a\":1} ```\n```json{\"b\":2}```\n```{\"c\":3}```\n```json\n{\"d\":4}\n```\n"
	recs := splitString(t, in)
	assert.Equal(t, []string{"```json {\"a\":1} ```", "```json{\"b\":2}```", "```{\"c\":3}```", "```json\n{\"d\":4}\n```"}, datas(recs))
	// A cut record before a one-line fence does not swallow it.
	recs = splitString(t, "{\"a\":\"cut\n```json {\"b\":2} ```\n")
	assert.Equal(t, []string{`{"a":"cut`, "```json {\"b\":2} ```"}, datas(recs))
}

// TestSplitACutRecordDoesNotSwallowARepairableOne: after a cut record, a
// record whole by itself is split off though it needs repairs that the
// hypothesis used to read as broken JSON: single-quoted or typographic
// string values holding ',', ']' or '}', and comments. Before, the cut
// record took it and both went to one reject.
func TestSplitACutRecordDoesNotSwallowARepairableOne(t *testing.T) {
	for _, c := range []struct{ cut, next string }{
		{`{"id":1,"name":"g`, `{'id': 2, 'name': 'a,b'}`},
		{`{"id":1,"name":"g`, `{'id': 2, 'name': 'a]b}c'}`},
		{`{"id":1,"name":"g`, `{'id': 2, 'q': 'it\'s, ok'}`},
		{`{"id":1,"arr":`, `{"id":2,"name":“a,b”}`},
		{`{"id":1,"name":"g`, `{"id":2,"tags":[“x]”, 'y}']}`},
		{`{"id":1,"vals":[1`, "{ // start\n\"id\": 2}"},
		{`{"id":1,"vals":[1`, "{ /* a comment\n over lines, ] */ \"id\": 2}"},
		{`{"id":1,"vals":[1`, `/* c */ {"id": 2}`},
	} {
		recs := splitString(t, c.cut+"\n"+c.next+"\n")
		assert.Equal(t, []string{c.cut, c.next}, datas(recs), "%q", c.next)
	}
	// Comment lines inside a pretty-printed record do not split it.
	pretty := "{\n  // the id\n  \"id\": 1,\n  /* tags: */\n  \"tags\": [\n    'a'\n  ]\n}"
	assert.Equal(t, []string{pretty}, datas(splitString(t, pretty+"\n")))
}

// TestSplitAWholeRecordAfterCutOnesKeepsItsOwn: a whole record after
// several cut pretty-printed ones (cut in strings, their texts holding
// fences and escaped quotes) comes out alone, each cut one as a record of
// its own. Found by a hostile test and by FuzzJSONLMixes: the whole
// record went into a reject with the cut ones, or a bare key ("n") came
// out as a record. Two causes: a hypothesis promoted to the current
// record kept the old current record's fromCurrent, so closeWinner let
// the new one take a record begun inside its string; and a split with no
// winner promoted a frozen hypothesis (one whose reading had stopped at a
// later one) instead of ending it there.
func TestSplitAWholeRecordAfterCutOnesKeepsItsOwn(t *testing.T) {
	whole := "Here is the JSON:\n```json\n{\n  \"id\": 3,\n  \"meta\": {\n    \"quote\": \"say \\\"hi\\\"\"\n  },\n  \"n\": 9\n}\n```"
	recs := splitString(t, "{\n  \"id\": 1, \"no\n{\n  \"id\": 2, \"no\n"+whole+"\n")
	assert.Equal(t, []string{"{\n  \"id\": 1, \"no", "{\n  \"id\": 2, \"no", whole}, datas(recs))
	assert.Equal(t, []bool{true, true, false}, cuts(recs))

	mix := `{
	"id": 64,
	"title": "k:v emoji 🙂 alpha [x] 日本 ` + "`" + `` + "`" + `` + "`" + `",
	"score": 406.76,
	"count": 7411,
	"meta": {
		"ok": true,
		"none": null,
		"points":
{
  "id": 65,
  "title": "k:v café [x]",
  "text": "alpha ` + "`" + `` + "`" + `` + "`" + `\n日本 alpha tab
{
  "id": 66,
  "tags": [
    "north",
    "naïve",
    "say \"hi\""
  ],
  "score": 432.24,
  "count": 46723,
  "m
{
    "id": 67,
    "title": "` + "`" + `` + "`" + `` + "`" + ` south delta delta",
    "tags": [],
    "sc
{
	"id": 68,
	"title": "café k:v one, two",
	"tags": [
		"k:v"
	],
	"score": 42.52,
	"count": 82962,
	"meta": {
		"ok": false,
		"none": null,
		"points": [
			495,
			-461,
			{
				"x": "south"
			}
		]
	}
}
`
	recs = splitString(t, mix)
	require.NotEmpty(t, recs)
	last := recs[len(recs)-1]
	assert.True(t, strings.HasPrefix(string(last.Data), "{\n\t\"id\": 68,"), "%q", last.Data)
	assert.False(t, last.Cut)
	for _, r := range recs[:len(recs)-1] {
		assert.True(t, r.Cut, "%q", r.Data)
		assert.Equal(t, 1, strings.Count(string(r.Data), "\"id\":"), "one record each: %q", r.Data)
	}
}

// TestSplitSingleQuotedStringsHoldBrackets: where a value or a key is
// expected, a single quote opens a string (the sanitizer requotes it),
// so its brackets and commas are text to the splitter too: a
// pretty-printed Python-style record stays one record, and a record after
// one cut where a value was expected is split off. An apostrophe in a
// bare word or in a double-quoted string opens nothing.
func TestSplitSingleQuotedStringsHoldBrackets(t *testing.T) {
	pretty := "{\n    'id': 72,\n    'name': 'x]y',\n    'nested': {\n    'k': '{z}',\n    'arr': [{\n    'z': 6}]},\n    'f': 1}"
	for in, want := range map[string][]string{
		pretty + "\n{'id': 73}\n":                            {pretty, `{'id': 73}`},
		"{\"id\":1,\"arr\":\n{'id':2,'tags':['x]', 'y}']}\n": {`{"id":1,"arr":`, `{'id':2,'tags':['x]', 'y}']}`},
		"{'a': 'it\\'s ]'}\n{'b': 1}\n":                      {`{'a': 'it\'s ]'}`, `{'b': 1}`},
		"{\"a\": \"it's\"}\n{\"b\": 1}\n":                    {`{"a": "it's"}`, `{"b": 1}`},
		"{note: it's fine}\n{\"b\": 1}\n":                    {`{note: it's fine}`, `{"b": 1}`},
		"{'a': 'line one\nline two]'}\n{'b': 1}\n":           {"{'a': 'line one\nline two]'}", `{'b': 1}`},
	} {
		assert.Equal(t, want, datas(splitString(t, in)), "%q", in)
	}
}

func TestSplitCROnlyLineEnds(t *testing.T) {
	recs := splitString(t, "{\"a\":1}\r{\"b\":2}\r{\"c\":\r3}\r")
	assert.Equal(t, []string{`{"a":1}`, `{"b":2}`, "{\"c\":\r3}"}, datas(recs))
	assert.Equal(t, []int64{1, 2, 3}, lines(recs))
}

// TestSplitLineEndIsNotACRInsideTheFirstRecord: the line end is CR alone
// only when lone CRs outnumber LFs in what is read when the first line
// end comes. A raw CR in the first record's string, or a stray CR before
// it, used to make the whole LF file one line (every record after it
// merged into one reject).
func TestSplitLineEndIsNotACRInsideTheFirstRecord(t *testing.T) {
	for in, want := range map[string][]string{
		"{\"id\":1,\"s\":\"a\rb\"}\n{\"id\":2}\n{\"id\":3}\n": {"{\"id\":1,\"s\":\"a\rb\"}", `{"id":2}`, `{"id":3}`},
		"\r{\"id\":1}\n{\"id\":2}\n":                          {"\r{\"id\":1}", `{"id":2}`},
		"{\"s\":\"a\rb\"}\r\n{\"id\":2}\r\n":                  {"{\"s\":\"a\rb\"}", `{"id":2}`},
		// CR-only input with a raw LF in a string: still CR-only.
		"{\"id\":1}\r{\"s\":\"x\ny\"}\r{\"id\":3}\r": {`{"id":1}`, "{\"s\":\"x\ny\"}", `{"id":3}`},
		"\r00\n": {"\r00"},
	} {
		assert.Equal(t, want, datas(splitString(t, in)), "%q", in)
		// The decision does not depend on how the reads were cut.
		recs, err := splitAll(t, iotest.OneByteReader(strings.NewReader(in)), SplitOptions{ReadBufferSize: 16})
		require.NoError(t, err)
		assert.Equal(t, want, datas(recs), "%q read a byte at a time", in)
	}
	// Read one byte at a time, a CR at the end of what is read waits for
	// the next byte: CR LF is one line end, not a CR-only file.
	recs, err := splitAll(t, iotest.OneByteReader(strings.NewReader("{\"a\":1}\r\n{\"b\":2}\r\n")), SplitOptions{})
	require.NoError(t, err)
	assert.Equal(t, []string{`{"a":1}`, `{"b":2}`}, datas(recs))
}

func TestSplitLinesOfARecordCutAtTheEnd(t *testing.T) {
	recs := splitString(t, "{\"a\":1}\n{\"b\":[\n")
	require.Len(t, recs, 2)
	assert.Equal(t, 1, recs[1].Lines, "the final line end does not start a line")
	recs = splitString(t, "{\"b\":[\n2")
	assert.Equal(t, 2, recs[0].Lines)
}

func TestSplitFences(t *testing.T) {
	recs := splitString(t, "```json\n{\"a\":1}\n```\n{\"b\":2}\n~~~\n{\"c\":\n3}\n~~~\n")
	assert.Equal(t, []string{"```json\n{\"a\":1}\n```", `{"b":2}`, "~~~\n{\"c\":\n3}\n~~~"}, datas(recs))
	assert.Equal(t, []int64{1, 4, 5}, lines(recs))

	// A fence never closed ends at the next non-blank line after its value.
	recs = splitString(t, "```json\nSure:\n{\"a\":1}\n\n{\"b\":2}\n")
	assert.Equal(t, []string{"```json\nSure:\n{\"a\":1}\n", `{"b":2}`}, datas(recs))
	assert.Equal(t, []int64{1, 5}, lines(recs))
	assert.False(t, recs[0].Cut)
}

func TestSplitLineEndsBlankLinesBOMAndNoFinalNewline(t *testing.T) {
	in := "\xEF\xBB\xBF{\"a\":1}\r\n\r\n   \n\t\n{\"b\":\"x\r\ny\"}\r\n{\"c\":3}"
	recs := splitString(t, in)
	assert.Equal(t, []string{`{"a":1}`, "{\"b\":\"x\r\ny\"}", `{"c":3}`}, datas(recs))
	assert.Equal(t, []int64{1, 5, 7}, lines(recs))
	assert.Equal(t, int64(3), recs[0].Offset)
	for _, r := range recs {
		assert.Equal(t, string(r.Data), in[r.Offset:r.Offset+int64(len(r.Data))])
	}
}

func TestSplitEmptyAndBlankInputs(t *testing.T) {
	for _, in := range []string{"", "\n", "\r\n\r\n", "   \t\n  ", "\xEF\xBB\xBF", "\xEF\xBB\xBF\n"} {
		assert.Empty(t, splitString(t, in), "%q", in)
	}
}

func TestSplitNULAndOddBytesAreRecordBytes(t *testing.T) {
	recs := splitString(t, "{\"a\":\"x\x00y\"}\n\x00\n{\"b\":\xff}\n")
	assert.Equal(t, []string{"{\"a\":\"x\x00y\"}", "\x00", "{\"b\":\xff}"}, datas(recs))
}

func TestSplitEscapes(t *testing.T) {
	// An escaped quote does not close the string; an escaped backslash
	// does not escape the quote after it; a backslash before a raw newline
	// escapes that newline.
	recs := splitString(t, "{\"a\":\"q\\\"\n\"}\n{\"b\":\"\\\\\"}\n{\"c\":\"x\\\n\"}\n")
	assert.Equal(t, []string{"{\"a\":\"q\\\"\n\"}", `{"b":"\\"}`, "{\"c\":\"x\\\n\"}"}, datas(recs))
}

func TestSplitLongRecordsHaveNoLineCap(t *testing.T) {
	big := `{"text":"` + strings.Repeat("x", 3<<20) + `"}`
	in := "{\"a\":1}\n" + big + "\n{\"b\":2}\n"
	recs, err := splitAll(t, strings.NewReader(in), SplitOptions{ReadBufferSize: 1024})
	require.NoError(t, err)
	require.Len(t, recs, 3)
	assert.Equal(t, big, string(recs[1].Data))
	assert.False(t, recs[1].TooLarge)
	assert.Equal(t, []int64{1, 2, 3}, lines(recs))
}

func TestSplitTooLargeRecordIsReportedAndMemoryStaysBounded(t *testing.T) {
	const max = 10 << 10
	huge := `{"text":"` + strings.Repeat("y\n", 1<<20) + `"}`
	in := "{\"a\":1}\n" + huge + "\n{\"b\":2}\n" + strings.Repeat("z", max+1) + "\n{\"c\":3}"
	s := NewSplitter(strings.NewReader(in), SplitOptions{MaxRecordBytes: max, ReadBufferSize: 512})
	var recs []Record
	for {
		rec, err := s.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		rec.Data = bytes.Clone(rec.Data)
		recs = append(recs, rec)
		assert.LessOrEqual(t, len(s.buf), max+1+2*maxLeadingBlanks+64, "buffer bounded by the cap")
	}
	require.Len(t, recs, 5)
	assert.True(t, recs[1].TooLarge)
	assert.Equal(t, int64(len(huge)), recs[1].Size)
	assert.Equal(t, int64(2), recs[1].Line)
	assert.Equal(t, int64(8), recs[1].Offset)
	assert.Equal(t, huge[:len(recs[1].Data)], string(recs[1].Data))
	assert.NotEmpty(t, recs[1].Data)
	assert.Equal(t, `{"b":2}`, string(recs[2].Data))
	assert.Equal(t, int64(2+(1<<20)+1), recs[2].Line)
	assert.True(t, recs[3].TooLarge)
	assert.Equal(t, int64(max+1), recs[3].Size)
	assert.Equal(t, `{"c":3}`, string(recs[4].Data))
	assert.Equal(t, recs[2].Line+2, recs[4].Line)
}

// TestSplitLongBlankRunIsNoRecord: blanks past the cap, on a line of their
// own or before a record on its line, are no record: the record after them
// is split whole, not swallowed into a too_large reject with them.
func TestSplitLongBlankRunIsNoRecord(t *testing.T) {
	const max = 10 << 10
	blanks := strings.Repeat(" ", 3*max) + strings.Repeat("\t", max)
	for _, in := range []string{
		blanks + "\n{\"a\":1}\n{\"b\":2}\n",
		blanks + "{\"a\":1}\n{\"b\":2}\n",
		"{\"a\":1}\n" + blanks + "\n" + blanks + "\n{\"b\":2}",
	} {
		recs, err := splitAll(t, strings.NewReader(in), SplitOptions{MaxRecordBytes: max, ReadBufferSize: 512})
		require.NoError(t, err)
		var got []string
		for _, r := range recs {
			assert.False(t, r.TooLarge)
			got = append(got, strings.TrimLeft(string(r.Data), " \t"))
		}
		assert.Equal(t, []string{`{"a":1}`, `{"b":2}`}, got)
	}
}

func TestSplitChunkingDoesNotChangeRecords(t *testing.T) {
	files := []string{"llm_raw.jsonl", "llm.jsonl", "twitter.json"}
	for _, f := range files {
		data, err := os.ReadFile("../testdata/corpus/" + f)
		require.NoError(t, err)
		data = data[:min(len(data), 200<<10)]
		want, err := splitAll(t, bytes.NewReader(data), SplitOptions{})
		require.NoError(t, err)
		got, err := splitAll(t, iotest.HalfReader(iotest.OneByteReader(bytes.NewReader(data))), SplitOptions{ReadBufferSize: 64})
		require.NoError(t, err)
		require.Equal(t, want, got, f)
	}
}

func TestSplitReadErrorKeepsRecordsBefore(t *testing.T) {
	boom := errors.New("disk gone")
	r := io.MultiReader(strings.NewReader("{\"a\":1}\n{\"b\":2}\n{\"c\":"), iotest.ErrReader(boom))
	recs, err := splitAll(t, r, SplitOptions{})
	require.ErrorIs(t, err, boom)
	assert.Equal(t, []string{`{"a":1}`, `{"b":2}`}, datas(recs))
}

func TestSplitTruncatedAtEndOfInputIsCut(t *testing.T) {
	recs := splitString(t, "{\"a\":1}\n{\"b\":\"unfinished")
	require.Len(t, recs, 2)
	assert.False(t, recs[0].Cut)
	assert.True(t, recs[1].Cut)
	assert.Equal(t, `{"b":"unfinished`, string(recs[1].Data))
}

func TestSplitProseThatIntroducesAValue(t *testing.T) {
	recs := splitString(t, "Here is the JSON:\n{\"a\":1}\nSure:\n```json\n{\"b\":2}\n```\nHope this helps!\n{\"c\":3}\n")
	assert.Equal(t, []string{"Here is the JSON:\n{\"a\":1}", "Sure:\n```json\n{\"b\":2}\n```", "Hope this helps!", `{"c":3}`}, datas(recs))
	assert.Equal(t, []int64{1, 3, 7, 8}, lines(recs))
	// A ':' inside a string or after a value does not join lines.
	recs = splitString(t, "\"note:\"\n{\"a\":1}\n{\"b\":\"x:\"}\n{\"c\":3}\n")
	assert.Len(t, recs, 4)
}

// A cut record does not swallow a next line that holds a whole record
// after a short introduction that does not end with ':' (QA's probe:
// "Sure! {...}", "> {...}", "- {...}", "**JSON**: {...}", "<json>{...}").
func TestSplitCutRecordBeforeIntroducedRecord(t *testing.T) {
	for _, intro := range []string{"Sure! ", "Okay. ", "Sure, ", "> ", "- ", "* ", "**JSON**: ", "Answer - ", "<json>", "# Result: "} {
		for _, cut := range []string{`{"a":[1,`, `{"a":"cu`, `{"a":`, `{"a":12`} {
			in := cut + "\n" + intro + `{"b":2}` + "\n"
			recs := splitString(t, in)
			assert.Equal(t, []string{cut, intro + `{"b":2}`}, datas(recs), "%q", in)
		}
	}
	// Prose that ends with a word is no introduction: code inside a
	// string stays in its record.
	recs := splitString(t, "{\"code\":\"f()\n  return [1]\n\"}\n")
	assert.Equal(t, []string{"{\"code\":\"f()\n  return [1]\n\"}"}, datas(recs))
}
