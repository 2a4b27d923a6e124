package scan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// lockstep feeds in, cut into chunks of the given sizes, to two scanners
// with the same settings: one reads top-level containers whole where it
// can (readWhole), the other never does. After every call to Next and End
// the two must agree on the bytes consumed, the event and every field of
// their state (see comparable): the whole reading leaves no trace but
// speed.
func lockstep(t *testing.T, in []byte, sizes []int, repairs RepairSet) {
	t.Helper()
	// Where stage 1 has no assembly readWhole is off; here it runs with
	// the portable stage 1 all the same.
	was := useWhole
	useWhole = true
	defer func() { useWhole = was }()
	whole, careful := New(0), New(0)
	for _, s := range []*Scanner{whole, careful} {
		s.SetRepairs(repairs)
		s.SetQueue(true)
		s.SetRequote(true)
	}
	step := func(f func(*Scanner) (int, Event), ctx string) (int, Event) {
		n, ev := f(whole)
		useWhole = false
		n2, ev2 := f(careful)
		useWhole = true
		require.Equal(t, n2, n, "%s: consumed", ctx)
		require.Equal(t, ev2, ev, "%s: event", ctx)
		require.Equal(t, comparable(careful), comparable(whole), "%s: state after %v", ctx, ev)
		return n, ev
	}
	rest := in
	for k := 0; len(rest) > 0; k++ {
		chunk := rest
		if len(sizes) > 0 && sizes[k%len(sizes)] > 0 && sizes[k%len(sizes)] < len(chunk) {
			chunk = chunk[:sizes[k%len(sizes)]]
		}
		rest = rest[len(chunk):]
		for len(chunk) > 0 {
			n, ev := step(func(s *Scanner) (int, Event) { return s.Next(chunk) }, "Next")
			chunk = chunk[n:]
			if ev == Error {
				return
			}
		}
	}
	for {
		if _, ev := step(func(s *Scanner) (int, Event) { return 0, s.End() }, "End"); ev == EOF {
			return
		}
	}
}

// comparable is s with what may differ between two scanners that read
// the same input the same way left out: readWhole's own fields, the
// stack's bits past its depth, the queue past what is queued and the
// error's address.
func comparable(s *Scanner) Scanner {
	c := *s
	c.checker, c.wholeAt, c.wholeRest = nil, 0, 0
	c.stack.bits = append([]uint64(nil), s.stack.bits...)
	for d := s.stack.depth; d < 64*len(c.stack.bits); d++ {
		c.stack.bits[d>>6] &^= 1 << (d & 63)
	}
	c.queue = append([]QueuedRepair(nil), s.queue[:s.nq]...)
	if s.err != nil {
		e := *s.err
		c.err = &e
	}
	return c
}

// lockstepAll runs lockstep whole and cut at a few sizes, strict and with
// every repair on.
func lockstepAll(t *testing.T, in []byte) {
	for _, repairs := range []RepairSet{0, AllRepairs} {
		for _, sizes := range [][]int{nil, {7}, {64, 1, 200}, {len(in) / 2}} {
			lockstep(t, in, sizes, repairs)
		}
	}
}

func TestWholeLockstepCases(t *testing.T) {
	for _, in := range []string{
		`{"a":[1,-0.5e+10,0,-0,12.25E-3,1e5,"x"],"b":{"k\"ey":"v\\\/\b\f\n\r\t\u00e9"},"c":true}`,
		"{\n  \"a\": [\n    1,\n    {\"b\": \"c\"}\n  ]\n}\n{}\n[]\n[ ]\n{ \n }",
		`{"a":"x" , "b" : "y" ,"c":["z" ] }`,
		`["a" , "b"]`,
		`{"a":1}, "b":2}`,
		`{"a":1,}`,
		"```json\n{\"a\": [1, 2]}\n```\nSome prose {\"b\": 3} and [4].",
		`[[[[]]],{"":{"":[{}]}}]`,
		`{"s":"` + string(bytes.Repeat([]byte("\xe6\x97\xa5x"), 40)) + `"}`,
		"[1,\n2,\n3]" + string(bytes.Repeat([]byte(" "), 100)) + "\n[\n" + string(bytes.Repeat([]byte("4,"), 80)) + "5]",
	} {
		lockstepAll(t, []byte(in))
	}
}

func TestWholeLockstepCorpus(t *testing.T) {
	for _, f := range []string{"twitter.json", "citm_catalog.json", "canada.json", "llm.jsonl", "llm_raw.jsonl"} {
		in, err := os.ReadFile("../../testdata/corpus/" + f)
		require.NoError(t, err)
		for _, repairs := range []RepairSet{0, AllRepairs} {
			lockstep(t, in, nil, repairs)
			lockstep(t, in, []int{4096, 333}, repairs)
		}
	}
}

func TestWholeLockstepConformance(t *testing.T) {
	for _, in := range suiteFiles(t) {
		lockstepAll(t, in)
	}
}

func TestWholeLockstepRepairCases(t *testing.T) {
	f, err := os.Open("../../testdata/repair-cases/public.jsonl")
	require.NoError(t, err)
	defer f.Close()
	lines := bufio.NewScanner(f)
	lines.Buffer(nil, 1<<20)
	n := 0
	for lines.Scan() {
		var c struct{ Input string }
		require.NoError(t, json.Unmarshal(lines.Bytes(), &c))
		lockstepAll(t, []byte(c.Input))
		n++
	}
	require.NoError(t, lines.Err())
	require.Greater(t, n, 100)
}

func FuzzWholeLockstep(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,2.5e3,"x\"y\u00e9",true,null,{}]}`, `["a" , "b"]`, `{"a":1}, "b":2}`,
		"{\n \"k\": [\n  1\n ]\n}\n[2]", `{"say":"he said "hi" to me","n":1}`, `[1,]`,
	} {
		f.Add([]byte(s), uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint8, repairs bool) {
		set := RepairSet(0)
		if repairs {
			set = AllRepairs
		}
		var sizes []int
		if cut > 0 {
			sizes = []int{int(cut)}
		}
		lockstep(t, in, sizes, set)
	})
}

// readWhole takes the dense corpus documents whole, and declines those a
// byte-wise reading is faster on (runs of numbers, long strings), which
// is what makes the lockstep comparisons above meaningful.
func TestReadWholeTakes(t *testing.T) {
	was := useWhole
	useWhole = true // with the portable stage 1 where there is no assembly
	defer func() { useWhole = was }()
	for f, whole := range map[string]bool{"twitter.json": true, "citm_catalog.json": true, "canada.json": false, "llm.jsonl": false} {
		in, err := os.ReadFile("../../testdata/corpus/" + f)
		require.NoError(t, err)
		s := New(0)
		n, ev := s.Next(in)
		require.Equal(t, ValueStart, ev, f)
		end := bytes.IndexByte(in, '\n')
		if whole {
			end = len(bytes.TrimRight(in, "\n")) - 1
		}
		if got := s.readWhole(in, n, 0); whole {
			require.Equal(t, end, got, "%s: read whole up to its closer", f)
		} else {
			require.Equal(t, n, got, "%s: declined", f)
		}
	}
}
