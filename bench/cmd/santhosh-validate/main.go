// Command santhosh-validate is a minimal CLI over
// santhosh-tekuri/jsonschema v6, the peer that docs/benchmarks.md measures
// jsonheal validate against on big documents:
//
//	santhosh-validate SCHEMA [FILE]
//
// It reads FILE (stdin when absent) with the library's own decoder,
// validates it and prints the number of errors (basic output). Exit 0:
// valid; 1: invalid; 2: usage or I/O.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
)

func main() {
	if len(os.Args) < 2 || len(os.Args) > 3 {
		fmt.Fprintln(os.Stderr, "usage: santhosh-validate SCHEMA [FILE]")
		os.Exit(2)
	}
	c := santhosh.NewCompiler()
	sch, err := c.Compile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var in io.Reader = os.Stdin
	if len(os.Args) == 3 {
		f, err := os.Open(os.Args[2])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		defer f.Close()
		in = f
	}
	doc, err := santhosh.UnmarshalJSON(bufio.NewReaderSize(in, 1<<16))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	err = sch.Validate(doc)
	var ve *santhosh.ValidationError
	switch {
	case err == nil:
		fmt.Println("valid")
	case errors.As(err, &ve):
		fmt.Printf("invalid: %d errors\n", len(ve.BasicOutput().Errors))
		os.Exit(1)
	default:
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
