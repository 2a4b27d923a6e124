package main

import (
	"bufio"
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
}

func runRepair(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "repair",
		"usage: jsonheal repair [flags] [FILE]",
		"Repairs one document (stdin when FILE is absent or -) and writes the JSON to stdout.",
		"Exit 0: stdout is exactly one complete JSON text (one value per line with --values=lines);",
		"1: not repairable, truncated, several values (see --values), or needing a fix below --min-confidence; 2: usage or I/O.",
	)
	values := fs.String("values", "one", "input holding several top-level values: one (refuse), first (keep the first), array (wrap them in [...]), lines (one per line)")
	report := fs.String("report", "", "write the report to stderr: text or json")
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
	if *report != "" && *report != "text" && *report != "json" {
		fmt.Fprintf(e.stderr, "jsonheal repair: --report must be text or json, not %q\n", *report)
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(e.stderr, "jsonheal repair: at most one FILE")
		return exitUsage
	}
	in, closeIn, err := openInput(e, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal repair: %v\n", err)
		return exitUsage
	}
	defer closeIn()

	out := bufio.NewWriterSize(e.stdout, 64<<10)
	w := sanitize.NewWriter(out, opts)
	_, copyErr := io.Copy(w, contextReader{ctx, in})
	var sanErr *sanitize.Error
	if copyErr != nil && !errors.As(copyErr, &sanErr) {
		fmt.Fprintf(e.stderr, "jsonheal repair: %v\n", copyErr)
		return exitUsage
	}
	closeErr := w.Close()
	if copyErr != nil {
		closeErr = copyErr
	}
	if ferr := out.Flush(); ferr != nil {
		fmt.Fprintf(e.stderr, "jsonheal repair: write output: %v%s\n", ferr, stoppedWhere(e))
		return exitUsage
	}
	if closeErr != nil && !errors.As(closeErr, &sanErr) {
		fmt.Fprintf(e.stderr, "jsonheal repair: write output: %v%s\n", closeErr, stoppedWhere(e))
		return exitUsage
	}
	rep := w.Report()
	switch *report {
	case "text":
		writeRepairText(e.stderr, rep)
	case "json":
		writeRepairJSON(e.stderr, rep, sanErr)
	}
	if sanErr != nil {
		if *report != "json" {
			fmt.Fprintf(e.stderr, "jsonheal repair: %s: %s\n", kindOf(sanErr), sanErr.Error())
			if sanErr.Err == sanitize.ErrMultipleValues {
				fmt.Fprintln(e.stderr, "jsonheal repair: choose with --values=first, --values=array or --values=lines")
			}
		}
		return exitFailed
	}
	return exitOK
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

func writeRepairJSON(w io.Writer, rep *sanitize.Report, err *sanitize.Error) {
	doc := repairReport{OK: err == nil, Report: rep}
	if doc.Report.Fixes == nil {
		doc.Report.Fixes = []sanitize.Fix{}
	}
	if err != nil {
		doc.Error = &errorReport{Kind: kindOf(err), Message: err.Msg, Offset: err.Offset, Line: err.Line, Column: err.Column}
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
