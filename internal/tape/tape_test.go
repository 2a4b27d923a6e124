package tape

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/valyala/fastjson"
)

// sameAsFastjson asserts that the tape value v reads like fastjson's tree
// f (the parser the evaluator used before the tape): types, sizes, member
// names and order, decoded strings, number texts.
func sameAsFastjson(t testing.TB, path string, v *Value, f *fastjson.Value) {
	t.Helper()
	require.Equal(t, typeOf(f.Type()), v.Type(), "type at %s", path)
	switch v.Type() {
	case String:
		require.Equal(t, string(f.GetStringBytes()), string(v.StringBytes()), "string at %s", path)
	case Number:
		require.Equal(t, string(f.MarshalTo(nil)), string(v.Raw()), "number at %s", path)
		require.Equal(t, !strings.ContainsAny(string(v.Raw()), ".eE"), v.Integral(), "integral at %s", path)
	case Array:
		fa := f.GetArray()
		a := v.Array()
		require.Len(t, a, len(fa), "items at %s", path)
		require.Equal(t, len(fa), v.Len())
		for i := range a {
			sameAsFastjson(t, path+"/"+strconv.Itoa(i), a[i], fa[i])
		}
	case Object:
		fo := f.GetObject()
		require.Equal(t, fo.Len(), v.Len(), "members at %s", path)
		var names []string
		var vals []*fastjson.Value
		fo.Visit(func(k []byte, e *fastjson.Value) {
			names = append(names, string(k))
			vals = append(vals, e)
		})
		i := 0
		v.Visit(func(k []byte, e *Value) {
			require.Equal(t, names[i], string(k), "name at %s", path)
			sameAsFastjson(t, path+"/"+string(k), e, vals[i])
			require.Same(t, firstNamed(v, k), v.Get(string(k)), "Get at %s", path)
			i++
		})
	}
}

// firstNamed returns the value of the first member of o named k (what
// Get promises).
func firstNamed(o *Value, k []byte) *Value {
	var first *Value
	o.Visit(func(n []byte, mv *Value) {
		if first == nil && string(n) == string(k) {
			first = mv
		}
	})
	return first
}

func TestTapeReadsLikeFastjson(t *testing.T) {
	docs := []string{
		`null`, `true`, `false`, `0`, `-1.5e+10`, `1E400`, `[12345678901234567890123,-7,0.5,1e2]`, `""`, `"plain"`,
		`"esc \" \\ \/ \b \f \n \r \t"`, `"\u00e9\u4e2d"`, `"\ud83d\ude00 pair"`,
		`"\ud800 lone high"`, `"\udc00 lone low"`, `"\ud800\u0041 bad pair"`,
		`"\ud800\ud800"`, `"\\\"\\"`, `"\\"`, `"a\\\\"`,
		`[]`, `{}`, `[[]]`, `[{}]`, `{"a":{}}`, `[1,[2,[3,[]]],{"x":[]}]`,
		`{"a":1,"b":[true,false,null],"c":{"d":"e"},"a":2}`,
		"  {\n\t\"k\\n\" : [ 1 , \"two\" , { } ] ,\r\n \"\" : null }  ",
		`{"\u0041":"\u0042","A":"dup"}`,
		// Strings about the two words a short string is looked for in.
		`["1234567","12345678","123456789012345","1234567890123456","12345678901234567"]`,
		`["1234567\"","1234567\\","123456789012345\n","1234567890123456\t","\"","a\\\"b"]`,
	}
	// Each document in a tape of its own, then all in one tape, whose
	// entries are reused from document to document.
	var shared Tape
	for _, reuse := range []bool{false, true} {
		for _, d := range docs {
			tp := &shared
			if !reuse {
				tp = new(Tape)
			}
			v, err := tp.Read([]byte(d))
			require.NoError(t, err, d)
			var p fastjson.Parser
			f, err := p.Parse(d)
			require.NoError(t, err, d)
			sameAsFastjson(t, d, v, f)
		}
	}
}

// TestTapeReadsCorpus reads the corpus documents (large, real JSON) twice
// into one tape: the second read reuses the first's entries.
func TestTapeReadsCorpus(t *testing.T) {
	var tp Tape
	for _, name := range []string{"twitter.json", "citm_catalog.json"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", name))
		require.NoError(t, err)
		var p fastjson.Parser
		f, err := p.ParseBytes(b)
		require.NoError(t, err)
		for range 2 {
			v, err := tp.Read(b)
			require.NoError(t, err, name)
			sameAsFastjson(t, name, v, f)
		}
	}
}

func TestTapeRefusesBrokenValues(t *testing.T) {
	for _, d := range []string{
		``, ` `, `[`, `{`, `[1,`, `[1 2]`, `{"a"}`, `{"a":}`, `{a:1}`, `{"a":1,}`,
		`"open`, `"esc\"`, `tru`, `nul`, `x`, `1 2`, `[]]`, `{"a":1}}`,
		`[1}`, `{"a":1]`, `[}`, `{]`, `[{]}`, `{"a":[}}`, `[1,]`, `[,1]`, `{,}`,
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
	} {
		var tp Tape
		_, err := tp.Read([]byte(d))
		assert.Error(t, err, "%q", d)
	}
	var tp Tape
	_, err := tp.Read([]byte(strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)))
	assert.NoError(t, err, "MaxDepth levels are allowed")
}

// TestTapeReportsDepthApart: a value nested past MaxDepth fails with
// ErrDepth (not ErrTape), in both reads, at the opener of level
// MaxDepth+1, even where an empty container is that opener; a broken
// value fails with ErrTape, whatever its depth.
func TestTapeReportsDepthApart(t *testing.T) {
	deepObj := func(n int) string { return strings.Repeat(`{"a":`, n) + `1` + strings.Repeat(`}`, n) }
	for _, c := range []struct {
		doc  string
		err  error
		at   int
		name string
	}{
		{strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), ErrDepth, MaxDepth, "arrays"},
		{"  \n" + strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), ErrDepth, MaxDepth + 3, "after blanks"},
		{deepObj(MaxDepth + 1), ErrDepth, 5 * MaxDepth, "objects"},
		{strings.Repeat("[", 10000), ErrDepth, MaxDepth, "unclosed past the limit"},
		{strings.Repeat("[", MaxDepth) + "1,]" + strings.Repeat("]", MaxDepth), ErrTape, MaxDepth + 2, "broken at the limit"},
		{strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + "x", ErrTape, 2 * MaxDepth, "data after"},
	} {
		for _, strict := range []bool{false, true} {
			var tp Tape
			read := tp.Read
			if strict {
				read = tp.ReadStrict
			}
			v, err := read([]byte(c.doc))
			assert.Nil(t, v, c.name)
			require.Error(t, err, c.name)
			assert.Same(t, c.err, err, "%s (strict %v): %v", c.name, strict, err)
			assert.Equal(t, c.at, tp.ErrOffset(), "%s (strict %v)", c.name, strict)
		}
	}
	var tp Tape
	_, err := tp.Read([]byte(deepObj(MaxDepth)))
	assert.NoError(t, err, "MaxDepth levels of objects are allowed")
}

// TestTapeDepthErrorAllocatesNothing: refusing a value past MaxDepth costs
// no allocation once warmed up (ValidateJSON's path on such a record).
func TestTapeDepthErrorAllocatesNothing(t *testing.T) {
	doc := []byte(strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1))
	var tp Tape
	_, err := tp.Read(doc)
	require.ErrorIs(t, err, ErrDepth)
	assert.Zero(t, testing.AllocsPerRun(100, func() { _, _ = tp.Read(doc) }))
}

// TestTapeReadAllocatesNothing: once warmed up, reading allocates nothing.
func TestTapeReadAllocatesNothing(t *testing.T) {
	doc := []byte(`{"a":[1,2,{"b":"c\n"}],"d":"\u00e9","e":[[],[true]]}`)
	var tp Tape
	v, err := tp.Read(doc)
	require.NoError(t, err)
	v.Get("a").Array()
	allocs := testing.AllocsPerRun(100, func() {
		v, _ := tp.Read(doc)
		v.Get("a").Array()
		v.Get("e").Array()
	})
	assert.Zero(t, allocs)
}

// FuzzTape: any document the strict read accepts (validate's tests hold
// it to the scanner) reads into the tape as fastjson reads it, and Read
// never panics, whatever the bytes.
func FuzzTape(f *testing.F) {
	for _, s := range []string{`{"a":[1,"\u00e9",{"b":null}]}`, `"\ud83d\ude00"`, `[[],{}]`, `-0.5e3`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var tp, strict Tape
		v, err := tp.Read(data)
		if _, serr := strict.ReadStrict(data); serr != nil {
			return
		}
		require.NoError(t, err)
		var p fastjson.Parser
		fv, err := p.ParseBytes(data)
		if err != nil {
			return // deeper than fastjson goes
		}
		sameAsFastjson(t, "", v, fv)
	})
}

// typeOf is the tape type of a fastjson value.
func typeOf(t fastjson.Type) Type {
	switch t {
	case fastjson.TypeObject:
		return Object
	case fastjson.TypeArray:
		return Array
	case fastjson.TypeString:
		return String
	case fastjson.TypeNumber:
		return Number
	case fastjson.TypeTrue:
		return True
	case fastjson.TypeFalse:
		return False
	}
	return Null
}

// TestSkipBlank: the word-at-a-time skip stops where a byte-at-a-time one
// does, from every start, over runs of every blank and lengths around 8.
func TestSkipBlank(t *testing.T) {
	naive := func(b []byte, i int) int {
		for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
			i++
		}
		return i
	}
	for _, doc := range []string{
		"", " ", "x", "          x", "\n        \n  \t  \r   :", "                 ", " \x00 ", "        \v",
		"{\n    \"a\": [\n        1,\n        2\n    ]\n}\n", "\t\t\t\t\t\t\t\t\t\"", "       \u00a0",
	} {
		for i := 0; i <= len(doc); i++ {
			assert.Equal(t, naive([]byte(doc), i), SkipBlank([]byte(doc), i), "%q from %d", doc, i)
		}
	}
}
