//go:build amd64 && !purego

package scan

// commentRun is commentWindows' loop over the windows of 64 bytes from
// b[j], for len(b)-j > 64, with the vector reading only: the end of the
// last comment it settles (j when none) and the spaces up to there.
func commentRun(b []byte, j, gaps int) (int, int) {
	end, endGaps := commentRunAVX2(&b[j], len(b)-j, gaps)
	return j + end, endGaps
}

// commentRunAVX2 is commentRun in assembly: end is relative to p, and no
// end may bring the spaces past runSpaces.
//
//go:noescape
func commentRunAVX2(p *byte, n, gaps int) (end, endGaps int)

// runSpaces is len(spaces), which the assembly holds as a constant of its
// own (one argument less makes commentRun small enough to inline).
const runSpaces = 128

// A difference between runSpaces and len(spaces) either way does not
// compile.
const _ = uint(runSpaces-len(spaces)) + uint(len(spaces)-runSpaces)
