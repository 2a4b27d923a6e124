package jsonl

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"unsafe"

	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func parseRejects(t testing.TB, b []byte) []Reject {
	t.Helper()
	var out []Reject
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var r Reject
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "reject line %q", sc.Text())
		out = append(out, r)
	}
	return out
}

type cleanResult struct {
	out     string
	rejects []Reject
	stats   Stats
	err     error
}

func cleanBytes(t testing.TB, in []byte, opts Options) cleanResult {
	t.Helper()
	var out, rej bytes.Buffer
	st, err := NewCleaner(opts).Run(context.Background(), bytes.NewReader(in), &out, &rej)
	return cleanResult{out: out.String(), rejects: parseRejects(t, rej.Bytes()), stats: st, err: err}
}

// sequential is the oracle: the splitter and one worker, record by record.
func sequential(t testing.TB, in []byte, opts Options) (string, []Reject) {
	t.Helper()
	sp := NewSplitter(bytes.NewReader(in), SplitOptions{MaxRecordBytes: opts.MaxRecordBytes})
	w := newWorker(context.Background(), &opts, opts.newSanitizer())
	b := &batch{}
	for {
		rec, err := sp.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		b.add(&rec, nil) // a copy: the splitter's buffer moves on
	}
	w.process(b)
	return string(b.out), parseRejects(t, b.rej)
}

// checkConservation proves on in that every record comes out exactly once,
// in the output or in the rejects, in order, with its line number, whatever
// the parallelism and batching.
func checkConservation(t *testing.T, in []byte, opts Options, full bool) {
	t.Helper()
	wantOut, wantRej := sequential(t, in, opts)
	recs, err := splitAll(t, bytes.NewReader(in), SplitOptions{MaxRecordBytes: opts.MaxRecordBytes})
	require.NoError(t, err)
	byLine := map[int64]Record{}
	for _, r := range recs {
		byLine[r.Line] = r
	}
	type config struct {
		workers, batch int
		unordered      bool
	}
	configs := []config{{2, 1 << 10, false}, {3, 2 << 10, true}}
	if full {
		configs = append(configs, config{1, 0, false}, config{4, 97, false})
	}
	for _, cfg := range configs {
		o := opts
		o.Workers, o.BatchBytes, o.Unordered, o.Window = cfg.workers, cfg.batch, cfg.unordered, 2
		res := cleanBytes(t, in, o)
		require.NoError(t, res.err)
		st := res.stats
		assert.Equal(t, int64(len(recs)), st.Records)
		assert.Equal(t, st.Records, st.Written()+st.Rejected, "records in = out + rejects")
		assert.Equal(t, int64(len(res.rejects)), st.Rejected)
		outLines := strings.Count(res.out, "\n")
		assert.Equal(t, st.Written(), int64(outLines))
		for _, r := range res.rejects {
			rec, ok := byLine[r.Line]
			require.True(t, ok, "reject line %d is a record's line", r.Line)
			raw, err := r.RawBytes()
			require.NoError(t, err)
			assert.Equal(t, rec.Data, raw, "reject at line %d carries the raw record", r.Line)
			assert.Equal(t, rec.Offset, r.Offset)
		}
		if cfg.unordered {
			assert.Equal(t, sortedLines(wantOut), sortedLines(res.out))
			sort.Slice(res.rejects, func(i, j int) bool { return res.rejects[i].Line < res.rejects[j].Line })
		} else {
			assert.Equal(t, wantOut, res.out)
		}
		assert.Equal(t, wantRej, res.rejects)
	}
}

func sortedLines(s string) []string {
	l := strings.Split(s, "\n")
	sort.Strings(l)
	return l
}

func corpusFiles(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	paths, err := filepath.Glob("../testdata/corpus/*.json*")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		files[filepath.Base(p)] = b
	}
	// Every JSONTestSuite file as one record each, in one JSONL stream.
	suite, err := filepath.Glob("../testdata/JSONTestSuite/test_parsing/*.json")
	require.NoError(t, err)
	var all []byte
	for _, p := range suite {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		all = append(append(all, b...), '\n')
	}
	files["JSONTestSuite"] = all
	return files
}

func TestCleanConservesEveryRecordOfEveryCorpus(t *testing.T) {
	for name, data := range corpusFiles(t) {
		t.Run(name, func(t *testing.T) {
			checkConservation(t, data, Options{NewSanitizer: newFake, MaxRecordBytes: 1 << 20}, false)
		})
	}
}

func TestCleanRawNewlinesCorpusComesOutAsTheCleanOne(t *testing.T) {
	raw, err := os.ReadFile("../testdata/corpus/llm_raw.jsonl")
	require.NoError(t, err)
	clean, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	res := cleanBytes(t, raw, Options{NewSanitizer: newFake, Workers: 2, BatchBytes: 8 << 10})
	require.NoError(t, res.err)
	require.True(t, strings.HasPrefix(res.out, string(clean)))
	assert.Equal(t, int64(292), res.stats.Records)
	assert.Equal(t, int64(292), res.stats.Repaired)
	assert.Equal(t, map[string]int64{"control_char": 292}, res.stats.RepairedBy)
	assert.Equal(t, int64(4507), res.stats.Line-1)
}

func TestCleanRejectsSayWhyAndKeepTheRawRecord(t *testing.T) {
	in := "{\"a\":1}\n{\"b\":\"cut\n{\"c\":[1,}\n\n  \n{\"d\":\"\xff\"x}\nplain prose\n{\"e\":2}\n" + strings.Repeat("x", 3000) + "\n"
	res := cleanBytes(t, []byte(in), Options{NewSanitizer: newFake, MaxRecordBytes: 2048})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"a\":1}\n{\"e\":2}\n", res.out)
	require.Len(t, res.rejects, 5)
	r := res.rejects
	assert.Equal(t, []int64{2, 3, 6, 7, 9}, []int64{r[0].Line, r[1].Line, r[2].Line, r[3].Line, r[4].Line})
	assert.Equal(t, []string{"truncated", "syntax", "syntax", "syntax", "too_large"},
		[]string{r[0].Reason, r[1].Reason, r[2].Reason, r[3].Reason, r[4].Reason})
	assert.Equal(t, "{\"b\":\"cut", r[0].Raw)
	assert.JSONEq(t, `{"record_offset":9,"record_line":1,"record_column":10,"message":"truncated input","open":"","pending":"none"}`, string(r[0].Details))
	// Invalid UTF-8 survives in base64.
	raw, err := r[2].RawBytes()
	require.NoError(t, err)
	assert.Equal(t, "{\"d\":\"\xff\"x}", string(raw))
	assert.Empty(t, r[2].Raw)
	assert.True(t, r[4].RawTruncated)
	assert.Equal(t, int64(3000), r[4].Size)
	assert.Contains(t, r[4].Error, "3000 bytes")
	assert.Equal(t, map[string]int64{"truncated": 1, "syntax": 3, "too_large": 1}, res.stats.RejectedBy)
}

// A top-level value with ':' after it on its line was a member's name
// (`"key": value`, the braces left out): cutting the record to the name
// would write a wrong record, so under the default floor both lines need
// a model (the prose_value guess) and none is written.
func TestCleanRejectsBareMembers(t *testing.T) {
	in := "\"result\": [1, 2]\n\"The answer\": 42\n"
	res := cleanBytes(t, []byte(in), Options{})
	require.NoError(t, res.err)
	assert.Empty(t, res.out)
	require.Len(t, res.rejects, 2)
	for i, raw := range []string{`"result": [1, 2]`, `"The answer": 42`} {
		r := res.rejects[i]
		assert.Equal(t, int64(i+1), r.Line)
		assert.Equal(t, ReasonNeedsModel.String(), r.Reason)
		assert.Contains(t, r.Error, "prose_value")
		assert.Equal(t, raw, r.Raw)
	}
	assert.Equal(t, map[string]int64{ReasonNeedsModel.String(): 2}, res.stats.RejectedBy)
	assert.Zero(t, res.stats.Repaired)
}

type schemaFake struct{}

func (schemaFake) Check(doc []byte) *Diagnosis {
	var v map[string]any
	if json.Unmarshal(doc, &v) == nil && v["id"] != nil {
		return nil
	}
	return &Diagnosis{Text: `/: missing property "id"`, Details: []byte(`{"valid":false}`)}
}

func TestCleanWithSchemaRejectsInvalidRecords(t *testing.T) {
	in := "{\"id\":1}\n{\"name\":\"x\"}\n{\"id\":\"two\nlines\"}\n"
	res := cleanBytes(t, []byte(in), Options{NewSanitizer: newFake, Schema: schemaFake{}})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"id\":1}\n{\"id\":\"two\\nlines\"}\n", res.out)
	require.Len(t, res.rejects, 1)
	assert.Equal(t, "schema", res.rejects[0].Reason)
	assert.Equal(t, int64(2), res.rejects[0].Line)
	assert.JSONEq(t, `{"valid":false}`, string(res.rejects[0].Details))
}

type healerFake struct {
	mu    sync.Mutex
	calls []int64
}

func (h *healerFake) Heal(_ context.Context, req *HealRequest) ([]byte, error) {
	h.mu.Lock()
	h.calls = append(h.calls, req.Line)
	h.mu.Unlock()
	if req.Reason == ReasonTruncated {
		return []byte(`{"id":"healed"}`), nil
	}
	if req.Reason == ReasonSchema {
		return []byte(`{"still":"no id"}`), nil
	}
	return nil, errors.New("model unavailable")
}

func TestCleanHealerSeam(t *testing.T) {
	h := &healerFake{}
	in := "{\"id\":1}\n{\"id\":\"cut\n{\"x\":1}\n{\"id\":[}\n"
	res := cleanBytes(t, []byte(in), Options{NewSanitizer: newFake, Schema: schemaFake{}, Healer: h})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"id\":1}\n{\"id\":\"healed\"}\n", res.out)
	assert.Equal(t, int64(1), res.stats.Healed)
	require.Len(t, res.rejects, 2)
	assert.Contains(t, res.rejects[0].Error, "healed document rejected (schema)")
	assert.Contains(t, res.rejects[1].Error, "healing failed: model unavailable")
	assert.ElementsMatch(t, []int64{2, 3, 4}, h.calls)
}

// failingWriter accepts limit bytes, then fails like a full disk.
type failingWriter struct {
	limit int
	n     int
}

var errDiskFull = errors.New("no space left on device")

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n+len(p) > w.limit {
		k := w.limit - w.n
		w.n = w.limit
		return k, errDiskFull
	}
	w.n += len(p)
	return len(p), nil
}

func TestCleanReportsWriteErrors(t *testing.T) {
	data, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	for _, which := range []string{"output", "rejects"} {
		out, rej := io.Writer(io.Discard), io.Writer(io.Discard)
		fw := &failingWriter{limit: 100 << 10}
		if which == "output" {
			out = fw
		} else {
			rej = fw
			data = bytes.ReplaceAll(data, []byte(`"role"`), []byte(`"role`)) // every record broken
		}
		_, err := NewCleaner(Options{NewSanitizer: newFake, Workers: 2, BatchBytes: 16 << 10}).
			Run(context.Background(), bytes.NewReader(data), out, rej)
		var oe *OutputError
		require.ErrorAs(t, err, &oe, which)
		assert.Equal(t, which, oe.Name)
		assert.ErrorIs(t, err, errDiskFull)
	}
}

func TestCleanReportsReadErrorsAndKeepsRecordsBefore(t *testing.T) {
	in := io.MultiReader(strings.NewReader("{\"a\":1}\n{\"b\":2}\n{\"c\""), iotest.ErrReader(io.ErrUnexpectedEOF))
	var out bytes.Buffer
	st, err := NewCleaner(Options{NewSanitizer: newFake}).Run(context.Background(), in, &out, nil)
	var ie *InputError
	require.ErrorAs(t, err, &ie)
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	assert.Equal(t, int64(16), ie.Offset)
	assert.Equal(t, int64(3), ie.Line)
	assert.Equal(t, "{\"a\":1}\n{\"b\":2}\n", out.String())
	assert.Equal(t, int64(2), st.Records)
}

// gatedReader serves data, then blocks until released once it has served
// at least `after` bytes.
type gatedReader struct {
	r       io.Reader
	after   int
	n       int
	reached chan struct{}
	once    sync.Once
}

func (g *gatedReader) Read(p []byte) (int, error) {
	if g.n >= g.after {
		g.once.Do(func() { close(g.reached) })
		select {} // blocks like a silent stdin
	}
	p = p[:min(len(p), g.after-g.n)]
	n, err := g.r.Read(p)
	g.n += n
	return n, err
}

// thresholdWriter closes reached once it holds at least n bytes.
type thresholdWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	n       int
	reached chan struct{}
	once    sync.Once
}

func (w *thresholdWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.buf.Len() >= w.n {
		w.once.Do(func() { close(w.reached) })
	}
	return len(p), nil
}

func TestCleanStopsOnCancelAndFlushesWhatIsDone(t *testing.T) {
	data, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	// The input stalls after 500 KB, like a quiet stdin; the run is
	// cancelled once some output is out.
	g := &gatedReader{r: bytes.NewReader(data), after: 500 << 10, reached: make(chan struct{})}
	out := &thresholdWriter{n: 100 << 10, reached: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-out.reached; cancel() }()
	st, err := NewCleaner(Options{NewSanitizer: newFake, Workers: 2, BatchBytes: 32 << 10}).Run(ctx, g, out, nil)
	var se *StoppedError
	require.ErrorAs(t, err, &se)
	assert.ErrorIs(t, err, context.Canceled)
	// Everything before the stop line is written, nothing after.
	lines := strings.Split(string(data), "\n")
	n := int(se.Line - 1)
	require.Positive(t, n)
	require.Less(t, n, len(lines)-1)
	assert.Equal(t, strings.Join(lines[:n], "\n")+"\n", out.buf.String())
	assert.Equal(t, int64(n), st.Written())
	assert.Equal(t, st.Records, st.Written()+st.Rejected)
	assert.Equal(t, int64(len(strings.Join(lines[:n], "\n"))+1), se.Offset)
}
func TestCleanConservesEveryRecordWithTheSanitizer(t *testing.T) {
	for name, data := range corpusFiles(t) {
		t.Run(name, func(t *testing.T) {
			checkConservation(t, data, Options{MaxRecordBytes: 1 << 20}, true)
			checkConservation(t, data, Options{MaxRecordBytes: 1 << 20, Sanitize: sanitize.Options{CloseTruncated: true}}, false)
		})
	}
}

func TestCleanWithTheSanitizerTurnsLLMRawIntoLLM(t *testing.T) {
	raw, err := os.ReadFile("../testdata/corpus/llm_raw.jsonl")
	require.NoError(t, err)
	clean, err := os.ReadFile("../testdata/corpus/llm.jsonl")
	require.NoError(t, err)
	res := cleanBytes(t, raw, Options{Workers: 2, BatchBytes: 8 << 10})
	require.NoError(t, res.err)
	require.Greater(t, len(res.out), len(clean))
	assert.Equal(t, string(clean), res.out[:len(clean)], "the first 291 records equal llm.jsonl byte for byte")
	assert.Equal(t, int64(292), res.stats.Repaired)
	assert.Equal(t, int64(0), res.stats.Rejected)
	assert.Equal(t, map[string]int64{"control_char": 292}, res.stats.RepairedBy)

	// And llm.jsonl itself comes out untouched.
	res = cleanBytes(t, clean, Options{Workers: 2, BatchBytes: 8 << 10})
	require.NoError(t, res.err)
	assert.Equal(t, string(clean), res.out)
	assert.Equal(t, int64(291), res.stats.Clean)
}

func TestCleanWithTheSanitizerRepairsOrRejectsTypicalBreakage(t *testing.T) {
	in := "```json\n{\"a\":1}\n```\n" + // fenced, 3 lines
		"Sure! Here it is: {\"b\":2}\n" + // prose
		"{\"c\":\"line\nbreak\"}\n" + // raw newline
		"{\"d\":[1,2,{\"e\":\"tru\n" + // truncated mid-string, then resync
		"{\"f\":3}\n" +
		"{\"g\":@}\n" // not repairable
	res := cleanBytes(t, []byte(in), Options{})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"a\":1}\n{\"b\":2}\n{\"c\":\"line\\nbreak\"}\n{\"f\":3}\n", res.out)
	require.Len(t, res.rejects, 2)
	assert.Equal(t, int64(7), res.rejects[0].Line)
	assert.Equal(t, "truncated", res.rejects[0].Reason)
	var details struct {
		RecordOffset  int64 `json:"record_offset"`
		Open, Pending string
	}
	require.NoError(t, json.Unmarshal(res.rejects[0].Details, &details))
	assert.Equal(t, int64(19), details.RecordOffset)
	assert.Equal(t, "{[{", details.Open)
	assert.Equal(t, "string", details.Pending)
	assert.Equal(t, int64(9), res.rejects[1].Line)
	assert.Equal(t, "syntax", res.rejects[1].Reason)

	res = cleanBytes(t, []byte(in), Options{Sanitize: sanitize.Options{CloseTruncated: true}})
	require.NoError(t, res.err)
	assert.Contains(t, res.out, "{\"d\":[1,2,{\"e\":\"tru\"}]}\n{\"f\":3}\n")
	assert.Equal(t, int64(1), res.stats.RepairedBy["close_truncated"])
}

func TestCleanBoundsTheBytesInFlight(t *testing.T) {
	// Records of 300 KB with 16 KB batches and a window of 4: one record at
	// a time is in flight, not four.
	rec := `{"text":"` + strings.Repeat("y", 300<<10) + `"}` + "\n"
	in := strings.Repeat(`{"a":1}`+"\n"+rec, 12)
	c := NewCleaner(Options{NewSanitizer: newFake, Workers: 2, BatchBytes: 16 << 10, Window: 4})
	var out bytes.Buffer
	st, err := c.Run(context.Background(), strings.NewReader(in), &out, nil)
	require.NoError(t, err)
	assert.Equal(t, int64(24), st.Written())
	assert.Equal(t, in, out.String())
	assert.LessOrEqual(t, c.budget.peak, int64(len(rec)+16<<10))
	assert.Zero(t, c.budget.used)
}

func TestCleanPutsMultiLineRecordsOnOneLine(t *testing.T) {
	res := cleanBytes(t, []byte("{\r\n  \"a\": [\n    1,\n    2\n  ]\r\n}\n{\"b\":\"x\ny\"}\n"), Options{})
	require.NoError(t, res.err)
	assert.Equal(t, "{    \"a\": [     1,     2   ]  }\n{\"b\":\"x\\ny\"}\n", res.out)
	assert.Equal(t, int64(1), res.stats.Reflowed)
	assert.Equal(t, int64(1), res.stats.Clean)
	assert.Equal(t, int64(1), res.stats.Repaired)
}

// liarSanitizer claims to have repaired the syntax of every record into
// valid JSON, but returns it unchanged.
type liarSanitizer struct{ rep sanitize.Report }

func (l *liarSanitizer) Reset()                   { l.rep = sanitize.Report{} }
func (l *liarSanitizer) Report() *sanitize.Report { return &l.rep }
func (l *liarSanitizer) Append(dst, src []byte) ([]byte, error) {
	l.rep.Values = 1
	l.rep.Fixes = []sanitize.Fix{{Kind: sanitize.KindTrailingComma, Confidence: sanitize.Certain, Line: 1, Column: 1}}
	return append(dst, src...), nil
}

func TestCleanNeverWritesInvalidJSONEvenIfTheSanitizerSaysSo(t *testing.T) {
	res := cleanBytes(t, []byte("{\"a\":1}\n[\"x\"\\u0019]\n"), Options{NewSanitizer: func() Sanitizer { return &liarSanitizer{} }})
	require.NoError(t, res.err)
	assert.Equal(t, "{\"a\":1}\n", res.out)
	require.Len(t, res.rejects, 1)
	assert.Equal(t, "syntax", res.rejects[0].Reason)
	assert.Contains(t, res.rejects[0].Error, "sanitizer defect")
}

// TestRunRefusesOptionsPastTheirCaps: Workers past MaxWorkers and Window
// past MaxWindow are refused with an *OptionsError before anything is
// read or written.
func TestRunRefusesOptionsPastTheirCaps(t *testing.T) {
	for _, opts := range []Options{{Workers: MaxWorkers + 1}, {Window: MaxWindow + 1}} {
		var out bytes.Buffer
		_, err := NewCleaner(opts).Run(context.Background(), strings.NewReader("{}\n"), &out, nil)
		var oe *OptionsError
		require.ErrorAs(t, err, &oe)
		assert.Empty(t, out.String())
	}
	_, err := NewCleaner(Options{Workers: MaxWorkers}).Run(context.Background(), strings.NewReader("{}\n"), io.Discard, nil)
	require.NoError(t, err)
}

// TestStatsWhileRunStartsIsSafe: Stats may be called from any goroutine
// at any time, a Run's start (which zeroes the counters) included: under
// the race detector a plain assignment of the counters fails this test.
func TestStatsWhileRunStartsIsSafe(t *testing.T) {
	c := NewCleaner(Options{Workers: 2})
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			select {
			case <-done:
				return
			default:
				_ = c.Stats()
			}
		}
	}()
	for range 20 {
		st, err := c.Run(context.Background(), strings.NewReader("{\"a\":1}\n{\"b\":2}\n"), io.Discard, nil)
		require.NoError(t, err)
		assert.Equal(t, int64(2), st.Records, "each Run counts from zero")
	}
	close(done)
	<-stopped
}

// TestCountersResetZeroesEveryCounter: reset covers every field, so a
// counter added later cannot carry one Run's count into the next.
func TestCountersResetZeroesEveryCounter(t *testing.T) {
	var c counters
	v := reflect.ValueOf(&c).Elem()
	set := 0
	var visit func(f reflect.Value)
	visit = func(f reflect.Value) {
		switch {
		case f.Type() == reflect.TypeOf(atomic.Int64{}):
			(*atomic.Int64)(unsafe.Pointer(f.UnsafeAddr())).Store(7)
			set++
		case f.Kind() == reflect.Array:
			for i := range f.Len() {
				visit(f.Index(i))
			}
		default:
			t.Fatalf("counters holds a %s: reset must zero it", f.Type())
		}
	}
	for i := range v.NumField() {
		visit(v.Field(i))
	}
	require.Greater(t, set, 20)
	c.reset()
	var zero counters
	assert.Equal(t, zero.snapshot(), c.snapshot())
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() != reflect.Array {
			assert.Zero(t, (*atomic.Int64)(unsafe.Pointer(f.UnsafeAddr())).Load(), v.Type().Field(i).Name)
		}
	}
}
