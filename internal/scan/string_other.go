//go:build !amd64 || purego

package scan

// useVector is false: there is no wide fast path on this platform.
var useVector = false

// useWide is false: there is no 64-byte reading on this platform.
var useWide = false

// vectorBlock is the width stringVector would read at a time.
const vectorBlock = 32

// stringVector is never called here (useVector is false).
func stringVector(b []byte) (int, bool) { return 0, false }

// plainSingleVector is never called here (useVector is false).
func plainSingleVector(b []byte) int { return 0 }
