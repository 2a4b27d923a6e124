// Command jsonheal turns model output into trustworthy JSON: it repairs,
// validates and batch-cleans documents. Run `jsonheal help` for the list of
// subcommands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// Exit codes shared by every subcommand.
const (
	exitOK        = 0 // success
	exitFailed    = 1 // the input could not be made valid (per subcommand)
	exitUsage     = 2 // usage or I/O error
	exitNoCompile = 3 // the schema does not compile
)

// env is what a subcommand may touch of the outside world. Tests replace it.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// getenv reads an environment variable; only cmd/ reads the environment.
	getenv func(string) string
	// isTerminal reports whether the file descriptor behind w is a terminal.
	isTerminal func(w io.Writer) bool
	// stop turns SIGINT and SIGTERM into a cancelled context and, when a
	// command does not return in time, an exit (signals.go). Nil in tests
	// that call run directly.
	stop *stopper
}

// command is one subcommand of the CLI.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) int
}

// commands holds every subcommand, registered by init functions in the
// files that implement them.
var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("jsonheal: duplicate command " + c.name)
	}
	commands[c.name] = c
}

func main() {
	stop := newStopper(os.Stderr, os.Exit)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go stop.listen(sigs)
	// A reader that closes stdout early (`jsonheal clean | head`) must not
	// kill the process with SIGPIPE before it closes its outputs: ignored,
	// the signal leaves the write failing with EPIPE, which the command
	// handles as any write error (exit 2, outputs closed whole).
	signal.Ignore(syscall.SIGPIPE)
	code := run(stop.ctx, &env{
		stdin:      &trackedInput{name: "stdin", r: newInterruptibleReader(stop.ctx, os.Stdin), report: stop},
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		getenv:     os.Getenv,
		isTerminal: isTerminal,
		stop:       stop,
	}, os.Args[1:])
	os.Exit(stop.finish(code))
}

// run dispatches args to a subcommand and returns the process exit code.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitUsage
	}
	name := args[0]
	out := &stdoutWriter{w: e.stdout}
	switch name {
	case "help", "-h", "-help", "--help":
		usage(out)
		return out.exitCode(e, "jsonheal", exitOK)
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(e.stderr, "jsonheal: unknown command %q\n", name)
		usage(e.stderr)
		return exitUsage
	}
	e.stop.setCommand(name)
	ce := *e
	ce.stdout = out
	return out.exitCode(e, "jsonheal "+name, c.run(ctx, &ce, args[1:]))
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: jsonheal <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'jsonheal <command> -h' for the flags of one command. Flags may come")
	fmt.Fprintln(w, "before or after the arguments; -- ends them (jsonheal repair -- -file.txt).")
}

// isTerminal reports whether w is an *os.File attached to a character device.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil {
		return false
	}
	return st.Mode()&os.ModeCharDevice != 0
}

// newFlagSet returns the flag set of a subcommand: errors and help go to
// e.stderr, and the help shows usage (one line each) above the flags.
func newFlagSet(e *env, name string, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		for _, line := range usage {
			fmt.Fprintln(e.stderr, line)
		}
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args into fs, flags before or after the positional
// arguments ("--" ends the flags; see flags.go). When the command must stop
// there (help was asked for, or a flag is wrong) it returns the exit code
// and false.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := parseAnywhere(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return 0, true
}
