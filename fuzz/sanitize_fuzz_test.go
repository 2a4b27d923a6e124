package fuzz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/jsonheal/jsonheal/internal/scan"
	"github.com/jsonheal/jsonheal/sanitize"
)

// seedMaxSize caps the size of the files read from testdata as seeds, so that
// the fuzzer mutates small inputs quickly.
const seedMaxSize = 2048

// handSeeds are inputs that reach the corners of the scanner and sanitizer:
// fences, prose, raw control bytes, invalid UTF-8, truncation at every kind
// of point, deep nesting, adjacent values and top-level scalars.
// repairSeeds hold every kind of repair, whole and cut short.
var repairSeeds = []string{
	`[1,2,]`, "{\"a\":1,\n}", `[,1,,2]`, `[1 2 "x" {"a":1} [3]]`, "{\"a\":1\n\"b\":2}",
	"[1, // one\n2 /* two */, # three\n3]", `{'a': 'say "hi" it\'s'}`, "{\u201ck\u201d: \u2018v\u2019}",
	`{a: 1, $b_2: 2, c-d.e: 3}`, `{"url": https://x.io/a?b=1, "n": hello world }`,
	`{"q": "He said "hi" to me"}`, `[True, False, None]`, `[undefined, NaN, Infinity, -Infinity]`,
	`{"a": [1, 2}`, `[{"a":1]`, `[1, 2}`, `{"a" 1}`, `{"a"}`, `{"a":,"b":2}`,
	`{"_id": ObjectId("5f1"), "n": NumberLong(42), "d": ISODate("2020")}`, `["a" + "b" + 'c']`,
	`[1, 2, ...]`, `[0 ...]`, `{"a":1, ...}`, `[.5, -.5, 1., +1, 007]`, `["\x", "\'", "\u12g"]`,
	"\xEF\xBB\xBF{\"a\":1}", "{\"a\"\uff1a[1\uff0c2\uff3d}", `"{\"a\": [1]}"`, `"[]`,
	// Issue #25's last breadth items: regex literals, full-width quotes,
	// fences inside brackets, an escaped document without outer quotes.
	`{"re": /ab+c/gi, "c": /[/]\//}`, "{\uff02k\uff02: \uff02v\\\"\uff02}", "[```json\n{\"a\":1}\n```]",
	`{\"a\": [\"b\\\"c\", \"\\u00e9\"]}`, `[{\"a\": \"b\`, `{"r": /a\`,
	`{'a': 'x`, `[True, Fal`, `{"a":1 b`, "[abc\n12", `{"s": "x" +`, `[0`, `{"a":1, // note`,
	// Comments that join one fix (only whitespace between them) and ones
	// that do not.
	"[1 /*a*/ /*b*/  /*c*/ 2 // d\n\t// e\n, # f\r\n /* g\nh */ 3 /*i*/]", `{"a" /*x*/ : /*y*/ 1 /*z*/}`,
	// Missing commas carried by the comments one blank after a value, and
	// not (two blanks, a line break, touching).
	`[1 /*a*/ 2 /*b*/ /*c*/ "x" /*d*/ {"k": 1 /*e*/ "m": [3 /*f*/ 4]}]`, "[1  /*a*/ 2\n/*b*/ 3/*c*/ 4 /*d*/\n5]",
}

var handSeeds = []string{
	// Single-quoted strings rewritten whole (double quotes, \', kept
	// escapes), then edited after (concatenation) or cut back (truncated).
	`{'a': 'It\'s "solid".', 'b': ['x"\'', '\\"\n'], 'c': 'd"' + 'e', 'f': 'g\'`,
	// Valid JSON, byte-identical.
	`{"a": [1, 2.5e3, -0.0, "x\n\u00e9", true, false, null], "b": {}}`,
	" \n[1]\n ",
	`"lonely string"`,
	"42",
	"-0.5E+10\n",
	"true",
	`["\ud83d\ude00", "\/", "\\\"", "é€😀"]`,
	// Fences and prose.
	"```json\n{\"a\":1}\n```\n",
	"Sure! Here it is:\n{\"a\":1}\nHope this helps.",
	"Here:\n```json\n[true]\n```\nDone. See [a] and {b}.",
	"A:\n```json\n{\"a\":1}\n```\nB:\n~~~\n{\"b\":2}\n~~~",
	"```\n42\n```",
	"``x``\n{}",
	"```json\n{\"a\":1}\n",
	"```json\n```",
	"1. First step\n2. Second step\n",
	"Answer:\n42\n",
	"I cannot help with that.",
	"   \n\t\r\n",
	"",
	"\xef\xbb\xbf{\"bom\":1}",
	"[1][2]{}\"x\"",
	"[1] [2]\n{\"a\":\"b\"}\n\"s\"\n7\nnull",
	"{}\n\n{\"a\":\n",
	"truex\nfalse\n",
	"12abc\n12 \n",
	// Raw control bytes and invalid UTF-8 inside strings.
	"{\"a\":\"l1\nl2\tx\r\x01\x1f\x00\"}",
	"[\"\b\f\x7f\"]",
	"[\"a\xffb\xe2\x82\"]",
	"[\"\xed\xa0\x80\xf4\x90\x80\x80\xc0\xaf\xf0\x9f\x98\"]",
	"{\"k\ney\":\"v\xc3\"}",
	// Invalid escapes and syntax errors.
	`["\x"]`,
	`["\u12G4"]`,
	`{"a" 1}`,
	"{\n  \"a\": 1\n  \"b\": 2\n}",
	`[1,]`,
	`{"a":1,}`,
	`[01]`,
	`[1.]`,
	`[1e]`,
	`[-]`,
	`[nul]`,
	`{'a':1}`,
	// Truncation at every kind of point.
	`{"a":1,"b":[1,2`,
	`{"n": 25`,
	`{"a":[1,2],"b":"tex`,
	`["ab\u00`,
	`["ab\`,
	"[\"ab\xe2\x82",
	"[1,\n  ",
	`{"a":{"b":true,"c`,
	`{"a":{"b":true,"c"`,
	`{"a":{"b":true,"c":`,
	`{"a":{"b":tr`,
	`{"a":-`,
	`{"a":1.`,
	`{"a":1e+`,
	`[[1]`,
	"tru",
	"\"abc",
	"{",
	"[",
	"Here:\n```json\n{\"a\":\"x\ny\"}\n```\n~~~\n12\n~~~\n[1,\"\xe2\x82\"]\nand {\"b\":[tru",
	// Findings reported with the fuzz targets: prose that begins with a
	// number or literal becomes a value; values on one line stay on it;
	// a value larger than Options.MaxOutput (not among fuzzOptions: its
	// error depends on the chunking).
	"2 items were found:\n{\"a\":1}",
	"null and void\n[1]",
	"[1] [2]",
	`["` + strings.Repeat("x", 100) + `"]`,
	// Deep nesting around the default cap.
	strings.Repeat("[", 511) + strings.Repeat("]", 511),
	strings.Repeat("[", 512) + strings.Repeat("]", 512),
	strings.Repeat("[", 513),
	strings.Repeat(`{"a":`, 300) + "1" + strings.Repeat("}", 299),
	strings.Repeat(`[{"a":`, 100),
	// Python tuples of one element, an object closed too early, a fence
	// right after a string's quote (issue #25).
	`{"a": ((1), ([2]), ({"b": (3,)}), (((4))))}`,
	strings.Repeat(`[(`, 12) + "1" + strings.Repeat(`)]`, 12),
	"{\"a\": 1}, \"b\": (2)}\n{\"c\": 3} , \"d\"\t: [4]}",
	"```json\n{\"a\": \"x\"```\n",
	// A ':' after a top-level value on its line: a bare member, or a
	// member in the prose after the value (a guess, not certain prose).
	"\"result\": [1, 2]\n\"The answer\": 42\n{\"a\": 1}: 2\n{\"a\":1} : {\"b\":2}",
	"{\"a\": 1} hello:\t 2\n[1], n: '3' x: 4 {\"b\":2} c: [5]\n\"s\" Note: this.\n\"t\" ids: [6]",
}

// addSeeds adds the hand-made seeds, the small JSONTestSuite files, a few
// lines of the LLM corpus and the inputs of the public repair vectors.
func addSeeds(f *testing.F) {
	for _, s := range handSeeds {
		f.Add([]byte(s))
	}
	for _, s := range repairSeeds {
		f.Add([]byte(s))
	}
	for _, c := range brokengen.Classes {
		f.Add(c.Generate(seedMaxSize / 2))
	}
	files, err := filepath.Glob("../testdata/JSONTestSuite/test_parsing/*.json")
	if err != nil || len(files) == 0 {
		f.Fatalf("JSONTestSuite files: %v (%d)", err, len(files))
	}
	sort.Strings(files)
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if len(b) <= seedMaxSize {
			f.Add(b)
		}
	}
	for _, name := range []string{"llm_raw.jsonl", "llm.jsonl", "twitter.json"} {
		b, err := os.ReadFile("../testdata/corpus/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:seedMaxSize]) // cut mid-value: a realistic truncation
	}
	vectors, err := os.Open("../testdata/repair-cases/public.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	defer vectors.Close()
	lines := bufio.NewScanner(vectors)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		var v struct{ Input string }
		if err := json.Unmarshal(lines.Bytes(), &v); err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(v.Input))
	}
	if err := lines.Err(); err != nil {
		f.Fatal(err)
	}
}

// fuzzOptions are the option sets every input is sanitized with: every
// repair on (guesses included, as MinConfidence Guess asks) and Strict
// (the fast layer only, where the scanner's structural fast path runs).
var fuzzOptions = []sanitize.Options{
	{MinConfidence: sanitize.Guess},
	{},
	{Strict: true},
	{MinConfidence: sanitize.Guess, CloseTruncated: true},
	{MinConfidence: sanitize.Guess, CloseTruncated: true, MaxDepth: 3},
	{MinConfidence: sanitize.Guess, Strict: true},
	{MinConfidence: sanitize.Guess, Strict: true, CloseTruncated: true, MaxDepth: 3},
	{MinConfidence: sanitize.Guess, Values: sanitize.ValuesLines},
	{MinConfidence: sanitize.Guess, CloseTruncated: true, Values: sanitize.ValuesFirst},
	{MinConfidence: sanitize.Guess, CloseTruncated: true, Values: sanitize.ValuesArray},
}

// FuzzSanitize checks the sanitizer's guarantees on arbitrary input: no
// panic; a nil error means valid JSON (one value, or one per Report.Values
// separated by whitespace); an error is a *sanitize.Error with coordinates
// and leaves only valid values (or nothing) behind; the output is a fixed
// point; valid JSON passes through untouched; and a Writer fed the input in
// pseudo-random splits gives the same bytes, Report and error.
func FuzzSanitize(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, opts := range fuzzOptions {
			out, rep, err := sanitize.Append(nil, in, opts)
			checkResult(t, in, opts, out, rep, err)
			checkIdempotent(t, in, opts, out, err)
			checkChunking(t, in, opts, out, rep, err)
		}
		checkValidUntouched(t, in)
	})
}

// checkResult checks the output and error of one Append.
func checkResult(t *testing.T, in []byte, opts sanitize.Options, out []byte, rep sanitize.Report, err error) {
	t.Helper()
	for k := 1; k < len(rep.Fixes); k++ {
		if rep.Fixes[k].Offset < rep.Fixes[k-1].Offset {
			t.Fatalf("opts %+v: fixes not in input order: %v", opts, rep.Fixes)
		}
	}
	for _, f := range rep.Fixes {
		if line, col, ok := position(in, f.Offset); !ok || line != f.Line || col != f.Column {
			t.Fatalf("opts %+v: fix %v: offset %d is at %d:%d in %q", opts, f, f.Offset, line, col, in)
		}
	}
	// What a truncated value's cut dropped leaves no fix behind: past a
	// drop_incomplete fix come only fixes at its offset and the closers.
	for k, f := range rep.Fixes {
		if f.Kind != sanitize.KindDropIncomplete {
			continue
		}
		for _, g := range rep.Fixes[k+1:] {
			if g.Offset != f.Offset && g.Kind != sanitize.KindCloseTruncated {
				t.Fatalf("opts %+v: fix %v after %v, whose bytes were dropped: %v", opts, g, f, rep.Fixes)
			}
		}
		break
	}
	if tr := rep.Truncation; rep.Truncated {
		if line, col, ok := position(in, tr.Offset); !ok || line != tr.Line || col != tr.Column {
			t.Fatalf("opts %+v: truncation %+v: offset %d is at %d:%d", opts, tr, tr.Offset, line, col)
		}
	}
	if rep.Truncated != errors.Is(err, sanitize.ErrTruncated) {
		t.Fatalf("opts %+v: Report.Truncated=%v but err=%v", opts, rep.Truncated, err)
	}
	if err == nil {
		want := rep.Values
		if opts.Values != sanitize.ValuesLines {
			want = 1 // one document: the only value, the first, or the array
		}
		if opts.Values == sanitize.ValuesOne && rep.Values != 1 {
			t.Fatalf("opts %+v: nil error with %d values", opts, rep.Values)
		}
		if n, ok := countValues(out); !ok || n != want {
			t.Fatalf("opts %+v: nil error but output is not %d valid values (got %d, ok=%v): %q", opts, want, n, ok, out)
		}
		if want == 1 && !json.Valid(out) {
			t.Fatalf("opts %+v: nil error but json.Valid rejects %q", opts, out)
		}
		return
	}
	var e *sanitize.Error
	if !errors.As(err, &e) {
		t.Fatalf("opts %+v: error %T is not a *sanitize.Error: %v", opts, err, err)
	}
	if line, col, ok := position(in, e.Offset); !ok || line != e.Line || col != e.Column {
		t.Fatalf("opts %+v: bad coordinates in %#v (offset %d is at %d:%d)", opts, e, e.Offset, line, col)
	}
	known := errors.Is(err, sanitize.ErrNeedsModel) && opts.MinConfidence.OrDefault() > sanitize.Guess
	for _, s := range []error{sanitize.ErrSyntax, sanitize.ErrTruncated, sanitize.ErrNoValue, sanitize.ErrDepth, sanitize.ErrTooLarge, sanitize.ErrMultipleValues} {
		known = known || errors.Is(err, s)
	}
	if !known {
		t.Fatalf("opts %+v: error wraps no sentinel: %v", opts, err)
	}
	// Whatever comes back with an error is the values completed before it
	// (plus, for truncation with CloseTruncated, the closed value): valid
	// values or nothing.
	if len(bytes.TrimSpace(out)) > 0 {
		if _, ok := countValues(out); !ok {
			t.Fatalf("opts %+v: error %v left invalid output %q", opts, err, out)
		}
	}
}

// position returns the line and byte column (both 1-based) of offset off
// in in, and false when off lies outside it (the end itself is inside).
func position(in []byte, off int64) (line, col int, ok bool) {
	if off < 0 || off > int64(len(in)) {
		return 0, 0, false
	}
	before := in[:off]
	return 1 + bytes.Count(before, []byte("\n")), len(before) - bytes.LastIndexByte(before, '\n'), true
}

// countValues decodes out as a sequence of JSON values, each separated from
// the next by whitespace, and reports how many it holds and whether it is
// such a sequence.
func countValues(out []byte) (int, bool) {
	dec := json.NewDecoder(bytes.NewReader(out))
	n := 0
	var end int64
	for {
		var v json.RawMessage
		err := dec.Decode(&v)
		if errors.Is(err, io.EOF) {
			return n, n > 0
		}
		if err != nil || !json.Valid(v) {
			return n, false
		}
		start := dec.InputOffset() - int64(len(v))
		if n > 0 && (start == end || !isSpace(out[start-1])) {
			return n, false // two values with no whitespace between them
		}
		end = dec.InputOffset()
		n++
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// checkIdempotent sanitizes a successful (or truncated and closed) output
// again: it must come back identical, with no fix and no error.
func checkIdempotent(t *testing.T, in []byte, opts sanitize.Options, out []byte, err error) {
	t.Helper()
	if err != nil && !(opts.CloseTruncated && errors.Is(err, sanitize.ErrTruncated)) {
		return
	}
	if len(bytes.TrimSpace(out)) == 0 {
		return
	}
	values, depth := opts.Values, opts.MaxDepth
	if values == sanitize.ValuesArray {
		// The array is one document (wrapped again it would nest), one
		// level deeper than the values it holds.
		values, depth = sanitize.ValuesOne, max(depth, sanitize.DefaultMaxDepth)+1
		if opts.MaxDepth > 0 {
			depth = opts.MaxDepth + 1
		}
	}
	again, rep, err2 := sanitize.Append(nil, out, sanitize.Options{MaxDepth: depth, Strict: opts.Strict, Values: values})
	if err2 != nil || !bytes.Equal(again, out) || len(rep.Fixes) > 0 {
		t.Fatalf("opts %+v: not idempotent on input %q:\nfirst  %q\nsecond %q\nfixes %v err %v", opts, in, out, again, rep.Fixes, err2)
	}
}

// checkValidUntouched checks that valid JSON comes back byte-identical with
// no fix, and uncopied, under the default options and Strict, unless it
// nests deeper than the default cap. encoding/json.Valid accepts invalid
// UTF-8 inside strings, which the sanitizer replaces (with a fix), so valid
// input here is also valid UTF-8.
func checkValidUntouched(t *testing.T, in []byte) {
	t.Helper()
	if !json.Valid(in) || !utf8.Valid(in) {
		return
	}
	for _, opts := range []sanitize.Options{{}, {Strict: true}} { // valid input needs no fix: the floor does not matter
		out, rep, err := sanitize.Append(nil, in, opts)
		if errors.Is(err, sanitize.ErrDepth) && nesting(in) > sanitize.DefaultMaxDepth {
			return
		}
		if err != nil || !bytes.Equal(out, in) || len(rep.Fixes) > 0 || rep.Values != 1 {
			t.Fatalf("opts %+v: valid input changed: %q -> %q, fixes %v, values %d, err %v", opts, in, out, rep.Fixes, rep.Values, err)
		}
		same, _, err := sanitize.Bytes(in, opts)
		if err != nil {
			t.Fatalf("opts %+v: Bytes failed on valid input %q: %v", opts, in, err)
		}
		if &same[0] != &in[0] {
			t.Fatalf("opts %+v: Bytes copied valid input %q", opts, in)
		}
	}
}

// nesting returns the maximum container depth of valid JSON in.
func nesting(in []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range in {
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped = c == '\\'
			inString = c != '"'
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}

// splitSizes returns pseudo-random chunk sizes derived from the input, so
// that a failure replays from the input alone.
func splitSizes(in []byte) []int {
	h := fnv.New64a()
	h.Write(in)
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(len(in))))
	sizes := make([]int, 16)
	for i := range sizes {
		sizes[i] = 1 + rng.IntN(13)
	}
	return sizes
}

// checkChunking feeds in to a Writer byte by byte (for small inputs) and in
// pseudo-random splits, and compares with Append's result.
func checkChunking(t *testing.T, in []byte, opts sanitize.Options, out []byte, rep sanitize.Report, err error) {
	t.Helper()
	splits := [][]int{splitSizes(in)}
	if len(in) <= 4096 {
		splits = append(splits, []int{1})
	}
	for _, sizes := range splits {
		got, gotRep, gotErr := viaWriter(in, sizes, opts)
		if err != nil && !opts.KeepsOutputOnRefusal(err) {
			out = nil // a refused document writes nothing
		}
		if !bytes.Equal(got, out) {
			t.Fatalf("opts %+v sizes %v: Writer output %q, Append output %q", opts, sizes, got, out)
		}
		if !sameReport(gotRep, rep) {
			t.Fatalf("opts %+v sizes %v: Writer report %+v, Append report %+v", opts, sizes, gotRep, rep)
		}
		if errText(gotErr) != errText(err) {
			t.Fatalf("opts %+v sizes %v: Writer error %q, Append error %q", opts, sizes, errText(gotErr), errText(err))
		}
	}
}

func sameReport(a, b sanitize.Report) bool {
	if len(a.Fixes) != len(b.Fixes) {
		return false
	}
	for i := range a.Fixes {
		if a.Fixes[i] != b.Fixes[i] {
			return false
		}
	}
	return a.Values == b.Values && a.Truncated == b.Truncated && a.Truncation == b.Truncation
}

func viaWriter(in []byte, sizes []int, opts sanitize.Options) ([]byte, sanitize.Report, error) {
	var buf bytes.Buffer
	w := sanitize.NewWriter(&buf, opts)
	var err error
	for k := 0; len(in) > 0 && err == nil; k++ {
		n := min(sizes[k%len(sizes)], len(in))
		_, err = w.Write(in[:n])
		in = in[n:]
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return buf.Bytes(), *w.Report(), err
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// FuzzScanner checks that the scanner never panics, that its events do not
// depend on how the input is split (whole, byte by byte, pseudo-random
// splits), and that a value it reports with no event inside is valid JSON.
func FuzzScanner(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		whole := scanEvents(in, nil)
		for _, sizes := range [][]int{{1}, splitSizes(in)} {
			got := scanEvents(in, sizes)
			if len(got) != len(whole) {
				t.Fatalf("sizes %v: %d events, whole input gave %d:\n%v\n%v", sizes, len(got), len(whole), got, whole)
			}
			for i := range got {
				if got[i] != whole[i] {
					t.Fatalf("sizes %v: event %d is %v, whole input gave %v", sizes, i, got[i], whole[i])
				}
			}
		}
		checkCleanValues(t, in, whole)
	})
}

// event is one scanner event with its position and the scanner's state
// after it; extra renders the error or truncation report.
type event struct {
	ev                       scan.Event
	off                      int64
	n, line, col, depth, val int
	extra                    string
}

func (e event) String() string {
	return fmt.Sprintf("%s@%d+%d(%d:%d) depth=%d values=%d %s", e.ev, e.off, e.n, e.line, e.col, e.depth, e.val, e.extra)
}

// scanEvents feeds in to a fresh scanner in the given chunk sizes (cycled;
// nil means whole) and returns every event, End's included.
func scanEvents(in []byte, sizes []int) []event {
	s := scan.New(0)
	var out []event
	record := func(ev scan.Event) {
		e := event{ev: ev, off: s.EventOffset(), n: s.EventLen(), depth: s.Depth(), val: s.Values()}
		e.line, e.col = s.EventPos()
		switch ev {
		case scan.Error:
			e.extra = s.Err().Error()
		case scan.Truncated:
			e.extra = fmt.Sprintf("%+v open=%s", s.Truncation(), s.AppendOpen(nil))
		}
		out = append(out, e)
	}
	for k := 0; len(in) > 0; k++ {
		chunk := in
		if len(sizes) > 0 && sizes[k%len(sizes)] < len(chunk) {
			chunk = chunk[:sizes[k%len(sizes)]]
		}
		in = in[len(chunk):]
		for len(chunk) > 0 {
			n, ev := s.Next(chunk)
			chunk = chunk[n:]
			if ev != scan.None {
				record(ev)
				if ev == scan.Error {
					return out
				}
			}
		}
	}
	for ev := s.End(); ev != scan.EOF; ev = s.End() {
		record(ev)
		if len(out) > 1<<20 {
			panic("End never returns EOF")
		}
	}
	return out
}

// checkCleanValues checks that the events pair up (ValueStart, then
// ValueEnd) and that a value with no ControlChar, InvalidUTF8 or InvalidEscape event inside
// is valid JSON by encoding/json.
func checkCleanValues(t *testing.T, in []byte, events []event) {
	t.Helper()
	start, clean := int64(-1), true
	for _, e := range events {
		switch e.ev {
		case scan.ValueStart:
			if start >= 0 {
				t.Fatalf("ValueStart inside a value: %v", events)
			}
			start, clean = e.off, true
		case scan.ValueEnd:
			if start < 0 || e.off < start || e.off > int64(len(in)) {
				t.Fatalf("ValueEnd at %d without a ValueStart: %v", e.off, events)
			}
			if v := in[start:e.off]; clean && !json.Valid(v) {
				t.Fatalf("reported value %q is not valid JSON", v)
			}
			start = -1
		case scan.ControlChar, scan.InvalidUTF8, scan.InvalidEscape:
			clean = false
		}
	}
}
