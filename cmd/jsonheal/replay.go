package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/jsonl"
)

func init() {
	register(command{
		name:    "replay",
		summary: "run rejects and dead letters again with today's schema, repairs and model",
		run:     runReplay,
	})
}

// replayConfig holds the parsed flags of `jsonheal replay`.
type replayConfig struct {
	pipelineFlags
	output, rejects string
	report          string
	minRate         float64
	hasMinRate      bool
	fastOnly        bool
	inputs          []string
}

func parseReplayFlags(e *env, args []string) (*replayConfig, int) {
	c := &replayConfig{}
	fs := newFlagSet(e, "replay",
		"usage: jsonheal replay [flags] FILE...",
		"Runs rejects (clean --rejects, replay --rejects) and dead letters again, in any mix (stdin when FILE",
		"is absent or -; gzip and zstd detected), with today's --schema, repair flags and schema fixes and,",
		"with --model, today's model and prompt (the flags of clean, same meanings). A reject's record is",
		"cleaned as clean would clean it; a dead letter's task is asked again as a new task with a new",
		"idempotency key (with --fast-only or no --model, its last answer goes through the fast layers).",
		"Saved records go to -o in the order read; what still fails goes to --rejects with its new reason",
		"and its previous_reason. The summary gives the replay rate (healed / replayed) by former reason.",
		"Exit 0: every incident healed (or the rate at least --min-rate); 1: some still fail (or the rate",
		"is below --min-rate); 2: usage or I/O error, a record that is not a reject or a dead letter,",
		"interrupted, or the model refused the run; 3: the schema does not compile.",
	)
	fs.StringVar(&c.output, "o", "-", "write healed records to `FILE` (.gz and .zst compress); - is stdout")
	fs.StringVar(&c.rejects, "rejects", "", "write what still fails to `FILE` (.gz and .zst compress), with the new and the previous reason")
	c.pipelineFlags.register(fs)
	fs.StringVar(&c.report, "report", "text", "summary on stderr at the end: text, json or none")
	fs.Float64Var(&c.minRate, "min-rate", 0, "exit 1 when the replay rate (healed / replayed) is below `R` (0 to 1), 0 otherwise; "+
		"without it, exit 1 when anything still fails")
	fs.BoolVar(&c.fastOnly, "fast-only", false, "never call a model, even with --model: a regression check of the schema and repair settings for CI")
	if code, ok := parseFlags(fs, args); !ok {
		return nil, code
	}
	bad := func(format string, a ...any) (*replayConfig, int) {
		fmt.Fprintf(e.stderr, "jsonheal replay: "+format+"\n", a...)
		return nil, exitUsage
	}
	if err := c.pipelineFlags.check(fs); err != nil {
		return bad("%v", err)
	}
	switch c.report {
	case "text", "json", "none":
	default:
		return bad("--report must be text, json or none, not %q", c.report)
	}
	fs.Visit(func(f *flag.Flag) { c.hasMinRate = c.hasMinRate || f.Name == "min-rate" })
	if c.hasMinRate && (c.minRate < 0 || c.minRate > 1) {
		return bad("--min-rate must be between 0 and 1, not %g", c.minRate)
	}
	c.inputs = fs.Args()
	if len(c.inputs) == 0 {
		c.inputs = []string{"-"}
	}
	return c, exitOK
}

// replayCounts counts the replays of one former reason (or of all).
type replayCounts struct {
	Replayed int64 `json:"replayed"`
	Healed   int64 `json:"healed"`
	Failed   int64 `json:"failed"`
	// Rate is Healed / Replayed (1 when nothing was replayed).
	Rate float64 `json:"rate"`
}

func (c *replayCounts) add(healed bool) {
	c.Replayed++
	if healed {
		c.Healed++
	} else {
		c.Failed++
	}
	c.Rate = float64(c.Healed) / float64(c.Replayed)
}

// replaySummary is the end-of-run report of `jsonheal replay`
// (--report=json writes it as is).
type replaySummary struct {
	OK      bool     `json:"ok"`
	Inputs  []string `json:"inputs"`
	Output  string   `json:"output"`
	Rejects string   `json:"rejects,omitempty"`
	replayCounts
	// ByReason counts the replays by former reason (a reject's reason, a
	// dead letter's class).
	ByReason map[string]*replayCounts `json:"by_reason"`
	// MinRate is --min-rate, when given.
	MinRate *float64 `json:"min_rate,omitempty"`
	// Model is what the model did (records repaired and dead letters asked
	// again); SecondRound its second-round ratio. Absent without a model.
	Model       *jsonl.ModelStats `json:"model,omitempty"`
	SecondRound *secondRound      `json:"second_round,omitempty"`
	Error       string            `json:"error,omitempty"`
}

func runReplay(ctx context.Context, e *env, args []string) int {
	cfg, code := parseReplayFlags(e, args)
	if cfg == nil {
		return code
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(e.stderr, "jsonheal replay: "+format+"\n", a...)
		return code
	}
	pl, code, err := cfg.pipelineFlags.build(e, !cfg.fastOnly)
	if err != nil {
		return fail(code, "%v", err)
	}
	r := &replayer{opts: pl.opts, model: pl.model, budget: cfg.heal.budgetTokens}
	if !cfg.fastOnly {
		if h := cfg.heal.loop(e, pl.schema, pl.opts.Sanitize, pl.counters); h != nil {
			h.Model = &replayModel{inner: h.Model, r: r}
			r.loop = h
		}
	}

	if err := checkInputs(cfg.inputs); err != nil {
		return fail(exitUsage, "%v", err)
	}
	avoid, err := checkBatchOutputs(e, pl, cfg.inputs, cfg.output, cfg.rejects)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	out, rej, err := createOutputs(e, cfg.output, cfg.rejects, avoid)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	defer e.stop.onForcedExit(out.closeForExit)()
	if rej != nil {
		defer e.stop.onForcedExit(rej.closeForExit)()
	}
	sum := &replaySummary{Output: cfg.output, Rejects: cfg.rejects, ByReason: map[string]*replayCounts{}}
	for _, in := range cfg.inputs {
		sum.Inputs = append(sum.Inputs, cleanInputName(in))
	}
	workers := pl.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	runErr := replayAll(ctx, e, r, cfg.inputs, workers, func(o replayOutcome) error {
		sum.add(o)
		w, b := out, o.out
		if !o.healed {
			w, b = rej, o.rej
		}
		if w == nil {
			return nil
		}
		if _, err := w.Write(b); err != nil {
			return w.writeError(o.in, err)
		}
		return nil
	})
	if err := out.close(); err != nil && runErr == nil {
		runErr = err
	}
	if rej != nil {
		if err := rej.close(); err != nil && runErr == nil {
			runErr = err
		}
	}
	sum.finish(cfg, r, pl.counters.Snapshot(), runErr)
	switch cfg.report {
	case "text":
		sum.writeText(e.stderr)
	case "json":
		b, _ := json.Marshal(sum)
		fmt.Fprintf(e.stderr, "%s\n", b)
	}
	if runErr != nil {
		if cfg.report != "json" {
			fmt.Fprintf(e.stderr, "jsonheal replay: %v\n", runErr)
		}
		return exitUsage
	}
	if cfg.hasMinRate {
		if sum.Rate < cfg.minRate {
			return exitFailed
		}
		return exitOK
	}
	if sum.Failed > 0 {
		return exitFailed
	}
	return exitOK
}

func (s *replaySummary) add(o replayOutcome) {
	s.replayCounts.add(o.healed)
	prev := o.in.reason()
	c := s.ByReason[prev]
	if c == nil {
		c = &replayCounts{}
		s.ByReason[prev] = c
	}
	c.add(o.healed)
}

func (s *replaySummary) finish(cfg *replayConfig, r *replayer, counters heal.CountersSnapshot, err error) {
	if s.Replayed == 0 {
		s.Rate = 1
	}
	if cfg.hasMinRate {
		m := cfg.minRate
		s.MinRate = &m
	}
	if r.model != nil || r.loop != nil {
		var ms jsonl.ModelStats
		if r.model != nil {
			ms = r.model.Stats()
		}
		ms.Calls += r.dl.calls.Load()
		ms.PromptTokens += r.dl.promptTokens.Load()
		ms.CompletionTokens += r.dl.completionTokens.Load()
		ms.Healed += r.dl.healed.Load()
		ms.GaveUp += r.dl.gaveUp.Load()
		s.Model = &ms
		s.SecondRound = newSecondRound(counters)
	}
	if err != nil {
		s.Error = err.Error()
	}
	s.OK = err == nil && (s.Failed == 0 || cfg.hasMinRate && s.Rate >= cfg.minRate)
}

func (s *replaySummary) writeText(w io.Writer) {
	switch {
	case s.Error != "":
		// No rate: an input that could not be read is no 100% replay.
		fmt.Fprintf(w, "jsonheal replay: stopped by an error after %d replayed (%d healed, %d still failing)\n", s.Replayed, s.Healed, s.Failed)
	case s.MinRate != nil:
		fmt.Fprintf(w, "jsonheal replay: %d replayed, %d healed, %d still failing: replay rate %.1f%% (minimum %.1f%%)\n",
			s.Replayed, s.Healed, s.Failed, 100*s.Rate, 100**s.MinRate)
	default:
		fmt.Fprintf(w, "jsonheal replay: %d replayed, %d healed, %d still failing: replay rate %.1f%%\n", s.Replayed, s.Healed, s.Failed, 100*s.Rate)
	}
	if len(s.ByReason) > 0 {
		reasons := make([]string, 0, len(s.ByReason))
		for k := range s.ByReason {
			reasons = append(reasons, k)
		}
		sort.Slice(reasons, func(i, j int) bool {
			a, b := s.ByReason[reasons[i]], s.ByReason[reasons[j]]
			if a.Replayed != b.Replayed {
				return a.Replayed > b.Replayed
			}
			return reasons[i] < reasons[j]
		})
		parts := make([]string, len(reasons))
		for i, k := range reasons {
			c := s.ByReason[k]
			parts[i] = fmt.Sprintf("%s %d/%d (%.0f%%)", k, c.Healed, c.Replayed, 100*c.Rate)
		}
		fmt.Fprintf(w, "  healed by former reason: %s\n", strings.Join(parts, ", "))
	}
	if m := s.Model; m != nil {
		fmt.Fprintf(w, "  model: %d healed, %d gave up, %d over budget, %d not sent; %d calls, %d+%d tokens\n",
			m.Healed, m.GaveUp, m.OverBudget, m.Skipped, m.Calls, m.PromptTokens, m.CompletionTokens)
	}
	if r := s.SecondRound; r != nil {
		fmt.Fprintf(w, "  %s\n", r.line())
	}
	if s.Failed > 0 {
		where := "use --rejects FILE to keep them"
		if s.Rejects != "" {
			where = "in " + s.Rejects
		}
		fmt.Fprintf(w, "  still failing: %d (%s)\n", s.Failed, where)
	}
}
