package validate

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refChain is a schema whose root applies n $refs in turn to its value,
// the last to {"type":"integer"}: a chain of n+2 schemas. With via, every
// other link is that keyword ("anyOf" or "allOf") holding the $ref.
func refChain(n int, via string) string {
	var b strings.Builder
	b.WriteString(`{"$ref":"#/$defs/d0","$defs":{`)
	for i := range n {
		next := `"#/$defs/d` + strconv.Itoa(i+1) + `"`
		b.WriteString(`"d` + strconv.Itoa(i) + `":`)
		if via != "" && i%2 == 1 {
			b.WriteString(`{"` + via + `":[{"$ref":` + next + `}]},`)
		} else {
			b.WriteString(`{"$ref":` + next + `},`)
		}
	}
	b.WriteString(`"d` + strconv.Itoa(n) + `":{"type":"integer"}}}`)
	return b.String()
}

// chainSchemas is the length of refChain(n, via)'s chain.
func chainSchemas(n int, via string) int {
	if via == "" {
		return n + 2
	}
	return n + 2 + n/2
}

// doubling is a schema of n levels whose each level applies the next
// twice ({"allOf":[{"$ref":next},{"$ref":next}]}), the last
// {"type":"integer"}: 2^n evaluations of it unless results are
// remembered. extra is added to the root's keywords.
func doubling(n int, extra string) string {
	var b strings.Builder
	b.WriteString(`{` + extra + `"$ref":"#/$defs/d0","$defs":{`)
	for i := range n {
		next := `{"$ref":"#/$defs/d` + strconv.Itoa(i+1) + `"}`
		b.WriteString(`"d` + strconv.Itoa(i) + `":{"allOf":[` + next + `,` + next + `]},`)
	}
	b.WriteString(`"d` + strconv.Itoa(n) + `":{"type":"integer"}}}`)
	return b.String()
}

// requireVerdict checks doc under s by Validate and through a Stream in
// chunks of 3 bytes: both give want (diagnostics as diagLines).
func requireVerdict(t *testing.T, s *Schema, doc string, want []string) {
	t.Helper()
	for _, v := range []verdict{verdictOf(s.Validate([]byte(doc))), streamChunked(s, []byte(doc), 3)} {
		require.Empty(t, v.Err, doc)
		require.Equal(t, want, diagLines(v.Diags, false), doc)
	}
}

// streamChunked validates doc through a Stream in chunks of size.
func streamChunked(s *Schema, doc []byte, size int) verdict {
	w := s.NewStream()
	for p := 0; p < len(doc); p += size {
		if _, err := w.Write(doc[p:min(len(doc), p+size)]); err != nil {
			break
		}
	}
	return verdictOf(w.Close())
}

// TestSchemaChainLimit: a chain of MaxSchemaChain schemas applied to one
// value compiles and is evaluated to its end (it used to fail valid
// documents past 4,783 as recursion without progress); one more does not
// compile (ErrSchemaChain, where the chain starts), nor does the issue's
// chain of 4,800 $refs.
func TestSchemaChainLimit(t *testing.T) {
	for _, via := range []string{"", "anyOf", "allOf"} {
		// The longest chain that compiles: n+2 schemas, and one more for
		// each link through via.
		n := 0
		for chainSchemas(n+1, via) <= MaxSchemaChain {
			n++
		}
		s := mustCompile(t, refChain(n, via))
		requireVerdict(t, s, `12`, nil)
		for _, doc := range []string{`"x"`, `[1]`} {
			d, err := s.Validate([]byte(doc))
			require.NoError(t, err)
			require.Len(t, d, 1, via)
			assert.Equal(t, CodeType, d[0].Code, via)
			assert.Equal(t, verdict{Diags: d}, streamChunked(s, []byte(doc), 1), via)
		}

		_, err := Compile([]byte(refChain(n+1, via)), Options{})
		require.ErrorIs(t, err, ErrSchemaChain, via)
		var ce *CompileError
		require.ErrorAs(t, err, &ce)
		assert.Equal(t, "", ce.Location, "the root starts the chain")
		assert.Contains(t, ce.Msg, "more than 1000 subschemas")
	}
	_, err := Compile([]byte(refChain(4800, "")), Options{})
	var ce *CompileError
	require.ErrorAs(t, err, &ce)
	require.ErrorIs(t, err, ErrSchemaChain)
	assert.Equal(t, "/$defs/d3800", ce.Location, "the first node found to start too long a chain")
}

// TestLongChainsOnDeepDocument: a chain of 900 schemas at each of 60
// levels of a document, 54,000 evaluations deep, gives the verdict.
func TestLongChainsOnDeepDocument(t *testing.T) {
	chain := refChain(898, "")
	// Level: an integer, or an array of levels, through the chain.
	schema := strings.Replace(chain, `"type":"integer"}}}`,
		`"type":["integer","array"],"items":{"$ref":"#"}}}}`, 1)
	s := mustCompile(t, schema)
	depth := 60
	valid := strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth)
	requireVerdict(t, s, valid, nil)
	invalid := strings.Repeat("[", depth) + `"x"` + strings.Repeat("]", depth)
	requireVerdict(t, s, invalid, []string{strings.Repeat("/0", depth) + " type must be array or integer, got string"})
}

// TestDoublingSchemaIsLinear: a schema that applies each level twice
// takes 2^40 evaluations without memory; remembering the references'
// results once a value has taken memoPerByte steps per byte makes a
// valid value cost 2 per level. A failing one fails the fast pass at
// once; its collecting pass, which would record 2^40 failures, stops
// at recordsPerByte per byte: the list found so far (one failure, seen
// 8,192 times), then CodeTooMany.
func TestDoublingSchemaIsLinear(t *testing.T) {
	s := mustCompile(t, doubling(40, ""))
	requireVerdict(t, s, `12`, nil)

	d, err := s.Validate([]byte(`[12]`))
	require.NoError(t, err)
	require.Len(t, d, 2, "the same failure (deduplicated), then the list's end")
	assert.Equal(t, CodeType, d[0].Code)
	assert.Equal(t, "#/$defs/d40/type", d[0].AbsoluteKeywordLocation)
	assert.Equal(t, CodeTooMany, d[1].Code)
	json, err := s.NewValidator().ValidateJSON([]byte(`[12]`))
	require.NoError(t, err)
	assert.Equal(t, d, json)
	assert.Equal(t, verdict{Diags: d}, streamChunked(s, []byte(`[12]`), 1))
}

// TestBudgetEndsExponentialWork: where results cannot be remembered (a
// dynamic scope), the budget ends the validation with ErrBudget, by
// Validate, ValidateJSON and a Stream alike; a negative
// EvaluationsPerByte lifts it.
func TestBudgetEndsExponentialWork(t *testing.T) {
	dyn := doubling(30, `"$dynamicAnchor":"top","properties":{"p":{"$dynamicRef":"#top"}},`)
	s, err := Compile([]byte(dyn), Options{EvaluationsPerByte: 16})
	require.NoError(t, err)
	for _, v := range []verdict{verdictOf(s.Validate([]byte(`1`))), verdictOf(s.NewValidator().ValidateJSON([]byte(`1`))),
		streamChunked(s, []byte(`1`), 1)} {
		assert.Equal(t, "validate: document: evaluation budget exceeded: more than 65536 evaluations "+
			"(Options.EvaluationsPerByte), at #/$defs/d29/allOf/0", v.Err)
	}
	_, err = s.Validate([]byte(`1`))
	var de *DocumentError
	require.ErrorAs(t, err, &de)
	assert.ErrorIs(t, err, ErrBudget)

	unbounded, err := Compile([]byte(doubling(17, `"$dynamicAnchor":"top","properties":{"p":{"$dynamicRef":"#top"}},`)), Options{EvaluationsPerByte: -1})
	require.NoError(t, err)
	requireVerdict(t, unbounded, `1`, nil)
}

// remembering runs fn with references' results remembered from the
// first step of every value.
func remembering(fn func()) {
	defer func(old int64) { memoPerByte = old }(memoPerByte)
	memoPerByte = 0
	fn()
}

// TestMemoKeepsVerdicts: with references' results remembered from the
// first step, every test of the suite's drafts gives the same verdict,
// diagnostics included, as without.
func TestMemoKeepsVerdicts(t *testing.T) {
	for _, d := range suiteDrafts {
		files, err := filepath.Glob(filepath.Join(suiteDir, "tests", d.dir, "*.json"))
		require.NoError(t, err)
		for _, f := range files {
			for _, g := range readGroups(t, f) {
				s, err := Compile(g.Schema, Options{DefaultDraft: d.draft, Loader: suiteLoader})
				require.NoError(t, err)
				for _, tc := range g.Tests {
					want := verdictOf(s.Validate(tc.Data))
					var got verdict
					remembering(func() { got = verdictOf(s.Validate(tc.Data)) })
					require.Equal(t, want, got, "%s / %s / %s", f, g.Description, tc.Description)
				}
			}
		}
	}
}

// TestMemoOnSharedTargets: a shared $ref target that holds and one that
// fails, remembered, leave the collecting pass's diagnostics as they are.
func TestMemoOnSharedTargets(t *testing.T) {
	s := mustCompile(t, `{"$defs":{"s":{"type":"string"},"n":{"minimum":3}},
		"properties":{"a":{"allOf":[{"$ref":"#/$defs/s"},{"$ref":"#/$defs/s"}]},
		"b":{"anyOf":[{"$ref":"#/$defs/n"},{"$ref":"#/$defs/s"},{"$ref":"#/$defs/n"}]},
		"c":{"items":{"$ref":"#/$defs/n"}}}}`)
	for _, doc := range []string{`{"a":"x","b":4,"c":[3,4]}`, `{"a":1,"b":1,"c":[1,5,2]}`} {
		want := verdictOf(s.Validate([]byte(doc)))
		var got verdict
		remembering(func() { got = verdictOf(s.Validate([]byte(doc))) })
		assert.Equal(t, want, got, doc)
	}
}
