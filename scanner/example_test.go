package scanner_test

import (
	"fmt"

	"github.com/jsonheal/jsonheal/scanner"
)

// Find the JSON value in a model's answer, wrapped in prose and a fence.
func Example() {
	answer := []byte("Here you go:\n```json\n{\"city\": \"Oslo\", \"temp\": -3}\n```\nAnything else?")
	s := scanner.New(0)
	var start int64
	for i := 0; i < len(answer); {
		n, ev := s.Next(answer[i:])
		i += n
		switch ev {
		case scanner.ValueStart:
			start = s.EventOffset()
		case scanner.ValueEnd:
			fmt.Printf("value: %s\n", answer[start:s.EventOffset()])
		case scanner.Prose, scanner.Fence:
			line, col := s.EventPos()
			fmt.Printf("%v at %d:%d\n", ev, line, col)
		}
	}
	fmt.Println(s.End())
	// Output:
	// prose at 1:1
	// fence at 2:1
	// value: {"city": "Oslo", "temp": -3}
	// fence at 4:1
	// prose at 5:1
	// eof
}

// Read a stream that ended mid-value: End says so, and Truncation says
// what it was waiting for.
func ExampleScanner_Truncation() {
	s := scanner.New(0)
	in := []byte(`{"items": [1, 2, `)
	for i := 0; i < len(in); {
		n, _ := s.Next(in[i:])
		i += n
	}
	if s.End() == scanner.Truncated {
		t := s.Truncation()
		fmt.Println("pending:", t.Pending, "depth:", t.Depth)
		fmt.Printf("closers: %s\n", s.AppendClosers(nil))
	}
	// Output:
	// pending: value depth: 2
	// closers: ]}
}

// With repairs on, each Repair event is an edit to apply.
func ExampleScanner_SetRepairs() {
	in := []byte(`{'name': 'Ada', langs: ['en',],}`)
	s := scanner.New(0)
	s.SetRepairs(scanner.AllRepairs)
	for i := 0; i < len(in); {
		n, ev := s.Next(in[i:])
		i += n
		if ev == scanner.Repair {
			fmt.Printf("%-14v at %2d: %d bytes -> %q", s.RepairKind(), s.EventOffset(), s.EventLen(), s.Replacement())
			if c := s.ClosingOffset(); c != 0 {
				fmt.Printf(", and at %d", c)
			}
			fmt.Println()
		}
	}
	s.End()
	// Output:
	// single_quote   at  1: 1 bytes -> "\"", and at 6
	// single_quote   at  9: 1 bytes -> "\"", and at 13
	// unquoted_key   at 16: 0 bytes -> "\"", and at 21
	// single_quote   at 24: 1 bytes -> "\"", and at 27
	// trailing_comma at 28: 1 bytes -> ""
	// trailing_comma at 30: 1 bytes -> ""
}
