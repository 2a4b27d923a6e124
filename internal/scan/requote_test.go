package scan

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A single-quoted string that lies whole in the chunk and holds double
// quotes or \' comes as one Repair asking for a rewrite only when
// SetRequote is on, and only when all it holds can be rewritten: not a \u
// escape (read by the careful path), and not a \' when its repair is off.
func TestRequote(t *testing.T) {
	in := []byte(`{'a':'It\'s "x"','b':'\u0041"','c':'d'}`)
	requotes := func(set RepairSet, on bool) []string {
		s := New(0)
		s.SetRepairs(set)
		s.SetRequote(on)
		var got []string
		feed(s, in, nil, func(ev Event) {
			if ev == Repair && s.RepairRequotes() {
				got = append(got, fmt.Sprintf("%d-%d plain %d", s.EventOffset(), s.ClosingOffset(), s.RequotePlain()))
			}
		})
		return got
	}
	assert.Equal(t, []string{"5-15 plain 2"}, requotes(AllRepairs, true))
	assert.Empty(t, requotes(AllRepairs, false))
	assert.Empty(t, requotes(AllRepairs.Without(RepairInvalidEscape), true))
}

// Whole strings rewritten at once give the edits the careful path gives
// one by one, whole, byte by byte and cut in two at every position.
func TestRequoteAtEveryCut(t *testing.T) {
	long := "0123456789abcdef0123456789abcdef"
	inputs := []string{
		`{'a': 'It\'s "solid".', 'b': 'x'}`,
		`{'k"\'':'v"', 'n': ['"', '\'', '\\', '\/"', 'é"ü']}`,
		`['` + long + `"` + long + `\'` + long + `', 1]`,
		`['a"b' 'c', 'x"'+'y', 'z"'`,
		`['\u0041"', 'bad \x "esc"', 'tab	"', 'a"\`,
	}
	for _, in := range inputs {
		sameAtEveryCut(t, scanRepair, in)
		sameAtEveryCut(t, func(in []byte, sizes []int) []string {
			return scanRepairSet(in, sizes, AllRepairs.Without(RepairInnerQuote), true)
		}, in)
	}
}
