package scanner_test

import (
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/jsonheal/jsonheal/internal/scan"
	"github.com/jsonheal/jsonheal/scanner"
)

// BenchmarkWrapper reads the same 1 MiB of broken model output (every
// repair on) through the public Scanner and through internal/scan
// directly: the wrapper's methods forward and inline, so the two should
// match within noise.
func BenchmarkWrapper(b *testing.B) {
	for _, name := range []string{"valid", "single_quotes", "comments"} {
		c, _ := brokengen.ByName(name)
		in := c.Generate(1 << 20)
		b.Run(name+"/public", func(b *testing.B) {
			s := scanner.New(0)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				s.Reset(0)
				s.SetRepairs(scanner.AllRepairs)
				for i := 0; i < len(in); {
					n, ev := s.Next(in[i:])
					i += n
					if ev == scanner.Error {
						b.Fatal(s.Err())
					}
				}
				for s.End() != scanner.EOF {
				}
			}
		})
		b.Run(name+"/internal", func(b *testing.B) {
			s := scan.New(0)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				s.Reset(0)
				s.SetRepairs(scan.AllRepairs)
				for i := 0; i < len(in); {
					n, ev := s.Next(in[i:])
					i += n
					if ev == scan.Error {
						b.Fatal(s.Err())
					}
				}
				for s.End() != scan.EOF {
				}
			}
		})
	}
}
