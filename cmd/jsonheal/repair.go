package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/jsonheal/jsonheal/sanitize"
)

func init() {
	register(command{
		name:    "repair",
		summary: "repair one document (fences, prose, control bytes, truncation) to stdout",
		run:     runRepair,
	})
}

// repairReport is the --report=json document written to stderr.
type repairReport struct {
	OK     bool             `json:"ok"`
	Report *sanitize.Report `json:"report"`
	Error  *errorReport     `json:"error,omitempty"`
}

// errorReport is a sanitize error with its coordinates.
type errorReport struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Offset  int64  `json:"offset"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	// Written is how many bytes were on stdout when the error was found
	// (past the window: see sanitize.PartialError); absent when none.
	Written int64 `json:"written,omitempty"`
}

// repairReadChunk is the size of the reads repair feeds its Writer.
const repairReadChunk = 256 << 10

func runRepair(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "repair",
		"usage: jsonheal repair [flags] [FILE]",
		"Repairs one document (stdin when FILE is absent or -) and writes the JSON to stdout.",
		"Exit 0: stdout is exactly one complete JSON text (with --values=lines, a sequence of them);",
		"1: not repairable, truncated, several values (see --values), too large, or needing a fix below --min-confidence; 2: usage or I/O.",
		"Output up to 1 MiB is held until the input ends, so a refused answer prints nothing; past it the",
		"settled output streams, and a refusal found then exits 1 with a last line saying how much was written.",
	)
	values := fs.String("values", "one", "input holding several top-level values: one (refuse), first (keep the first), array (wrap them in [...]), lines (keep them all, in sequence: a line end goes between two values only prose, fences or nothing separated; see docs/values.md)")
	report := fs.String("report", "", "write the report to stderr: text or json")
	maxDocText := fs.String("max-document-bytes", defaultMaxDocument, "refuse input longer than this (bytes, or with K, M, G, KiB, MiB, GiB): exit 1, too_large")
	var policy repairPolicy
	policy.register(fs)
	kinds := fs.Bool("kinds", false, "list the repair kinds and their confidence, and exit")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *kinds {
		fmt.Fprint(e.stdout, kindTable())
		return exitOK
	}
	opts, err := policy.options()
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal repair: %v\n", err)
		return exitUsage
	}
	mode, ok := sanitize.ParseValuesMode(*values)
	if !ok {
		fmt.Fprintf(e.stderr, "jsonheal repair: --values must be one, first, array or lines, not %q\n", *values)
		return exitUsage
	}
	opts.Values = mode
	maxDoc, err := parseSize(*maxDocText)
	if err != nil || maxDoc <= 0 {
		fmt.Fprintf(e.stderr, "jsonheal repair: --max-document-bytes: not a size: %q\n", *maxDocText)
		return exitUsage
	}
	opts.MaxInput = maxDoc
	if *report != "" && *report != "text" && *report != "json" {
		fmt.Fprintf(e.stderr, "jsonheal repair: --report must be text or json, not %q\n", *report)
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(e.stderr, "jsonheal repair: at most one FILE")
		return exitUsage
	}
	if err := checkStdout(e, []string{fs.Arg(0)}); err != nil {
		fmt.Fprintf(e.stderr, "jsonheal repair: %v\n", err)
		return exitUsage
	}
	in, closeIn, err := openInput(e, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal repair: %v\n", err)
		return exitUsage
	}
	defer closeIn()

	// The Writer holds what must be held and writes the rest in large
	// pieces: no buffer of its own on stdout.
	out := &countingWriter{w: e.stdout}
	w := sanitize.NewWriter(out, opts)
	_, copyErr := io.CopyBuffer(w, contextReader{ctx, in}, make([]byte, repairReadChunk))
	var sanErr *sanitize.Error
	if copyErr != nil && !errors.As(copyErr, &sanErr) {
		// A read error, or a write error on stdout once output streams.
		fmt.Fprintf(e.stderr, "jsonheal repair: %v%s\n", copyErr, stoppedWhere(e))
		return exitUsage
	}
	closeErr := w.Close()
	if copyErr != nil {
		closeErr = copyErr
	}
	if closeErr != nil && !errors.As(closeErr, &sanErr) {
		fmt.Fprintf(e.stderr, "jsonheal repair: write output: %v%s\n", closeErr, stoppedWhere(e))
		return exitUsage
	}
	var partial *sanitize.PartialError
	errors.As(closeErr, &partial)
	if partial == nil && sanErr != nil && out.n > 0 {
		// The Writer passed on whole values before the refusal (the
		// first of several, past the window): stdout holds them, so the
		// refusal is reported as one that stopped after writing.
		partial = &sanitize.PartialError{Written: out.n, Err: sanErr}
	}
	rep := w.Report()
	switch *report {
	case "text":
		writeRepairText(e.stderr, rep)
	case "json":
		writeRepairJSON(e.stderr, rep, sanErr, partial)
	}
	if sanErr != nil {
		if *report != "json" {
			writeRepairError(e.stderr, sanErr, partial)
		}
		return exitFailed
	}
	return exitOK
}

// writeRepairError writes the error's line, and last, when output had
// been written before it was found, how much.
func writeRepairError(w io.Writer, err *sanitize.Error, partial *sanitize.PartialError) {
	if partial == nil {
		fmt.Fprintf(w, "jsonheal repair: %s: %s\n", kindOf(err), err.Error())
	}
	switch err.Err {
	case sanitize.ErrMultipleValues:
		fmt.Fprintln(w, "jsonheal repair: choose with --values=first, --values=array or --values=lines")
	case sanitize.ErrTooLarge:
		fmt.Fprintf(w, "jsonheal repair: the input is longer than --max-document-bytes (%d bytes)\n", err.Offset)
	}
	if partial != nil {
		fmt.Fprintf(w, "jsonheal repair: stopped after %d bytes written: %s: %s\n", partial.Written, kindOf(err), err.Error())
	}
}

// kindOf names the sentinel behind a sanitize error.
func kindOf(err *sanitize.Error) string {
	switch err.Err {
	case sanitize.ErrTruncated:
		return "truncated"
	case sanitize.ErrNoValue:
		return "no_value"
	case sanitize.ErrDepth:
		return "depth"
	case sanitize.ErrTooLarge:
		return "too_large"
	case sanitize.ErrNeedsModel:
		return "needs_model"
	case sanitize.ErrMultipleValues:
		return "multiple_values"
	case sanitize.ErrLateRepair:
		return "late_repair"
	}
	return "syntax"
}

func writeRepairText(w io.Writer, rep *sanitize.Report) {
	fmt.Fprintf(w, "values: %d, fixes: %d\n", rep.Values, len(rep.Fixes))
	for _, f := range rep.Fixes {
		fmt.Fprintf(w, "  %d:%d (offset %d) %s [%s]\n", f.Line, f.Column, f.Offset, f.Kind, f.Confidence)
	}
	if rep.FixesCut {
		fmt.Fprintf(w, "  ... the fix log was cut at %d; more by kind:", sanitize.MaxFixes)
		for _, k := range sanitize.Kinds() {
			if n := rep.Omitted[k]; n > 0 {
				fmt.Fprintf(w, " %s %d", k, n)
			}
		}
		fmt.Fprintln(w)
	}
	if rep.Truncated {
		t := rep.Truncation
		fmt.Fprintf(w, "truncated at %d:%d (offset %d): open %q, pending %s\n", t.Line, t.Column, t.Offset, t.Open, t.Pending)
	}
}

func writeRepairJSON(w io.Writer, rep *sanitize.Report, err *sanitize.Error, partial *sanitize.PartialError) {
	doc := repairReport{OK: err == nil, Report: rep}
	if doc.Report.Fixes == nil {
		doc.Report.Fixes = []sanitize.Fix{}
	}
	if err != nil {
		doc.Error = &errorReport{Kind: kindOf(err), Message: err.Msg, Offset: err.Offset, Line: err.Line, Column: err.Column}
		if partial != nil {
			doc.Error.Written = partial.Written
		}
	}
	b, _ := json.Marshal(doc)
	fmt.Fprintf(w, "%s\n", b)
}

// contextReader stops reading when ctx is done (SIGINT).
type contextReader struct {
	ctx context.Context
	r   io.Reader
}

// Read reads from the underlying reader until the context is done.
func (c contextReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

// Write passes p on and counts what was written.
func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
