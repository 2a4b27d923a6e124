//go:build !amd64 || purego

package scanner

// commentMasks is never called here (useVector is false).
func commentMasks(p *byte) (opens, closes, blanks, breaks uint64) { return 0, 0, 0, 0 }
