//go:build !amd64 || purego

package structural

// Fast reports whether stage 1 runs in assembly here: it does not, and
// Container is slower than a byte-at-a-time reading.
const Fast = false

// useAssembly is false: there is no assembly stage 1.
var useAssembly, useAVX512 = false, false

// stage1 fills out with the blocks b[from:], b[from+64:], ...: each
// whole, in b.
func (c *Checker) stage1(b []byte, from int, out []block, _ *[64]byte) {
	c.stage1Portable(b, from, out)
}
