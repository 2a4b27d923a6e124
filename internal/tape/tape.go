// Package tape reads one JSON value (a whole document, or one item or
// member of a streamed container) into a flat list of entries, reused
// from value to value, that validate's evaluator walks: no tree, and no
// allocation once the tape has grown to the values it reads. Read is a
// plain pass over bytes a scanner has already checked (safe on any
// bytes: an error, never a panic, but lax); ReadStrict checks RFC 8259
// as it goes (numbers, escapes, UTF-8, control bytes: strict.go), so
// that a valid document is read in one pass with no scanner before it.
package tape

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/jsonnum"
	"github.com/jsonheal/jsonheal/internal/jsonstr"
	"github.com/jsonheal/jsonheal/internal/swar"
)

// MaxDepth is the deepest nesting of arrays and objects a read accepts
// (validate.MaxDepth).
const MaxDepth = 299

// Type is the JSON type of a document value.
type Type uint8

// Document value types.
const (
	Null Type = iota
	True
	False
	Number
	String
	Array
	Object
)

// Value is one value of a tape. A container's entries follow it: an array's
// items, an object's members as a name (a string entry) then a value,
// each item or value followed by its own entries.
type Value struct {
	t *Tape // set once per entry of the tape's memory (see push)
	entry
}

// entry is what a read sets of a Value: it holds no pointer, so that
// writing it costs the stores alone.
type entry struct {
	typ    Type
	esc    bool // a string whose decoded text is in t.arena (it had escapes)
	listed bool // an array whose items are in t.kids from end on (see Array)
	// integral: a number written as an integer (no fraction, no
	// exponent), whatever its size.
	integral bool
	n        int32 // a container's items or members
	// A scalar's text: t.doc[off:end] (a string's without its quotes), or
	// t.arena[off:end] when esc. A container's off is its first entry; a
	// listed array's end is where its items begin in t.kids.
	off, end uint32
	next     int32 // the entry after this value and its entries
}

// Tape holds the entries of one value; a sentinel entry ends it, so that
// the entry after any value can be addressed.
type Tape struct {
	doc   []byte
	arena []byte
	e     []Value
	kids  []*Value // the items of the arrays asked for (see Array)
	open  []int32  // the containers open during a read (see read)
	// strict makes the read check RFC 8259 as the scanner does: numbers,
	// escapes, UTF-8 and control bytes (ReadStrict).
	strict bool
	// failedAt is where the last read failed (ErrOffset).
	failedAt int
}

// ErrTape is the error of a value that the tape cannot read.
var ErrTape = errors.New("cannot parse JSON")

// ErrDepth is the error of a value nested deeper than MaxDepth: a limit
// of the tape, not a flaw of the bytes, so a caller can tell the two
// apart (validate reports it as its ErrDepth, not as "not JSON").
var ErrDepth = errors.New("nesting too deep")

// Type returns v's JSON type.
func (v *Value) Type() Type { return v.typ }

// Len returns the items or members of a container (0 for a scalar).
func (v *Value) Len() int { return int(v.n) }

// StringBytes returns a string's decoded bytes (a member name's too).
func (v *Value) StringBytes() []byte {
	if v.esc {
		return v.t.arena[v.off:v.end:v.end]
	}
	return v.t.doc[v.off:v.end:v.end]
}

// Integral reports whether a number is written as an integer: no
// fraction, no exponent (so an integer in every draft's sense).
func (v *Value) Integral() bool { return v.integral }

// Raw returns a number's text.
func (v *Value) Raw() []byte { return v.t.doc[v.off:v.end:v.end] }

// First returns a container's first entry (the sentinel or a sibling when
// it is empty: only read it when Len is positive).
func (v *Value) First() *Value { return &v.t.e[v.off] }

// Skip returns the entry after v and its entries.
func (v *Value) Skip() *Value { return &v.t.e[v.next] }

// Get returns the value of the first member of object v named name, or nil.
func (v *Value) Get(name string) *Value {
	k := v.First()
	for i := int32(0); i < v.n; i++ {
		mv := k.Skip()
		if string(k.StringBytes()) == name {
			return mv
		}
		k = mv.Skip()
	}
	return nil
}

// Visit calls f with each member of object v in document order.
func (v *Value) Visit(f func(k []byte, mv *Value)) {
	k := v.First()
	for i := int32(0); i < v.n; i++ {
		mv := k.Skip()
		f(k.StringBytes(), mv)
		k = mv.Skip()
	}
}

// AppendScalar appends the JSON text of a null, boolean or number.
func (v *Value) AppendScalar(b []byte) []byte {
	switch v.typ {
	case Null:
		return append(b, "null"...)
	case True:
		return append(b, "true"...)
	case False:
		return append(b, "false"...)
	}
	return append(b, v.Raw()...)
}

// Read fills the tape with the value doc holds (blanks around it allowed)
// and returns it. The value is valid until the next read. It fails with
// ErrDepth on a value nested deeper than MaxDepth, ErrTape on any other
// value it cannot read (ErrOffset says where).
func (t *Tape) Read(doc []byte) (*Value, error) {
	t.strict = false
	return t.fill(doc)
}

// ReadStrict is Read for bytes no reader has checked: it fails (ErrTape,
// or ErrDepth) on every document the strict scanner rejects, and may fail
// on some it accepts (a caller then takes the scanner's path, which says
// why).
func (t *Tape) ReadStrict(doc []byte) (*Value, error) {
	t.strict = true
	v, err := t.fill(doc)
	t.strict = false
	return v, err
}

// fill reads doc into the tape (Read, ReadStrict).
func (t *Tape) fill(doc []byte) (*Value, error) {
	t.doc, t.arena, t.e, t.kids = doc, t.arena[:0], t.e[:0], t.kids[:0]
	i, err := t.read(doc, SkipBlank(doc, 0))
	if err != nil {
		t.failedAt = i
		return nil, err
	}
	if i = SkipBlank(doc, i); i != len(doc) {
		t.failedAt = i
		return nil, ErrTape
	}
	t.e = append(t.e, Value{t: t})
	return &t.e[0], nil
}

// ErrOffset returns the offset in the document of the last failed Read
// or ReadStrict where the read stopped: for ErrDepth, the bracket or
// brace that opens level MaxDepth+1. It is meaningless after a read that
// succeeded.
func (t *Tape) ErrOffset() int { return t.failedAt }

// ReadString fills the tape with one string value whose decoded bytes are
// s (a member name evaluated by propertyNames).
func (t *Tape) ReadString(s []byte) *Value {
	t.doc, t.arena, t.kids = nil, append(t.arena[:0], s...), t.kids[:0]
	t.e = append(t.e[:0], Value{t: t, entry: entry{typ: String, esc: true, end: uint32(len(s)), next: 1}}, Value{t: t})
	return &t.e[0]
}

// Owns reports whether v is a value of t (read into it, not another
// tape), and so valid until t's next read.
func (t *Tape) Owns(v *Value) bool { return v.t == t }

// SkipBlank returns the index of the first byte at or after i that is
// not JSON whitespace.
func SkipBlank(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' { // no blank at all: the usual case in compact JSON
		return i
	}
	return skipBlankRun(b, i)
}

// skipBlankRun is SkipBlank past a run of blanks, eight bytes at a time
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

// read reads the value at b[i] into the tape, with every value it holds,
// in one loop (no recursion): t.open holds the entries of the containers
// open around the byte being read, and an open container's entry counts
// its items or members as they end. It returns the index just past the
// value.
func (t *Tape) read(b []byte, i int) (int, error) {
	t.open = t.open[:0]
	var k int // the entry of the value being read
value: // a value begins at b[i]
	if i >= len(b) {
		return i, ErrTape
	}
	k = t.push()
	switch c := b[i]; c {
	case '{', '[':
		if len(t.open) >= MaxDepth {
			return i, ErrDepth
		}
		typ, closer := Array, byte(']')
		if c == '{' {
			typ, closer = Object, '}'
		}
		t.e[k].entry = entry{typ: typ, off: uint32(k + 1)}
		if i = SkipBlank(b, i+1); i < len(b) && b[i] == closer {
			t.e[k].next = int32(len(t.e))
			i++
			goto after
		}
		t.open = append(t.open, int32(k))
		if typ == Object {
			goto member
		}
		goto value
	case '"':
		var err error
		if i, err = t.str(b, i+1, k); err != nil {
			return i, err
		}
	case 't', 'f', 'n':
		lit, typ := "true", True
		if c == 'f' {
			lit, typ = "false", False
		} else if c == 'n' {
			lit, typ = "null", Null
		}
		if !bytes.HasPrefix(b[i:], []byte(lit)) {
			return i, ErrTape
		}
		t.e[k].entry = entry{typ: typ, next: int32(k + 1)}
		i += len(lit)
	default:
		var j int
		integral := true
		if t.strict {
			j, integral = jsonnum.Scan(b, i)
		} else {
			j = i
			for ; j < len(b) && (b[j] >= '0' && b[j] <= '9' || b[j] == '-' || b[j] == '+' || b[j] == '.' || b[j] == 'e' || b[j] == 'E'); j++ {
				integral = integral && b[j] != '.' && b[j] != 'e' && b[j] != 'E'
			}
		}
		if j <= i {
			return i, ErrTape
		}
		t.e[k].entry = entry{typ: Number, integral: integral, off: uint32(i), end: uint32(j), next: int32(k + 1)}
		i = j
	}

after: // a value ended at b[i-1]: a ',' or its container's closer comes next
	if len(t.open) == 0 {
		return i, nil
	}
	{
		c := &t.e[t.open[len(t.open)-1]]
		c.n++
		if i = SkipBlank(b, i); i >= len(b) {
			return i, ErrTape
		}
		switch b[i] {
		case ',':
			i = SkipBlank(b, i+1)
			if c.typ == Object {
				goto member
			}
			goto value
		case ']', '}':
			if (b[i] == '}') != (c.typ == Object) {
				return i, ErrTape
			}
			c.next = int32(len(t.e))
			t.open = t.open[:len(t.open)-1]
			i++
			goto after
		}
		return i, ErrTape
	}

member: // a member of an object begins at b[i]: its name, a string
	if i >= len(b) || b[i] != '"' {
		return i, ErrTape
	}
	{
		var err error
		if i, err = t.str(b, i+1, t.push()); err != nil {
			return i, err
		}
	}
	if i = SkipBlank(b, i); i >= len(b) || b[i] != ':' {
		return i, ErrTape
	}
	i = SkipBlank(b, i+1)
	goto value
}

// push adds an entry to the tape and returns its index. The entry is
// reused from an earlier read when the tape has one: the caller sets its
// entry whole.
func (t *Tape) push() int {
	k := len(t.e)
	if k < cap(t.e) {
		t.e = t.e[:k+1]
		if t.e[k].t != t { // a tape's entries keep their t from read to read
			t.e[k].t = t
		}
	} else {
		t.e = append(t.e, Value{t: t})
	}
	return k
}

// str reads the string whose text begins at b[i] (after its quote) into
// entry k; it returns the index past the closing quote.
func (t *Tape) str(b []byte, i, k int) (int, error) {
	if t.strict {
		j, esc, ok := strictString(b, i)
		if !ok {
			return j, ErrTape
		}
		return t.strText(b, i, j, k, esc), nil
	}
	// A short string (a key above all) ends within two words: found
	// there with no call, and with no second pass for backslashes.
	for j := i; j+8 <= len(b) && j < i+16; j += 8 {
		if m := swar.QuoteOrBackslash(binary.LittleEndian.Uint64(b[j:])); m != 0 {
			if j += bits.TrailingZeros64(m) >> 3; b[j] == '"' {
				return t.strText(b, i, j, k, false), nil
			}
			break // a backslash: the loop below reads escapes
		}
	}
	j, esc := i, false
	for {
		q := bytes.IndexByte(b[j:], '"')
		if q < 0 {
			return len(b), ErrTape
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
func (t *Tape) strText(b []byte, i, j, k int, esc bool) int {
	if !esc {
		t.e[k].entry = entry{typ: String, off: uint32(i), end: uint32(j), next: int32(k + 1)}
		return j + 1
	}
	start := len(t.arena)
	t.arena = AppendUnescaped(t.arena, b[i:j])
	t.e[k].entry = entry{typ: String, esc: true, off: uint32(start), end: uint32(len(t.arena)), next: int32(k + 1)}
	return j + 1
}

// AppendUnescaped appends the decoded text of a JSON string's raw text s
// (between its quotes). Escapes decode as RFC 8259 says; a \u escape of a
// surrogate without its pair is kept as written, and an unknown escape
// too (only a lax reading meets those).
func AppendUnescaped(dst, s []byte) []byte {
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
func (v *Value) Array() []*Value {
	t := v.t
	if !v.listed {
		v.listed = true
		v.end = uint32(len(t.kids))
		e := v.First()
		for i := int32(0); i < v.n; i++ {
			t.kids = append(t.kids, e)
			e = e.Skip()
		}
	}
	return t.kids[v.end : v.end+uint32(v.n) : v.end+uint32(v.n)]
}
