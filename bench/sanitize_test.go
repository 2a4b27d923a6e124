package bench

import (
	"bytes"
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/bytedance/sonic"
	"github.com/valyala/fastjson"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/scanner"
)

// Sub-benchmarks are named file=NAME/impl=NAME so that benchstat can put the
// implementations side by side:
//
//	go test -run='^$' -bench=Syntax -benchmem -count=6 > new.txt
//	benchstat -col /impl new.txt
//
// Besides MB/s (bytes per wall-clock second), each benchmark reports
// cpu-MB/s: bytes per second of CPU time used by the process during the
// loop. On a shared, loaded machine the wall clock also counts the time the
// process waited for a core; CPU time does not, so cpu-MB/s is the steadier
// figure there (on an idle machine the two agree).

// corpusFiles are the files of ../testdata/corpus every implementation runs
// on. The .jsonl files hold one record per line for the peers; llm_raw.jsonl
// has raw newlines and tabs inside strings, so its lines are not records and
// every peer rejects it (only jsonheal can read it).
var corpusFiles = []string{"twitter.json", "citm_catalog.json", "canada.json", "llm.jsonl", "llm_raw.jsonl"}

// doc is one corpus file, whole and split into the units the peers
// validate: the file itself, or its lines for JSON Lines.
type doc struct {
	name  string // file name without extension
	data  []byte
	units [][]byte
	clean bool // every peer accepts every unit
}

func loadDoc(b *testing.B, file string) doc {
	b.Helper()
	data, err := os.ReadFile("../testdata/corpus/" + file)
	if err != nil {
		b.Fatal(err)
	}
	d := doc{name: strings.TrimSuffix(strings.TrimSuffix(file, ".json"), ".jsonl"), data: data, clean: file != "llm_raw.jsonl"}
	if strings.HasSuffix(file, ".jsonl") {
		for line := range bytes.Lines(data) {
			if line = bytes.TrimRight(line, "\n"); len(line) > 0 {
				d.units = append(d.units, line)
			}
		}
	} else {
		d.units = [][]byte{data}
	}
	return d
}

// syntaxPeer is one implementation under test: it reports whether every
// unit is valid.
type syntaxPeer struct {
	name  string
	valid func(units [][]byte) bool
}

var peers = []syntaxPeer{
	{"encoding-json", func(units [][]byte) bool {
		for _, u := range units {
			if !json.Valid(u) {
				return false
			}
		}
		return true
	}},
	{"fastjson", func(units [][]byte) bool {
		for _, u := range units {
			if fastjson.ValidateBytes(u) != nil {
				return false
			}
		}
		return true
	}},
	{"sonic", func(units [][]byte) bool {
		for _, u := range units {
			if !sonic.Valid(u) {
				return false
			}
		}
		return true
	}},
}

// BenchmarkSyntax runs, on each corpus file, jsonheal's sanitizer (a
// reused Sanitizer appending to a reused buffer) with the default options
// (every repair on) and with Strict (the fast layer only), jsonheal's
// scanner alone,
// and the peers' validators. sonic and fastjson are laxer than jsonheal
// (they accept some invalid input), and neither peer repairs anything.
func BenchmarkSyntax(b *testing.B) {
	for _, file := range corpusFiles {
		d := loadDoc(b, file)
		b.Run("file="+d.name+"/impl=jsonheal-sanitize", func(b *testing.B) { benchSanitize(b, d.data, fileOptions(file, false)) })
		b.Run("file="+d.name+"/impl=jsonheal-strict", func(b *testing.B) { benchSanitize(b, d.data, fileOptions(file, true)) })
		b.Run("file="+d.name+"/impl=jsonheal-scanner", func(b *testing.B) { benchScanner(b, d.data) })
		for _, p := range peers {
			b.Run("file="+d.name+"/impl="+p.name, func(b *testing.B) { benchPeer(b, p, d) })
		}
	}
}

// BenchmarkLLMRawVsClean compares the target pair: jsonheal
// sanitizing llm_raw.jsonl (raw control bytes to escape) against
// encoding/json.Valid merely checking the clean llm.jsonl, record by record.
func BenchmarkLLMRawVsClean(b *testing.B) {
	raw := loadDoc(b, "llm_raw.jsonl")
	clean := loadDoc(b, "llm.jsonl")
	b.Run("impl=jsonheal-sanitize/file=llm_raw", func(b *testing.B) { benchSanitize(b, raw.data, fileOptions("llm_raw.jsonl", false)) })
	b.Run("impl=jsonheal-strict/file=llm_raw", func(b *testing.B) { benchSanitize(b, raw.data, fileOptions("llm_raw.jsonl", true)) })
	b.Run("impl=encoding-json/file=llm", func(b *testing.B) { benchPeer(b, peers[0], clean) })
}

// fileOptions are the sanitizer's options for a corpus file: a JSONL file
// holds one value per line, which the default (one document) refuses.
func fileOptions(file string, strict bool) sanitize.Options {
	opts := sanitize.Options{MinConfidence: sanitize.Guess, Strict: strict}
	if strings.HasSuffix(file, ".jsonl") {
		opts.Values = sanitize.ValuesLines
	}
	return opts
}

func benchSanitize(b *testing.B, in []byte, opts sanitize.Options) {
	z := sanitize.New(opts)
	dst := make([]byte, 0, 2*len(in))
	out, err := z.Append(dst[:0], in)
	if err != nil || len(out) == 0 {
		b.Fatalf("sanitize: %v", err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if _, err := z.Append(dst[:0], in); err != nil {
			b.Fatal(err)
		}
	}
	cpu.stop(len(in))
}

// benchScanner runs the scanner alone over in, counting events.
func benchScanner(b *testing.B, in []byte) {
	s := scanner.New(0)
	if scan(s, in) == 0 {
		b.Fatal("scanner: no value")
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		if scan(s, in) == 0 {
			b.Fatal("scanner: no value")
		}
	}
	cpu.stop(len(in))
}

// scan feeds in to s (after a Reset) and returns the number of top-level
// values, or 0 on a syntax error or truncation.
func scan(s *scanner.Scanner, in []byte) int {
	s.Reset(0)
	values := 0
	for len(in) > 0 {
		n, ev := s.Next(in)
		in = in[n:]
		switch ev {
		case scanner.ValueStart:
			values++
		case scanner.Error, scanner.InvalidEscape:
			return 0
		}
	}
	for ev := s.End(); ev != scanner.EOF; ev = s.End() {
		switch ev {
		case scanner.ValueStart:
			values++
		case scanner.Error, scanner.Truncated:
			return 0
		}
	}
	return values
}

func benchPeer(b *testing.B, p syntaxPeer, d doc) {
	if ok := p.valid(d.units); ok != d.clean {
		b.Fatalf("%s on %s: valid=%v, want %v", p.name, d.name, ok, d.clean)
	}
	b.SetBytes(int64(len(d.data)))
	b.ReportAllocs()
	cpu := startCPU(b)
	for b.Loop() {
		p.valid(d.units)
	}
	cpu.stop(len(d.data))
}

// cpuMeter measures the process CPU time of a benchmark loop and, where
// the loop calls lap, its fastest iteration.
type cpuMeter struct {
	b     *testing.B
	start time.Duration
	last  time.Time     // the end of the last lap
	best  time.Duration // the shortest lap, 0 before the first
}

// startCPU starts the meter after a full garbage collection, so that the
// garbage an earlier benchmark (a peer's) left is not collected on this
// one's clock. Call it before the loop: b.Loop starts the timer afresh.
func startCPU(b *testing.B) *cpuMeter {
	runtime.GC()
	return &cpuMeter{b: b, start: processCPU(), last: time.Now()}
}

// lap ends one iteration of the loop. The fastest iteration is the
// measure the load of a shared host moves least (others' work only ever
// slows one down), which is what an A/B of two builds of jsonheal on such
// a host needs. It is wall time: work on other threads, such as a peer's
// garbage collection, is not in it, so it does not compare tools; the
// tables keep to medians of cpu-MB/s.
func (m *cpuMeter) lap() {
	now := time.Now()
	if d := now.Sub(m.last); m.best == 0 || d < m.best {
		m.best = d
	}
	m.last = now
}

// stop reports the cpu-MB/s metric for a loop over size bytes per op, and
// best-MB/s, the speed of the fastest lap, when the loop called lap.
func (m *cpuMeter) stop(size int) {
	used := processCPU() - m.start
	if used <= 0 || m.b.N == 0 {
		return
	}
	m.b.ReportMetric(float64(size)*float64(m.b.N)/used.Seconds()/1e6, "cpu-MB/s")
	if m.best > 0 {
		m.b.ReportMetric(float64(size)/m.best.Seconds()/1e6, "best-MB/s")
	}
}
