package main

import (
	"fmt"
	"io"
	"os"
)

// openInput opens the named file, or returns stdin for "" and "-". The
// returned close function is never nil.
func openInput(e *env, name string) (io.Reader, func() error, error) {
	if name == "" || name == "-" {
		return e.stdin, func() error { return nil }, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("open input: %w", err)
	}
	return f, f.Close, nil
}
