package validate

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile inputs of issue 30 for the validator: each must end quickly, with
// a typed error or a verdict, in memory bounded by the caps and the input.

// allocDuring returns the bytes allocated while f runs.
func allocDuring(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// within runs f and fails the test if it has not returned after d (a
// blocking open of a FIFO would hang the test otherwise).
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("did not return within %v", d)
	}
}

// compileWithFileRef compiles a schema whose only content is a $ref to
// target, with the CLI's loader, and returns the error.
func compileWithFileRef(t *testing.T, target string) error {
	t.Helper()
	var err error
	within(t, 5*time.Second, func() {
		_, err = Compile([]byte(`{"$ref":`+strconv.Quote(target)+`}`), Options{Loader: testFileLoader(t.TempDir())})
	})
	return err
}

func TestRobustReadSchemaFile(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadSchemaFile(dir)
	require.ErrorIs(t, err, ErrNotRegularFile)
	assert.Contains(t, err.Error(), "a directory")
	_, err = ReadSchemaFile(filepath.Join(dir, "none.json"))
	require.ErrorIs(t, err, os.ErrNotExist)

	// A sparse file one byte over the cap: refused from its size, unread.
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(MaxResourceBytes+1))
	require.NoError(t, f.Close())
	alloc := allocDuring(func() { _, err = ReadSchemaFile(big) })
	require.ErrorIs(t, err, ErrResourceTooLarge)
	assert.Less(t, alloc, uint64(1<<20))
	err = compileWithFileRef(t, "file://"+filepath.ToSlash(big))
	require.ErrorIs(t, err, ErrUnresolvedRef)
	assert.Contains(t, err.Error(), "schema document too large")

	ok := filepath.Join(dir, "ok.json")
	require.NoError(t, os.WriteFile(ok, []byte(`{"type":"string"}`), 0o600))
	b, err := ReadSchemaFile(ok)
	require.NoError(t, err)
	assert.Equal(t, `{"type":"string"}`, string(b))
}

func TestRobustLoaderResultCapped(t *testing.T) {
	huge := make([]byte, MaxResourceBytes+1)
	_, err := Compile([]byte(`{"$ref":"http://x.test/s.json"}`), Options{Loader: func(string) ([]byte, error) { return huge, nil }})
	require.ErrorIs(t, err, ErrResourceTooLarge)
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "http://x.test/s.json", ce.URI)

	// Many documents under the cap each: their total is capped.
	part := []byte(`{"type":"string","description":"` + strings.Repeat("x", MaxResourceBytes-64) + `"}`)
	refs := make([]string, 6)
	for i := range refs {
		refs[i] = `{"$ref":"http://x.test/` + strconv.Itoa(i) + `.json"}`
	}
	_, err = Compile([]byte(`{"allOf":[`+strings.Join(refs, ",")+`]}`), Options{Loader: func(string) ([]byte, error) { return part, nil }})
	require.ErrorIs(t, err, ErrResourceTooLarge)
	assert.Contains(t, err.Error(), "the documents loaded for one schema exceed")
}

// TestRobustLoadedErrorsQuoteNoContent: a referenced file that is not JSON
// is reported by offset, never by its bytes.
func TestRobustLoadedErrorsQuoteNoContent(t *testing.T) {
	dir := t.TempDir()
	for i, content := range []string{"\x00\xffSECRET", "SECRET", `{"a":SECRET}`, "{\"a\":\"SECRET\x01\"}", `{"a":1} SECRET`} {
		p := filepath.Join(dir, "f"+strconv.Itoa(i)+".json")
		require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
		err := compileWithFileRef(t, "file://"+filepath.ToSlash(p))
		require.ErrorIs(t, err, ErrNotJSON, content)
		msg := err.Error()
		assert.NotContains(t, msg, "SECRET", content)
		assert.NotContains(t, msg, "S'", content)
		assert.NotContains(t, msg, `\x00`, content)
		assert.Contains(t, msg, "the document is not a JSON schema", content)
	}
	// The root schema (given by the caller) keeps its detailed message.
	_, err := Compile([]byte(`{"a":x}`), Options{})
	require.ErrorIs(t, err, ErrNotJSON)
	assert.Contains(t, err.Error(), "at offset 5: ")
	assert.NotContains(t, err.Error(), "the document is not a JSON schema")
}

// TestRobustUniqueItemsRepeated is issue 30's [1,1,1,...] (50k items, 96 s
// before): a bounded number of comparisons and memory within a few times
// the document's size, as the root value and as a member.
func TestRobustUniqueItemsRepeated(t *testing.T) {
	array := repeatItems(50000, func(int) string { return "1" })
	root := mustCompile(t, `{"uniqueItems":true}`).NewValidator()
	member := mustCompile(t, `{"properties":{"a":{"uniqueItems":true}}}`).NewValidator()
	for _, c := range []struct {
		v   *Validator
		doc []byte
	}{{root, []byte(array)}, {member, []byte(`{"a":` + array + `}`)}} {
		_, err := c.v.Validate(c.doc) // warm up
		require.NoError(t, err)
		c.v.st.uniq.compares = 0
		var d Diagnostics
		alloc := allocDuring(func() { d, err = c.v.Validate(c.doc) })
		require.NoError(t, err)
		require.Len(t, d, 1)
		assert.Equal(t, "items 0 and 1 are equal", d[0].Message)
		assert.LessOrEqual(t, c.v.st.uniq.compares, 2)
		// The tape of the document is most of it (32 bytes an entry, 8 an item
		// listed by Array).
		assert.Less(t, alloc, uint64(32*len(c.doc)), "allocated %d for a %d-byte document", alloc, len(c.doc))
	}

	// Distinct objects whose member values swap (they collided under the
	// old hash) and every hash forced equal: n log n comparisons at most.
	objs := []byte(`{"a":` + repeatItems(20000, func(i int) string {
		return `{"a":` + strconv.Itoa(i) + `,"b":` + strconv.Itoa(i+1) + `}`
	}) + `}`)
	member.st.uniq.compares = 0
	d, err := member.Validate(objs)
	require.NoError(t, err)
	assert.Nil(t, d)
	assert.Zero(t, member.st.uniq.compares)
	testForceCollisions = true
	defer func() { testForceCollisions = false }()
	d, err = member.Validate(objs)
	require.NoError(t, err)
	assert.Nil(t, d)
	assert.Positive(t, member.st.uniq.compares)
	assert.LessOrEqual(t, member.st.uniq.compares, 3*20000*15)
}

// TestRobustRefCycles: schemas that recurse without progress do not
// compile (the CLI exits 3), whatever the document.
func TestRobustRefCycles(t *testing.T) {
	for _, schema := range []string{
		`{"$ref":"#"}`,
		`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`,
		`{"$defs":{"a":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/b"}]},"b":{"oneOf":[{"$ref":"#/$defs/a"}]}},"properties":{"x":{"$ref":"#/$defs/a"}}}`,
		`{"$schema":"http://json-schema.org/draft-04/schema#","definitions":{"a":{"$ref":"#/definitions/a"}},"properties":{"p":{"$ref":"#/definitions/a"}}}`,
	} {
		_, err := Compile([]byte(schema), Options{})
		require.ErrorIs(t, err, ErrRecursion, schema)
		var ce *CompileError
		require.True(t, errors.As(err, &ce), schema)
	}
}

// TestRobustBigExponents: limits and values with exponents near 2^62 and
// beyond int64 compare exactly.
func TestRobustBigExponents(t *testing.T) {
	s := mustCompile(t, `{"maximum":1e4611686018427387904}`)
	d, err := s.Validate([]byte(`1e4611686018427387905`))
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, CodeMaximum, d[0].Code)
	d, err = s.Validate([]byte(`1e4611686018427387904`))
	require.NoError(t, err)
	assert.Nil(t, d)

	// An exponent of 100k digits: linear work and memory.
	exp := "1" + strings.Repeat("0", 100000)
	doc := []byte("2e" + exp)
	s = mustCompile(t, `{"maximum":1e`+exp+`,"multipleOf":2}`)
	alloc := allocDuring(func() { d, err = s.Validate(doc) })
	require.NoError(t, err)
	require.Len(t, d, 1)
	assert.Equal(t, CodeMaximum, d[0].Code)
	assert.Less(t, alloc, uint64(64*len(doc)), "allocated %d", alloc)
}

// TestRobustMultipleOfLongMantissa: a 1 MB number against multipleOf is
// reduced 18 digits at a time, without big integers.
func TestRobustMultipleOfLongMantissa(t *testing.T) {
	doc := []byte("3" + strings.Repeat("0", 1<<20))
	s := mustCompile(t, `{"multipleOf":0.75}`)
	var d Diagnostics
	var err error
	alloc := allocDuring(func() { d, err = s.Validate(doc) })
	require.NoError(t, err)
	assert.Nil(t, d)
	assert.Less(t, alloc, uint64(8*len(doc)), "allocated %d", alloc)
	d, err = s.Validate([]byte("3" + strings.Repeat("0", 1<<20) + "1"))
	require.NoError(t, err)
	assert.Len(t, d, 1)
}

// TestRobustUniqueItemsHugeExponents: numbers that differ only in an
// exponent beyond 18 digits are distinct items, and equal spellings of one
// such number are duplicates, for a root array (which may be evaluated as
// it streams) as for a member array, short or long.
func TestRobustUniqueItemsHugeExponents(t *testing.T) {
	root := mustCompile(t, `{"uniqueItems":true}`)
	member := mustCompile(t, `{"properties":{"a":{"uniqueItems":true}}}`)
	pad := repeatItems(40, func(i int) string { return strconv.Itoa(i) + ".5" })
	pad = pad[1 : len(pad)-1]
	for _, c := range []struct{ items, msg string }{
		{`1e4611686018427387904,1e4611686018427387905`, ""},
		{`1e99999999999999999999,1e99999999999999999998,-1e99999999999999999999`, ""},
		{`1e4611686018427387904,10e4611686018427387903`, "items 0 and 1 are equal"},
		{pad + `,1e4611686018427387904,1e4611686018427387905`, ""},
		{pad + `,1e4611686018427387904,0.1e4611686018427387905`, "items 40 and 41 are equal"},
	} {
		for _, run := range []func() (Diagnostics, error){
			func() (Diagnostics, error) { return root.Validate([]byte("[" + c.items + "]")) },
			func() (Diagnostics, error) { return member.Validate([]byte(`{"a":[` + c.items + "]}")) },
		} {
			d, err := run()
			require.NoError(t, err)
			got := ""
			if len(d) > 0 {
				got = d[0].Message
			}
			assert.Equal(t, c.msg, got, c.items)
		}
	}
}
