package scan

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The fast paths (stringRun, numberEnd, literalLen, structure and the key
// and value shortcuts in Next)
// skip only what needs no event and stop short at the end of a chunk. Cutting
// the input into two chunks at every position makes each of them meet the
// chunk end at every byte; the events must not change.
func TestFastPathsAtEveryCut(t *testing.T) {
	inputs := []string{
		`{"a":[1,-0.5e+10,0,-0,12.25E-3,1e5,"x"],"b":{"k\"ey":"v\\\/\b\f\n\r\t\u00e9"},"c":true}`,
		"[\"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80\", \"a\xffb\", \"x\ty\", \"\\q\", \"\\u12x4\"]",
		`[1.5, 2e, 3]`,
		`[01, 2]`,
		`{"n": -, "m": 1}`,
		`[1.e3]`,
		"{\"long\":\"" + "0123456789abcdef0123456789abcdef\xc3\xa9\xe2\x82\xac0123456789abcdef" + "\"}",
		`[123456789012345678901234567890, 0.000000000000000000001, 1E+308]`,
		`{"a":1,"b":[1,2`,
		`{"a":"tex`,
		`[true,false,null,[true],{"t":false},nul,tru]`,
		`[fals]`,
		`{"a":nulx}`,
		` [ [ [ 1 ] , { } , [ ] ] , { "a" : { "b" : [ { } ] } } ] `,
		"{\n  \"a\": [\n    1,\n    {\"b\": \"c\"}\n  ]\n}\n{}\n",
		`[1}`,
		`{"a":1]`,
		`{"a" 1}`,
		`[1 2]`,
		`{,}`,
		`{"a":1,}`,
		`[1,]`,
		`{"a":"x\ty","b\u0041":"\"","c":["d\/"]}`,
	}
	for _, in := range inputs {
		sameAtEveryCut(t, scanAll, in)
	}
}

// With every repair on, the fast paths leave the closing quote to the
// inner-quote check when what follows it is not settled at once, and stop
// at whatever a repair may concern: same events whole and at every cut.
func TestFastPathsWithRepairsAtEveryCut(t *testing.T) {
	inputs := []string{
		`{"a":"x","b" :"y" ,"c":["z" ]}`,
		`{"say":"he said "hi" to me","n":1}`,
		`{"a":"x" "b":"y"}`,
		`["a" + "b", 'c', d e, True, NaN, -Infinity, 007, .5, 1., [1,,2,], {a:1,}, /* c */ 3 // d` + "\n" + `]`,
		`{"a":NumberLong(12),"b":ObjectId("x"),"c":[1 2],"d":}`,
		"{\"k\": v\t, \"l\": \"\xe2\x80\x9cq\xe2\x80\x9d\"}",
		`[1, 2, 3, {"deep": [true, false, null, "s\u00e9"]}]`,
		// Strings quoted in one step and quote by quote.
		`{'k': 'v', 'l':'it''s', 'm': ['a','b' ], 'n':'x\'y', 'o': 'say "hi"', '':''}`,
		`{key: v w , other-key.x: https://e.x/a?b=1}` + "\n" + `[bare, words here]`,
		`{a: "x", b:1, $c_2 : [u v], d: é}`,
		// Comments dropped in runs and one by one.
		"[1 /*a*/ /**/  /* b * / c */ # x\n2, // y\n/* multi\nline */ 3 /*c*/ /*d*/ 4]",
		`{/*a*/ "k" /*b*/ : /*c*/ 1 /*d*/ , /*e*/ "l": "x" /*f*/ + /*g*/ "y"}`,
		"[1 // a\n  // b\n\t# c\r\n /*d*/, /*e*/\n/*f\ng*/ 2 /*h*/]",
		// Strings closed by full-width punctuation right after the
		// quote, and by other characters that begin with its first byte.
		`{"a"：1，"b"："x"，"c"：［"y"， "z"］，"d"："w"｝`,
		`{"a"，1, "b"ｘ: "v"ｘ, "c": ["q"］, "r"｝]}`,
	}
	for _, in := range inputs {
		sameAtEveryCut(t, scanRepair, in)
	}
}

// scanRepair is scanAll with every repair on, recording repairs too.
func scanRepair(input []byte, sizes []int) []string {
	return scanRepairQueued(input, sizes, false)
}

// scanRepairQueued is scanRepair with the repair queue on or off.
func scanRepairQueued(input []byte, sizes []int, queue bool) []string {
	return scanRepairSet(input, sizes, AllRepairs, queue)
}

// scanRepairSet is scanRepairQueued with the given repairs on.
func scanRepairSet(input []byte, sizes []int, repairs RepairSet, queue bool) []string {
	s := New(0)
	s.SetRepairs(repairs)
	s.SetQueue(queue)
	s.SetRequote(true)
	var out []string
	add := func(ev Event) {
		if ev == Repair {
			out = append(out, repairEdits(s, input)...)
		} else {
			out = append(out, record(s, ev))
		}
	}
	feed(s, input, sizes, add)
	return out
}

// With full-width repair off, the byte that may begin full-width
// punctuation after a closing quote is left to the inner-quote check, like
// any other byte that does not close the string at once.
func TestFastPathsWithoutFullWidthAtEveryCut(t *testing.T) {
	scan := func(in []byte, sizes []int) []string {
		return scanRepairSet(in, sizes, AllRepairs.Without(RepairFullWidth), false)
	}
	for _, in := range []string{`{"a":"x"ｘ y", "b":"z"，"c":1}`, `{"a"：1, "b":2}`} {
		sameAtEveryCut(t, scan, in)
	}
}

// structure stops at the depth cap and leaves the error to Next, whole or
// byte by byte.
func TestStructureDepthCap(t *testing.T) {
	in := []byte(`[[[["a"],{"b":[1]}]]]`)
	for _, sizes := range [][]int{nil, {1}, {5}} {
		s := New(3)
		var got []string
		for chunk := in; len(chunk) > 0; {
			n := len(chunk)
			if sizes != nil {
				n = min(n, sizes[0])
			}
			part := chunk[:n]
			chunk = chunk[n:]
			for len(part) > 0 {
				k, ev := s.Next(part)
				part = part[k:]
				if ev != None {
					got = append(got, record(s, ev))
				}
				if ev == Error {
					chunk = nil
					break
				}
			}
		}
		assert.Equal(t, []string{"value_start@0(1:1)", "error@3(1:4) nesting deeper than the limit"}, got, "sizes %v", sizes)
	}
}

// Full-width punctuation and typographic quotes, whose three bytes are read
// in one step when they are in the chunk and carried across chunks
// otherwise, give the same events whole, byte by byte and at every cut.
func TestThreeByteSyntaxAtEveryCut(t *testing.T) {
	inputs := []string{
		`{"a"：1，"b"： ［1，2］，"c"：｛"d"：2｝}`,
		`[“a”, ‘b’, “c ”d“ e”, 1，2]`,
		`{"a"：日本， "b"： 1}`,
		`{“k”： 1， ‘l’：2}`,
		"[1，\xef\xbf\xbf]",
		"[1，\xef\xbc",
		"{\"a\"\xef\xbc\x9a\xef\xbc",
	}
	for _, in := range inputs {
		sameAtEveryCut(t, scanRepair, in)
	}
}

// Long strings, which the wide reading and the string automaton read in
// blocks and words, give the same events whole, byte by byte and cut in
// two at every position, with the wide reading and without, strict and
// with every repair on: control bytes, invalid UTF-8, \u escapes and
// sequences across the edges of blocks and words.
func TestLongStringsAtEveryCut(t *testing.T) {
	long := "0123456789abcdef0123456789abcdef"
	inputs := []string{
		`{"k":"` + long + "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80 \\n\\\"q\\\" " + long + `","n":[1,"` + long + `x"]}`,
		`["` + long[:31] + "\xe6\x97\xa5" + long + `", "` + long[:30] + `\n` + long + `", "` + long[:31] + `\"` + long + `"]`,
		`["` + long + "\x01" + long + "\n" + long + `", "` + long + "\xff\xc3(" + long + `"]`,
		`{"` + long + `\u00e9` + long + `":"` + long[:29] + "\xf0\x9f\x98" + `"}`,
		`["` + long + long + `\q` + long + `"]`,
		`["` + long + "\xe2\x80\x9c" + long + "\xe2\x80\x9d" + `", 1]`,
		`{"say":"` + long + `he said "hi" to me` + long + `","n":1}`,
		`["` + long + long + long,
	}
	withReaders(t, func(t *testing.T) {
		for _, in := range inputs {
			sameAtEveryCut(t, scanAll, in)
			sameAtEveryCut(t, scanRepair, in)
		}
	})
}

// repairEdits describes the edits of the scanner's last Repair on input,
// one line each, as if each had come as a Repair of its own: a Repair that
// groups edits found in one step (a string's two quotes, a run of
// comments) gives the same lines as those edits reported one by one, the
// edits after the first joining its fix.
func repairEdits(s *Scanner, input []byte) []string {
	line, col := s.EventPos()
	atKind := func(off int64, k RepairKind, n int, repl string, joins bool) string {
		// Grouped edits lie on one line.
		return fmt.Sprintf("repair@%d(%d:%d) %s+%d %q joins=%v", off, line, col+int(off-s.EventOffset()), k, n, repl, joins)
	}
	at := func(off int64, n int, repl string, joins bool) string {
		return atKind(off, s.RepairKind(), n, repl, joins)
	}
	if s.RepairKind() == RepairComment && s.Replacement() != "" {
		// A run of comments with the spaces between them: one edit per
		// comment, the spaces kept.
		var out []string
		from, end := int(s.EventOffset()), int(s.EventOffset())+s.EventLen()
		joins := s.RepairJoins()
		for p := from; p < end; {
			for input[p] == ' ' {
				p++
			}
			e := end
			if k := bytes.Index(input[p:end], []byte("*/")); input[p+1] == '*' && k >= 0 {
				e = p + k + 2
			}
			out = append(out, at(int64(p), e-p, "", joins))
			p, joins = e, true
		}
		return out
	}
	out := []string{at(s.EventOffset(), s.EventLen(), s.Replacement(), s.RepairJoins())}
	if c := s.ClosingOffset(); c != 0 {
		if s.RepairRequotes() {
			// The string's inner edits: a backslash before each double
			// quote, joining the string's fix, and each \' made a ' (a fix
			// of its own).
			for p := s.EventOffset() + 1; p < c; p++ {
				if p < s.EventOffset()+1+int64(s.RequotePlain()) && (input[p] == '"' || input[p] == '\\') {
					out = append(out, fmt.Sprintf("byte %d is not plain", p))
				}
				switch input[p] {
				case '"':
					out = append(out, atKind(p, RepairSingleQuote, 1, `\"`, true))
				case '\\':
					if input[p+1] == '\'' {
						out = append(out, atKind(p, RepairInvalidEscape, 2, "'", false))
					}
					p++
				}
			}
		}
		out = append(out, at(c, s.EventLen(), s.Replacement(), true))
	}
	return out
}

// groupable reports whether repairs of kind k may come grouped in one
// Repair, depending on the split: the scanner's state after such a Repair
// is then that after the last edit of the group.
func groupable(k RepairKind) bool {
	return k == RepairSingleQuote || k == RepairUnquotedKey || k == RepairUnquotedValue || k == RepairComment
}

// sameAtEveryCut checks that scan gives the same result for in fed whole,
// byte by byte, and cut in two at every position.
func sameAtEveryCut(t *testing.T, scan func([]byte, []int) []string, in string) {
	t.Helper()
	want := scan([]byte(in), []int{1})
	if got := scan([]byte(in), nil); !assert.Equal(t, want, got, "%q whole", in) {
		return
	}
	for k := 1; k < len(in); k++ {
		if got := scan([]byte(in), []int{k, len(in)}); !assert.Equal(t, want, got, "%q cut at %d", in, k) {
			return
		}
	}
}
