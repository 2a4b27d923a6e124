package validate

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// anyCap lists the MaxBuffer values every document is tried under: each
// from 0 (the default) to 64, then powers of two up to 1 MiB.
func anyCap() []int {
	var caps []int
	for c := 0; c <= 64; c++ {
		caps = append(caps, c)
	}
	for c := 128; c <= 1<<20; c *= 2 {
		caps = append(caps, c)
	}
	return caps
}

// requireCappedVerdicts validates doc through a Stream capped at
// maxBuffer in each of the ways a caller feeds one (ReadFrom on a reader
// that gives all it can and on one that gives a byte per Read, Write in
// chunks of 1 and of 7 bytes): each ends with want or ErrTooLarge.
func requireCappedVerdicts(t *testing.T, s *Schema, doc []byte, maxBuffer int, want verdict, name string) {
	t.Helper()
	check := func(w *Stream, how string) {
		d, err := w.Close()
		if !errors.Is(err, ErrTooLarge) {
			require.Equal(t, want, verdictOf(d, err), "%s, MaxBuffer %d, %s", name, maxBuffer, how)
		}
	}
	for i, r := range []io.Reader{bytes.NewReader(doc), iotest.OneByteReader(bytes.NewReader(doc))} {
		w := s.NewStream()
		w.MaxBuffer = maxBuffer
		_, _ = w.ReadFrom(r)
		check(w, "ReadFrom "+itoa(i))
	}
	for _, size := range []int{1, 7} {
		w := s.NewStream()
		w.MaxBuffer = maxBuffer
		for p := 0; p < len(doc); p += size {
			if _, err := w.Write(doc[p:min(len(doc), p+size)]); err != nil {
				break
			}
		}
		check(w, "Write by "+itoa(size))
	}
}

// requireAnyCapEnds checks doc under s at every cap of anyCap: each
// feeding ends (the test itself would not) with the verdict of the
// uncapped Validate or with ErrTooLarge.
func requireAnyCapEnds(t *testing.T, s *Schema, doc []byte, name string) {
	t.Helper()
	want := verdictOf(s.Validate(doc))
	for _, c := range anyCap() {
		requireCappedVerdicts(t, s, doc, c, want, name)
	}
}

// TestStreamAnyMaxBufferEnds: a Stream under any MaxBuffer, 1 included
// (the CLI's --max-document-bytes 1 read 0 bytes at a time forever),
// ends with the uncapped verdict or ErrTooLarge, on documents that
// stream (root items and members, frames, lanes, uniqueItems,
// unevaluated*, const) and documents held whole.
func TestStreamAnyMaxBufferEnds(t *testing.T) {
	lanesFrom(t, 0)
	descendFrom(t, 0)
	schemas := []string{
		`{"items": {"type": "integer"}, "uniqueItems": true}`,
		`{"properties": {"a": {"items": {"type": "integer"}}, "b": {"type": "string"}}, "required": ["a"]}`,
		`{"anyOf": [{"items": {"type": "string"}}, {"items": {"type": "integer"}}]}`,
		`{"oneOf": [{"required": ["a"]}, {"required": ["b"]}], "additionalProperties": {"type": ["array", "integer"]}}`,
		`{"properties": {"a": true}, "unevaluatedProperties": {"type": "string"}}`,
		`{"prefixItems": [{"type": "integer"}], "unevaluatedItems": {"type": "array"}}`,
		`{"const": [1, 2, 3]}`,
		`{"$defs": {"n": {"type": ["integer", "array"], "items": {"$ref": "#/$defs/n"}}}, "$ref": "#/$defs/n"}`,
		`{"type": "string", "maxLength": 3}`,
	}
	docs := []string{
		`[1,2,3]`, `[1,2,2]`, `["a","b"]`, `[[1,[2,[3,[4]]]],5]`, `[1,[1,2],[[1,2]]]`,
		`{"a":[1,2,3],"b":"xyz"}`, `{"b":"x","c":[1,2]}`, `{"a":["x"],"c":3}`,
		`"abc"`, `"abcd"`, `12`, `[]`, `{}`, `[1,2,3`, `{"a":}`,
		strings.Repeat("[", 40) + strings.Repeat("]", 40),
		`[` + strings.Repeat(`[1,2,3,4,5,6,7,8,9],`, 300) + `[0]]`,
		`{"a":[` + strings.Repeat(`1,`, 2000) + `1],"b":"s"}`,
	}
	for _, src := range schemas {
		s := mustCompile(t, src)
		for _, doc := range docs {
			requireAnyCapEnds(t, s, []byte(doc), src+" on "+doc)
		}
	}
}

// TestStreamAnyMaxBufferEndsOnSuite: the same over the test suite's
// groups of the keywords that stream, every cap from 0 to 64.
func TestStreamAnyMaxBufferEndsOnSuite(t *testing.T) {
	for _, name := range []string{"items.json", "properties.json", "anyOf.json", "oneOf.json",
		"unevaluatedProperties.json", "unevaluatedItems.json", "uniqueItems.json", "ref.json", "dynamicRef.json"} {
		for _, g := range readGroups(t, filepath.Join(suiteDir, "tests", "draft2020-12", name)) {
			s, err := Compile(g.Schema, Options{Loader: suiteLoader})
			require.NoError(t, err, g.Description)
			for _, tc := range g.Tests {
				want := verdictOf(s.Validate(tc.Data))
				for c := 0; c <= 64; c++ {
					requireCappedVerdicts(t, s, tc.Data, c, want, name+" / "+g.Description+" / "+tc.Description)
				}
			}
		}
	}
}
