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

// summary is the prose every record carries, as model answers do: the
// classes differ in their breakage, not in their text.
const summary = "The quarterly report shows steady growth in three regions, with the north leading on new accounts and the south recovering after a slow start."

// Classes lists every class, one per family of repair. Each record is a
// realistic model answer of about 250 bytes with the class's breakage in
// one to three places.
var Classes = []Class{
	{Name: "valid", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "title": "Report %d", "summary": "%s", "tags": ["finance", "q3"], "score": 0.87, "active": true}`, k, k, summary)
	}},
	{Name: "control_chars", record: func(k int) string {
		return fmt.Sprintf("{\"id\": %d, \"title\": \"Report %d\", \"summary\": \"%s\nSecond line.\tIndented.\", \"tags\": [\"finance\", \"q3\"], \"score\": 0.87}", k, k, summary)
	}},
	{Name: "trailing_commas", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "title": "Report %d", "summary": "%s", "tags": ["finance", "q3",], "score": 0.87,}`, k, k, summary)
	}},
	{Name: "missing_commas", record: func(k int) string {
		return fmt.Sprintf("{\"id\": %d\n \"title\": \"Report %d\", \"summary\": \"%s\"\n \"tags\": [\"finance\" \"q3\"], \"score\": 0.87}", k, k, summary)
	}},
	{Name: "comments", record: func(k int) string {
		return fmt.Sprintf("{\"id\": %d, // record id\n \"title\": \"Report %d\", \"summary\": \"%s\", /* tags follow */ \"tags\": [\"finance\"], \"score\": 0.87 # model score\n}", k, k, summary)
	}},
	{Name: "single_quotes", record: func(k int) string {
		return fmt.Sprintf(`{'id': %d, 'title': 'Report %d', 'summary': '%s It\'s "solid".', 'tags': ['finance', 'q3'], 'score': 0.87}`, k, k, summary)
	}},
	{Name: "unquoted", record: func(k int) string {
		return fmt.Sprintf(`{id: %d, title: Report %d, summary: "%s", tags: ["finance", "q3"], url: https://example.com/r/%d}`, k, k, summary, k)
	}},
	{Name: "python_literals", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "title": "Report %d", "summary": "%s", "active": True, "archived": False, "owner": None, "score": NaN}`, k, k, summary)
	}},
	{Name: "inner_quotes", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "title": "Report %d "final" draft", "summary": "%s", "tags": ["finance", "q3"], "score": 0.87}`, k, k, summary)
	}},
	{Name: "brackets", record: func(k int) string {
		// A closer forgotten before the closer of an outer container.
		return fmt.Sprintf(`{"id": %d, "title": "Report %d", "summary": "%s", "score": 0.87, "tags": ["finance", "q3"}`, k, k, summary)
	}},
	{Name: "wrappers", record: func(k int) string {
		return fmt.Sprintf(`{"_id": ObjectId("%024d"), "title": "Report " + "%d", "summary": "%s", "n": NumberLong(%d), "tags": ["finance", ...]}`, k, k, summary, k)
	}},
	{Name: "full_width", record: func(k int) string {
		return fmt.Sprintf(`{"id"：%d，"title"： "Report %d"， "summary": "%s"， "tags"： ［"finance"， "q3"］}`, k, k, summary)
	}},
	{Name: "numbers", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "title": "Report %d", "summary": "%s", "score": .87, "delta": +1., "zip": 0%d}`, k, k, summary, k%9000+1000)
	}},
	{Name: "truncated", record: func(k int) string {
		return fmt.Sprintf(`{"id": %d, "title": "Report %d", "summary": "%s", "tags": ["finance", "q3"], "score": 0.87}`, k, k, summary)
	}, whole: func(body string) string {
		return body[:len(body)-30] // cut inside the last record
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
