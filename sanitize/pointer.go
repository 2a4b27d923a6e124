package sanitize

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/jsonpointer"
	"github.com/jsonheal/jsonheal/internal/scan"
)

// This file names, for an error's offset, the value being read there as a
// JSON Pointer. It is for the error path only (a refusal shown to a person
// or a model): it reads the input again with the scanner, byte by byte, and
// allocates; the sanitizer itself keeps no keys.

// PointerAt returns the RFC 6901 JSON Pointer of the innermost value being
// read at byte offset in src: "/user/name" for the offset of Ada in
// {"user": {"name": Ada Lovelace}}, "/2/a/1" at the end of the truncated
// [1, 2, {"a": [3, (a member's name once its key is read, an element's
// index once its array is open, even before the element begins). At a key,
// up to and with its colon, the pointer names the object that holds it. The
// pointer is relative to the JSON value around the offset, not to the
// markdown fences or prose that src may wrap it in; "" is the whole value
// (and the answer for an offset outside any value).
//
// src is read with every repair on, so that the syntax the sanitizer
// repairs before the offset (single quotes, bare keys, comments, missing
// or extra commas) does not stop the reading early; a syntax error before
// the offset stops it, and the pointer is the one at that error. Offset is
// clamped to [0, len(src)]; src is typically the input of a call that
// returned an *Error, and offset that Error's Offset. Work is linear in
// offset, memory in the nesting depth (capped at DefaultMaxDepth: deeper
// input stops the reading there). A member name is given as a JSON
// decoder reads it: escapes decoded, and each byte that is not UTF-8 as
// U+FFFD.
func PointerAt(src []byte, offset int64) string {
	end := int(min(max(offset, 0), int64(len(src))))
	w := pointerWalk{src: src}
	w.s.Reset(DefaultMaxDepth)
	w.s.SetRepairs(scan.AllRepairs)
	w.read(end)
	return w.pointer()
}

// pointerFrame is an open container as PointerAt reads it.
type pointerFrame struct {
	object bool
	// index counts the commas read in the container: an array's current
	// element, an object's current member.
	index int
	// key is the input range of the name of member keyIndex, read to its
	// end when keyIndex equals index: with its delimiters when quoted.
	key      [2]int64
	quoted   bool
	keyIndex int
}

// maxStalled bounds the scanner steps in a row that consume no byte
// (events it reports before reading on) before PointerAt gives up.
const maxStalled = 64

// maxPointerCommas bounds the commas PointerAt remembers: the latest ones,
// which a repair that drops input (an extra comma, a comment) may hold.
const maxPointerCommas = 64

// pointerComma is a comma PointerAt counted, so that a repair that drops
// it (a comment or an extra comma) can take it back.
type pointerComma struct {
	offset int64
	depth  int
}

// pointerWalk is the state of one PointerAt reading.
type pointerWalk struct {
	s      scan.Scanner
	src    []byte
	frames []pointerFrame
	commas []pointerComma
	// keyStart is the offset of a quoted key's opening quote while the
	// scanner is in the key; bareKey that of a bare key's first byte
	// between its two RepairUnquotedKey events; -1 when none.
	keyStart, bareKey int64
	inKey             bool
	open              []byte
}

// read feeds the scanner src[:end] one byte at a time, watching its depth,
// keys and commas after each step.
func (w *pointerWalk) read(end int) {
	w.keyStart, w.bareKey = -1, -1
	stalled := 0 // steps in a row that consumed nothing: a guard
	for i := 0; i < end && stalled < maxStalled; {
		n, ev := w.s.Next(w.src[i : i+1])
		if ev == scan.Error {
			return
		}
		w.step(int64(i), n, ev)
		for ev != scan.Error && w.s.HasPending() && stalled < maxStalled {
			_, ev = w.s.Next(nil)
			w.step(int64(i+n), 0, ev)
			stalled++
		}
		if n == 0 {
			stalled++
		} else {
			stalled = 0
		}
		i += n
	}
	// A repair the byte at end decides before reading it (a missing comma
	// before it) belongs to what precedes the offset.
	for k := 0; end < len(w.src) && k < 8; k++ {
		n, ev := w.s.Next(w.src[end : end+1])
		if n != 0 || ev != scan.Repair {
			return
		}
		w.step(int64(end), 0, ev)
	}
}

// step takes in what the scanner did after consuming n bytes at offset i
// (n is 0 or 1) and stopping at ev.
func (w *pointerWalk) step(i int64, n int, ev scan.Event) {
	w.syncDepth()
	if n > 0 {
		w.consumed(i)
	}
	if ev == scan.Repair {
		w.repair()
	}
}

// consumed takes in the byte at offset i, which the scanner just read: a
// quoted key's start or end, or a comma.
func (w *pointerWalk) consumed(i int64) {
	inKey := w.s.InKey()
	switch {
	case inKey && !w.inKey:
		w.keyStart = i
	case !inKey && w.inKey && w.keyStart >= 0:
		w.setKey(w.keyStart, i, true)
		w.keyStart = -1
	}
	w.inKey = inKey
	if w.src[i] == ',' && !w.s.InString() && len(w.frames) > 0 {
		w.comma(i, 1)
	}
}

// syncDepth pushes or pops frames to the scanner's depth.
func (w *pointerWalk) syncDepth() {
	d := w.s.Depth()
	if d < len(w.frames) {
		w.frames = w.frames[:d]
		return
	}
	if d > len(w.frames) {
		w.open = w.s.AppendOpen(w.open[:0])
		for len(w.frames) < d {
			w.frames = append(w.frames, pointerFrame{object: w.open[len(w.frames)] == '{', keyIndex: -1})
		}
	}
}

// repair takes in a Repair event: a bare key's delimiters, and the commas
// a repair inserts or drops.
func (w *pointerWalk) repair() {
	off, ln, repl := w.s.EventOffset(), int64(w.s.EventLen()), w.s.Replacement()
	if w.s.RepairKind() == scan.RepairUnquotedKey {
		switch {
		case w.s.ClosingOffset() != 0:
			w.setKey(off+ln, w.s.ClosingOffset(), false)
		case w.bareKey >= 0:
			w.setKey(w.bareKey, off, false)
			w.bareKey = -1
		default:
			w.bareKey = off + ln
		}
		return
	}
	if len(w.frames) == 0 {
		return
	}
	kept := w.commas[:0]
	for _, c := range w.commas {
		if c.offset >= off && c.offset < off+ln && c.depth == len(w.frames) {
			w.frames[len(w.frames)-1].index--
			continue
		}
		kept = append(kept, c)
	}
	w.commas = kept
	if k := strings.Count(repl, ","); k > 0 {
		w.comma(-1, k)
	}
}

// comma counts k commas in the innermost container (at input offset at,
// or -1 for commas a repair inserts).
func (w *pointerWalk) comma(at int64, k int) {
	w.frames[len(w.frames)-1].index += k
	if at < 0 {
		return
	}
	if len(w.commas) == maxPointerCommas {
		w.commas = append(w.commas[:0], w.commas[1:]...)
	}
	w.commas = append(w.commas, pointerComma{offset: at, depth: len(w.frames)})
}

// setKey records src[from:to] as the name of the innermost object's
// current member, quoted or bare.
func (w *pointerWalk) setKey(from, to int64, quoted bool) {
	if len(w.frames) == 0 || !w.frames[len(w.frames)-1].object {
		return
	}
	f := &w.frames[len(w.frames)-1]
	f.key, f.quoted, f.keyIndex = [2]int64{from, to}, quoted, f.index
}

// pointer writes the frames as a JSON Pointer.
func (w *pointerWalk) pointer() string {
	var b strings.Builder
	for _, f := range w.frames {
		switch {
		case !f.object:
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(f.index))
		case f.keyIndex == f.index:
			b.WriteByte('/')
			key := w.src[f.key[0]:f.key[1]]
			if f.quoted {
				key = quotedKey(key)
			}
			tok := string(key)
			if !utf8.ValidString(tok) {
				// A JSON decoder reads each byte that is not UTF-8 as
				// U+FFFD: so does the pointer, or it would name no member.
				tok = string([]rune(tok))
			}
			b.WriteString(jsonpointer.EscapeToken(tok))
		default:
			return b.String()
		}
	}
	return b.String()
}

// quotedKey decodes a key read with its delimiters (straight double or
// single quotes, or typographic ones, one rune each) and maybe the blanks
// before its colon. Escapes are decoded when they are valid JSON;
// otherwise the key is its text as written.
func quotedKey(raw []byte) []byte {
	raw = bytes.TrimRight(raw, " \t\r\n")
	_, open := utf8.DecodeRune(raw)
	_, closing := utf8.DecodeLastRune(raw)
	if open+closing > len(raw) {
		return nil
	}
	if key, ok := appendUnquoted(nil, raw[open-1:len(raw)-closing+1]); ok {
		return key
	}
	return raw[open : len(raw)-closing]
}
