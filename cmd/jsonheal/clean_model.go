package main

import (
	"errors"
	"flag"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/sanitize"
	"github.com/jsonheal/jsonheal/validate"
)

// cleanModelFlags are the flags of `jsonheal clean` for schema fixes and
// healing with a model.
type cleanModelFlags struct {
	schemaFixes    string
	model          string
	baseURL        string
	keyEnv         string
	maxAttempts    int
	budgetTokens   int64
	concurrency    int
	timeout        time.Duration
	attemptTimeout time.Duration
	maxTokens      int
}

// modelOnlyFlags need --model.
var modelOnlyFlags = []string{"base-url", "api-key-env", "max-attempts", "budget-tokens", "model-concurrency", "timeout", "attempt-timeout", "max-tokens"}

func (m *cleanModelFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&m.schemaFixes, "schema-fixes", "on", "deterministic schema-guided fixes of records that fail --schema: on, off, or a comma-separated list of "+
		"rename, enum_case, coerce, wrap_array, default (subject to --min-confidence)")
	fs.StringVar(&m.model, "model", "", "heal the records the fast layers could not save with this model `NAME` (OpenAI-compatible chat completions)")
	fs.StringVar(&m.baseURL, "base-url", defaultBaseURL, "OpenAI-compatible base `URL` (…/v1) of --model")
	fs.StringVar(&m.keyEnv, "api-key-env", "OPENAI_API_KEY", "environment variable holding the API key (none sent when empty)")
	fs.IntVar(&m.maxAttempts, "max-attempts", heal.DefaultMaxAttempts, "model attempts per record, not retries: 2 = the first call and one correction")
	fs.Int64Var(&m.budgetTokens, "budget-tokens", 0, "total prompt+completion tokens for the whole run (0 = no limit); checked before each call, so the calls in flight "+
		"when it runs out may overshoot it by what they use; records that find it spent are rejected as budget")
	fs.IntVar(&m.concurrency, "model-concurrency", jsonl.DefaultModelConcurrency, "records healed by the model at once (so calls in flight)")
	fs.DurationVar(&m.timeout, "timeout", 0, "time limit for healing one record: its attempts, retries and backoff (0 = none)")
	fs.DurationVar(&m.attemptTimeout, "attempt-timeout", heal.DefaultAttemptTimeout, "time limit of each model call")
	fs.IntVar(&m.maxTokens, "max-tokens", 0, "max_tokens of a model answer (0 = the server's default)")
}

// check validates the flags once parsed; set holds the flags given.
func (m *cleanModelFlags) check(set map[string]bool) error {
	if _, err := m.disabledFixes(); err != nil {
		return err
	}
	if m.model == "" {
		for _, name := range modelOnlyFlags {
			if set[name] {
				return fmt.Errorf("--%s needs --model", name)
			}
		}
		return nil
	}
	switch {
	case m.maxAttempts < 1:
		return errors.New("--max-attempts must be at least 1")
	case m.concurrency < 1:
		return errors.New("--model-concurrency must be at least 1")
	case m.budgetTokens < 0 || m.maxTokens < 0 || m.timeout < 0 || m.attemptTimeout < 0:
		return errors.New("--budget-tokens, --max-tokens, --timeout and --attempt-timeout must not be negative")
	}
	return nil
}

// disabledFixes reads --schema-fixes into the rules to switch off.
func (m *cleanModelFlags) disabledFixes() (heal.FixRule, error) {
	switch v := strings.TrimSpace(m.schemaFixes); v {
	case "on", "":
		return 0, nil
	case "off":
		return heal.AllFixes, nil
	}
	var on heal.FixRule
	for _, name := range strings.Split(m.schemaFixes, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		r, ok := parseFixRule(name)
		if !ok {
			return 0, fmt.Errorf("--schema-fixes: unknown rule %q (on, off, or rename, enum_case, coerce, wrap_array, default)", name)
		}
		on |= r
	}
	return heal.AllFixes &^ on, nil
}

func parseFixRule(name string) (heal.FixRule, bool) {
	for r := heal.FixRule(1); r != 0 && r <= heal.AllFixes; r <<= 1 {
		if r.String() == name {
			return r, true
		}
	}
	return 0, false
}

// workers is the number of workers: a record is healed by the worker that
// owns it (so the output stays in order), so there must be at least as
// many workers as model calls allowed at once unless -j says otherwise.
func (m *cleanModelFlags) workers(jobs int) int {
	if jobs > 0 || m.model == "" {
		return jobs
	}
	return min(max(runtime.GOMAXPROCS(0), m.concurrency), jsonl.MaxWorkers)
}

// healer builds the ModelHealer of --model; nil without it. Every task it
// finishes is counted in counters (may be nil).
func (m *cleanModelFlags) healer(e *env, schema *validate.Schema, schemaText []byte, san sanitize.Options, counters *heal.Counters) *jsonl.ModelHealer {
	h := m.loop(e, schema, san, counters)
	if h == nil {
		return nil
	}
	return jsonl.NewModelHealer(h, jsonl.ModelOptions{
		Schema:       schemaText,
		Concurrency:  m.concurrency,
		BudgetTokens: m.budgetTokens,
		MaxTokens:    m.maxTokens,
	})
}

// loop builds heal's loop of --model (model, schema, policy); nil without
// it.
func (m *cleanModelFlags) loop(e *env, schema *validate.Schema, san sanitize.Options, counters *heal.Counters) *heal.Healer {
	if m.model == "" {
		return nil
	}
	var opts []openai.Option
	if m.keyEnv != "" && e.getenv != nil {
		if key := e.getenv(m.keyEnv); key != "" {
			opts = append(opts, openai.WithAPIKey(key))
		}
	}
	h := &heal.Healer{
		Model:    openai.New(m.baseURL, m.model, opts...),
		Schema:   schema,
		Counters: counters,
		Policy: heal.Policy{
			MaxAttempts:   m.maxAttempts,
			MinConfidence: san.MinConfidence,
			Retry:         heal.RetryPolicy{AttemptTimeout: m.attemptTimeout},
			Budget:        heal.Budget{MaxDuration: m.timeout},
		},
	}
	if m.attemptTimeout == 0 {
		h.Policy.Retry.AttemptTimeout = -1 // none
	}
	return h
}
