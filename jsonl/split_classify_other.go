//go:build !amd64 || purego

package jsonl

// useClassify is false: there is no vector classifier on this platform.
var useClassify = false

// classify is never called here (useClassify is false).
func classify(p []byte, masks *[classifyBlocks]blockMasks) {}
