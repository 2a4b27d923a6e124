package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is the release version, set at build time with
// -ldflags "-X main.version=v1.2.3"; otherwise taken from the module
// information when installed with `go install`.
var version = ""

func init() {
	register(command{
		name:    "version",
		summary: "print the jsonheal version and the Go version",
		run: func(_ context.Context, e *env, args []string) int {
			fs := newFlagSet(e, "version", "usage: jsonheal version", "Prints the jsonheal version, the Go version and the platform.")
			if code, ok := parseFlags(fs, args); !ok {
				return code
			}
			if fs.NArg() > 0 {
				fmt.Fprintln(e.stderr, "jsonheal version: takes no arguments")
				return exitUsage
			}
			fmt.Fprintf(e.stdout, "jsonheal %s %s %s/%s\n", resolvedVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return exitOK
		},
	})
}

func resolvedVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
