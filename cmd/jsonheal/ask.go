package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/heal/openai"
	"github.com/jsonheal/jsonheal/validate"
)

func init() {
	register(command{
		name:    "ask",
		summary: "ask a model for JSON matching a schema; repair, validate and re-ask until valid",
		run:     runAsk,
	})
}

// defaultBaseURL is OpenAI's; any OpenAI-compatible server works.
const defaultBaseURL = "https://api.openai.com/v1"

func runAsk(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "ask",
		`usage: jsonheal ask --schema FILE --model NAME [--base-url URL] [flags] "prompt"`,
		"Asks the model, repairs and validates the answer, re-asks with diagnostics, and prints the JSON.",
		`The prompt is the arguments joined by spaces; "-" reads it from stdin.`,
		"Exit 0: valid JSON on stdout; 1: gave up (dead letter JSON on stderr, or appended to --dead-letter FILE);",
		"2: usage, or the model refused the run (credentials, unknown model, quota; dead letter too), or the dead",
		"letter could not be written; 3: the schema does not compile.",
	)
	schemaFile := fs.String("schema", "", "JSON Schema FILE the answer must match (required)")
	model := fs.String("model", "", "model NAME (required)")
	baseURL := fs.String("base-url", defaultBaseURL, "OpenAI-compatible base URL (…/v1)")
	keyEnv := fs.String("api-key-env", "OPENAI_API_KEY", "environment variable holding the API key (none sent when empty)")
	system := fs.String("system", "", "system prompt (default: asks for JSON matching the schema, which it includes)")
	maxAttempts := fs.Int("max-attempts", heal.DefaultMaxAttempts, "model attempts, not retries: 2 = the first call and one correction")
	budgetTokens := fs.Int("budget-tokens", 0, "prompt+completion tokens for all attempts (0 = no limit); checked before each call, "+
		"so the call that crosses it may overshoot it by what it uses")
	timeout := fs.Duration("timeout", 0, "overall time limit, backoff included (0 = none)")
	attemptTimeout := fs.Duration("attempt-timeout", heal.DefaultAttemptTimeout, "time limit of each call")
	maxTokens := fs.Int("max-tokens", 0, "max_tokens of the answer (0 = the server's default)")
	temperature := fs.Float64("temperature", -1, "sampling temperature (negative = the server's default)")
	responseFormat := fs.Bool("response-format", false, "also send the schema as response_format json_schema (validated locally all the same)")
	stream := fs.Bool("stream", false, "stream the answer (SSE)")
	earlyStop := fs.Bool("early-stop", false, "with --stream: cancel a stream as soon as a violation no fix can repair is certain")
	verbose := fs.Bool("v", false, "print the trace (one line per decision) to stderr")
	deadLetter := fs.String("dead-letter", "", "append a dead letter to FILE as one JSON line (report and replay read it), not to stderr")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "jsonheal ask: "+format+"\n", a...)
		return exitUsage
	}
	switch {
	case *schemaFile == "":
		return usageErr("--schema is required")
	case *model == "":
		return usageErr("--model is required")
	case fs.NArg() == 0:
		return usageErr("a prompt is required")
	case *maxAttempts < 1:
		return usageErr("--max-attempts must be at least 1")
	case *budgetTokens < 0 || *maxTokens < 0 || *timeout < 0:
		return usageErr("--budget-tokens, --max-tokens and --timeout must not be negative")
	case *earlyStop && !*stream:
		return usageErr("--early-stop needs --stream")
	}
	prompt := strings.Join(fs.Args(), " ")
	promptFromStdin := prompt == "-"
	if promptFromStdin {
		b, err := io.ReadAll(e.stdin)
		if err != nil {
			return usageErr("reading the prompt: %v", err)
		}
		prompt = string(b)
	}
	if strings.TrimSpace(prompt) == "" {
		return usageErr("the prompt is empty")
	}
	ls, code, err := loadSchema(*schemaFile, validate.Options{})
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal ask: %v\n", err)
		return code
	}
	// The model gets the schema with its $ref'd files bundled in.
	schema, schemaText := ls.schema, ls.forModel
	if ls.bundleErr != nil && (*system == "" || *responseFormat) {
		fmt.Fprintf(e.stderr, "jsonheal ask: note: %v\n", ls.bundleErr)
	}
	// Neither the answer nor a dead letter may land in a file the schema
	// was read from, nor in the prompt's file (`-`: stdin), nor both in
	// one file.
	reads := ls.reads
	if promptFromStdin {
		reads = append(inputFileSet(e, []string{"-"}), reads...)
	}
	avoid, err := checkOutputs(e, reads, outputTarget{"stdout", "-"}, outputTarget{"--dead-letter", *deadLetter})
	if err != nil {
		return usageErr("%v", err)
	}

	opts := []openai.Option{openai.WithStream(*stream)}
	if *keyEnv != "" && e.getenv != nil {
		if key := e.getenv(*keyEnv); key != "" {
			opts = append(opts, openai.WithAPIKey(key))
		} else if *verbose {
			fmt.Fprintf(e.stderr, "jsonheal ask: $%s is empty: sending no API key\n", *keyEnv)
		}
	}
	task := heal.Task{MaxTokens: *maxTokens}
	sys := *system
	if sys == "" {
		sys = "Answer with one JSON value and nothing else: no prose, no code fences. It must match this JSON Schema:\n" +
			strings.TrimSpace(string(schemaText))
	}
	task.Messages = []heal.Message{{Role: heal.RoleSystem, Content: sys}, {Role: heal.RoleUser, Content: prompt}}
	if *temperature >= 0 {
		t := *temperature
		task.Temperature = &t
	}
	if *responseFormat {
		rf, err := json.Marshal(map[string]any{
			"type":        "json_schema",
			"json_schema": map[string]any{"name": "answer", "schema": json.RawMessage(schemaText)},
		})
		if err != nil {
			return usageErr("--response-format: the schema is not JSON: %v", err)
		}
		task.ResponseFormat = rf
	}

	h := &heal.Healer{
		Model:  openai.New(*baseURL, *model, opts...),
		Schema: schema,
		Policy: heal.Policy{
			MaxAttempts: *maxAttempts,
			Retry:       heal.RetryPolicy{AttemptTimeout: *attemptTimeout},
			Budget:      heal.Budget{MaxTokens: *budgetTokens, MaxDuration: *timeout},
		},
	}
	if *earlyStop {
		// The schema as compiled with its $refs loaded (NewGuard would
		// compile the text again, without a loader).
		h.Guard = heal.NewGuardFor(schema)
	}
	if *verbose {
		h.Observer = heal.ObserverFunc(func(ev heal.Event) { fmt.Fprintln(e.stderr, traceLine(ev)) })
		h.Counters = &heal.Counters{}
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	res, err := h.Heal(ctx, task)
	if err != nil {
		var gu *heal.GiveUpError
		if !errors.As(err, &gu) {
			return usageErr("%v", err)
		}
		code := exitFailed
		if heal.RefusesRun(err) {
			// Like clean: every call would fail the same way, so this is
			// the run's failure (exit 2), not the answer's.
			fmt.Fprintf(e.stderr, "jsonheal ask: the model refused the run (%s): %v\n", gu.DeadLetter.Class, err)
			code = exitUsage
		} else {
			fmt.Fprintf(e.stderr, "jsonheal ask: %v\n", err)
		}
		if *verbose {
			fmt.Fprintln(e.stderr, secondRoundLine(h.Counters.Snapshot()))
		}
		if *deadLetter == "" {
			enc := json.NewEncoder(e.stderr)
			enc.SetIndent("", "  ")
			_ = enc.Encode(gu.DeadLetter)
			return code
		}
		if err := appendDeadLetter(*deadLetter, gu.DeadLetter, avoid); err != nil {
			fmt.Fprintf(e.stderr, "jsonheal ask: --dead-letter: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(e.stderr, "jsonheal ask: dead letter appended to %s\n", *deadLetter)
		return code
	}
	if _, err := fmt.Fprintf(e.stdout, "%s\n", res.JSON); err != nil {
		return usageErr("writing the answer: %v", err)
	}
	if *verbose {
		fmt.Fprintf(e.stderr, "accepted (%s) at attempt %d: %d call(s), %d transport retr(ies), %d+%d tokens\n",
			res.Outcome, res.Attempts, res.Calls, res.TransportRetries, res.Usage.PromptTokens, res.Usage.CompletionTokens)
		fmt.Fprintln(e.stderr, secondRoundLine(h.Counters.Snapshot()))
	}
	return exitOK
}

// appendDeadLetter appends dl to the file at path as one JSON line,
// creating the file (readable by its owner only: a dead letter holds the
// prompt) when it does not exist. The opened file is compared with avoid
// again (files.go): the run may have lasted minutes since the check.
func appendDeadLetter(path string, dl *heal.DeadLetter, avoid fileSet) error {
	line, err := json.Marshal(dl)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if in, ok := avoid.same(st); ok {
			f.Close()
			return outputIsInputError(path, in)
		}
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// traceLine renders one trace event for -v.
func traceLine(ev heal.Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "attempt %d", ev.Attempt)
	if ev.Retry > 0 || ev.Decision.Action == heal.ActionRetry {
		fmt.Fprintf(&b, " try %d", ev.Retry+1)
	}
	fmt.Fprintf(&b, ": %s -> %s: %s", ev.Decision.Class, ev.Decision.Action, ev.Decision.Reason)
	fmt.Fprintf(&b, " [tokens %d+%d", ev.Usage.PromptTokens, ev.Usage.CompletionTokens)
	if l := ev.Left; l.Tokens != heal.Unlimited {
		fmt.Fprintf(&b, ", %d left", l.Tokens)
	}
	if l := ev.Left; l.Time != heal.Unlimited {
		fmt.Fprintf(&b, ", %s left", l.Time.Round(time.Millisecond))
	}
	b.WriteString("]")
	return b.String()
}
