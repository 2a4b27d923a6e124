package scan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// With the queue on, the edits, their offsets and positions, their order
// and the other events are those Next returns one by one with it off, for
// every class of broken input and several splits, and the queue holds
// nothing the caller has not been given. The one difference Queued
// documents, a missing comma queued before the comments after which it
// was found, is taken out of both lists by commaBeforeComments.
func TestQueueKeepsEveryEdit(t *testing.T) {
	inputs := []string{
		`{'a': 'x', b: c d, "e"：1，"f"： ［1， 2］, /*c*/ /*d*/ "g": 'It\'s "ok"'}`,
		`['a' 'b', ｛"k"： 1｝, True, x y]`,
		`{a: ［［1］］}`,
		"{a:1 /*c*/ b:2, \"c\": 3 // x\n \"d\": 4, e: [1 /*x*/ /*y*/ 2 # z\n 3], f: 5, // t\n}",
	}
	for _, c := range brokengen.Classes {
		inputs = append(inputs, string(c.Generate(1500)))
	}
	// Dense enough to grow the queue to its largest (see growQueue).
	inputs = append(inputs, denseRepairs(700))
	queuedSome := false
	for _, in := range inputs {
		for _, sizes := range [][]int{nil, {1}, {7}, {64}, {5, 300}} {
			want := commaBeforeComments(scanRepair([]byte(in), sizes))
			got := commaBeforeComments(scanRepairQueued([]byte(in), sizes, true))
			if !assert.Equal(t, want, got, "%.60q sizes %v", in, sizes) {
				return
			}
		}
		nextQueued(in, func(s *Scanner) { queuedSome = queuedSome || len(s.Queued()) > 0 })
	}
	require.True(t, queuedSome, "no input queued a repair")
}

// commaBeforeComments rewrites a list of edits (see repairEdits) into the
// order of their offsets where a missing comma comes right after comments
// that lie past it: it moves the comma before those comments, as the
// queue gives them when it reads the comments at once (see Queued).
func commaBeforeComments(edits []string) []string {
	offset := func(e string) int64 {
		var off int64
		fmt.Sscanf(e, "repair@%d", &off)
		return off
	}
	isComment := func(e string) bool { return strings.Contains(e, " "+RepairComment.String()+"+") }
	for i, e := range edits {
		if !strings.Contains(e, " "+RepairMissingComma.String()+"+") {
			continue
		}
		j := i
		for j > 0 && isComment(edits[j-1]) && offset(edits[j-1]) > offset(e) {
			j--
		}
		copy(edits[j+1:i+1], edits[j:i])
		edits[j] = e
	}
	return edits
}

// denseRepairs returns an array of n single-quoted strings: one Repair
// each, read whole between tokens, all queued.
func denseRepairs(n int) string {
	return "[" + strings.Repeat("'a', ", n-1) + "'a']"
}

// The queue starts with room for queueMin Repairs and doubles, up to
// queueMax, after each call that fills it; a call that fills it returns
// the next Repair itself. Input with few repairs per call never grows it,
// and Reset keeps what it grew to.
func TestQueueGrowsWhereRepairsAreDense(t *testing.T) {
	in := []byte(denseRepairs(1000))
	s := newQueued()
	var queued []int
	repairs := 0
	for b := in; len(b) > 0; {
		n, ev := s.Next(b)
		b = b[n:]
		if len(s.Queued()) > 0 { // the first call returns at '['
			queued = append(queued, len(s.Queued()))
		}
		repairs += len(s.Queued())
		if ev == Repair {
			repairs++
		}
	}
	require.Equal(t, 1000, repairs, "every quoted string is one Repair, queued or returned")
	require.GreaterOrEqual(t, len(queued), 5)
	assert.Equal(t, []int{32, 64, 128, 256, 256}, queued[:5], "calls fill the queue as it doubles")
	assert.Len(t, s.queue, queueMax)

	s.Reset(0)
	first := 0
	for b := in; len(b) > 0 && first == 0; {
		n, _ := s.Next(b)
		b = b[n:]
		first = len(s.Queued())
	}
	assert.Equal(t, queueMax, first, "Reset keeps the grown queue")

	// Ten repairs between control characters, each of which ends Next:
	// never a full queue.
	sparse := "[" + strings.Repeat(`'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', "`+"\t"+`", `, 50) + "1]"
	s = newQueued()
	most := 0
	for b := []byte(sparse); len(b) > 0; {
		n, _ := s.Next(b)
		b = b[n:]
		most = max(most, len(s.Queued()))
	}
	assert.Equal(t, 10, most)
	assert.Len(t, s.queue, queueMin, "a queue never filled does not grow")
}

// End returns every Repair it finds, with the queue on too: a caller
// applies Queued after Next, not after End, so a repair End queued would
// be lost.
func TestEndNeverQueues(t *testing.T) {
	for _, in := range []string{"[1, 2 /* cut", "{\"a\": 1 // cut", "['a', 'b', 3 # cut"} {
		s := nextQueued(in, func(*Scanner) {})
		queued := len(s.Queued())
		var kinds []RepairKind
		for ev := s.End(); ev != EOF; ev = s.End() {
			require.Len(t, s.Queued(), queued, "%q: End queued a repair", in)
			if ev == Repair {
				kinds = append(kinds, s.RepairKind())
			}
		}
		assert.Contains(t, kinds, RepairComment, "%q", in)
	}
}

// nextQueued feeds in whole to a scanner with every repair and the queue
// on, calling after once Next returns each time, and returns the scanner
// before End.
func nextQueued(in string, after func(*Scanner)) *Scanner {
	s := newQueued()
	for b := []byte(in); len(b) > 0; {
		n, _ := s.Next(b)
		b = b[n:]
		after(s)
	}
	return s
}

// With the queue on, Next still returns None only once it has consumed the
// whole chunk, whichever way the repairs it queued were found (between
// tokens, inside an odd string, in an escape or a character split across
// chunks).
func TestQueuedNextConsumesChunk(t *testing.T) {
	inputs := []string{
		`['\u12G', '\x', 'It\'s', “quoted”, {a: 'b'}, [1 2], True]`,
		`{“k”: ‘v’, 'n': 007, "m": .5 // c` + "\n}",
	}
	for _, c := range brokengen.Classes {
		inputs = append(inputs, string(c.Generate(700)))
	}
	for _, in := range inputs {
		for _, size := range []int{1, 2, 3, 7, 64} {
			s := newQueued()
			for b := []byte(in); len(b) > 0; b = b[min(size, len(b)):] {
				for chunk := b[:min(size, len(b))]; len(chunk) > 0; {
					n, ev := s.Next(chunk)
					if ev == None {
						require.Equal(t, len(chunk), n, "%.40q size %d: None before the chunk's end", in, size)
					}
					if ev == Error {
						t.Fatalf("%.40q size %d: %v", in, size, s.Err())
					}
					chunk = chunk[n:]
				}
			}
		}
	}
}

// newQueued returns a scanner with every repair and the queue on.
func newQueued() *Scanner {
	s := New(0)
	s.SetRepairs(AllRepairs)
	s.SetQueue(true)
	return s
}

// A comma missing between a value and comments one blank after it rides on
// the comments' Repair (Comma), at the blank's offset, line and column;
// anything else between them, or a queue with no room, gives the comma a
// record of its own.
func TestCommentsCarryTheComma(t *testing.T) {
	type rec struct {
		Kind         RepairKind
		Offset       int64
		Line, Column int
		Comma, Joins bool
		Len          int
	}
	queued := func(in string) []rec {
		var out []rec
		nextQueued(in, func(s *Scanner) {
			for _, q := range s.Queued() {
				out = append(out, rec{q.Kind, q.Offset, q.Line, q.Column, q.Comma, q.Joins, q.Len})
			}
		})
		return out
	}
	assert.Equal(t, []rec{
		{RepairComment, 3, 1, 4, true, false, 5},
		{RepairComment, 11, 1, 12, true, false, 11},
	}, queued("[1 /*a*/ 2 /*b*/ /*c*/ 3]"))
	assert.Equal(t, []rec{{RepairComment, 9, 2, 4, true, false, 5}}, queued("{\"k\":\n 1 /*a*/ \"m\": 2}"))
	assert.Equal(t, []rec{{RepairComment, 3, 1, 4, true, false, 5}}, queued("[1 /*a*/\n2]"), "the blank before the comments counts")
	for in, wantComma := range map[string]int64{
		"[1  /*a*/ 2]": 2, // two blanks
		"[1\n/*a*/ 2]": 2, // a line break
		"[1\t/*a*/ 2]": 2, // a tab
	} {
		var commas []int64
		for _, r := range queued(in) {
			assert.False(t, r.Comma, "%q", in)
			if r.Kind == RepairMissingComma {
				commas = append(commas, r.Offset)
			}
		}
		assert.Equal(t, []int64{wantComma}, commas, "%q", in)
	}
	// A Repair that Next returns, not queued (the queue full), never
	// carries the comma: only the queue's records do.
	runs, _ := brokengen.ByName("comment_runs")
	in := runs.Generate(16 << 10)
	carried, returned := 0, 0
	for _, size := range []int{len(in), 5000, 100, 7} {
		s := newQueued()
		for b := in; len(b) > 0; {
			n, ev := s.Next(b[:min(size, len(b))])
			b = b[n:]
			for _, q := range s.Queued() {
				if q.Kind == RepairComment && q.Comma {
					carried++
				}
			}
			if r := s.LastRepair(); ev == Repair {
				returned++
				require.False(t, r.Kind == RepairComment && r.Comma, "size %d: a returned Repair carries a comma", size)
			}
		}
	}
	assert.Positive(t, carried)
	assert.Positive(t, returned, "the queue never filled")

	// The flag means nothing on other kinds, so places reused by them
	// may keep it; every comment's record says whether it carries one.
	s := newQueued()
	for b := []byte("[1 /*a*/ 2 /*b*/ 3]"); len(b) > 0; {
		n, _ := s.Next(b)
		b = b[n:]
	}
	s.Reset(0)
	comments := 0
	for b := []byte("['x', /*c*/ 'y' /*d*/, 'z' /*e*/]"); len(b) > 0; {
		n, _ := s.Next(b)
		b = b[n:]
		for _, q := range s.Queued() {
			if q.Kind == RepairComment {
				comments++
				assert.False(t, q.Comma, "a comment at %d carries a comma", q.Offset)
			}
		}
	}
	assert.Equal(t, 3, comments)
}
