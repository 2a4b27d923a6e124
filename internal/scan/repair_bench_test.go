package scan

import (
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"
)

// BenchmarkRepairScanOnly measures the scanner's share of a repair at 1
// MiB: the scanner with every repair on, set as the sanitizer sets it,
// reads each class and queues its repairs, which nothing applies. Set
// beside bench's BenchmarkRepair, it splits a class's cost between
// reading and rewriting. (It lived in bench/ until the scanner's queue
// and requoting moved behind this internal package.)
func BenchmarkRepairScanOnly(b *testing.B) {
	for _, c := range brokengen.Classes {
		b.Run(c.Name, func(b *testing.B) {
			in := c.Generate(1 << 20)
			s := New(0)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				s.Reset(0)
				s.SetRepairs(AllRepairs)
				s.SetQueue(true)
				s.SetRequote(true) // as the sanitizer's scanner
				for i := 0; i < len(in); {
					n, ev := s.Next(in[i:])
					i += n
					if ev == Error {
						b.Fatalf("%s: %v", c.Name, s.Err())
					}
				}
				s.End()
			}
		})
	}
}
