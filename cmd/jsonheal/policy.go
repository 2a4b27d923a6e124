package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/jsonheal/jsonheal/sanitize"
)

// repairPolicy holds the repair flags shared by the commands that sanitize.
type repairPolicy struct {
	strict         bool
	closeTruncated bool
	allow          kindList
	deny           string
	minConfidence  string
	nonFiniteStr   bool
	unwrapString   bool
	// floor is the default of --min-confidence; empty means guess.
	floor string
	// batch: the flags of clean and replay, which write a record closed
	// by --close-truncated (repair still refuses the document).
	batch bool
}

// register adds the policy flags to fs.
func (p *repairPolicy) register(fs *flag.FlagSet) {
	fs.BoolVar(&p.strict, "strict", false, "allow only fence and prose removal, control-byte escapes and truncation handling")
	closeHelp := "complete truncated input with minimal closers (still reported as truncated: exit 1)"
	if p.batch {
		closeHelp = "complete a truncated record with minimal closers and write it (counted as repaired: close_truncated)"
	}
	fs.BoolVar(&p.closeTruncated, "close-truncated", false, closeHelp)
	fs.Var(&p.allow, "allow", "allow only these comma-separated repair `KINDS` (see 'jsonheal repair -kinds'); when given,\n"+
		"all others are off, and an empty list (--allow=) allows none (default: all allowed); removing\n"+
		"fences and the prose around values (a // comment after the value too) is not a repair and stays on")
	fs.StringVar(&p.deny, "deny", "", "comma-separated repair kinds to turn off")
	floor := p.floor
	if floor == "" {
		floor = "guess"
	}
	fs.StringVar(&p.minConfidence, "min-confidence", floor, "confidence floor: guess, likely or certain; a document that needs a weaker fix fails")
	fs.BoolVar(&p.nonFiniteStr, "non-finite-strings", false, "keep undefined, NaN and Infinity as strings instead of null")
	fs.BoolVar(&p.unwrapString, "unwrap-string", false, "replace a top-level string holding a whole JSON document by that document")
}

// options turns the flags into sanitize.Options.
func (p *repairPolicy) options() (sanitize.Options, error) {
	opts := sanitize.Options{
		Strict:               p.strict,
		CloseTruncated:       p.closeTruncated,
		NonFiniteAsString:    p.nonFiniteStr,
		UnwrapStringDocument: p.unwrapString,
	}
	switch p.minConfidence {
	case "", "guess":
		opts.MinConfidence = sanitize.Guess
	case "likely":
		opts.MinConfidence = sanitize.Likely
	case "certain":
		opts.MinConfidence = sanitize.Certain
	default:
		return opts, fmt.Errorf("--min-confidence must be guess, likely or certain, not %q", p.minConfidence)
	}
	if p.allow.set {
		allowed, err := parseKinds(p.allow.list)
		if err != nil {
			return opts, fmt.Errorf("--allow: %w", err)
		}
		opts.Disable = sanitize.RepairKinds.With(sanitize.KindInvalidUTF8) &^ allowed
	}
	if p.deny != "" {
		denied, err := parseKinds(p.deny)
		if err != nil {
			return opts, fmt.Errorf("--deny: %w", err)
		}
		opts.Disable |= denied
	}
	return opts, nil
}

// kindList is the value of --allow: it knows whether the flag was given,
// so that an empty list allows nothing instead of everything.
type kindList struct {
	list string
	set  bool
}

// String returns the list as given.
func (k *kindList) String() string { return k.list }

// Set records the list (the last --allow wins).
func (k *kindList) Set(v string) error {
	k.list, k.set = v, true
	return nil
}

// parseKinds reads a comma-separated list of repair kind names.
func parseKinds(list string) (sanitize.KindSet, error) {
	var set sanitize.KindSet
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		k, ok := sanitize.ParseKind(name)
		if !ok {
			return 0, fmt.Errorf("unknown repair kind %q", name)
		}
		if !sanitize.RepairKinds.Has(k) && k != sanitize.KindInvalidUTF8 {
			return 0, fmt.Errorf("%q is always on and cannot be switched", name)
		}
		set = set.With(k)
	}
	return set, nil
}

// kindTable lists the switchable kinds with their confidence.
func kindTable() string {
	var b strings.Builder
	for _, k := range sanitize.Kinds() {
		if sanitize.RepairKinds.Has(k) || k == sanitize.KindInvalidUTF8 {
			fmt.Fprintf(&b, "  %-20s %s\n", k, k.Confidence())
		}
	}
	return b.String()
}
