package main

import (
	"flag"
	"fmt"

	"github.com/jsonheal/jsonheal/heal"
	"github.com/jsonheal/jsonheal/jsonl"
	"github.com/jsonheal/jsonheal/validate"
)

// pipelineFlags are the flags that say what a record goes through: the
// schema, the repair policy, the schema fixes, the model. `clean` and
// `replay` share them (same names, same meanings).
type pipelineFlags struct {
	schema        string
	jobs          int
	maxRecordText string
	maxRecord     int64
	maxDiags      int
	policy        repairPolicy
	heal          cleanModelFlags
}

// register adds the pipeline flags to fs.
func (p *pipelineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&p.schema, "schema", "", "validate every record against the JSON Schema in `FILE`")
	fs.IntVar(&p.jobs, "j", 0, fmt.Sprintf("number of workers (0: one per CPU; at most %d)", jsonl.MaxWorkers))
	fs.StringVar(&p.maxRecordText, "max-record-bytes", "64MiB", "reject records larger than this (bytes, or with K, M, G, KiB, MiB, GiB)")
	fs.IntVar(&p.maxDiags, "max-diagnostics", jsonl.DefaultMaxDiagnostics, "most schema errors a reject lists in its details; "+
		`past it the reject's "more" says how many were left out`)
	// Batch output is trusted unread: guesses go to the model or the
	// rejects unless asked for (jsonl.DefaultMinConfidence).
	p.policy.floor, p.policy.batch = "likely", true
	p.policy.register(fs)
	p.heal.register(fs)
}

// check validates the parsed flags of fs.
func (p *pipelineFlags) check(fs *flag.FlagSet) error {
	n, err := parseSize(p.maxRecordText)
	if err != nil || n <= 0 {
		return fmt.Errorf("--max-record-bytes: invalid size %q", p.maxRecordText)
	}
	p.maxRecord = n
	if p.maxDiags < 1 {
		return fmt.Errorf("--max-diagnostics must be at least 1, not %d", p.maxDiags)
	}
	if p.jobs < 0 || p.jobs > jsonl.MaxWorkers {
		return fmt.Errorf("-j must be between 0 and %d, not %d", jsonl.MaxWorkers, p.jobs)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return p.heal.check(set)
}

// pipeline is what the flags build: the Cleaner's options, the compiled
// schema, and with --model the ModelHealer and the counters of its loop.
type pipeline struct {
	opts   jsonl.Options
	schema *validate.Schema
	// schemaText is the schema as the model is given it (loadedSchema's
	// forModel: the $ref'd files bundled in).
	schemaText []byte
	// schemaReads holds the schema file and the files its $refs loaded.
	schemaReads fileSet
	model       *jsonl.ModelHealer // nil without --model
	counters    *heal.Counters
}

// build compiles the schema and builds the pipeline. On failure it returns
// the exit code (exitUsage, or exitNoCompile for a schema that does not
// compile) and the error to print.
func (p *pipelineFlags) build(e *env, withModel bool) (*pipeline, int, error) {
	sanOpts, err := p.policy.options()
	if err != nil {
		return nil, exitUsage, err
	}
	disabled, _ := p.heal.disabledFixes() // checked with the flags
	pl := &pipeline{counters: &heal.Counters{}}
	var bundleErr error
	pl.opts = jsonl.Options{
		Workers:             p.workers(withModel),
		MaxRecordBytes:      p.maxRecord,
		MaxDiagnostics:      p.maxDiags,
		Sanitize:            sanOpts,
		DisabledSchemaFixes: disabled,
	}
	if p.schema != "" {
		e.stop.setWhere(func() string { return "loading the schema " + p.schema })
		ls, code, err := loadSchema(p.schema, validate.Options{})
		if err != nil {
			return nil, code, err
		}
		pl.opts.Schema = jsonl.SchemaValidator(ls.schema)
		pl.schema, pl.schemaText, pl.schemaReads = ls.schema, ls.forModel, ls.reads
		bundleErr = ls.bundleErr
	}
	if withModel {
		if mh := p.heal.healer(e, pl.schema, pl.schemaText, sanOpts, pl.counters); mh != nil {
			pl.model = mh
			pl.opts.Healer = mh
			if bundleErr != nil {
				fmt.Fprintf(e.stderr, "jsonheal: note: %v\n", bundleErr)
			}
		}
	}
	return pl, exitOK, nil
}

// workers is the number of workers (see cleanModelFlags.workers).
func (p *pipelineFlags) workers(withModel bool) int {
	if !withModel {
		return p.jobs
	}
	return p.heal.workers(p.jobs)
}
