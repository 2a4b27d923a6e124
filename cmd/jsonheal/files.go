package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Outputs never overwrite a file the command reads, nor each other. An
// output (stdout included) is compared with every file read by device and
// inode (os.SameFile): the inputs, stdin's file, the schema and the files
// its $refs loaded (schema_file.go); and with every other output. The
// comparison is made again on the opened file before it is truncated, so
// neither a second name for the same file (a link, "./f", a symlink) nor
// `jsonheal clean -o f.jsonl < f.jsonl` nor `--rejects r.jsonl > r.jsonl`
// can lose a byte.
//
// Outputs are written in place, not to a temporary file renamed at the
// end: an interrupted `clean` leaves every whole record written so far
// (a valid prefix, see signals.go), an output may be a FIFO or a device,
// and a reader may follow the file while it grows.

// ErrOutputIsInput reports an output file that is also one of the inputs
// (or stdin): writing it would destroy what is still to be read.
var ErrOutputIsInput = errors.New("is both an input and an output: it would be overwritten before it is read")

// namedFile is a file a command reads or writes, with its identity.
type namedFile struct {
	name string
	info os.FileInfo
}

// fileSet holds the identities of the regular files a command reads (and
// the outputs already opened), to compare the next output with.
type fileSet []namedFile

// inputFileSet stats the named inputs; "" and "-" stand for stdin, which
// is compared by the file behind it (os.Stdin.Stat). Inputs that cannot be
// stat'ed, and files that are neither regular nor FIFOs, are left out:
// opening an output cannot truncate them. A FIFO stays in: a command that
// wrote the FIFO it reads would wait on itself for ever.
func inputFileSet(e *env, inputs []string) fileSet {
	var set fileSet
	stdin := false
	for _, name := range inputs {
		if name == "" || name == "-" {
			stdin = true
			continue
		}
		if st, err := os.Stat(name); err == nil && comparedWithOutputs(st.Mode()) {
			set = append(set, namedFile{name, st})
		}
	}
	if s, ok := e.stdin.(statter); ok && stdin {
		if st, err := s.Stat(); err == nil && st.Mode().IsRegular() {
			set = append(set, namedFile{"stdin", st})
		}
	}
	return set
}

// comparedWithOutputs reports whether a file read is compared with the
// outputs: a regular file (an output would truncate it) or a FIFO (an
// output would wait for a reader that is the command itself).
func comparedWithOutputs(m os.FileMode) bool {
	return m.IsRegular() || m&os.ModeNamedPipe != 0
}

// same returns the member that is the same file as st.
func (set fileSet) same(st os.FileInfo) (namedFile, bool) {
	for _, f := range set {
		if os.SameFile(f.info, st) {
			return f, true
		}
	}
	return namedFile{}, false
}

// outputIsInputError names the output and the input it would overwrite.
func outputIsInputError(output string, input namedFile) error {
	if input.name == output {
		return fmt.Errorf("%s %w", output, ErrOutputIsInput)
	}
	return fmt.Errorf("%s (the same file as %s) %w", output, input.name, ErrOutputIsInput)
}

// outputTarget is one output of a command: the flag that names it (or
// "stdout" for what a command always prints) and its name, "-" for
// stdout.
type outputTarget struct {
	flag, name string
}

// label names the output in messages: stdout for "-", else its flag and
// name.
func (o outputTarget) label() string {
	if o.name == "-" {
		return "stdout"
	}
	return o.flag + " " + o.name
}

// checkOutputs refuses, before anything is opened or truncated, an output
// that is one of the files the command reads (reads: its inputs, stdin's
// file, the schema and every file its $refs loaded) and two outputs that
// are one file: two spellings of one path, one file by device and inode
// (a link, /dev/stdout), or stdout and a named output (`--rejects r.jsonl
// > r.jsonl`). Two writers on one file overwrite each other, and on one
// pipe they cut each other's records. Character devices (/dev/null, a
// terminal) may be shared. Outputs with an empty name are absent.
//
// It returns reads with stdout's file added when stdout is one of outs,
// for openOutputFile to check the opened files against.
func checkOutputs(e *env, reads fileSet, outs ...outputTarget) (fileSet, error) {
	type seen struct {
		target outputTarget
		info   os.FileInfo // nil when unknown (a name not yet created)
	}
	var prev []seen
	avoid := reads
	for _, o := range outs {
		if o.name == "" {
			continue
		}
		st := outputIdentity(e, o.name)
		if st != nil && comparedWithOutputs(st.Mode()) {
			if in, ok := reads.same(st); ok {
				name := o.name
				if name == "-" {
					name = "stdout"
				}
				return nil, outputIsInputError(name, in)
			}
		}
		for _, p := range prev {
			bothStdout := o.name == "-" && p.target.name == "-"
			device := st != nil && st.Mode()&os.ModeCharDevice != 0 // /dev/null, a terminal: shared
			sameFile := st != nil && p.info != nil && os.SameFile(st, p.info) && !device
			if bothStdout {
				return nil, fmt.Errorf("%s - and %s - %w", p.target.flag, o.flag, ErrSameOutput)
			}
			if sameFile || sameName(o.name, p.target.name) && !device {
				return nil, fmt.Errorf("%s and %s %w", p.target.label(), o.label(), ErrSameOutput)
			}
		}
		prev = append(prev, seen{o, st})
		if o.name == "-" && st != nil && st.Mode().IsRegular() {
			avoid = append(avoid[:len(avoid):len(avoid)], namedFile{"stdout", st})
		}
	}
	return avoid, nil
}

// checkStdout refuses stdout when it is one of the files a command that
// prints to stdout only reads: repair and report (`jsonheal report
// r.jsonl >> r.jsonl`, `jsonheal repair f.json 1<> f.json`). inputs are
// as for inputFileSet ("" and "-" are stdin).
func checkStdout(e *env, inputs []string) error {
	_, err := checkOutputs(e, inputFileSet(e, inputs), outputTarget{"stdout", "-"})
	return err
}

// ErrSameOutput reports two outputs that are one file.
var ErrSameOutput = errors.New("name the same file: one would overwrite the other")

// outputIdentity returns the file behind an output ("-": stdout) when it
// exists, else nil.
func outputIdentity(e *env, name string) os.FileInfo {
	if name == "-" {
		if s, ok := e.stdout.(statter); ok {
			if st, err := s.Stat(); err == nil {
				return st
			}
		}
		return nil
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil
	}
	return st
}

// openOutputFile opens name for writing without truncating it and checks
// the opened file against avoid. created says the open made the file.
// The caller truncates it (truncateOutput) once every output of the
// command is open and checked.
func openOutputFile(name string, avoid fileSet) (f *os.File, created bool, err error) {
	f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	created = err == nil
	if errors.Is(err, fs.ErrExist) {
		f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o666)
	}
	if err != nil {
		return nil, false, err
	}
	st, err := f.Stat()
	if err != nil {
		discardOutputFile(f, created)
		return nil, false, err
	}
	if st.Mode().IsRegular() {
		if in, ok := avoid.same(st); ok {
			discardOutputFile(f, created)
			return nil, false, outputIsInputError(name, in)
		}
	}
	return f, created, nil
}

// truncateOutput empties an output file opened by openOutputFile (a
// regular file: a device or a FIFO has nothing to truncate).
func truncateOutput(f *os.File) error {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return err
	}
	return f.Truncate(0)
}

// discardOutputFile closes an output file the command will not write,
// and removes it when the command created it.
func discardOutputFile(f *os.File, created bool) {
	f.Close()
	if created {
		os.Remove(f.Name())
	}
}

// sameName reports whether two output names are spelled for the same path
// (before either exists, when SameFile cannot tell).
func sameName(a, b string) bool {
	if a == "" || a == "-" || b == "" || b == "-" {
		return false
	}
	pa, err1 := filepath.Abs(a)
	pb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && pa == pb
}
