package sanitize_test

import (
	"errors"
	"fmt"

	"github.com/jsonheal/jsonheal/sanitize"
)

// A model's answer wrapped in a fence and prose, with a trailing comma and a
// raw newline inside a string: every change is a Fix with its place and
// confidence.
func Example() {
	answer := []byte("Here is the JSON:\n```json\n{\"name\": \"Ada\nLovelace\", \"tags\": [\"math\",],}\n```\n")
	out, rep, err := sanitize.Bytes(answer, sanitize.Options{})
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Printf("%s\n", out)
	for _, f := range rep.Fixes {
		fmt.Printf("%d:%d %s (%s)\n", f.Line, f.Column, f.Kind, f.Confidence)
	}
	// Output:
	// {"name": "Ada\nLovelace", "tags": ["math"]}
	// 1:1 prose (certain)
	// 2:1 fence (certain)
	// 3:14 control_char (certain)
	// 4:27 trailing_comma (certain)
	// 4:29 trailing_comma (certain)
	// 5:1 fence (certain)
}

// Valid JSON passes through untouched: the same bytes, no fixes.
func Example_valid() {
	doc := []byte(`{"id": 12345678901234567890, "price": 1.50}`)
	out, rep, err := sanitize.Bytes(doc, sanitize.Options{})
	fmt.Println(string(out), len(rep.Fixes), err)
	// Output:
	// {"id": 12345678901234567890, "price": 1.50} 0 <nil>
}

// A truncated answer is reported as truncated, never as complete. With
// CloseTruncated the output is closed into valid JSON, after dropping the
// number that may have been cut.
func Example_truncated() {
	cut := []byte(`{"items": [{"id": 1}, {"id": 2}], "total": 12`)
	out, rep, err := sanitize.Bytes(cut, sanitize.Options{CloseTruncated: true})
	fmt.Println(errors.Is(err, sanitize.ErrTruncated), rep.Truncated)
	fmt.Println(string(out))
	// Output:
	// true true
	// {"items": [{"id": 1}, {"id": 2}]}
}

// A Sanitizer is reusable: in steady state it allocates nothing.
func ExampleSanitizer() {
	z := sanitize.New(sanitize.Options{})
	var buf []byte
	for _, doc := range []string{`{'a': True}`, `[1, 2, 3,]`} {
		var err error
		buf, err = z.Append(buf[:0], []byte(doc))
		rep := z.Report()
		fmt.Println(string(buf), len(rep.Fixes), err)
	}
	// Output:
	// {"a": true} 2 <nil>
	// [1, 2, 3] 1 <nil>
}

// A refusal names the value it stopped at: PointerAt reads the answer again
// up to the error's offset and gives that value's JSON Pointer.
func ExamplePointerAt() {
	answer := []byte("```json\n{\"user\": {\"name\": Ada Lovelace, \"tags\": [\"math\"]}}\n```")
	_, _, err := sanitize.Bytes(answer, sanitize.Options{})
	var e *sanitize.Error
	if errors.As(err, &e) {
		fmt.Println(sanitize.PointerAt(answer, e.Offset), e.Line, e.Column)
	}
	fmt.Println(sanitize.PointerAt([]byte(`[1, 2, {"a": [3,`), 16))
	// Output:
	// /user/name 2 19
	// /2/a/1
}
