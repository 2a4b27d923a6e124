//go:build amd64 && !purego

package scanner

// commentMasks describes the 64 bytes from p[0], reading p[0:65]: bit k
// of opens is set where p[k:k+2] is "/*", of closes where it is "*/", of
// blanks where p[k] is ' ' and of breaks where it is '\n'. Only for
// useVector.
func commentMasks(p *byte) (opens, closes, blanks, breaks uint64) {
	return commentMasksAVX2(p)
}

// commentMasksAVX2 is commentMasks in assembly.
//
//go:noescape
func commentMasksAVX2(p *byte) (opens, closes, blanks, breaks uint64)
