package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// textOfLines is the former Text, kept as the oracle of the cap: every
// line built first, then as many whole lines as fit, then the count of the
// others when it fits.
func textOfLines(d Diagnostics, maxBytes int) string {
	var lines []string
	for i := 0; i < len(d); i = d.lineEnd(i) {
		lines = append(lines, string(d.appendLine(nil, i, d.lineEnd(i))))
	}
	var b strings.Builder
	sep := func() int {
		if b.Len() > 0 {
			return 1
		}
		return 0
	}
	for i, l := range lines {
		if maxBytes > 0 {
			need := sep() + len(l)
			if rest := len(lines) - i - 1; rest > 0 {
				need += 1 + len(omitted(rest))
			}
			if b.Len()+need > maxBytes {
				tail := omitted(len(lines) - i)
				if b.Len()+sep()+len(tail) <= maxBytes {
					if sep() == 1 {
						b.WriteByte('\n')
					}
					b.WriteString(tail)
				}
				return b.String()
			}
		}
		if sep() == 1 {
			b.WriteByte('\n')
		}
		b.WriteString(l)
	}
	return b.String()
}

// TestTextCapMatchesLines: Text, which counts the lines past the cap
// without rendering them, gives what cutting the rendered lines gives, at
// every cap from 1 byte to past the whole text, for lists with grouped
// extra properties, hints, defaults and many lines.
func TestTextCapMatchesLines(t *testing.T) {
	s := mustCompile(t, `{"additionalProperties":false,"required":["id","name","n"],
		"properties":{"id":{},"name":{},"n":{"type":"integer","default":3},"tags":{"items":{"enum":["a","b"]}}}}`)
	docs := []string{
		`{"userId":1,"nmae":2,"x":3,"tags":["c","a","d"]}`,
		`{"tags":["c","d","e","f","g","h","i","j","k","l","m","n","o"]}`,
		`{"n":"7","zz":{}}`,
		`{}`,
	}
	for _, doc := range docs {
		d := mustInvalid(t, s, doc)
		full := d.Text(0)
		require.Equal(t, textOfLines(d, 0), full)
		for max := 1; max <= len(full)+5; max++ {
			require.Equal(t, textOfLines(d, max), d.Text(max), "doc %s, cap %d", doc, max)
		}
	}
	assert.Equal(t, "", Diagnostics(nil).Text(0))
}
