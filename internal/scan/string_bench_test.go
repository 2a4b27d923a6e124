package scan

import (
	"os"
	"testing"
)

// corpusStrings returns a corpus file and the offsets of the string bodies
// in it (just past each opening quote) and of their closing quotes.
func corpusStrings(b testing.TB, name string) (data []byte, starts, ends []int) {
	data, err := os.ReadFile("../../testdata/corpus/" + name)
	if err != nil {
		b.Fatal(err)
	}
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
		starts, ends = append(starts, i+1), append(ends, j)
		i = j
	}
	return data, starts, ends
}

// BenchmarkStringRun measures the string fast path alone on the strings of
// the corpus files, read in place (the bytes after each string follow it,
// as in a whole document), with the wide reading where the CPU has it and
// without.
func BenchmarkStringRun(b *testing.B) {
	for _, name := range []string{"llm.jsonl", "twitter.json", "citm_catalog.json"} {
		data, starts, ends := corpusStrings(b, name)
		total := 0
		for k := range starts {
			total += ends[k] - starts[k] + 1
		}
		eachReader(func(mode string) {
			b.Run(name+"/"+mode, func(b *testing.B) {
				b.SetBytes(int64(total))
				for b.Loop() {
					for k, i := range starts {
						if stringRun(data, i) != ends[k] {
							b.Fatalf("string at %d: stopped early", i)
						}
					}
				}
			})
		})
	}
}
