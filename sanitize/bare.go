package sanitize

import (
	"bytes"
	"encoding/json"
)

// maxBareInput bounds the input kept for the bare-value reading: a whole
// input longer than this is never read as one bare value.
const maxBareInput = 256

// keepHead keeps the input while it may still turn out to be one bare
// top-level value (see bareValue). Input starting with a bracket, or
// longer than maxBareInput, is not kept: the check costs one byte test
// per chunk on the fast path.
func (z *Sanitizer) keepHead(b []byte) {
	if z.headOff || len(b) == 0 {
		return
	}
	if len(z.head) == 0 && (b[0] == '{' || b[0] == '[') || len(z.head)+len(b) > maxBareInput {
		z.headOff, z.head = true, z.head[:0]
		return
	}
	z.head = append(z.head, b...)
}

// bareValue reads an input that held no JSON value and is, after its
// blanks, one line with no brackets: a bare token (abc, True, .3, 0789,
// 'abc', “foo”, "a"+"b") is read as the element of a one-element array
// would be, with that element's fixes. A line of several words stays
// prose: a sentence (a refusal, a remark) is not a string value. It
// reports whether it replaced the no_value reading.
func (z *Sanitizer) bareValue() bool {
	if z.headOff || z.opts.Strict || z.opts.Values == ValuesLines {
		return false
	}
	text := bytes.TrimRight(z.head, " \t\r\n")
	body := bytes.TrimLeft(text, " \t\r\n")
	lead := len(text) - len(body)
	if len(body) == 0 || bytes.ContainsAny(body, "\n{}[]") || bytes.Contains(body, []byte("```")) {
		return false
	}
	inner, at, call := callArgument(body)
	if call && z.opts.Disable.Has(KindWrapper) {
		return false
	}
	if call {
		lead += at
		body = inner
	}
	wrapped := make([]byte, 0, len(body)+2)
	wrapped = append(append(append(wrapped, '['), body...), ']')
	opts := z.opts
	opts.Values = ValuesOne
	out, rep, err := Bytes(wrapped, opts)
	if err != nil || rep.Values != 1 || rep.Truncated {
		return false
	}
	var elems []json.RawMessage
	if json.Unmarshal(out, &elems) != nil || len(elems) != 1 {
		return false
	}
	for _, f := range rep.Fixes {
		if f.Kind == KindUnquotedValue && (call || bytes.ContainsAny(body, " \t")) {
			return false
		}
	}
	z.resetFixes()
	if call {
		off := len(z.head) - len(bytes.TrimLeft(z.head, " \t\r\n"))
		line := 1 + bytes.Count(z.head[:off], []byte{'\n'})
		col := off - bytes.LastIndexByte(z.head[:off], '\n')
		if err := z.addFixAt(KindWrapper, int64(off), line, col); err != nil {
			return false
		}
	}
	for _, f := range rep.Fixes {
		off := lead + int(f.Offset) - 1
		off = min(max(off, lead), lead+len(body))
		line := 1 + bytes.Count(z.head[:off], []byte{'\n'})
		col := off - bytes.LastIndexByte(z.head[:off], '\n')
		if err := z.addFixAt(f.Kind, int64(off), line, col); err != nil {
			return false
		}
	}
	z.out = append(z.out[:z.lastValue], bytes.TrimSpace(elems[0])...)
	z.values, z.report.Values, z.copied = 1, 1, true
	return true
}

// callArgument reports whether body is a call of a named function on one
// argument, `name(arg)` or `name(arg);` (JSONP, NumberLong("2")), and
// returns the argument with its blanks trimmed and its offset in body.
func callArgument(body []byte) ([]byte, int, bool) {
	n := callPrefix(body)
	if n == 0 {
		return nil, 0, false
	}
	rest := bytes.TrimSuffix(body, []byte(";"))
	rest = bytes.TrimRight(rest, " \t")
	if len(rest) == 0 || rest[len(rest)-1] != ')' {
		return nil, 0, false
	}
	inside := rest[n : len(rest)-1]
	arg := bytes.TrimSpace(inside)
	if len(arg) == 0 || bytes.ContainsAny(arg, "()") {
		return nil, 0, false
	}
	return arg, n + len(inside) - len(bytes.TrimLeft(inside, " \t\r\n")), true
}

// callPrefix returns the length of `name(` at the start of body (a name
// of letters, digits, '_', '$' and '.', not starting with a digit), or 0.
func callPrefix(body []byte) int {
	for i, c := range body {
		switch {
		case c == '_' || c == '$' || c|0x20 >= 'a' && c|0x20 <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '.'):
		case i > 0 && c == '(':
			return i + 1
		default:
			return 0
		}
	}
	return 0
}
