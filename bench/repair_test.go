package bench

import (
	"fmt"
	"os"
	"testing"

	realalexandre "github.com/RealAlexandreAI/json-repair"
	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/jsonheal/jsonheal/sanitize"
	kaptinlin "github.com/kaptinlin/jsonrepair"
)

// repairSizes are the input sizes of the repair benchmarks. jsonheal runs
// at every size (its cost per byte must not grow). The peers grow faster
// than linearly on some classes, so each runs up to its own cap
// (kaptinlin/jsonrepair took 25 to 95 s for one 1 MiB input here);
// JSONHEAL_BENCH_PEERS_LARGE lifts the caps.
var repairSizes = []int{64 << 10, 1 << 20, 4 << 20, 16 << 20}

const (
	kaptinlinMaxSize     = 64 << 10
	realAlexandreMaxSize = 1 << 20
)

func sizeName(size int) string {
	if size < 1<<20 {
		return fmt.Sprintf("%dKiB", size>>10)
	}
	return fmt.Sprintf("%dMiB", size>>20)
}

// BenchmarkRepair measures repair throughput per class of breakage,
// jsonheal beside kaptinlin/jsonrepair and RealAlexandreAI/json-repair on
// the same inputs.
func BenchmarkRepair(b *testing.B) {
	peersLarge := os.Getenv("JSONHEAL_BENCH_PEERS_LARGE") != ""
	for _, c := range brokengen.Classes {
		for _, size := range repairSizes {
			name := c.Name + "/" + sizeName(size)
			var in []byte // generated on first use, so that -bench filters stay cheap
			input := func() []byte {
				if in == nil {
					in = c.Generate(size)
				}
				return in
			}
			b.Run(name+"/jsonheal", func(b *testing.B) {
				in := input()
				z := sanitize.New(sanitize.Options{CloseTruncated: true})
				dst := make([]byte, 0, 2*len(in))
				dst, _ = z.Append(dst[:0], in) // warm up: sizes the fix log and edit marks
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				cpu := startCPU(b)
				for b.Loop() {
					out, _ := z.Append(dst[:0], in)
					dst = out[:0]
				}
				cpu.stop(len(in))
			})
			if size <= kaptinlinMaxSize || peersLarge {
				b.Run(name+"/kaptinlin", func(b *testing.B) { benchStringRepair(b, input(), kaptinlin.JSONRepair) })
			}
			if size <= realAlexandreMaxSize || peersLarge {
				b.Run(name+"/realalexandre", func(b *testing.B) { benchStringRepair(b, input(), realalexandre.RepairJSON) })
			}
		}
	}
}

// benchStringRepair measures a peer's string-to-string repair on in.
// When the peer gives up on the input with an error, the benchmark
// reports a "failed" metric: its speed is then that of failing, not of a
// repair.
func benchStringRepair(b *testing.B, in []byte, repair func(string) (string, error)) {
	s := string(in)
	_, err := repair(s)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		_, _ = repair(s)
	}
	cpu.stop(len(in))
	if err != nil { // after the loop, which drops the metrics reported before it
		b.ReportMetric(1, "failed")
	}
}
