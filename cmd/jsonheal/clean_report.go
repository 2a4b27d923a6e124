package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/jsonheal/jsonheal/jsonl"
)

// summary is the end-of-run report of `jsonheal clean` (--report=json
// writes it as is).
type summary struct {
	OK      bool     `json:"ok"`
	Inputs  []string `json:"inputs"`
	Output  string   `json:"output"`
	Rejects string   `json:"rejects,omitempty"`
	// Report holds the counts of every input's run, summed.
	jsonl.Report
	// NotWritten counts the records read but neither written nor
	// rejected: a write failed (stdout closed early, a full disk) and the
	// run stopped. Zero otherwise.
	NotWritten int64  `json:"not_written,omitempty"`
	Error      string `json:"error,omitempty"`
	// Model is what --model did: calls, tokens, healed, gave up...
	Model *jsonl.ModelStats `json:"model,omitempty"`
	// SecondRound says, with --model, how many records entered a second
	// model attempt and how many left it healed.
	SecondRound *secondRound `json:"second_round,omitempty"`
}

func (s *summary) add(name string, st jsonl.Stats) {
	s.Inputs = append(s.Inputs, cleanInputName(name))
	s.Report.Add(st)
}

func (s *summary) finish(err error) {
	s.OK = err == nil && s.Rejected == 0
	s.NotWritten = max(0, s.Records-s.Written-s.Rejected)
	if err != nil {
		s.Error = err.Error()
	}
	if s.RepairedBy == nil {
		s.RepairedBy = map[string]int64{}
	}
	if s.RejectedBy == nil {
		s.RejectedBy = map[string]int64{}
	}
	if s.SchemaFixedBy == nil {
		s.SchemaFixedBy = map[string]int64{}
	}
}

func (s *summary) writeText(w io.Writer) {
	var more string
	if s.SchemaFixed > 0 {
		more += fmt.Sprintf(", %d schema-fixed", s.SchemaFixed)
	}
	if s.Healed > 0 {
		more += fmt.Sprintf(", %d healed", s.Healed)
	}
	fmt.Fprintf(w, "jsonheal clean: %d records, %.1f MB in %.2fs (%.0f MB/s): %d clean, %d repaired%s, %d rejected\n",
		s.Records, float64(s.BytesIn)/1e6, s.Seconds, s.MBPerSecond, s.Clean, s.Repaired, more, s.Rejected)
	fmt.Fprintf(w, "  in: %d lines, %d records; out: %d written + %d rejected\n", s.Lines, s.Records, s.Written, s.Rejected)
	if s.NotWritten > 0 {
		fmt.Fprintf(w, "  not written: %d records, from the line the run stopped at (a write failed)\n", s.NotWritten)
	}
	if len(s.RepairedBy) > 0 {
		fmt.Fprintf(w, "  repaired: %s\n", formatCounts(s.RepairedBy))
	}
	if s.Reflowed > 0 {
		fmt.Fprintf(w, "  multi-line records put on one line: %d\n", s.Reflowed)
	}
	if s.SchemaFixed > 0 {
		fmt.Fprintf(w, "  schema-fixed: %d (%s)\n", s.SchemaFixed, formatCounts(s.SchemaFixedBy))
	}
	if m := s.Model; m != nil {
		fmt.Fprintf(w, "  model: %d healed, %d gave up, %d over budget, %d not sent; %d calls, %d+%d tokens\n",
			m.Healed, m.GaveUp, m.OverBudget, m.Skipped, m.Calls, m.PromptTokens, m.CompletionTokens)
	}
	if r := s.SecondRound; r != nil {
		fmt.Fprintf(w, "  %s\n", r.line())
	}
	if len(s.RejectedBy) > 0 {
		where := "use --rejects FILE to keep them"
		if s.Rejects != "" {
			where = "in " + s.Rejects
		}
		fmt.Fprintf(w, "  rejected: %s (%s)\n", formatCounts(s.RejectedBy), where)
	}
}

// formatCounts renders counts as "a 3, b 1", largest first.
func formatCounts(m map[string]int64) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func (s *summary) writeJSON(w io.Writer) {
	b, _ := json.Marshal(s)
	fmt.Fprintf(w, "%s\n", b)
}

// progress prints a status line on stderr while cleaning.
type progress struct {
	w     io.Writer
	mu    sync.Mutex
	c     *jsonl.Cleaner
	prior jsonl.Stats // totals of the inputs already done
	start time.Time
	quit  chan struct{}
	done  chan struct{}
}

// progressInterval is how often the progress line is refreshed.
const progressInterval = 250 * time.Millisecond

// startProgress starts the progress line per mode (auto: only when stderr
// is a terminal). It returns nil when there is none; a nil *progress does
// nothing.
func startProgress(e *env, mode string) *progress {
	if mode == "never" || mode == "auto" && (e.isTerminal == nil || !e.isTerminal(e.stderr)) {
		return nil
	}
	p := &progress{w: e.stderr, start: time.Now(), quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				p.print()
			case <-p.quit:
				return
			}
		}
	}()
	return p
}

// watch switches the line to the Cleaner of the next input (nil: between
// inputs, folding the last one into the totals).
func (p *progress) watch(c *jsonl.Cleaner) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if c == nil && p.c != nil {
		st := p.c.Stats()
		p.prior.Records += st.Records
		p.prior.Repaired += st.Repaired
		p.prior.Rejected += st.Rejected
		p.prior.BytesIn += st.BytesIn
	}
	p.c = c
}

func (p *progress) print() {
	p.mu.Lock()
	st := p.prior
	if p.c != nil {
		cur := p.c.Stats()
		st.Records += cur.Records
		st.Repaired += cur.Repaired
		st.Rejected += cur.Rejected
		st.BytesIn += cur.BytesIn
	}
	p.mu.Unlock()
	secs := time.Since(p.start).Seconds()
	fmt.Fprintf(p.w, "\r\x1b[K%d records  %.0f MB/s  %d repaired  %d rejected",
		st.Records, float64(st.BytesIn)/1e6/secs, st.Repaired, st.Rejected)
}

// stop ends the progress line.
func (p *progress) stop() {
	if p == nil {
		return
	}
	close(p.quit)
	<-p.done
	p.print()
	fmt.Fprint(p.w, "\n")
}
