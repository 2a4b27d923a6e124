package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/validate"
)

func init() {
	register(command{
		name:    "validate",
		summary: "validate documents against a JSON Schema (drafts 4 to 2020-12)",
		run:     runValidate,
	})
}

// defaultMaxDocument is --max-document-bytes's default: what validate
// holds of one document at once: the whole of it when the schema needs
// it whole, else the values being read whole (a value that cannot stream,
// at any depth). It is the library's validate.DefaultMaxBuffer (256 MiB,
// about 2.6 GB of memory at most).
var defaultMaxDocument = strconv.Itoa(validate.DefaultMaxBuffer>>20) + "MiB"

func runValidate(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "validate",
		"usage: jsonheal validate --schema FILE [flags] [FILE...]",
		"       jsonheal validate --plan --schema FILE [--output text|json]",
		"Validates each FILE (stdin when none, or -) against the schema; with --plan, prints instead what",
		"streams and what is held whole, per schema location, and reads no document.",
		"Exit 0: all valid; 1: some invalid; 2: usage or I/O, or a document without a verdict (too large to hold,",
		"nested deeper than the validator's "+strconv.Itoa(validate.MaxDepth)+" levels, or past the evaluation budget); 3: the schema does not compile.",
	)
	schemaPath := fs.String("schema", "", "the JSON Schema file (required)")
	output := fs.String("output", "text", "text (one /path: message line per error) or basic (JSON Schema output format, one line per document)")
	assertFormat := fs.Bool("assert-format", false, "treat format as an assertion (by default only drafts 4 to 7 assert it)")
	maxBytes := fs.Int("max-bytes", 0, "cap the text output of one document to this many bytes (0: no cap)")
	draftName := fs.String("draft", "2020-12", "draft for a schema without $schema: 2020-12, 2019-09, 7, 6 or 4")
	maxDocText := fs.String("max-document-bytes", defaultMaxDocument, "most bytes held at once: the document when the schema needs it whole, else the values that cannot stream "+
		"(bytes, or with K, M, G, KiB, MiB, GiB); memory is about 10x it; past it: exit 2")
	plan := fs.Bool("plan", false, "print, per schema location, whether an array or object there streams or is held whole and why, "+
		"then exit 0 without reading a document (--output text or json; a FILE is a usage error)")
	maxDiags := fs.Int("max-diagnostics", validate.DefaultMaxDiagnostics, "most errors kept and listed for one document; past it the rest is read as JSON only, "+
		"and a last line says the list is incomplete (memory stays bounded on a document failing everywhere)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *maxDiags <= 0 {
		fmt.Fprintf(e.stderr, "jsonheal validate: --max-diagnostics must be at least 1, not %d\n", *maxDiags)
		return exitUsage
	}
	if *schemaPath == "" {
		fmt.Fprintln(e.stderr, "jsonheal validate: --schema is required")
		fs.Usage()
		return exitUsage
	}
	if *plan {
		return printPlan(e, fs.Args(), *schemaPath, *output, *assertFormat, *draftName)
	}
	if *output != "text" && *output != "basic" {
		fmt.Fprintf(e.stderr, "jsonheal validate: --output must be text or basic, not %q\n", *output)
		return exitUsage
	}
	maxDoc, err := parseSize(*maxDocText)
	if err != nil || maxDoc <= 0 || maxDoc > 1<<40 {
		fmt.Fprintf(e.stderr, "jsonheal validate: --max-document-bytes: not a size: %q\n", *maxDocText)
		return exitUsage
	}
	draft, ok := drafts[*draftName]
	if !ok {
		fmt.Fprintf(e.stderr, "jsonheal validate: unknown --draft %q\n", *draftName)
		return exitUsage
	}
	e.stop.setWhere(func() string { return "loading the schema " + *schemaPath })
	ls, code, err := loadSchema(*schemaPath, validate.Options{AssertFormat: *assertFormat, DefaultDraft: draft})
	if err != nil {
		fmt.Fprintf(e.stderr, "jsonheal validate: %v\n", err)
		return code
	}
	s := ls.schema
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	// What validate prints must not land in a file it reads
	// (`jsonheal validate --schema s.json d.json >> d.json`).
	if _, err := checkOutputs(e, append(inputFileSet(e, files), ls.reads...), outputTarget{"stdout", "-"}); err != nil {
		fmt.Fprintf(e.stderr, "jsonheal validate: %v\n", err)
		return exitUsage
	}
	code = exitOK
	for _, name := range files {
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(e.stderr, "jsonheal validate: %v\n", err)
			return exitUsage
		}
		diags, verr, err := validateInput(e, s, name, maxDoc, *maxDiags)
		if err != nil {
			fmt.Fprintf(e.stderr, "jsonheal validate: %v\n", err)
			return exitUsage
		}
		if verr != nil || len(diags) > 0 {
			code = exitFailed
		}
		label := ""
		if len(files) > 1 {
			label = displayName(name) + ": "
		}
		switch {
		case verr != nil && *output == "basic":
			fmt.Fprintf(e.stdout, "{\"valid\":false,\"error\":%q}\n", verr.Error())
		case verr != nil:
			fmt.Fprintf(e.stdout, "%s%v\n", label, verr)
		case *output == "basic":
			e.stdout.Write(append(diags.AppendBasic(nil), '\n'))
		case len(diags) > 0:
			for _, line := range strings.Split(diags.Text(*maxBytes), "\n") {
				fmt.Fprintf(e.stdout, "%s%s\n", label, line)
			}
		}
	}
	return code
}

var drafts = map[string]validate.Draft{
	"2020-12": validate.Draft2020_12, "2019-09": validate.Draft2019_09,
	"7": validate.Draft7, "draft-07": validate.Draft7,
	"6": validate.Draft6, "draft-06": validate.Draft6,
	"4": validate.Draft4, "draft-04": validate.Draft4,
}

func displayName(name string) string {
	if name == "-" {
		return "<stdin>"
	}
	return name
}

// validateInput validates one document (stdin for "-") as it is read:
// a root array streams item by item and a root object member by member
// when the schema allows (validate.Stream says when), anything else is
// held whole, up to maxDoc bytes either way. err is an I/O problem or a
// document without a verdict (too large to hold, nested deeper than
// validate.MaxDepth, past the evaluation budget), verr the document's own
// error.
func validateInput(e *env, s *validate.Schema, name string, maxDoc int64, maxDiags int) (diags validate.Diagnostics, verr, err error) {
	r, closeFn, err := openInput(e, name)
	if err != nil {
		return nil, nil, err
	}
	defer closeFn()
	w := s.NewStream()
	w.MaxBuffer = int(min(maxDoc, math.MaxInt))
	w.MaxDiagnostics = maxDiags
	if _, err := w.ReadFrom(r); err != nil {
		var de *validate.DocumentError
		if !errors.As(err, &de) {
			w.Reset()
			return nil, nil, fmt.Errorf("read %s: %w", displayName(name), err)
		}
	}
	diags, verr = w.Close()
	if errors.Is(verr, validate.ErrTooLarge) {
		return nil, nil, fmt.Errorf("read %s: a document (or streamed item) larger than --max-document-bytes (%d bytes)", displayName(name), maxDoc)
	}
	if errors.Is(verr, validate.ErrBudget) {
		// Neither valid nor invalid: the schema's work on it is too much.
		return nil, nil, fmt.Errorf("%s: no verdict: %w", displayName(name), verr)
	}
	if errors.Is(verr, validate.ErrDepth) {
		// Neither valid nor invalid either: the validator reads no deeper
		// (the error says where the limit was crossed, and the limit).
		return nil, nil, fmt.Errorf("%s: no verdict: %w, the validator's nesting limit", displayName(name), verr)
	}
	return diags, verr, nil
}
