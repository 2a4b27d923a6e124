package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jsonheal/jsonheal/jsonl"
)

func init() {
	register(command{
		name:    "clean",
		summary: "clean JSONL files: repair, validate, keep order, reject with reasons",
		run:     runClean,
	})
}

// cleanConfig holds the parsed flags of `jsonheal clean`.
type cleanConfig struct {
	pipelineFlags
	output, rejects  string
	unordered        bool
	failOn, progress string
	report           string
	inputs           []string
}

func parseCleanFlags(e *env, args []string) (*cleanConfig, int) {
	c := &cleanConfig{}
	fs := newFlagSet(e, "clean",
		"usage: jsonheal clean [flags] [FILE...]   (flags may also follow the FILEs; -- ends them)",
		"Cleans JSON Lines (stdin when FILE is absent or -; gzip and zstd input detected):",
		"records are repaired, validated, schema-fixed, healed by --model if given, and",
		"written in order; the others go to --rejects with their reason.",
		"Exit 0: every record clean or repaired; 1: some rejected (see --fail-on);",
		"2: usage or I/O error, or the model refused the run (credentials, unknown",
		"model, quota); 3: the schema does not compile; 130/143: interrupted by",
		"SIGINT/SIGTERM (the output holds every record before the line it names).",
	)
	fs.StringVar(&c.output, "o", "-", "write clean records to `FILE` (.gz and .zst compress); - is stdout")
	fs.StringVar(&c.rejects, "rejects", "", "write rejected records to `FILE` (.gz and .zst compress), one JSON object per line")
	fs.BoolVar(&c.unordered, "unordered", false, "write records as they are done, not in input order")
	c.pipelineFlags.register(fs)
	fs.StringVar(&c.failOn, "fail-on", "invalid", "exit 1 when: invalid (some record rejected), repaired (some record repaired or rejected), never")
	fs.StringVar(&c.progress, "progress", "auto", "progress line on stderr: auto (when stderr is a terminal), always or never")
	fs.StringVar(&c.report, "report", "text", "summary on stderr at the end: text, json or none")
	if code, ok := parseFlags(fs, args); !ok {
		return nil, code
	}
	bad := func(format string, a ...any) (*cleanConfig, int) {
		fmt.Fprintf(e.stderr, "jsonheal clean: "+format+"\n", a...)
		return nil, exitUsage
	}
	if err := c.pipelineFlags.check(fs); err != nil {
		return bad("%v", err)
	}
	switch c.failOn {
	case "invalid", "repaired", "never":
	default:
		return bad("--fail-on must be invalid, repaired or never, not %q", c.failOn)
	}
	switch c.progress {
	case "auto", "always", "never":
	default:
		return bad("--progress must be auto, always or never, not %q", c.progress)
	}
	switch c.report {
	case "text", "json", "none":
	default:
		return bad("--report must be text, json or none, not %q", c.report)
	}
	c.inputs = fs.Args()
	if len(c.inputs) == 0 {
		c.inputs = []string{"-"}
	}
	return c, exitOK
}

// checkBatchOutputs refuses -o and --rejects when either is a file the command
// reads (an input, stdin's file, the schema or a file its $refs loaded),
// or both are one file, stdout included (files.go). It runs once the
// schema is compiled, when every file the schema was read from is known,
// and before any output is opened. clean and replay share it.
func checkBatchOutputs(e *env, pl *pipeline, inputs []string, output, rejects string) (fileSet, error) {
	reads := append(inputFileSet(e, inputs), pl.schemaReads...)
	return checkOutputs(e, reads, outputTarget{"-o", output}, outputTarget{"--rejects", rejects})
}

// parseSize reads "1048576", "64MiB", "10M", "1G"... (K, M, G are binary
// multiples too: record sizes are memory sizes).
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, err
	}
	if n > (1<<62)/mult {
		return 0, errors.New("too large")
	}
	return n * mult, nil
}

func runClean(ctx context.Context, e *env, args []string) int {
	cfg, code := parseCleanFlags(e, args)
	if cfg == nil {
		return code
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(e.stderr, "jsonheal clean: "+format+"\n", a...)
		return code
	}

	pl, code, err := cfg.pipelineFlags.build(e, true)
	if err != nil {
		return fail(code, "%v", err)
	}
	opts := pl.opts
	opts.Unordered = cfg.unordered
	mh := pl.model

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

	prog := startProgress(e, cfg.progress)
	sum := &summary{Output: cfg.output, Rejects: cfg.rejects}
	var runErr error
	for _, name := range cfg.inputs {
		st, err := cleanOne(ctx, e, name, opts, out, rej, prog)
		sum.add(name, st)
		if err != nil {
			runErr = err
			break
		}
	}
	prog.stop()
	if mh != nil {
		ms := mh.Stats()
		sum.Model = &ms
		sum.SecondRound = newSecondRound(pl.counters.Snapshot())
	}

	if err := out.close(); err != nil && runErr == nil {
		runErr = err
	}
	if rej != nil {
		if err := rej.close(); err != nil && runErr == nil {
			runErr = err
		}
	}
	sum.finish(runErr)
	switch cfg.report {
	case "text":
		sum.writeText(e.stderr)
	case "json":
		sum.writeJSON(e.stderr)
	}
	if runErr != nil {
		if cfg.report != "json" {
			fmt.Fprintf(e.stderr, "jsonheal clean: %v\n", runErr)
		}
		return exitUsage
	}
	switch {
	case cfg.failOn == "never":
		return exitOK
	case sum.Rejected > 0:
		return exitFailed
	case cfg.failOn == "repaired" && sum.Repaired+sum.SchemaFixed+sum.Healed > 0:
		return exitFailed
	}
	return exitOK
}

// cleanOne cleans one input into out and rej.
func cleanOne(ctx context.Context, e *env, name string, opts jsonl.Options, out, rej *output, prog *progress) (jsonl.Stats, error) {
	in, closeIn, err := openInput(e, name)
	if err != nil {
		return jsonl.Stats{}, err
	}
	defer closeIn()
	r, err := jsonl.NewReader(in, jsonl.ReaderOptions{})
	if err != nil && ctx.Err() != nil {
		return jsonl.Stats{}, fmt.Errorf("interrupted: %s: stopped before the first record", cleanInputName(name))
	}
	if err != nil {
		return jsonl.Stats{}, fmt.Errorf("%s: %w", cleanInputName(name), err)
	}
	defer r.Close()
	opts.Source = cleanInputName(name)
	c := jsonl.NewCleaner(opts)
	e.stop.setWhere(func() string {
		st := c.Stats()
		return fmt.Sprintf("in %s: every record before line %d (input offset %d) is in the output or the rejects", opts.Source, st.Line, st.Offset)
	})
	if t, ok := in.(*trackedInput); ok {
		t.handedOver.Store(true)
	}
	prog.watch(c)
	var rejW io.Writer
	if rej != nil {
		rejW = rej
	}
	st, err := c.Run(ctx, r, out, rejW)
	prog.watch(nil)
	if err != nil {
		var se *jsonl.StoppedError
		var he *jsonl.HealError
		if errors.As(err, &se) && errors.As(err, &he) {
			return st, fmt.Errorf("stopped: %s: the model failed in a way every record would: %s; every record before line %d (input offset %d) was written or rejected",
				cleanInputName(name), he.Err, se.Line, se.Offset)
		}
		if errors.As(err, &se) {
			return st, fmt.Errorf("interrupted: %s: stopped at line %d (input offset %d); every record before it was written", cleanInputName(name), se.Line, se.Offset)
		}
		return st, fmt.Errorf("%s: %w", cleanInputName(name), err)
	}
	return st, nil
}

func cleanInputName(name string) string {
	if name == "" || name == "-" {
		return "stdin"
	}
	return name
}

// output is a buffered, possibly compressed destination whose every error,
// including at flush and close, is reported. Its writes are serialized with
// closeForExit, so that a forced exit (signals.go) writes out whole records
// only: the Cleaner writes whole records in each Write.
type output struct {
	name   string
	file   *os.File    // nil for stdout
	info   os.FileInfo // file's identity, when a file
	mu     sync.Mutex
	closed bool
	buf    *bufio.Writer
	dst    io.Writer // what buf writes to
	comp   io.WriteCloser
	w      io.Writer
}

// createOutputs opens the output outName ("-": stdout) and, when rejName
// is not empty, the rejects file. Each file is opened without truncation and
// compared with avoid (the files the command reads, by device and inode)
// and with the other output; the files are truncated only once both are
// open and checked, so that an output that is refused or cannot be opened
// leaves the other as it was (and a file the command created is removed).
func createOutputs(e *env, outName, rejName string, avoid []namedFile) (out, rej *output, err error) {
	type opened struct {
		name    string
		f       *os.File // nil for stdout
		created bool
	}
	var files []opened
	discard := func() {
		for _, o := range files {
			if o.f != nil {
				discardOutputFile(o.f, o.created)
			}
		}
	}
	for _, name := range []string{outName, rejName} {
		if name == "" {
			continue
		}
		o := opened{name: name}
		if name != "-" {
			if o.f, o.created, err = openOutputFile(name, avoid); err != nil {
				discard()
				if !errors.Is(err, ErrOutputIsInput) {
					err = fmt.Errorf("create output (%s): %w", outputFlag(name, outName), err)
				}
				return nil, nil, err
			}
			if st, err := o.f.Stat(); err == nil {
				avoid = append(avoid, namedFile{outputFlag(name, outName) + " " + name, st})
			}
		}
		files = append(files, o)
	}
	for _, o := range files {
		if o.f != nil {
			if err := truncateOutput(o.f); err != nil {
				discard()
				return nil, nil, fmt.Errorf("create output: %w", err)
			}
		}
	}
	outs := make([]*output, len(files))
	for i, o := range files {
		if outs[i], err = newOutput(e, o.name, o.f); err != nil {
			for _, made := range outs[:i] {
				made.abort()
			}
			for _, o := range files[i:] {
				if o.f != nil {
					o.f.Close()
				}
			}
			return nil, nil, err
		}
	}
	out = outs[0]
	if len(outs) > 1 {
		rej = outs[1]
	}
	return out, rej, nil
}

// outputFlag names the flag of an output in messages: -o for the output,
// --rejects for the other.
func outputFlag(name, outName string) string {
	if name == outName {
		return "-o"
	}
	return "--rejects"
}

// newOutput makes the output name of a command, writing to f (nil:
// stdout), compressed as its name says.
func newOutput(e *env, name string, f *os.File) (*output, error) {
	o := &output{name: name}
	var dst io.Writer = e.stdout
	if f != nil {
		o.file, dst = f, f
		o.info, _ = f.Stat()
	}
	o.dst, o.buf = dst, bufio.NewWriterSize(dst, 256<<10)
	comp, err := jsonl.NewWriter(o.buf, jsonl.FormatForName(name))
	if err != nil {
		o.abort()
		return nil, err
	}
	o.comp, o.w = comp, comp
	if jsonl.FormatForName(name) == jsonl.Plain {
		o.w = o.buf
	}
	return o, nil
}

// Write passes p to the underlying writer. A plain output's large write
// (the Cleaner writes a batch's output at once) goes past the buffer,
// after what it holds: copied into it, it would be read and written twice.
func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(p) >= directWriteBytes && o.w == io.Writer(o.buf) {
		if err := o.buf.Flush(); err != nil {
			return 0, err
		}
		return o.dst.Write(p)
	}
	return o.w.Write(p)
}

// directWriteBytes is the size from which a plain output's write goes past
// its buffer.
const directWriteBytes = 64 << 10

// Flush passes buffered bytes on (not those a compressor holds, which
// would cost compression).
func (o *output) Flush() error {
	if o.w != io.Writer(o.buf) {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Flush()
}

// closeForExit writes out what the output holds, ending a compressed
// stream, when the process exits before the command returns. It gives up
// if a Write is stuck (a full pipe), and keeps the output locked: nothing
// is written after it.
func (o *output) closeForExit() {
	deadline := time.Now().Add(flushBudget / 2)
	for !o.mu.TryLock() {
		if time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
	if o.closed {
		return
	}
	o.closed = true
	o.comp.Close()
	o.buf.Flush()
	if o.file != nil {
		o.file.Close()
	}
}

// close ends the compressed stream, flushes and closes the file, and says
// which step failed.
func (o *output) close() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
	err := o.comp.Close()
	if ferr := o.buf.Flush(); err == nil {
		err = ferr
	}
	if o.file != nil {
		if cerr := o.file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w (it is incomplete)", o.displayName(), err)
	}
	return nil
}

// displayName names the output in messages: its file name, or stdout.
func (o *output) displayName() string {
	if o.name == "-" {
		return "stdout"
	}
	return o.name
}

// writeError is the error of a failed write of an incident's outcome
// (replay): the output, the write error and the incident it stopped at,
// after which nothing was written (outcomes are written in input order).
func (o *output) writeError(at *incident, err error) error {
	return fmt.Errorf("writing %s: %w (stopped at %s: nothing from there on was written)", o.displayName(), err, at.where())
}

// abort closes an output nothing was written to, when the command stops
// before it runs (the rejects could not be created): a compressed one
// still ends as a valid, empty stream.
func (o *output) abort() {
	if o.comp != nil {
		o.comp.Close()
		o.buf.Flush()
	}
	if o.file != nil {
		o.file.Close()
	}
}
