package sanitize

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/internal/brokengen"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// setPruning sets when z prunes its marks, from the next step on.
func (z *Sanitizer) setPruning(m pruneMode) {
	z.pruning = m
	z.pruneAt = z.nextPrune()
}

// sanitizeWith sanitizes in through a Writer fed chunks of size bytes (0:
// whole), pruning marks as told, and returns the output, the fixes and
// the error.
func sanitizeWith(in []byte, size int, pruning pruneMode) (string, []Fix, string) {
	var out bytes.Buffer
	w := NewWriter(&out, Options{MinConfidence: Guess, CloseTruncated: true})
	w.z.setPruning(pruning)
	if size <= 0 {
		size = max(len(in), 1)
	}
	var err error
	for k := 0; k < len(in) && err == nil; k += size {
		_, err = w.Write(in[k:min(k+size, len(in))])
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return out.String(), append([]Fix(nil), w.Report().Fixes...), errString(err)
}

// checkPruning checks that pruning the marks at every step changes
// nothing: the output, fixes and error are those of a sanitizer that
// keeps every mark, whole and in chunks.
func checkPruning(t *testing.T, name string, in []byte) {
	wantOut, wantFixes, wantErr := sanitizeWith(in, 0, pruneNever)
	for _, size := range []int{0, 1, 7} {
		out, fixes, err := sanitizeWith(in, size, pruneAlways)
		require.Equal(t, wantOut, out, "%s (chunks of %d): output", name, size)
		require.Equal(t, wantFixes, fixes, "%s (chunks of %d): fixes", name, size)
		require.Equal(t, wantErr, err, "%s (chunks of %d): error", name, size)
	}
}

// Marks dropped at every step, the earliest moment they may be, leave
// every output, fix and error as it was, and a Stream's stable prefix
// still only grows.
func TestPruningMarksChangesNothing(t *testing.T) {
	for name, in := range streamInputs(t) {
		checkPruning(t, name, in)
		for _, size := range []int{1, 7} {
			checkStream(t, fmt.Sprintf("%s (chunks of %d, pruned)", name, size), in, size, pruneAlways)
		}
	}
	for _, c := range brokengen.Classes {
		checkPruning(t, "class "+c.Name, c.Generate(16<<10))
	}
	// Repairs that reach back past other repairs to a point before the
	// byte being read: each needs its anchor's mark, not only the stable
	// offset's and the current one's.
	for _, in := range []string{
		"[1 /*x*/ , /*y*/ ]", "[1 /*x*/ , /*y*/ /*z*/ ]", "[1 /*x*/ ,\t/*y*/\n# z\n]", "{\"a\":1 /*x*/ , /*y*/ }", // the last comma: a trailing comma
		"{a /*x*/ /*y*/ 1}", "{a /*x*/ }", "{\"a\nb\" /*x*/ 1}", // the key's end: a missing colon or value
		"[\"a\nb\" /*x*/ + /*y*/ \"c\"]", "{\"k\": 'a\nb' /*x*/ + /*y*/ 'c'}", // the closing quote: a concatenation
		"[1 /*x*/ /*y*/ 2]", "[1 /*x*/ # y\n 2]", // the commit: a missing comma
		"[x\ny \"q\"  /*z*/ ]", "[x \"q\"   ]", // the end of an unquoted value
		"[/**/#\nA", "[/**/ #x\n1]", "{\"a\": /*x*/ #y\n2}", // a # comment where a value belongs is a fix of its own
	} {
		checkPruning(t, in, []byte(in))
		checkStream(t, in+" (chunks of 1, pruned)", []byte(in), 1, pruneAlways)
	}
}

// The marks and patches kept stay few however long the value being
// repaired: their number does not grow with the input, for any class of
// breakage inside one long array, inside one long string, for a long run
// of repairs between two elements, or for single-quoted strings with no
// other repair (where nothing else copies the chunk past the patches).
func TestMarksStayFew(t *testing.T) {
	quotesOnly := func(size int) []byte {
		return []byte("[" + strings.Repeat("'ab', ", size/6) + "'z']")
	}
	longString := func(open, close string) func(int) []byte {
		return func(size int) []byte {
			return []byte(open + strings.Repeat("line\n", size/5) + close)
		}
	}
	inputs := map[string]func(int) []byte{
		"quotes only": quotesOnly,
		// One long string holding a raw newline every few bytes: a
		// mark for each escape, inside one element.
		"long string in an array":   longString(`["`, `"]`),
		"long key":                  longString(`{"`, `": 1}`),
		"long single-quoted string": longString(`{'a': '`, `'}`),
		"long string at the top":    longString(`"`, `"`),
		"long string, cut off":      longString(`{"a": [1, "`, ``),
		"long unquoted string":      func(size int) []byte { return []byte(`{"a": x` + strings.Repeat(`"q" `, size/4) + `}`) },
		"long typographic string":   longString("[\u201c", "\u201d]"),
		// Many repairs between two elements.
		"line comments between two elements": func(size int) []byte {
			return []byte("[1 " + strings.Repeat("// c\n", size/5) + "2]")
		},
		"extra commas":           func(size int) []byte { return []byte("[1 " + strings.Repeat(", ", size/2) + "2]") },
		"comments after a key":   func(size int) []byte { return []byte(`{"a" ` + strings.Repeat("# c\n", size/4) + "1}") },
		"comments after a comma": func(size int) []byte { return []byte("[1, " + strings.Repeat("/* c */\n", size/8) + "]") },
	}
	for _, c := range brokengen.Classes {
		inputs[c.Name] = c.Generate
	}
	for name, gen := range inputs {
		t.Run(name, func(t *testing.T) {
			peak := func(size int) (marks, patches int) {
				z := New(Options{MinConfidence: Guess, CloseTruncated: true})
				z.Append(nil, gen(size))
				return cap(z.marks), cap(z.patches)
			}
			// Without the bounds, 1 MiB holds 10k to 40k marks, or
			// 200k patches for the quotes only.
			marks, patches := peak(1 << 20)
			assert.LessOrEqual(t, marks, 4096, "marks kept for 1 MiB")
			assert.LessOrEqual(t, patches, 256, "patches kept for 1 MiB")
		})
	}
}
