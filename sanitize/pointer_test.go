package sanitize

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPointerAt(t *testing.T) {
	cases := []struct {
		name, src, at, want string // at: the text whose first occurrence is the offset; "" = end of src
	}{
		{"unquoted value in nested object", `{"user": {"name": Ada Lovelace}}`, "Ada", "/user/name"},
		{"truncated nested array", `[1, 2, {"a": [3,`, "", "/2/a/1"},
		{"root value", `{"a": 1}`, "{", ""},
		{"inside a key names its object", `{"a": {"bc": 1}}`, "c\"", "/a"},
		{"at a key names its object", `{"a": {"b": 1, "c": 2}}`, `"c"`, "/a"},
		{"colon after a key names its object", `{"a": {"b" : 1}}`, `: 1`, "/a"},
		{"past a key's colon", `{"a": {"b" : 1}}`, ` 1`, "/a/b"},
		{"at a value", `{"a": {"b": 1, "c": 2}}`, "2", "/a/c"},
		{"array element", `[[0, 1], [2, 3, x]]`, "x", "/1/2"},
		{"array just opened", `[[`, "", "/0/0"},
		{"slash in a key", `{"a/b": x}`, "x", "/a~1b"},
		{"tilde in a key", `{"~": {"~1": x}}`, "x", "/~0/~01"},
		{"unicode escapes in a key", `{"caf\u00e9 \ud83d\ude00": x}`, "x", "/café 😀"},
		{"escaped quote in a key", `{"say \"hi\"": x}`, "x", `/say "hi"`},
		{"fenced answer", "Here it is:\n```json\n{\"items\": [\n  {\"id\": 1},\n  {\"id\": oops}\n]}\n```\n", "oops", "/items/1/id"},
		{"second value is relative to itself", "{\"a\": 1}\n{\"b\": x}", "x", "/b"},
		{"single-quoted and bare keys", `{'a': {b: [1, 2, x]}}`, "x", "/a/b/2"},
		{"typographic quotes", "{\u201ca\u201d: x}", "x", "/a"},
		{"comment with a comma", `[1 /* , */, 2, x]`, "x", "/2"},
		{"missing comma", `[1 2 x]`, "x", "/2"},
		{"extra comma", `[1,, 2, x]`, "x", "/2"},
		{"member before a comment with a comma", `{"e": 1 /* , */ }`, "}", "/e"},
		{"bare key after a missing comma", `{"e": 1 x: 2}`, "x", ""},
		{"offset before the value", "prose {\"a\": 1}", "prose", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			off := int64(len(c.src))
			if c.at != "" {
				i := strings.Index(c.src, c.at)
				require.GreaterOrEqual(t, i, 0)
				off = int64(i)
			}
			assert.Equal(t, c.want, PointerAt([]byte(c.src), off))
		})
	}
}

func TestPointerAtClampsTheOffset(t *testing.T) {
	src := []byte(`[1, [2`)
	assert.Equal(t, "", PointerAt(src, -5))
	assert.Equal(t, "/1/0", PointerAt(src, 1<<40))
	assert.Equal(t, "", PointerAt(nil, 3))
}

func TestPointerAtRefusalOffsets(t *testing.T) {
	src := []byte(`{"user": {"name": Ada Lovelace}}`)
	_, _, err := Bytes(src, Options{MinConfidence: Certain})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "/user/name", PointerAt(src, e.Offset))
}

// TestPointerAtEveryValueStart checks, for valid JSON, that the pointer at
// the offset of each value's first byte, resolved with encoding/json, is a
// value equal to the one that starts there.
func TestPointerAtEveryValueStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 37))
	docs := []string{
		`{"a": [1, {"b/c": "x", "~d": [true, null, []]}], "": {"": 0}, "e\u0041": -1.5e3}`,
		"[\n  [],\n  {},\n  [[[\"deep\"]]],\n  {\"k\": {\"k\": {\"k\": \"v\"}}}\n]",
		`"just a string"`,
	}
	for range 200 {
		docs = append(docs, string(randomJSON(rng, 4)))
	}
	require.Len(t, valueStarts([]byte(docs[0])), 12, "every value of the first document")
	for _, doc := range docs {
		checkPointersAtValueStarts(t, []byte(doc))
	}
}

// FuzzPointerAt: on any input, PointerAt at every offset returns "" or a
// pointer beginning with '/'; on valid JSON, the pointer at each value's
// first byte resolves to that value.
func FuzzPointerAt(f *testing.F) {
	addRepairSeeds(f)
	f.Add([]byte(`{"a/b": [1, {"~": null}], "c\u00e9": "x"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 256 {
			in = in[:256]
		}
		for off := range len(in) + 1 {
			if p := PointerAt(in, int64(off)); p != "" {
				require.Equal(t, byte('/'), p[0], "offset %d of %q", off, in)
			}
		}
		if json.Valid(in) && !duplicateKeys(in) {
			checkPointersAtValueStarts(t, in)
		}
	})
}

// checkPointersAtValueStarts checks that, in the valid JSON doc, the
// pointer at the first byte of every value resolves, with encoding/json,
// to a value equal to the one decoded from that byte on.
func checkPointersAtValueStarts(t *testing.T, doc []byte) {
	t.Helper()
	var root any
	require.NoError(t, json.Unmarshal(doc, &root), "%s", doc)
	for _, off := range valueStarts(doc) {
		ptr := PointerAt(doc, int64(off))
		got, ok := resolvePointer(root, ptr)
		require.True(t, ok, "doc %s offset %d pointer %q", doc, off, ptr)
		var want any
		require.NoError(t, json.NewDecoder(bytes.NewReader(doc[off:])).Decode(&want), "doc %s offset %d", doc, off)
		assert.Equal(t, want, got, "doc %s offset %d pointer %q", doc, off, ptr)
	}
}

// valueStarts returns the offset of the first byte of every value in the
// valid JSON doc, read with encoding/json's tokenizer.
func valueStarts(doc []byte) []int {
	dec := json.NewDecoder(bytes.NewReader(doc))
	var starts []int
	inObject := []bool{}
	expectKey := false
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return starts
		}
		start := before
		for start < len(doc) && strings.ContainsRune(" \t\r\n,:", rune(doc[start])) {
			start++
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			inObject = inObject[:len(inObject)-1]
			expectKey = len(inObject) > 0 && inObject[len(inObject)-1]
			continue
		}
		if expectKey {
			expectKey = false
			continue
		}
		starts = append(starts, start)
		if d, ok := tok.(json.Delim); ok {
			inObject = append(inObject, d == '{')
		}
		expectKey = len(inObject) > 0 && inObject[len(inObject)-1]
	}
}

// duplicateKeys reports whether an object of the valid JSON doc has two
// members of the same name, read with encoding/json's tokenizer.
func duplicateKeys(doc []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(doc))
	var seen []map[string]bool // per open container; nil for an array
	expectKey := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if tok == json.Delim('{') {
				seen = append(seen, map[string]bool{})
			} else {
				seen = append(seen, nil)
			}
			expectKey = tok == json.Delim('{')
			continue
		case json.Delim('}'), json.Delim(']'):
			seen = seen[:len(seen)-1]
			expectKey = len(seen) > 0 && seen[len(seen)-1] != nil
			continue
		}
		if expectKey {
			key := tok.(string)
			if seen[len(seen)-1][key] {
				return true
			}
			seen[len(seen)-1][key] = true
			expectKey = false
			continue
		}
		expectKey = len(seen) > 0 && seen[len(seen)-1] != nil
	}
}

// resolvePointer follows an RFC 6901 pointer through a decoded value.
func resolvePointer(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// randomJSON returns a random valid JSON value nested at most depth deep,
// with keys that need pointer escapes and JSON escapes.
func randomJSON(rng *rand.Rand, depth int) []byte {
	keys := []string{`a`, `a/b`, `~`, `~1`, `\u00e9`, `\"q\"`, ``, `x y`}
	var b bytes.Buffer
	var gen func(d int)
	gen = func(d int) {
		switch k := rng.IntN(6); {
		case d > 0 && k == 0:
			b.WriteByte('[')
			for i := range rng.IntN(4) {
				if i > 0 {
					b.WriteString(", ")
				}
				gen(d - 1)
			}
			b.WriteByte(']')
		case d > 0 && k == 1:
			b.WriteString("{\n")
			for i, key := range rng.Perm(len(keys))[:rng.IntN(4)] {
				if i > 0 {
					b.WriteString(",\n")
				}
				b.WriteString(`"` + keys[key] + `": `)
				gen(d - 1)
			}
			b.WriteString("}")
		case k == 2:
			b.WriteString(`"s,t"`)
		case k == 3:
			b.WriteString(strconv.Itoa(rng.IntN(100)))
		default:
			b.WriteString([]string{"true", "false", "null"}[rng.IntN(3)])
		}
	}
	gen(depth)
	return b.Bytes()
}
