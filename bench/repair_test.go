package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"

	realalexandre "github.com/RealAlexandreAI/json-repair"
	"github.com/jsonheal/jsonheal/internal/brokengen"
	"github.com/jsonheal/jsonheal/sanitize"
	kaptinlin "github.com/kaptinlin/jsonrepair"
	"github.com/stretchr/testify/assert"
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
			var in, want []byte // made on first use, so that -bench filters stay cheap
			input := func() []byte {
				if in == nil {
					in = c.Generate(size)
				}
				return in
			}
			wanted := func() []byte { // jsonheal's repair, which the peers' are compared with
				if want == nil {
					want, _, _ = sanitize.Append(nil, input(), sanitize.Options{MinConfidence: sanitize.Guess, CloseTruncated: true})
				}
				return want
			}
			b.Run(name+"/jsonheal", func(b *testing.B) {
				in := input()
				z := sanitize.New(sanitize.Options{MinConfidence: sanitize.Guess, CloseTruncated: true})
				dst := make([]byte, 0, 2*len(in))
				dst, _ = z.Append(dst[:0], in) // warm up: sizes the fix log and edit marks
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				cpu := startCPU(b)
				for b.Loop() {
					out, _ := z.Append(dst[:0], in)
					dst = out[:0]
					cpu.lap()
				}
				cpu.stop(len(in))
			})
			if size <= kaptinlinMaxSize || peersLarge {
				b.Run(name+"/kaptinlin", func(b *testing.B) { benchStringRepair(b, input(), wanted(), kaptinlin.JSONRepair) })
			}
			if size <= realAlexandreMaxSize || peersLarge {
				b.Run(name+"/realalexandre", func(b *testing.B) { benchStringRepair(b, input(), wanted(), realalexandre.RepairJSON) })
			}
		}
	}
}

// benchStringRepair measures a peer's string-to-string repair on in.
// When the peer gives up on the input with an error, the benchmark
// reports a "failed" metric: its speed is then that of failing, not of a
// repair. When its output holds other data than jsonheal's repair (want),
// it reports a "differs" metric.
func benchStringRepair(b *testing.B, in, want []byte, repair func(string) (string, error)) {
	s := string(in)
	out, err := repair(s)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		_, _ = repair(s)
		cpu.lap()
	}
	cpu.stop(len(in))
	// Metrics go after the loop, which drops those reported before it.
	switch {
	case err != nil:
		b.ReportMetric(1, "failed")
	case !sameData([]byte(out), want):
		b.ReportMetric(1, "differs")
	}
}

// sameData reports whether the JSON texts a and b hold the same data:
// equal values, numbers compared as float64 (so 1.0 and 1 are the same),
// object members by name whatever their order. Text that does not parse
// holds no data.
func sameData(a, b []byte) bool {
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// sameData compares data, not text: spelling, spacing and member order
// do not count; a changed value, a lost member or a text that does not
// parse does.
func TestSameData(t *testing.T) {
	same := [][2]string{
		{`{"a": 1.0, "b": [true, null]}`, `{"b":[true,null],"a":1}`},
		{`"x\u0041"`, `"xA"`},
	}
	for _, c := range same {
		assert.True(t, sameData([]byte(c[0]), []byte(c[1])), "%s ~ %s", c[0], c[1])
	}
	differ := [][2]string{
		{`{"a": 0.87}`, `{"a": 0.8700000047683716}`},
		{`{"zip": "01000"}`, `{"zip": 1000}`},
		{`{"a": 1, "b": 2}`, `{"a": 1}`},
		{`[1, 2]`, `[1, 2`},
	}
	for _, c := range differ {
		assert.False(t, sameData([]byte(c[0]), []byte(c[1])), "%s ≁ %s", c[0], c[1])
	}
}
