package main

import (
	"flag"
	"strings"
)

// Flags anywhere: every subcommand accepts its flags before, between and
// after its positional arguments (`jsonheal clean in.jsonl --rejects r.jsonl`),
// and `--` ends the flags (what follows is positional even when it starts
// with a dash). The standard flag package stops at the first positional
// argument, so the arguments are first sorted into flags and positionals
// with the flag set's own definitions, then parsed in their original order.

// boolFlag is what the flag package asks of a flag that takes no value.
type boolFlag interface {
	IsBoolFlag() bool
}

// splitFlags sorts args into the flag arguments of fs (each flag with its
// value, in the order given) and the positional arguments. A flag that fs
// does not define is kept with the flags, so that fs.Parse reports it; a
// lone "-" (stdin) is positional; "--" ends the flags and is dropped.
// noValue reports a flag that needs a value but ends args (last in flags).
func splitFlags(fs *flag.FlagSet, args []string) (flags, positional []string, noValue bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(positional, args[i+1:]...), false
		}
		if len(a) < 2 || a[0] != '-' {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(a[1:], "-")
		if strings.Contains(name, "=") {
			continue // -name=value: one argument
		}
		f := fs.Lookup(name)
		if f == nil {
			continue // unknown, or -h: fs.Parse says so
		}
		if b, ok := f.Value.(boolFlag); ok && b.IsBoolFlag() {
			continue // -v never takes the next argument
		}
		if i+1 == len(args) {
			return flags, positional, true
		}
		i++
		flags = append(flags, args[i]) // the value, even "-" or "--"
	}
	return flags, positional, false
}

// parseAnywhere parses the flags of args into fs wherever they stand; after
// it, fs.Args() holds the positional arguments in their order.
func parseAnywhere(fs *flag.FlagSet, args []string) error {
	flags, positional, noValue := splitFlags(fs, args)
	if noValue {
		return fs.Parse(flags) // "flag needs an argument"
	}
	all := make([]string, 0, len(flags)+1+len(positional))
	all = append(all, flags...)
	all = append(all, "--")
	all = append(all, positional...)
	return fs.Parse(all)
}
