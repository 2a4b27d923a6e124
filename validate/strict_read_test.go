package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsonheal/jsonheal/internal/tape"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// strictAgrees asserts that the strict tape read accepts exactly the
// documents the scanner accepts (checkJSON), and that Validate, which
// takes the strict read first, answers as the scanner's path does.
func strictAgrees(t *testing.T, s *Schema, name string, data []byte) {
	t.Helper()
	var tp tape.Tape
	_, err := tp.ReadStrict(data[tape.SkipBlank(data, 0):])
	assert.Equal(t, checkJSON(data) == nil, err == nil, "%s: strict read and scanner disagree", name)

	fast, fastErr := s.NewValidator().Validate(data)
	st := s.NewValidator().st
	slow, slowErr := st.validateBytes(data)
	assert.Equal(t, slowErr, fastErr, name)
	assert.Equal(t, slow, fast, name)
}

func strictSchema(t testing.TB) *Schema {
	s, err := Compile([]byte(`{"type":["object","string","number","boolean","null"],"properties":{"a":{"type":"string","minLength":2}},"required":["a"]}`), Options{})
	require.NoError(t, err)
	return s
}

// TestStrictTapeJSONTestSuite: on every JSONTestSuite parsing case, the
// strict tape read accepts what the scanner accepts and nothing else,
// and Validate gives the verdict or the syntax error (message, offset)
// of the scanner's path.
func TestStrictTapeJSONTestSuite(t *testing.T) {
	files, err := filepath.Glob("../testdata/JSONTestSuite/test_parsing/*.json")
	require.NoError(t, err)
	require.Greater(t, len(files), 300)
	s := strictSchema(t)
	accepted := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		strictAgrees(t, s, filepath.Base(f), data)
		if strings.HasPrefix(filepath.Base(f), "y_") {
			var tp tape.Tape
			_, err := tp.ReadStrict(data[tape.SkipBlank(data, 0):])
			assert.NoError(t, err, f)
			accepted++
		}
	}
	assert.Greater(t, accepted, 90)
}

// TestStrictTapeEdges: the grammar's edges, one byte either side.
func TestStrictTapeEdges(t *testing.T) {
	s := strictSchema(t)
	deep := func(n int) string { return strings.Repeat(`{"a":`, n) + `"xy"` + strings.Repeat(`}`, n) }
	for _, doc := range []string{
		`{"a":"xy"}`, ` {"a":"xy"} `, `{"a":"x"}`, `{"a":"\u00e9\n"}`, `{"a":"\uD83D\uDE00"}`, `{"a":"\ud800"}`,
		`{"a":"\x"}`, `{"a":"\u12"}`, "{\"a\":\"\x01\"}", "{\"a\":\"\xff\xfe\"}", "{\"a\":\"\xed\xa0\x80\"}",
		"{\"a\":\"abcdefgh\xc3\xa9ijklmnop\"}", `{"a":"abcdefghijklmnopq\"rs"}`,
		`0`, `-0`, `01`, `-`, `1.`, `1.5`, `1e`, `1e+`, `1E-5`, `-1.5e10`, `.5`, `+1`, `1 2`, `{"a":1x}`,
		`true`, `tru`, `truex`, `null`, `nul`, `{"a":"xy",}`, `{"a" "xy"}`, `{"a":"xy"`, `{,}`, `{}`, "\ufeff{}",
		"{\"a\":\"xy\"}\x00", `"xy"`, ``, ` `, deep(MaxDepth - 1), deep(MaxDepth), deep(MaxDepth + 1),
	} {
		strictAgrees(t, s, doc, []byte(doc))
	}
}

// TestValidateStrictAllocs: the one-pass read keeps Validate at zero
// allocations on a valid object.
func TestValidateStrictAllocs(t *testing.T) {
	s := strictSchema(t)
	v := s.NewValidator()
	doc := []byte(`{"a":"h\u00e9llo","b":[1,2.5e3,{"c":null}]}`)
	d, err := v.Validate(doc)
	require.NoError(t, err)
	require.Empty(t, d)
	assert.Zero(t, testing.AllocsPerRun(100, func() { _, _ = v.Validate(doc) }))
}

// FuzzStrictTape: the strict tape read and the scanner accept the same
// documents, and Validate answers as the scanner's path does.
func FuzzStrictTape(f *testing.F) {
	for _, s := range []string{`{"a":"xy"}`, `{"a":[1,"\u00e9",{"b":null}]}`, `"\ud83d\ude00"`, `-0.5e3`, `{"a":01}`} {
		f.Add([]byte(s))
	}
	s := strictSchema(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		strictAgrees(t, s, string(data), data)
	})
}
