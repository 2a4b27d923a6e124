package scan

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// proseEvents scans in with every repair on (and the prose watch as
// given), split into chunks of the given sizes, and returns its Prose
// events, each marked "+value" when ProseLikeValue is true.
func proseEvents(in string, watch bool, sizes []int) []string {
	s := New(0)
	s.SetRepairs(AllRepairs)
	s.SetProseWatch(watch)
	var out []string
	feed(s, []byte(in), sizes, func(ev Event) {
		if ev != Prose {
			return
		}
		r := record(s, ev)
		if s.ProseLikeValue() {
			r += "+value"
		}
		out = append(out, r)
	})
	return out
}

// A ':' after a top-level value, on its line, means the value was a
// member's name: the prose is no certain drop. A ':' further in the
// prose followed by a byte that may begin a value gives, with the watch
// on, a second Prose event at the colon.
func TestProseColonAfterValue(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string // with the watch on
		off      []string // with it off, when not want
	}{
		{"bare member, string", `"score": 5`, []string{"prose@7(1:8)+value"}, nil},
		{"bare member, array", `"result": [1, 2]`, []string{"prose@8(1:9)+value"}, nil},
		{"bare member, no value", `"score":`, []string{"prose@7(1:8)+value"}, nil},
		{"object as a key", `{"a": 1}: 2`, []string{"prose@8(1:9)+value"}, nil},
		{"colon after blanks", "{\"a\":1} \t: x", []string{"prose@9(1:10)+value"}, nil},
		{"object as a key of an object", `{"a":1} : {"b":2}`, []string{"prose@8(1:9)+value"}, nil},
		{"member in the prose", `{"a": 1} hello: 2`,
			[]string{"prose@9(1:10)", "prose@14(1:15)+value"}, []string{"prose@9(1:10)"}},
		{"member after the comma", `{"a":1}, note: -3`,
			[]string{"prose@7(1:8)", "prose@13(1:14)+value"}, []string{"prose@7(1:8)"}},
		{"member with a quoted value", `[1] name: 'x'`,
			[]string{"prose@4(1:5)", "prose@8(1:9)+value"}, []string{"prose@4(1:5)"}},
		{"member in a string's tail", `"x" total: 2`, []string{"prose@4(1:5)+value"}, nil},
		{"array in a string's tail", `"x" ids: [1, 2]`, []string{"prose@4(1:5)+value"}, nil},
		{"one event for two members", `[1] a: 1, b: 2`,
			[]string{"prose@4(1:5)", "prose@5(1:6)+value"}, []string{"prose@4(1:5)"}},
		{"a word after the colon", `{"a":1} Note: this is JSON.`, []string{"prose@8(1:9)"}, nil},
		{"a word after the colon, string", `"x" Note: this is JSON.`, []string{"prose@4(1:5)"}, nil},
		{"a URL", `{"a":1} see https://example.com/a`, []string{"prose@8(1:9)"}, nil},
		{"a colon at the end", `{"a":1} Answer:`, []string{"prose@8(1:9)"}, nil},
		{"a number without a colon", `{"a":1} The answer is 42.`, []string{"prose@8(1:9)"}, nil},
		{"the next line is not watched", "{\"a\":1}\nNote: 5 fields", []string{"prose@8(2:1)"}, nil},
		{"nor after a line break in the prose", "{\"a\":1} ok\ntotal: 5", []string{"prose@8(1:9)", "prose@11(2:1)"}, nil},
		{"nor prose before a value", "Result: 5\n{\"a\":1}", []string{"prose@0(1:1)"}, nil},
		{"a colon then a line break", "{\"a\":1} Note:\n5", []string{"prose@8(1:9)", "prose@14(2:1)"}, nil},
		{"a second value ends the watch, and its prose is watched", `{"a":1} so {"b":2} c: 3`,
			[]string{"prose@8(1:9)", "prose@19(1:20)", "prose@20(1:21)+value"}, []string{"prose@8(1:9)", "prose@19(1:20)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, proseEvents(tc.in, true, nil))
			off := tc.off
			if off == nil {
				off = tc.want
			}
			assert.Equal(t, off, proseEvents(tc.in, false, nil), "watch off")
			for _, size := range []int{1, 2, 3, 5} {
				assert.Equal(t, tc.want, proseEvents(tc.in, true, []int{size}), "split by %d", size)
			}
		})
	}
}
