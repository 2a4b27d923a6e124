package scanner

import (
	"fmt"
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scanQueued is scanRepair with the queue on: the queued Repairs, then the
// event Next returned, each flattened to its edits.
func scanQueued(input []byte, sizes []int) []string {
	s := New(0)
	s.SetRepairs(AllRepairs)
	s.SetQueue(true)
	var out []string
	queued := func() {
		for _, q := range s.Queued() {
			at := func(off int64) string {
				return fmt.Sprintf("repair@%d(%d:%d) %s+%d %q", off, q.Line, q.Column+int(off-q.Offset), q.Kind, q.Len, q.Repl)
			}
			out = append(out, at(q.Offset))
			if q.Closing != 0 {
				out = append(out, at(q.Closing))
			}
		}
	}
	for k := 0; len(input) > 0; k++ {
		chunk := input
		if len(sizes) > 0 && sizes[k%len(sizes)] < len(chunk) {
			chunk = chunk[:sizes[k%len(sizes)]]
		}
		input = input[len(chunk):]
		for len(chunk) > 0 {
			n, ev := s.Next(chunk)
			chunk = chunk[n:]
			queued()
			switch ev {
			case None:
			case Repair:
				out = append(out, repairEdits(s)...)
			default:
				out = append(out, record(s, ev))
			}
			if ev == Error {
				return out
			}
		}
	}
	for ev := s.End(); ev != EOF; ev = s.End() {
		out = append(out, record(s, ev))
	}
	return out
}

// With the queue on, the edits, their offsets and positions, their order
// and the other events are those Next returns one by one with it off, for
// every class of broken input and several splits, and the queue holds
// nothing the caller has not been given.
func TestQueueKeepsEveryEdit(t *testing.T) {
	inputs := []string{
		`{'a': 'x', b: c d, "e"：1，"f"： ［1， 2］, /*c*/ /*d*/ "g": 'It\'s "ok"'}`,
		`['a' 'b', ｛"k"： 1｝, True, x y]`,
		`{a: ［［1］］}`,
	}
	for _, c := range brokengen.Classes {
		inputs = append(inputs, string(c.Generate(1500)))
	}
	queuedSome := false
	for _, in := range inputs {
		for _, sizes := range [][]int{nil, {1}, {7}, {64}, {5, 300}} {
			want := scanRepair([]byte(in), sizes)
			got := scanQueued([]byte(in), sizes)
			if !assert.Equal(t, want, got, "%.60q sizes %v", in, sizes) {
				return
			}
		}
		s := New(0)
		s.SetRepairs(AllRepairs)
		s.SetQueue(true)
		for b := []byte(in); len(b) > 0; {
			n, _ := s.Next(b)
			b = b[n:]
			queuedSome = queuedSome || len(s.Queued()) > 0
		}
	}
	require.True(t, queuedSome, "no input queued a repair")
}
