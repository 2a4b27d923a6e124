package ecmaregex

import "strings"

// translate rewrites the ECMA-262 spellings RE2 reads differently:
// \d, \w stay ASCII in both; ECMA \s also matches Unicode spaces; \p{Letter}
// style long property names are mapped to RE2's short ones; \cX control
// escapes become \x escapes.
func translate(src string) string {
	if !strings.Contains(src, `\`) {
		return src
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '[' {
			inClass = true
		} else if c == ']' {
			inClass = false
		}
		if c != '\\' || i+1 >= len(src) {
			b.WriteByte(c)
			continue
		}
		n := src[i+1]
		switch {
		case n == 's':
			if inClass {
				b.WriteString(`\s\x0b\x{a0}\x{feff}\p{Zs}\x{2028}\x{2029}`)
			} else {
				b.WriteString(`[\s\x0b\x{a0}\x{feff}\p{Zs}\x{2028}\x{2029}]`)
			}
			i++
		case n == 'S':
			if inClass {
				b.WriteString(`\S`)
			} else {
				b.WriteString(`[^\s\x0b\x{a0}\x{feff}\p{Zs}\x{2028}\x{2029}]`)
			}
			i++
		case (n == 'p' || n == 'P') && i+2 < len(src) && src[i+2] == '{':
			end := strings.IndexByte(src[i+2:], '}')
			if end < 0 {
				b.WriteByte(c)
				continue
			}
			name := src[i+3 : i+2+end]
			if short, ok := unicodeLongNames[name]; ok {
				name = short
			}
			b.WriteByte('\\')
			b.WriteByte(n)
			b.WriteString("{" + name + "}")
			i += 2 + end
		case n == 'c' && i+2 < len(src) && (src[i+2]|0x20) >= 'a' && (src[i+2]|0x20) <= 'z':
			b.WriteString(`\x`)
			x := (src[i+2] | 0x20) - 'a' + 1
			b.WriteByte("0123456789abcdef"[x>>4])
			b.WriteByte("0123456789abcdef"[x&15])
			i += 2
		default:
			b.WriteByte(c)
			b.WriteByte(n)
			i++
		}
	}
	return b.String()
}

var unicodeLongNames = map[string]string{
	"Letter": "L", "Lowercase_Letter": "Ll", "Uppercase_Letter": "Lu", "Titlecase_Letter": "Lt",
	"Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Number": "N", "Decimal_Number": "Nd",
	"digit": "Nd", "Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "Symbol": "S",
	"Separator": "Z", "Space_Separator": "Zs", "Other": "C", "Control": "Cc",
}
