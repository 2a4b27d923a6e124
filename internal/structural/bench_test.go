package structural

import (
	"bytes"
	"os"
	"testing"

	"github.com/bytedance/sonic"
)

// BenchmarkContainer reads each corpus file (each line of llm.jsonl) with
// Container and, side by side, with sonic.Valid (which checks less: no
// UTF-8, for one).
func BenchmarkContainer(b *testing.B) {
	for _, f := range []string{"twitter.json", "citm_catalog.json", "canada.json", "llm.jsonl"} {
		in, err := os.ReadFile("../../testdata/corpus/" + f)
		if err != nil {
			b.Fatal(err)
		}
		var units [][]byte
		for line := range bytes.Lines(in) {
			units = append(units, line)
		}
		if f != "llm.jsonl" {
			units = [][]byte{in}
		}
		if useAVX512 {
			b.Run(f+"/structural-avx2", func(b *testing.B) {
				useAVX512 = false
				defer func() { useAVX512 = true }()
				benchContainer(b, units, len(in))
			})
		}
		b.Run(f+"/structural", func(b *testing.B) { benchContainer(b, units, len(in)) })
		b.Run(f+"/sonic", func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				for _, u := range units {
					if !sonic.Valid(u) {
						b.Fatal("refused")
					}
				}
			}
		})
	}
}

// benchContainer reads each of units (n bytes in all) with Container.
func benchContainer(b *testing.B, units [][]byte, n int) {
	var c Checker
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range units {
			if _, ok := c.Container(u[1:], u[0] == '{', maxDepth); !ok {
				b.Fatal("refused")
			}
		}
	}
}
