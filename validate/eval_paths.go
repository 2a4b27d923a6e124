package validate

import (
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/internal/jsonpointer"
)

// Where the evaluation is: the keyword path and the instance path, and
// their renderings as diagnostics locations.

// pathSeg is one step of the instance location.
type pathSeg struct {
	key   []byte // member name
	idx   int    // array index, or member ordinal (document order)
	isKey bool   // an object member (else an array item)
}

// evalPaths is where the evaluation is: the keyword and instance paths.
type evalPaths struct {
	// track keeps the keyword and instance paths (kw, inst). Only
	// diagnostics and errors read them, so the first, fast pass over a
	// document runs without; it is set for the collecting pass and to
	// locate an error.
	track bool
	kw    []string  // keyword path segments
	inst  []pathSeg // instance path
	// gen changes with the instance path (diag_cap.go caches by it).
	gen uint64
}

// pushKw enters a keyword path segment (when tracking paths).
func (p *evalPaths) pushKw(seg string) {
	if p.track {
		p.kw = append(p.kw, seg)
	}
}

// popKw leaves the last keyword path segment.
func (p *evalPaths) popKw() {
	if p.track {
		p.kw = p.kw[:len(p.kw)-1]
	}
}

// pushInst enters an instance path segment (when tracking paths).
func (p *evalPaths) pushInst(s pathSeg) {
	if p.track {
		p.inst = append(p.inst, s)
		p.gen++
	}
}

// popInst leaves the last instance path segment.
func (p *evalPaths) popInst() {
	if p.track {
		p.inst = p.inst[:len(p.inst)-1]
		p.gen++
	}
}

// appendInstanceLocation appends the current instance path as a JSON
// Pointer.
func (p *evalPaths) appendInstanceLocation(b []byte) []byte {
	for _, s := range p.inst {
		if s.isKey {
			b = jsonpointer.AppendToken(b, b2s(s.key))
		} else {
			b = append(b, '/')
			b = strconv.AppendInt(b, int64(s.idx), 10)
		}
	}
	return b
}

// instanceLocation renders the current instance path as a JSON Pointer.
func (p *evalPaths) instanceLocation() string {
	return string(p.appendInstanceLocation(nil))
}

// keywordLocation renders the current evaluation path.
func (p *evalPaths) keywordLocation() string {
	return strings.Join(p.kw, "")
}
