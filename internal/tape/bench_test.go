package tape

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReadStrict reads corpus documents into a reused tape, checking
// RFC 8259 as Schema.Validate does.
func BenchmarkReadStrict(b *testing.B) {
	for _, name := range []string{"citm_catalog.json", "twitter.json", "canada.json"} {
		doc, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			var tp Tape
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tp.ReadStrict(doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
