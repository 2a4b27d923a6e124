// Package brokengen generates broken model output of a given class and
// size, deterministically, for the linear-time tests and the repair
// benchmarks.
package brokengen

import (
	"fmt"
	"strings"
)

// Class is one kind of breakage.
type Class struct {
	// Name identifies the class in test and benchmark names.
	Name string
	// record returns the k-th record of the class; records are joined into
	// one top-level array, except where whole says otherwise.
	record func(k int) string
	// whole, when set, builds the whole document around the records
	// (for example a single truncated value).
	whole func(body string) string
}

// Classes lists every class, one per family of repair.
var Classes = []Class{
	{Name: "valid", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "name": "item %d", "tags": ["a", "b"], "ok": true}`, k, k)
	}},
	{Name: "control_chars", record: func(k int) string {
		return fmt.Sprintf("{\"id\": %d, \"text\": \"line one\nline two\tend\"}", k)
	}},
	{Name: "trailing_commas", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "tags": ["a", "b",],}`, k)
	}},
	{Name: "missing_commas", record: func(k int) string {
		return fmt.Sprintf("{\"id\": %d\n \"tags\": [\"a\" \"b\" 3]}", k)
	}},
	{Name: "comments", record: func(k int) string {
		return fmt.Sprintf("{\"id\": %d, // the id\n \"v\": /* value */ 1 # done\n}", k)
	}},
	{Name: "single_quotes", record: func(k int) string {
		return fmt.Sprintf(`{'id': %d, 'name': 'it\'s "%d"'}`, k, k)
	}},
	{Name: "unquoted", record: func(k int) string {
		return fmt.Sprintf(`{id: %d, name: item number %d, url: https://x.io/%d}`, k, k, k)
	}},
	{Name: "python_literals", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "a": True, "b": False, "c": None, "d": NaN}`, k)
	}},
	{Name: "inner_quotes", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "q": "he said "hi %d" twice"}`, k, k)
	}},
	{Name: "brackets", record: func(k int) string {
		// A closer missing before the closer of an outer container.
		if k%2 == 0 {
			return fmt.Sprintf(`{"id": %d, "a": [1, 2}`, k)
		}
		return fmt.Sprintf(`[{"id": %d, "c": 1]`, k)
	}},
	{Name: "wrappers", record: func(k int) string {
		return fmt.Sprintf(`{"_id": ObjectId("%024d"), "n": NumberLong(%d), "s": "a" + "b", "e": [1, ...]}`, k, k)
	}},
	{Name: "numbers", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "a": .5, "b": 1., "c": +3, "zip": 0%d}`, k, k%9000+1000)
	}},
	{Name: "truncated", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "tags": ["a", "b"]}`, k)
	}, whole: func(body string) string {
		return body[:len(body)-7] // cut inside the last record
	}},
	{Name: "long_gaps", record: func(k int) string {
		// A missing comma after a long run of blanks: the inserted comma
		// moves the blanks once.
		return fmt.Sprintf("%d%s", k, strings.Repeat(" ", 200))
	}, whole: func(body string) string { return body }},
	{Name: "comment_runs", record: func(k int) string {
		// Many comments between two elements with a missing comma.
		return fmt.Sprintf("%d %s", k, strings.Repeat("/*c*/ ", 30))
	}, whole: func(body string) string { return body }},
}

// Generate returns about size bytes of input of class c.
func (c Class) Generate(size int) []byte {
	var b strings.Builder
	b.Grow(size + 256)
	b.WriteString("[")
	for k := 0; b.Len() < size; k++ {
		if k > 0 {
			if c.whole == nil || c.Name == "truncated" {
				b.WriteString(",\n")
			}
		}
		b.WriteString(c.record(k))
	}
	b.WriteString("]")
	s := b.String()
	if c.whole != nil {
		s = c.whole(s)
	}
	return []byte(s)
}

// ByName returns the class called name.
func ByName(name string) (Class, bool) {
	for _, c := range Classes {
		if c.Name == name {
			return c, true
		}
	}
	return Class{}, false
}
