package validate

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func compileErr(t *testing.T, schema string, opts Options) *CompileError {
	t.Helper()
	_, err := Compile([]byte(schema), opts)
	require.Error(t, err)
	var ce *CompileError
	require.True(t, errors.As(err, &ce), "%T %v", err, err)
	return ce
}

func TestCompileFailsClosed(t *testing.T) {
	cases := []struct {
		name, schema string
		sentinel     error
		location     string
	}{
		{"unresolvable ref", `{"properties":{"a":{"$ref":"#/$defs/missing"}}}`, ErrUnresolvedRef, "/properties/a/$ref"},
		{"remote ref without loader", `{"$ref":"https://example.com/other.json"}`, ErrUnresolvedRef, "/$ref"},
		{"unknown $schema", `{"$schema":"https://example.com/my-draft","type":"string"}`, ErrUnknownDraft, "/$schema"},
		{"invalid by metaschema", `{"properties":{"a":{"minLength":-1}}}`, ErrInvalidSchema, "/properties/a/minLength"},
		{"unknown type", `{"items":{"type":"strin"}}`, ErrInvalidSchema, "/items/type"},
		{"invalid regexp", `{"properties":{"p":{"pattern":"(?<=a)b"}}}`, ErrInvalidRegexp, "/properties/p/pattern"},
		{"invalid patternProperties regexp", `{"patternProperties":{"[":{}}}`, ErrInvalidRegexp, "/patternProperties"},
		{"not JSON", `{"type":}`, ErrNotJSON, ""},
		{"draft-04 boolean schema", `{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"a":true}}`, ErrInvalidSchema, "/properties/a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ce := compileErr(t, c.schema, Options{})
			assert.ErrorIs(t, ce, c.sentinel)
			assert.Equal(t, c.location, ce.Location, ce.Error())
		})
	}
}

func TestLoaderIsTheOnlyWayOut(t *testing.T) {
	var asked []string
	loader := func(uri string) ([]byte, error) {
		asked = append(asked, uri)
		if uri == "https://example.com/defs.json" {
			return []byte(`{"$defs":{"name":{"type":"string","minLength":1}}}`), nil
		}
		return nil, fmt.Errorf("no %s", uri)
	}
	s, err := Compile([]byte(`{"properties":{"n":{"$ref":"https://example.com/defs.json#/$defs/name"}}}`), Options{Loader: loader})
	require.NoError(t, err)
	assert.Equal(t, []string{"https://example.com/defs.json"}, asked)
	d, err := s.Validate([]byte(`{"n":""}`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, "https://example.com/defs.json#/$defs/name/minLength", d[0].AbsoluteKeywordLocation)
	// Metaschemas are embedded: no loader call for them.
	asked = nil
	_, err = Compile([]byte(`{"$ref":"https://json-schema.org/draft/2020-12/schema"}`), Options{Loader: loader})
	require.NoError(t, err)
	assert.Empty(t, asked)
}

func TestDefaultDraft(t *testing.T) {
	// Draft 4: exclusiveMaximum is a boolean next to maximum.
	s, err := Compile([]byte(`{"maximum":3,"exclusiveMaximum":true}`), Options{DefaultDraft: Draft4})
	require.NoError(t, err)
	d, err := s.Validate([]byte(`3`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, CodeExclusiveMaximum, d[0].Code)
	// The same schema is invalid for 2020-12 (exclusiveMaximum is a number).
	compileErr(t, `{"maximum":3,"exclusiveMaximum":true}`, Options{})
	assert.Equal(t, Draft4, s.Draft())
}

func TestFormatAssertionOption(t *testing.T) {
	schema := `{"format":"date"}`
	s := mustCompile(t, schema)
	d, err := s.Validate([]byte(`"2021-02-30"`))
	require.NoError(t, err)
	assert.Empty(t, d, "2020-12: format is an annotation by default")
	s, err = Compile([]byte(schema), Options{AssertFormat: true})
	require.NoError(t, err)
	d, err = s.Validate([]byte(`"2021-02-30"`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, CodeFormat, d[0].Code)
}

func TestBigNumbersExact(t *testing.T) {
	cases := []struct {
		schema, doc string
		valid       bool
	}{
		{`{"maximum":18446744073709551615}`, `18446744073709551616`, false},
		{`{"maximum":18446744073709551615}`, `18446744073709551615`, true},
		{`{"minimum":9007199254740993}`, `9007199254740992`, false},
		{`{"exclusiveMaximum":1e308}`, `1e309`, false},
		{`{"multipleOf":0.01}`, `49.905`, false},
		{`{"multipleOf":0.01}`, `1234567890123456789012345678901234567890.12`, true},
		{`{"multipleOf":0.0001}`, `0.0075`, true},
		{`{"multipleOf":3}`, `1e1000000000`, false},
		{`{"multipleOf":5}`, `1e1000000000`, true},
		{`{"type":"integer"}`, `1e400`, true},
		{`{"type":"integer"}`, `1.0000000000000000000000001`, false},
		{`{"const":100}`, `1e2`, true},
		{`{"enum":[0.1]}`, `0.10000000000000000001`, false},
	}
	for _, c := range cases {
		s := mustCompile(t, c.schema)
		d, err := s.Validate([]byte(c.doc))
		require.NoError(t, err)
		assert.Equal(t, c.valid, len(d) == 0, "%s %s: %v", c.schema, c.doc, d)
	}
}

func TestConcurrentValidate(t *testing.T) {
	s := compileFile(t, "../testdata/schemas/llm.schema.json")
	valid := readFile(t, "../testdata/schemas/llm.valid.json")
	invalid := readFile(t, "../testdata/schemas/llm.invalid.json")
	want, err := s.Validate(invalid)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				if (g+i)%2 == 0 {
					d, err := s.Validate(valid)
					assert.NoError(t, err)
					assert.Nil(t, d)
				} else {
					d, err := s.Validate(invalid)
					assert.NoError(t, err)
					assert.Equal(t, want, d)
				}
			}
		}()
	}
	wg.Wait()
}

func TestDocumentErrors(t *testing.T) {
	s := mustCompile(t, `{}`)
	for _, doc := range []string{``, `{`, `[1,]`, `01`, `1.`, `"\x01"`, `"\q"`, `nul`, `{} {}`, `NaN`, "\"\xff\""} {
		_, err := s.Validate([]byte(doc))
		var de *DocumentError
		require.True(t, errors.As(err, &de), "%q: %v", doc, err)
		assert.ErrorIs(t, err, ErrNotJSON, doc)
	}
	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	_, err := s.Validate([]byte(deep))
	assert.ErrorIs(t, err, ErrDepth)
	var de *DocumentError
	require.True(t, errors.As(err, &de))
	assert.Equal(t, int64(MaxDepth), de.Offset)
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	d, err := s.Validate([]byte(ok))
	require.NoError(t, err)
	assert.Nil(t, d)
}

// TestCheckStringEveryOffset puts each kind of special byte at every
// offset of a long string (the scanner reads eight bytes at a time).
func TestCheckStringEveryOffset(t *testing.T) {
	s := mustCompile(t, `{"type":"string"}`)
	for off := range 24 {
		body := []byte(strings.Repeat("a", 24))
		for _, c := range []struct {
			insert string
			ok     bool
		}{{"\x01", false}, {"\x1f", false}, {`\n`, true}, {`\u00e9`, true}, {"é", true}, {`\x`, false}, {"\xff", false}, {`"`, false}, {"\x7f", true}} {
			doc := `"` + string(body[:off]) + c.insert + string(body[off:]) + `"`
			_, err := s.Validate([]byte(doc))
			assert.Equal(t, c.ok, err == nil, "%q: %v", doc, err)
		}
	}
}

func TestLoaderErrorInMessage(t *testing.T) {
	ce := compileErr(t, `{"$ref":"https://example.com/x.json"}`, Options{Loader: func(string) ([]byte, error) {
		return nil, errors.New("not in the allow-list")
	}})
	assert.ErrorIs(t, ce, ErrUnresolvedRef)
	assert.Contains(t, ce.Error(), "not in the allow-list")
}
