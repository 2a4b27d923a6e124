package validate

import (
	"encoding/binary"
	"unicode/utf8"
)

// checkJSON verifies that b is exactly one JSON value (RFC 8259: strict
// numbers, escapes and UTF-8, no control bytes in strings) nested at most
// MaxDepth deep. It is iterative, so hostile nesting cannot exhaust the
// stack, and it runs before fastjson (which is lenient) sees the bytes.
func checkJSON(b []byte) error {
	var stack [MaxDepth + 1]byte // '{' or '['
	depth := 0
	i := skipSpace(b, 0)
	const (
		wantValue = iota
		afterValue
	)
	state := wantValue
	for {
		if state == wantValue {
			if i >= len(b) {
				return syntaxErr(i, "unexpected end of input")
			}
			switch c := b[i]; {
			case c == '{' || c == '[':
				if depth == MaxDepth {
					return &DocumentError{Offset: int64(i), Err: ErrDepth, Msg: "more than " + itoa(MaxDepth) + " levels"}
				}
				stack[depth] = c
				depth++
				i = skipSpace(b, i+1)
				if i < len(b) && (b[i] == '}' && c == '{' || b[i] == ']' && c == '[') {
					depth--
					i++
					state = afterValue
					continue
				}
				if c == '{' {
					j, err := checkKey(b, i)
					if err != nil {
						return err
					}
					i = j
				}
				continue
			case c == '"':
				j, err := checkString(b, i)
				if err != nil {
					return err
				}
				i = j
			case c == '-' || c >= '0' && c <= '9':
				j, err := checkNumber(b, i)
				if err != nil {
					return err
				}
				i = j
			case c == 't':
				if !hasLiteral(b, i, "true") {
					return syntaxErr(i, "invalid literal")
				}
				i += 4
			case c == 'f':
				if !hasLiteral(b, i, "false") {
					return syntaxErr(i, "invalid literal")
				}
				i += 5
			case c == 'n':
				if !hasLiteral(b, i, "null") {
					return syntaxErr(i, "invalid literal")
				}
				i += 4
			default:
				return syntaxErr(i, "unexpected character "+quote(string(rune(c))))
			}
			state = afterValue
		}
		i = skipSpace(b, i)
		if depth == 0 {
			if i != len(b) {
				return syntaxErr(i, "data after the value")
			}
			return nil
		}
		if i >= len(b) {
			return syntaxErr(i, "unexpected end of input")
		}
		c := b[i]
		top := stack[depth-1]
		switch {
		case c == ',':
			i = skipSpace(b, i+1)
			if top == '{' {
				j, err := checkKey(b, i)
				if err != nil {
					return err
				}
				i = j
			}
			state = wantValue
		case c == '}' && top == '{' || c == ']' && top == '[':
			depth--
			i++
		default:
			return syntaxErr(i, "expected ',' or end of "+map[byte]string{'{': "object", '[': "array"}[top])
		}
	}
}

// checkKey checks `"key" :` at i and returns the offset of the value.
func checkKey(b []byte, i int) (int, error) {
	if i >= len(b) || b[i] != '"' {
		return 0, syntaxErr(i, "expected a member name")
	}
	j, err := checkString(b, i)
	if err != nil {
		return 0, err
	}
	j = skipSpace(b, j)
	if j >= len(b) || b[j] != ':' {
		return 0, syntaxErr(j, "expected ':'")
	}
	return skipSpace(b, j+1), nil
}

func syntaxErr(off int, msg string) error {
	return &DocumentError{Offset: int64(off), Err: ErrNotJSON, Msg: msg}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\n', '\r', '\t':
			i++
		default:
			return i
		}
	}
	return i
}

func hasLiteral(b []byte, i int, lit string) bool {
	return len(b)-i >= len(lit) && string(b[i:i+len(lit)]) == lit
}

// plainStringByte marks bytes that need no attention inside a string.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// checkString checks the string starting at b[i] == '"' and returns the
// offset after its closing quote.
func checkString(b []byte, i int) (int, error) {
	start := i
	i++
	for {
		// Eight bytes at a time while none is '"', '\\', a control byte or
		// non-ASCII.
		for i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			const ones, highs = 0x0101010101010101, 0x8080808080808080
			q := x ^ (ones * '"')
			bs := x ^ (ones * '\\')
			special := ((q - ones) &^ q) | ((bs - ones) &^ bs) | (x - ones*0x20) | x
			if special&highs != 0 {
				break
			}
			i += 8
		}
		for i < len(b) && plainStringByte[b[i]] {
			i++
		}
		if i >= len(b) {
			return 0, syntaxErr(start, "unterminated string")
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, nil
		case c == '\\':
			if i+1 >= len(b) {
				return 0, syntaxErr(start, "unterminated string")
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return 0, syntaxErr(i, "invalid \\u escape")
				}
				i += 6
			default:
				return 0, syntaxErr(i, "invalid escape")
			}
		case c < 0x20:
			return 0, syntaxErr(i, "control character in string")
		default:
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				return 0, syntaxErr(i, "invalid UTF-8")
			}
			i += size
		}
	}
}

// checkNumber checks the number at i and returns the offset after it.
func checkNumber(b []byte, i int) (int, error) {
	start := i
	if b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return 0, syntaxErr(start, "invalid number")
	}
	if b[i] == '0' {
		i++
	} else if b[i] >= '1' && b[i] <= '9' {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	} else {
		return 0, syntaxErr(start, "invalid number")
	}
	if i < len(b) && b[i] == '.' {
		i++
		d := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return 0, syntaxErr(start, "invalid number")
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return 0, syntaxErr(start, "invalid number")
		}
	}
	return i, nil
}
