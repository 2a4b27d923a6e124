package sanitize

import (
	"bytes"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The run loops (applyAhead, applyWide, applyPairs, applyQuotes) give
// what applyRepair gives one repair at a time: the same output, fixes,
// error and work on every repair case, every broken class and every
// public repair vector, under several options.
func TestRunLoopsMatchApplyRepair(t *testing.T) {
	var inputs []string
	for _, tc := range repairCases {
		inputs = append(inputs, tc.in)
	}
	for _, c := range brokengen.Classes {
		inputs = append(inputs, string(c.Generate(4<<10)))
	}
	inputs = append(inputs,
		"[1 /*a*/ /*b*/ , 2 /*c*/ ] ",                                           // a trailing comma found after comments goes before them
		"{\"a\":1 /*x*/ /*y*/\n\"b\":.5 /*z*/}",                                 // a missing comma after comments, numbers leaning back
		`[1., {"a`, `{"a": 01, "b": [2.`, `{"a": , "b": tr`, `[{"a": 1 ], [tru`, // an insertion leaning back at the cut
		`[1，2，]`, `{"a"：1，}`, `[1，/*c*/]`, `["a"，"b"，`, `{a：'b'，c：d，`, // full-width punctuation edited after or cut at
		`{a: 1, b: [x, y`, `{a: b c: d}`, `[{a: 1}, {b: 2`, `{a: hello world, b: 'x' "y"}`, // bare keys and words edited after or cut at
		`{a: b, c: 'it\'s', d: e，f: "g"}`, `{a: 1 /*c*/ b: 2}`, // runs of one kind broken by another
		`['a', 'b' 'c', 'd',]`, `{'a': 'b', "c": 'it\'s', 'd': 'e'，'f': x}`, `['a', 'b`, `['a', 'b', 1.`, // single-quoted strings
		`['a\u00e9', 'b\x', 'c', ‘d’, 'e']`, `['a', "b" c, 'd']`, // edited inside, one at a time; a quote patched by edit
		"["+strings.Repeat(`'ab', `, 70)+"'z']",                                  // more pairs than patches may wait
		"[1 /*a*/ 2 /*b*/ /*c*/ 3]", "{\"a\": 1 /*x*/ \"b\": 2 /*y*/\n\"c\": 3}", // commas carried by comments
		"[1  /*a*/ 2 /*b*/ 3, 4 /*c*/ ]", "[1 /*a*/\n2 /*b*/ 'c' /*d*/ x]", // carried or not, beside other repairs
	)
	for n := 29; n <= 35; n++ { // a comma, a space and the blanks kept: around 32 bytes
		inputs = append(inputs, "[1 "+strings.Repeat("/*c*/ ", n)+"2 "+strings.Repeat("/**/ ", n)+"3]")
	}
	forEachRepairVector(t, func(v repairVector) { inputs = append(inputs, v.Input) })

	options := []Options{
		{},
		{CloseTruncated: true},
		{MinConfidence: Likely},
		{MinConfidence: Certain},
		{Disable: KindSet(0).With(KindMissingComma)},
	}
	for _, opts := range options {
		want, got := New(opts), New(opts)
		want.noRunLoops = true
		for _, in := range inputs {
			// Twice each: the second time the fix log has room, which
			// the run loops need to take a repair.
			var wantOut, gotOut []byte
			var wantErr, gotErr error
			for range 2 {
				wantOut, wantErr = want.Append(nil, []byte(in))
				gotOut, gotErr = got.Append(dirty(2*len(in)+64), []byte(in))
			}
			if !assert.Equal(t, string(wantOut), string(gotOut), "%q %+v", in, opts) ||
				!assert.Equal(t, *want.Report(), *got.Report(), "%q %+v", in, opts) ||
				!assert.Equal(t, errString(wantErr), errString(gotErr), "%q %+v", in, opts) ||
				!assert.Equal(t, want.work, got.work, "%q %+v: work", in, opts) {
				return
			}
		}
	}
}

// Past MaxFixes the run loops go on, counting the fixes they make
// (pastCap): the output, report (the fixes omitted by kind included),
// error and work are still applyRepair's, on every broken class made long
// enough to pass the cap and on runs of each loop's kind.
func TestRunLoopsMatchApplyRepairPastTheCap(t *testing.T) {
	var inputs []string
	for _, c := range brokengen.Classes {
		inputs = append(inputs, string(c.Generate(1<<20)))
	}
	runs := map[string]string{
		"commas":      "[1,,2,]",
		"full width":  "[1，2，]",
		"bare words":  "{a: b, c: d}",
		"single":      "['a', 'b']",
		"comments":    "[1 /*a*/ 2 /*b*/ /*c*/ 3]",
		"wrong floor": "[1, 2,] ['a'] [x]",
	}
	for _, run := range runs {
		inputs = append(inputs, "["+strings.Repeat(run+",", MaxFixes)+run+"]")
	}
	for _, opts := range []Options{{}, {MinConfidence: Guess}, {MinConfidence: Certain}} {
		want, got := New(opts), New(opts)
		want.noRunLoops = true
		cut := 0
		for _, in := range inputs {
			wantOut, wantErr := want.Append(nil, []byte(in))
			gotOut, gotErr := got.Append(dirty(2*len(in)+64), []byte(in))
			require.Equal(t, string(wantOut), string(gotOut), "%.60q %+v", in, opts)
			require.Equal(t, errString(wantErr), errString(gotErr), "%.60q %+v", in, opts)
			require.Equal(t, *want.Report(), *got.Report(), "%.60q %+v", in, opts)
			require.Equal(t, want.work, got.work, "%.60q %+v: work", in, opts)
			if got.Report().FixesCut {
				cut++
			}
		}
		if opts.MinConfidence != Certain {
			assert.GreaterOrEqual(t, cut, len(runs), "inputs past the cap, %+v", opts)
		}
	}
}

// A comma carried by comments (two fixes in one repair) where the fix log
// has room for one fix only: applyCarried leaves the repair to applyRepair
// rather than make the comma and break off before the comments' fix.
func TestCarriedCommaAtFullFixLog(t *testing.T) {
	// Two fixes for each comma carried, one for each extra comma between
	// them: the log fills at every place of a run, after an odd or an
	// even number of fixes.
	for lead := range 40 {
		in := "[" + strings.Repeat("1, ", lead) + strings.Repeat(strings.Repeat("1 /*c*/ ", 9)+"1,, ", 20) + "2]"
		want, got := New(Options{MinConfidence: Guess}), New(Options{MinConfidence: Guess})
		want.noRunLoops = true
		wantOut, wantErr := want.Append(nil, []byte(in))
		gotOut, gotErr := got.Append(nil, []byte(in))
		require.NoError(t, wantErr)
		require.NoError(t, gotErr)
		require.Equal(t, string(wantOut), string(gotOut), "lead %d", lead)
		wantFixes, gotFixes := want.Report().Fixes, got.Report().Fixes
		require.Equal(t, 20*19, len(wantFixes), "lead %d: fixes", lead)
		require.Equal(t, len(wantFixes), len(gotFixes), "lead %d: fixes", lead)
		for k := range wantFixes {
			require.Equal(t, wantFixes[k], gotFixes[k], "lead %d: fix %d", lead, k)
		}
	}
}

// dirty returns an empty slice with room for n bytes, all '#': the word
// moves write past the output's end into that room, and none of it may
// show.
func dirty(n int) []byte {
	return bytes.Repeat([]byte{'#'}, n)[:0]
}
