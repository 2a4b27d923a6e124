package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Output files never truncate an input. An output is compared with every
// input by device and inode (os.SameFile), stdin's file included, and the
// comparison is made on the opened file before it is truncated, so neither
// a second name for the same file (a link, "./f", a symlink) nor
// `jsonheal clean -o f.jsonl < f.jsonl` can empty it.
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
// stat'ed, and non-regular files, are left out: opening an output cannot
// truncate them.
func inputFileSet(e *env, inputs []string) fileSet {
	var set fileSet
	stdin := false
	for _, name := range inputs {
		if name == "" || name == "-" {
			stdin = true
			continue
		}
		if st, err := os.Stat(name); err == nil && st.Mode().IsRegular() {
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

// checkOutput refuses, before anything is opened, an output that exists
// and is one of avoid. "" and "-" (stdout) are checked by checkStdout.
func checkOutput(name string, avoid fileSet) error {
	if name == "" || name == "-" {
		return nil
	}
	st, err := os.Stat(name)
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	if in, ok := avoid.same(st); ok {
		return outputIsInputError(name, in)
	}
	return nil
}

// checkStdout refuses a stdout redirected to one of the inputs
// (`jsonheal clean f.jsonl >> f.jsonl` would read what it writes).
func checkStdout(e *env, avoid fileSet) error {
	s, ok := e.stdout.(statter)
	if !ok {
		return nil
	}
	st, err := s.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	if in, ok := avoid.same(st); ok {
		return outputIsInputError("stdout", in)
	}
	return nil
}

// openOutputFile opens name for writing without truncating it, checks the
// opened file against avoid, and only then truncates it.
func openOutputFile(name string, avoid fileSet) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.Mode().IsRegular() {
		if in, ok := avoid.same(st); ok {
			f.Close()
			return nil, outputIsInputError(name, in)
		}
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
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

// statOutput returns the identity of an output that exists (info nil
// otherwise, which matches nothing).
func statOutput(name string) namedFile {
	st, err := os.Stat(name)
	if err != nil || !st.Mode().IsRegular() {
		return namedFile{name: name}
	}
	return namedFile{name, st}
}
