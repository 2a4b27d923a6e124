package scan

import (
	"slices"
	"strings"
	"testing"
)

// FuzzStringRun: the string fast path (wide readings, automaton and byte
// at a time reading) stops where the one-character-at-a-time reference
// does, from any start, with each reader the machine has (portable, the
// 32-byte reading alone, the 64-byte one before it); so does quoteInWord,
// the structure fast path's first step, wherever it finds the closing
// quote. The seeds are long enough for the wide readings' blocks.
func FuzzStringRun(f *testing.F) {
	long := strings.Repeat("abcdefgh", 5)
	for _, s := range []string{
		long + `"`, long + "caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac" + long + `"`, long[:31] + `\n` + long + `"`,
		long + `\u00e9\"` + long, long + long[:23] + `\n` + long + "\xe6\x97\xa5" + long + `"`, long + "\xf0\x9f\x98\x80\xed\xa0\x80" + long, long + "\x01\x7f\xff",
		`id": 1, "summary": "`, `a\"b", "c": 1}`, "ab\xc3\xa9\"cdefgh",
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, b []byte, start uint8) {
		i := min(int(start), len(b))
		want := stringRunReference(b, i)
		if j := quoteInWord(b, i); j >= 0 && j != want {
			t.Fatalf("%q from %d: quoteInWord found the quote at %d, the reference stops at %d", b, i, j, want)
		}
		eachReader(func(name string) {
			if got := stringRun(b, i); got != want {
				t.Fatalf("%q from %d (%s): stopped at %d, want %d", b, i, name, got, want)
			}
		})
	})
}

// FuzzMoreComments: a run of comments (64-byte windows, words, one comment
// at a time) ends where the one-by-one reference ends it, with the wide
// reading and without, whether it follows b[:i] (moreComments) or begins
// at b[i] (commentsFrom). The seeds hold runs long enough for the windows.
func FuzzMoreComments(f *testing.F) {
	run := strings.Repeat("/*c*/ ", 20)
	for _, s := range []string{
		run + "1", run[:70] + "/*/ */" + run, run + "/*a\nb*/" + run, run + "*/*" + run,
		strings.Repeat("/**/  ", 30) + "// x\n", strings.Repeat("/* a longer comment */ ", 8),
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, b []byte, start uint8) {
		i := min(int(start), len(b))
		saved := useVector
		defer func() { useVector = saved }()
		wantEnd, wantGaps := commentsOneByOne(b, i)
		fromEnd, fromGaps := commentsFromOneByOne(b, i)
		for _, on := range []bool{false, saved} {
			useVector = on
			if end, gaps := moreComments(b, i, 0, true); end != wantEnd || gaps != wantGaps {
				t.Fatalf("moreComments: %q from %d (vector %v): (%d, %d), want (%d, %d)", b, i, on, end, gaps, wantEnd, wantGaps)
			}
			if end, gaps := commentsFrom(b, i, true); end != fromEnd || gaps != fromGaps {
				t.Fatalf("commentsFrom: %q from %d (vector %v): (%d, %d), want (%d, %d)", b, i, on, end, gaps, fromEnd, fromGaps)
			}
		}
	})
}

// FuzzNumberEnd: numberEnd (with its 32-byte shortcut) ends a number where
// the byte-wise grammar does.
func FuzzNumberEnd(f *testing.F) {
	for _, s := range []string{"-65.613616999999977,43.4", "0.5e10]", "123456789012345678901234567890,", "01,", "1.,", "-,", "1e+5 "} {
		f.Add([]byte(s + strings.Repeat(",", 32)))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 {
			return
		}
		if want, got := numberEndByteWise(b, 0), numberEnd(b, 0); got != want {
			t.Fatalf("%q: %d, want %d", b, got, want)
		}
	})
}

// FuzzNumbersRun: an array of numbers (the fuzzer's bytes inside "[[" and
// "]]", with room after them for the 32-byte windows) gives the same
// events and marks read whole, where numbersRun reads it, and one byte at
// a time, where it never does; strict and with every repair on.
func FuzzNumbersRun(f *testing.F) {
	for _, s := range []string{"-65.613616999999977,43.420273000000009],[-65.625,43.4", "1,2,3],[4", "1.5e3,2", "01,-0,0.5", "1,,2", "1.,2"} {
		f.Add([]byte(s))
	}
	pad := strings.Repeat(" ", 40)
	f.Fuzz(func(t *testing.T, b []byte) {
		in := []byte("[[" + string(b) + "]]" + pad)
		for _, repairs := range []bool{false, true} {
			want := scanMarks(in, []int{1}, repairs)
			if got := scanMarks(in, nil, repairs); !slices.Equal(want, got) {
				t.Fatalf("%q (repairs %v):\nwhole %q\nbytes %q", in, repairs, got, want)
			}
		}
	})
}
