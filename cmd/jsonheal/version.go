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
		run: func(_ context.Context, e *env, _ []string) int {
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
