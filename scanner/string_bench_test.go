package scanner

import (
	"os"
	"testing"
)

// corpusStrings returns the string bodies of a corpus file, each followed
// by its closing quote, as the fast path meets them.
func corpusStrings(b testing.TB, name string) [][]byte {
	data, err := os.ReadFile("../testdata/corpus/" + name)
	if err != nil {
		b.Fatal(err)
	}
	var out [][]byte
	for i := 0; i < len(data); i++ {
		if data[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(data) && data[j] != '"' {
			if data[j] == '\\' {
				j++
			}
			j++
		}
		out = append(out, data[i+1:j+1])
		i = j
	}
	return out
}

// BenchmarkStringRun measures the string fast path alone on the strings of
// the corpus files.
func BenchmarkStringRun(b *testing.B) {
	for _, name := range []string{"llm.jsonl", "twitter.json", "citm_catalog.json"} {
		strs := corpusStrings(b, name)
		total := 0
		for _, s := range strs {
			total += len(s)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(total))
			for b.Loop() {
				for _, s := range strs {
					if stringRun(s, 0) != len(s)-1 {
						b.Fatalf("stopped early in %q", s)
					}
				}
			}
		})
	}
}
