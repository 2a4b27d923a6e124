package scanner_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/scanner"
)

// maxMethods caps the public API of Scanner: the sanitizer's machinery
// belongs in internal/scan, not here.
const maxMethods = 20

func TestScannerMethodCountStaysSmall(t *testing.T) {
	n := reflect.TypeOf(&scanner.Scanner{}).NumMethod()
	assert.LessOrEqual(t, n, maxMethods, "Scanner has %d exported methods; the machinery belongs in internal/scan", n)
}

// edit is one replacement of input bytes [off, off+n) by repl.
type edit struct {
	off  int64
	n    int
	repl string
}

// applyRepairs scans in with every repair on, fed in chunks of at most
// chunk bytes, and returns the input with the Repair events applied, as a
// user of the public API would apply them. Any event other than a value's
// start and end, a Repair or the final EOF fails the test.
func applyRepairs(t *testing.T, in []byte, chunk int) string {
	t.Helper()
	s := scanner.New(0)
	s.SetRepairs(scanner.AllRepairs)
	var edits []edit
	take := func(ev scanner.Event) {
		switch ev {
		case scanner.None, scanner.ValueStart, scanner.ValueEnd:
		case scanner.Repair:
			r := s.Replacement()
			edits = append(edits, edit{s.EventOffset(), s.EventLen(), r})
			if c := s.ClosingOffset(); c != 0 {
				edits = append(edits, edit{c, s.EventLen(), r})
			}
		default:
			t.Fatalf("unexpected %v at %d (%v)", ev, s.EventOffset(), s.Err())
		}
	}
	for i := 0; i < len(in); {
		b := in[i:min(i+chunk, len(in))]
		for len(b) > 0 || s.HasPending() {
			n, ev := s.Next(b)
			b, i = b[n:], i+n
			take(ev)
		}
	}
	for ev := s.End(); ev != scanner.EOF; ev = s.End() {
		take(ev)
	}
	// Edits come in the order they were decided, which is not always the
	// order of their offsets (a comma found missing after a comment).
	slices.SortStableFunc(edits, func(a, b edit) int { return int(a.off - b.off) })
	var out []byte
	at := int64(0)
	for _, e := range edits {
		require.GreaterOrEqual(t, e.off, at, "overlapping edits")
		out = append(out, in[at:e.off]...)
		out = append(out, e.repl...)
		at = e.off + int64(e.n)
	}
	return string(append(out, in[at:]...))
}

func TestRepairEventsApplied(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{'a': 'b'}`, `{"a": "b"}`},
		{`{a: 1, b: [1, 2,],}`, `{"a": 1, "b": [1, 2]}`},
		{`{"a": 1 "b": 2}`, `{"a": 1, "b": 2}`},
		{"{\"a\": 1, // note\n\"b\": True}", "{\"a\": 1, \n\"b\": true}"},
		{`{"a": None, "b": [1, 2}`, `{"a": null, "b": [1, 2]}`},
		{`{"a": hello}`, `{"a": "hello"}`},
	}
	for _, c := range cases {
		for _, chunk := range []int{1, 2, 3, 7, len(c.in)} {
			assert.Equal(t, c.want, applyRepairs(t, []byte(c.in), chunk), "%q in chunks of %d", c.in, chunk)
		}
	}
}

// TestRepairEventsMatchSanitize checks, over generated broken model
// output of the classes that need only syntax repairs, that the Repair
// events of the public API, applied naively, give what the sanitizer
// gives.
func TestRepairEventsMatchSanitize(t *testing.T) {
	for _, name := range []string{"valid", "trailing_commas", "missing_commas", "comments", "single_quotes", "unquoted", "python_literals", "inner_quotes", "brackets", "wrappers", "full_width", "numbers", "comment_runs"} {
		c, ok := brokengen.ByName(name)
		require.True(t, ok, name)
		in := c.Generate(16 << 10)
		// Every repair the events carry, guesses too.
		want, _, err := sanitize.Append(nil, in, sanitize.Options{MinConfidence: sanitize.Guess})
		require.NoError(t, err, name)
		for _, chunk := range []int{5, 64, len(in)} {
			assert.Equal(t, string(want), applyRepairs(t, in, chunk), "%s in chunks of %d", name, chunk)
		}
	}
}

func TestTruncationAndClosers(t *testing.T) {
	s := scanner.New(0)
	in := []byte(`{"a": [1, {"b": "tr`)
	n, ev := s.Next(in)
	require.Equal(t, scanner.ValueStart, ev)
	n2, ev := s.Next(in[n:])
	require.Equal(t, scanner.None, ev)
	require.Equal(t, len(in), n+n2)
	assert.True(t, s.InString())
	assert.False(t, s.InKey())
	assert.True(t, s.InValue())
	assert.Equal(t, 3, s.Depth())
	assert.Equal(t, int64(len(in)), s.Offset())
	require.Equal(t, scanner.Truncated, s.End())
	tr := s.Truncation()
	assert.Equal(t, scanner.PendingString, tr.Pending)
	assert.Equal(t, "string", tr.Pending.String())
	assert.Equal(t, int64(0), tr.Start)
	assert.Equal(t, 3, tr.Depth)
	assert.Equal(t, "}]}", string(s.AppendClosers(nil)))
	assert.Equal(t, scanner.EOF, s.End())
}

func TestSyntaxErrorCoordinates(t *testing.T) {
	s := scanner.New(0)
	in := []byte("{\"a\": 1,\n \"b\" 2}")
	var ev scanner.Event
	for i := 0; i < len(in) && ev != scanner.Error; {
		var n int
		n, ev = s.Next(in[i:])
		i += n
	}
	require.Equal(t, scanner.Error, ev)
	err := s.Err()
	require.NotNil(t, err)
	assert.ErrorIs(t, err, scanner.ErrSyntax)
	assert.Equal(t, int64(14), err.Offset)
	assert.Equal(t, byte('2'), err.Byte)
	line, col := s.EventPos()
	assert.Equal(t, [2]int{2, 6}, [2]int{line, col})
	assert.Equal(t, [2]int{err.Line, err.Column}, [2]int{line, col})
}

func TestDepthCap(t *testing.T) {
	s := scanner.New(2)
	n, ev := s.Next([]byte("[[[1]]]"))
	require.Equal(t, scanner.ValueStart, ev)
	_, ev = s.Next([]byte("[[[1]]]")[n:])
	require.Equal(t, scanner.Error, ev)
	assert.ErrorIs(t, s.Err(), scanner.ErrDepth)
	assert.Equal(t, int64(2), s.EventOffset())
}

// TestNextDoesNotAllocate checks that the wrapper keeps the scanner's
// promise: no allocation per chunk once Reset.
func TestNextDoesNotAllocate(t *testing.T) {
	in := brokengen.Classes[0].Generate(64 << 10)
	s := scanner.New(0)
	s.SetRepairs(scanner.AllRepairs)
	allocs := testing.AllocsPerRun(20, func() {
		s.Reset(0)
		for i := 0; i < len(in); {
			n, ev := s.Next(in[i:min(i+4096, len(in))])
			i += n
			if ev == scanner.Error {
				t.Fatal(s.Err())
			}
		}
		for s.End() != scanner.EOF {
		}
	})
	assert.Zero(t, allocs)
}
