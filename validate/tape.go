package validate

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/jsonstr"
	"github.com/jsonheal/jsonheal/internal/swar"
)

// This file is the document tape: a value (a whole document, or one item
// or member of a streamed container) read into a flat slice of entries,
// reused from value to value, that the evaluator walks. Validate on a whole
// document that is not an array fills it with a strict read (readStrict,
// tape_strict.go) that checks RFC 8259 as it goes, the document's only
// pass when it is valid. Otherwise the reader (stream_read.go) has already
// checked the bytes with the scanner, and filling the tape is a second,
// plain pass over them; ValidateJSON fills a tape from unchecked bytes
// that way too: the pass stays safe there (an error, never a panic) but
// lax.

// jtype is the JSON type of a document value.
type jtype uint8

// Document value types.
const (
	typeNull jtype = iota
	typeTrue
	typeFalse
	typeNumber
	typeString
	typeArray
	typeObject
)

// jv is one value of a tape. A container's entries follow it: an array's
// items, an object's members as a name (a string entry) then a value,
// each item or value followed by its own entries.
type jv struct {
	t      *tape
	typ    jtype
	esc    bool  // a string whose decoded text is in t.arena (it had escapes)
	listed bool  // an array whose items are in t.kids from end on (see Array)
	n      int32 // a container's items or members
	// A scalar's text: t.doc[off:end] (a string's without its quotes), or
	// t.arena[off:end] when esc. A container's off is its first entry; a
	// listed array's end is where its items begin in t.kids.
	off, end uint32
	next     int32 // the entry after this value and its entries
}

// tape holds the entries of one value; a sentinel entry ends it, so that
// the entry after any value can be addressed.
type tape struct {
	doc   []byte
	arena []byte
	e     []jv
	kids  []*jv // the items of the arrays asked for (see Array)
	// strict makes the read check RFC 8259 as the scanner does: numbers,
	// escapes, UTF-8 and control bytes (readStrict).
	strict bool
}

// errTape is the error of a value that the tape cannot read.
var errTape = errors.New("cannot parse JSON")

// Type returns v's JSON type.
func (v *jv) Type() jtype { return v.typ }

// Len returns the items or members of a container (0 for a scalar).
func (v *jv) Len() int { return int(v.n) }

// StringBytes returns a string's decoded bytes (a member name's too).
func (v *jv) StringBytes() []byte {
	if v.esc {
		return v.t.arena[v.off:v.end:v.end]
	}
	return v.t.doc[v.off:v.end:v.end]
}

// raw returns a number's text.
func (v *jv) raw() []byte { return v.t.doc[v.off:v.end:v.end] }

// first returns a container's first entry (the sentinel or a sibling when
// it is empty: only read it when Len is positive).
func (v *jv) first() *jv { return &v.t.e[v.off] }

// skip returns the entry after v and its entries.
func (v *jv) skip() *jv { return &v.t.e[v.next] }

// Get returns the value of the first member of object v named name, or nil.
func (v *jv) Get(name string) *jv {
	k := v.first()
	for i := int32(0); i < v.n; i++ {
		mv := k.skip()
		if string(k.StringBytes()) == name {
			return mv
		}
		k = mv.skip()
	}
	return nil
}

// Visit calls f with each member of object v in document order.
func (v *jv) Visit(f func(k []byte, mv *jv)) {
	k := v.first()
	for i := int32(0); i < v.n; i++ {
		mv := k.skip()
		f(k.StringBytes(), mv)
		k = mv.skip()
	}
}

// appendScalar appends the JSON text of a null, boolean or number.
func (v *jv) appendScalar(b []byte) []byte {
	switch v.typ {
	case typeNull:
		return append(b, "null"...)
	case typeTrue:
		return append(b, "true"...)
	case typeFalse:
		return append(b, "false"...)
	}
	return append(b, v.raw()...)
}

// read fills the tape with the value doc holds (blanks around it allowed)
// and returns it. The value is valid until the next read.
func (t *tape) read(doc []byte) (*jv, error) {
	t.strict = false
	return t.fill(doc)
}

// readStrict is read for bytes no reader has checked: it fails (errTape)
// on every document the strict scanner rejects, and may fail on some it
// accepts (a caller then takes the scanner's path, which says why).
func (t *tape) readStrict(doc []byte) (*jv, error) {
	t.strict = true
	v, err := t.fill(doc)
	t.strict = false
	return v, err
}

// fill reads doc into the tape (read, readStrict).
func (t *tape) fill(doc []byte) (*jv, error) {
	t.doc, t.arena, t.e, t.kids = doc, t.arena[:0], t.e[:0], t.kids[:0]
	i, err := t.value(doc, skipBlank(doc, 0), 0)
	if err != nil {
		return nil, err
	}
	if skipBlank(doc, i) != len(doc) {
		return nil, errTape
	}
	t.e = append(t.e, jv{t: t})
	return &t.e[0], nil
}

// readString fills the tape with one string value whose decoded bytes are
// s (a member name evaluated by propertyNames).
func (t *tape) readString(s []byte) *jv {
	t.doc, t.arena, t.kids = nil, append(t.arena[:0], s...), t.kids[:0]
	t.e = append(t.e[:0], jv{t: t, typ: typeString, esc: true, end: uint32(len(s)), next: 1}, jv{t: t})
	return &t.e[0]
}

// skipBlank returns the index of the first byte at or after i that is
// not JSON whitespace.
func skipBlank(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' { // no blank at all: the usual case in compact JSON
		return i
	}
	return skipBlankRun(b, i)
}

// skipBlankRun is skipBlank past a run of blanks, eight bytes at a time
// through the spaces of an indentation.
func skipBlankRun(b []byte, i int) int {
	if i+1 < len(b) && b[i] == ' ' && b[i+1] > ' ' { // the one space after a colon or comma
		return i + 1
	}
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:]) ^ swar.Broadcast(' ')
		if x&0xFF == '\n'^' ' { // a newline and the indentation after it, in one step
			x &^= 0xFF
		}
		if x == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(x) >> 3 // the first byte that is not a space
		if c := b[i]; c != '\n' && c != '\r' && c != '\t' {
			return i
		}
		i++
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// value reads the value at b[i] into the tape; it returns the index just
// past it.
func (t *tape) value(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return i, errTape
	}
	k := len(t.e)
	t.e = append(t.e, jv{t: t})
	switch c := b[i]; c {
	case '{', '[':
		if depth >= MaxDepth {
			return i, errTape
		}
		typ, closer := typeArray, byte(']')
		if c == '{' {
			typ, closer = typeObject, '}'
		}
		n := int32(0)
		i = skipBlank(b, i+1)
		if i < len(b) && b[i] == closer {
			i++
		} else {
			for {
				var err error
				if typ == typeObject {
					if i >= len(b) || b[i] != '"' {
						return i, errTape
					}
					name := len(t.e) // a member name: a string, read as one
					t.e = append(t.e, jv{t: t})
					if i, err = t.str(b, i+1, name); err != nil {
						return i, err
					}
					if i = skipBlank(b, i); i >= len(b) || b[i] != ':' {
						return i, errTape
					}
					i = skipBlank(b, i+1)
				}
				if i, err = t.value(b, i, depth+1); err != nil {
					return i, err
				}
				n++
				if i = skipBlank(b, i); i >= len(b) {
					return i, errTape
				}
				if b[i] == closer {
					i++
					break
				}
				if b[i] != ',' {
					return i, errTape
				}
				i = skipBlank(b, i+1)
			}
		}
		e := &t.e[k]
		e.typ, e.n, e.off, e.next = typ, n, uint32(k+1), int32(len(t.e))
		return i, nil
	case '"':
		return t.str(b, i+1, k)
	case 't', 'f', 'n':
		lit, typ := "true", typeTrue
		if c == 'f' {
			lit, typ = "false", typeFalse
		} else if c == 'n' {
			lit, typ = "null", typeNull
		}
		if !bytes.HasPrefix(b[i:], []byte(lit)) {
			return i, errTape
		}
		e := &t.e[k]
		e.typ, e.next = typ, int32(k+1)
		return i + len(lit), nil
	}
	var j int
	if t.strict {
		j = numberEnd(b, i)
	} else {
		j = i
		for j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == '-' || b[j] == '+' || b[j] == '.' || b[j] == 'e' || b[j] == 'E') {
			j++
		}
	}
	if j <= i {
		return i, errTape
	}
	e := &t.e[k]
	e.typ, e.off, e.end, e.next = typeNumber, uint32(i), uint32(j), int32(k+1)
	return j, nil
}

// str reads the string whose text begins at b[i] (after its quote) into
// entry k; it returns the index past the closing quote.
func (t *tape) str(b []byte, i, k int) (int, error) {
	if t.strict {
		j, esc, ok := strictString(b, i)
		if !ok {
			return j, errTape
		}
		return t.strText(b, i, j, k, esc), nil
	}
	j, esc := i, false
	for {
		q := bytes.IndexByte(b[j:], '"')
		if q < 0 {
			return len(b), errTape
		}
		j += q
		back := 0
		for back < j-i && b[j-1-back] == '\\' {
			back++
		}
		if back > 0 {
			esc = true
		}
		if back%2 == 0 {
			break
		}
		j++
	}
	if !esc {
		esc = bytes.IndexByte(b[i:j], '\\') >= 0
	}
	return t.strText(b, i, j, k, esc), nil
}

// strText sets entry k to the string whose raw text is b[i:j] (decoded
// into the arena when it has escapes); it returns the index past the
// closing quote at b[j].
func (t *tape) strText(b []byte, i, j, k int, esc bool) int {
	e := &t.e[k]
	e.typ, e.next = typeString, int32(k+1)
	if !esc {
		e.off, e.end = uint32(i), uint32(j)
		return j + 1
	}
	start := len(t.arena)
	t.arena = appendUnescaped(t.arena, b[i:j])
	e.esc, e.off, e.end = true, uint32(start), uint32(len(t.arena))
	return j + 1
}

// appendUnescaped appends the decoded text of a JSON string's raw text s
// (between its quotes). Escapes decode as RFC 8259 says; a \u escape of a
// surrogate without its pair is kept as written, and an unknown escape
// too (only a lax reading meets those).
func appendUnescaped(dst, s []byte) []byte {
	for {
		n := bytes.IndexByte(s, '\\')
		if n < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:n]...)
		s = s[n+1:]
		if len(s) == 0 {
			return append(dst, '\\')
		}
		c := s[0]
		s = s[1:]
		switch c {
		case '"', '\\', '/':
			dst = append(dst, c)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			x, ok := jsonstr.Hex4(s)
			if !ok {
				dst = append(dst, '\\', 'u')
				break
			}
			xs := s[:4]
			s = s[4:]
			if !utf16.IsSurrogate(x) {
				dst = utf8.AppendRune(dst, x)
				break
			}
			var y rune
			if len(s) >= 6 && s[0] == '\\' && s[1] == 'u' {
				y, ok = jsonstr.Hex4(s[2:])
			} else {
				ok = false
			}
			if !ok {
				dst = append(append(dst, '\\', 'u'), xs...)
				break
			}
			dst = utf8.AppendRune(dst, utf16.DecodeRune(x, y))
			s = s[6:]
		default:
			dst = append(dst, '\\', c)
		}
	}
}

// Array returns the items of array v. The slice is kept in the tape (made
// at the first call) and valid until the next read.
func (v *jv) Array() []*jv {
	t := v.t
	if !v.listed {
		v.listed = true
		v.end = uint32(len(t.kids))
		e := v.first()
		for i := int32(0); i < v.n; i++ {
			t.kids = append(t.kids, e)
			e = e.skip()
		}
	}
	return t.kids[v.end : v.end+uint32(v.n) : v.end+uint32(v.n)]
}
