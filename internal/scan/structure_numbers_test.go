package scan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// scanMarks is scanAll (repairs optional) that also records, at every
// event and at the end, the marks numbersRun keeps in locals: the commit
// offset, the stable offset and the depth.
func scanMarks(input []byte, sizes []int, repairs bool) []string {
	s := New(0)
	if repairs {
		s.SetRepairs(AllRepairs)
	}
	var out []string
	add := func(ev Event) {
		marks := fmt.Sprintf(" commit=%d stable=%d depth=%d", s.CommitOffset(), s.StableOffset(), s.Depth())
		if ev != Repair {
			out = append(out, record(s, ev)+marks)
			return
		}
		edits := repairEdits(s, input)
		if !groupable(s.RepairKind()) {
			// The marks after a group's first edit depend on the split.
			edits[len(edits)-1] += marks
		}
		out = append(out, edits...)
	}
	feed(s, input, sizes, add)
	return out
}

// Arrays of numbers, nested or not, which numbersRun reads when 32 bytes
// are left: the same events and marks whole, byte by byte (never through
// numbersRun) and cut in two at every position, strict and with every
// repair on, for clean input and input broken right inside a run.
func TestNumbersRunAtEveryCut(t *testing.T) {
	pairs := "[-65.613616999999977,43.420273000000009],[-65.625,43.421379000000059],[-65.598343,43.515830999999935]"
	inputs := []string{
		`{"type":"Polygon","coordinates":[[` + pairs + `],[` + pairs + `]]}`,
		`[[` + pairs + `],[[1,2],[3,4]],[],[5]]`,
		`{"a":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,0,-0,0.5,-0.25,123456.789],"b":1}`,
		`[[337184269,337184283,123456789012345,1234567890123456,123456789.123456789012345,12345678.1234567890123456,-1234567890.5]]`,
		`[` + pairs + `,[1,2,],7]`,
		`[` + pairs + `,[1,,2],7]`,
		`[` + pairs + `,[01,2],7]`,
		`[` + pairs + `,[1.,2],7]`,
		`[` + pairs + `,[1.5e10,2E-3,12345678901234567890,0.123456789012345678901234567],7]`,
		`[` + pairs + `,[1, 2],[3 ,4],[5` + "\n" + `,6]]`,
		`[` + pairs + `,[1,2}],7]`,
		`[` + pairs + `,{"k":[1,2]},"s",true,null]`,
		`[` + pairs + `,[1,2]]` + strings.Repeat(" ", 40),
		`[` + pairs + `,[1,2],[3,4` + strings.Repeat(" ", 10),
		`[[[[[[[[[[1,2]]]]]]]]]` + pairs + `]`,
		`[1,2` + pairs,
		// Fractions ending at every word edge of the fixed loads, and
		// integer parts that push the fraction past them.
		`[[-1234567.5,1234567.25,-1.2345678,12.345678,1.23456789012345,-1.234567890123456,0.0,-0.0,9.99999999999999999999,-9.9999999999999999999],[1.5e3,-7.25E-2]]`,
		`[[1.25,-3.5],[2.,4]]` + pairs,
		`[[1.25,-3.5],[2.x,4]]` + pairs,
		`[[1.25,-3.5],[-.5,4]]` + pairs,
	}
	for _, in := range inputs {
		for _, repairs := range []bool{false, true} {
			want := scanMarks([]byte(in), []int{1}, repairs)
			if got := scanMarks([]byte(in), nil, repairs); !assert.Equal(t, want, got, "%q whole, repairs %v", in, repairs) {
				continue
			}
			for k := 1; k < len(in); k++ {
				if got := scanMarks([]byte(in), []int{k, len(in)}, repairs); !assert.Equal(t, want, got, "%q cut at %d, repairs %v", in, k, repairs) {
					break
				}
			}
		}
	}
}

// numbersRun stops at the depth cap and leaves the error to Next.
func TestNumbersRunDepthCap(t *testing.T) {
	in := []byte(`[[[[1.5,2.5],[3.5,4.5]]],[5.5,6.5,7.5,8.5,9.5,10.5,11.5]]`)
	for _, sizes := range [][]int{nil, {1}} {
		s := New(3)
		var got []string
		for chunk := in; len(chunk) > 0; {
			n := len(chunk)
			if sizes != nil {
				n = 1
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
