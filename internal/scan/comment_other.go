//go:build !amd64 || purego

package scan

// commentRun is never called here (useVector is false).
func commentRun(b []byte, j, gaps int) (int, int) { return j, gaps }
