package main

import (
	"fmt"
	"io"
	"os"
)

// openInput opens the named file, or returns stdin for "" and "-". The
// returned close function is never nil. When the process listens for
// signals (e.stop), the input is read so that a signal interrupts a
// waiting Read, and how far it was read is what a signal's message says.
func openInput(e *env, name string) (io.Reader, func() error, error) {
	if name == "" || name == "-" {
		return e.track("stdin", e.stdin), func() error { return nil }, nil
	}
	e.stop.setWhere(func() string { return "opening " + name })
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("open input: %w", err)
	}
	if e.stop == nil {
		return f, f.Close, nil
	}
	return e.track(name, newInterruptibleReader(e.stop.ctx, f)), f.Close, nil
}

// track counts what is read from r and makes it what a signal's message
// reports; without e.stop it returns r.
func (e *env) track(name string, r io.Reader) io.Reader {
	if e.stop == nil {
		return r
	}
	if t, ok := r.(*trackedInput); ok { // stdin, tracked from the start
		e.stop.setWhere(t.position)
		return t
	}
	t := &trackedInput{name: name, r: r}
	e.stop.setWhere(t.position)
	return t
}

// checkInputs makes sure, before anything is read or written, that every
// named input can be opened, so that a missing file among several
// (`clean a.jsonl missing.jsonl b.jsonl`) stops the command before it
// processed the first. A regular file is opened and closed again; a FIFO
// or a device only stat'ed (opening a FIFO waits for its writer); a
// folder is refused. "" and "-" (stdin) are not checked.
func checkInputs(inputs []string) error {
	for _, name := range inputs {
		if name == "" || name == "-" {
			continue
		}
		st, err := os.Stat(name)
		if err != nil {
			return fmt.Errorf("open input: %w", err)
		}
		switch {
		case st.IsDir():
			return fmt.Errorf("open input: %s: is a directory", name)
		case st.Mode().IsRegular():
			f, err := os.Open(name)
			if err != nil {
				return fmt.Errorf("open input: %w", err)
			}
			f.Close()
		}
	}
	return nil
}
