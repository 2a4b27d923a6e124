package schemafix

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/sanitize"
)

func fix(t *testing.T, doc string, diags ...diag) (string, []Fix) {
	t.Helper()
	edits := proposeFixes([]byte(doc), diags, All, 0)
	out, fixes := applyEdits([]byte(doc), edits)
	require.True(t, json.Valid(out), string(out))
	return string(out), fixes
}

func TestLocate(t *testing.T) {
	doc := []byte(` {"a": [1, {"b~/c": "x"}, true], "d\u0065": null, "a/b": 2}`)
	cases := map[string]string{
		"":            `{"a": [1, {"b~/c": "x"}, true], "d\u0065": null, "a/b": 2}`,
		"/a":          `[1, {"b~/c": "x"}, true]`,
		"/a/0":        `1`,
		"/a/1/b~0~1c": `"x"`,
		"/a/2":        `true`,
		"/de":         `null`,
		"/a~1b":       `2`,
	}
	for ptr, want := range cases {
		s, e, ok := indexDoc(doc).locate(ptr)
		require.True(t, ok, ptr)
		assert.Equal(t, want, string(doc[s:e]), ptr)
	}
	for _, bad := range []string{"/x", "/a/3", "/a/-1", "/a/0/x", "a"} {
		_, _, ok := indexDoc(doc).locate(bad)
		assert.False(t, ok, bad)
	}
}

// TestIndexDocSpans: values found through the scanner, with strings that
// hold brackets, commas, colons and escaped quotes, and top-level scalars.
func TestIndexDocSpans(t *testing.T) {
	doc := []byte("{\"k\\\"]\": \"v,]}:\\\"\" ,\"n\":[ -1.5e3 ,false,\n[\"[\"]],\"o\":{}}")
	cases := map[string]string{
		"/k\"]":  "\"v,]}:\\\"\"",
		"/n":     "[ -1.5e3 ,false,\n[\"[\"]]",
		"/n/0":   "-1.5e3",
		"/n/1":   "false",
		"/n/2/0": "\"[\"",
		"/o":     "{}",
	}
	x := indexDoc(doc)
	for ptr, want := range cases {
		s, e, ok := x.locate(ptr)
		require.True(t, ok, ptr)
		assert.Equal(t, want, string(doc[s:e]), ptr)
	}
	for _, bad := range []string{"/n/01", "/n/3", "/o/x", "/k"} {
		_, _, ok := x.locate(bad)
		assert.False(t, ok, bad)
	}
	for top, want := range map[string]string{"42": "42", ` "s" `: `"s"`, "\n true\n": "true"} {
		s, e, ok := indexDoc([]byte(top)).locate("")
		require.True(t, ok, top)
		assert.Equal(t, want, top[s:e])
	}
	_, _, ok := indexDoc([]byte(`{"a":[1,}`)).locate("/a")
	assert.False(t, ok, "not JSON: nothing is found")
}

func TestNumberGrammar(t *testing.T) {
	for _, s := range []string{"0", "-0", "42", "-17"} {
		assert.True(t, isJSONInteger(s), s)
	}
	for _, s := range []string{"", "-", "042", "4.0", "1e3", " 4", "+4"} {
		assert.False(t, isJSONInteger(s), s)
	}
	for _, s := range []string{"0.5", "-1.25e-3", "1E+9", "42"} {
		assert.True(t, isJSONNumber(s), s)
	}
	for _, s := range []string{".5", "1.", "01", "1e", "NaN", "4 2"} {
		assert.False(t, isJSONNumber(s), s)
	}
}

func TestRenameToSingleCloseAllowedName(t *testing.T) {
	out, fixes := fix(t, `{"userId":"u1","name":"x"}`,
		diag{Path: "", Code: "additional_properties", Property: "userId", Allowed: []string{"id", "name"}},
		diag{Path: "", Code: "required", Property: "id", Default: []byte(`"none"`)})
	assert.Equal(t, `{"id":"u1","name":"x"}`, out, "the rename wins over the default of the same property")
	require.Len(t, fixes, 1)
	assert.Equal(t, Fix{Rule: Rename, Confidence: sanitize.Guess, Path: "", From: "userId", To: "id"}, fixes[0])

	out, fixes = fix(t, `{"a":{"user_name":1}}`,
		diag{Path: "/a", Code: "additional_properties", Property: "user_name", Allowed: []string{"userName", "age"}})
	assert.Equal(t, `{"a":{"userName":1}}`, out)
	assert.Equal(t, sanitize.Certain, fixes[0].Confidence)

	// The diagnostic may point at the property itself.
	out, _ = fix(t, `{"a":{"stauts":1}}`,
		diag{Path: "/a/stauts", Code: "additional_properties", Property: "stauts", Allowed: []string{"status"}})
	assert.Equal(t, `{"a":{"status":1}}`, out)
}

func TestRenameRefusesAmbiguity(t *testing.T) {
	// Two allowed names close to the extra one.
	out, fixes := fix(t, `{"nme":1}`,
		diag{Code: "additional_properties", Property: "nme", Allowed: []string{"name", "nm"}})
	assert.Equal(t, `{"nme":1}`, out)
	assert.Empty(t, fixes)
	// Two extras close to the one allowed name.
	out, _ = fix(t, `{"userId":1,"user_id":2}`,
		diag{Code: "additional_properties", Property: "userId", Allowed: []string{"id"}},
		diag{Code: "additional_properties", Property: "user_id", Allowed: []string{"id"}})
	assert.Equal(t, `{"userId":1,"user_id":2}`, out)
	// The close name is already present.
	out, _ = fix(t, `{"id":1,"userId":2}`,
		diag{Code: "additional_properties", Property: "userId", Allowed: []string{"id"}})
	assert.Equal(t, `{"id":1,"userId":2}`, out)
	// Unrelated names.
	out, _ = fix(t, `{"colour":1}`,
		diag{Code: "additional_properties", Property: "colour", Allowed: []string{"size"}})
	assert.Equal(t, `{"colour":1}`, out)
}

func TestEnumCaseFold(t *testing.T) {
	out, fixes := fix(t, `{"s":"ACTIVE"}`, diag{Path: "/s", Code: "enum", Allowed: []string{`"active"`, `"inactive"`}})
	assert.Equal(t, `{"s":"active"}`, out)
	assert.Equal(t, EnumCase, fixes[0].Rule)
	out, _ = fix(t, `{"s":"On"}`, diag{Path: "/s", Code: "enum", Allowed: []string{`"on"`, `"ON"`}})
	assert.Equal(t, `{"s":"On"}`, out, "two case-folded matches: no fix")
	out, _ = fix(t, `{"s":"actve"}`, diag{Path: "/s", Code: "enum", Allowed: []string{`"active"`}})
	assert.Equal(t, `{"s":"actve"}`, out, "only case is folded")
	// Only strings among the allowed values are candidates: null, numbers
	// and objects are not read as the empty string.
	for _, other := range []string{`null`, `0`, `{}`, `[]`, `false`} {
		out, fixes = fix(t, `{"s":""}`, diag{Path: "/s", Code: "enum", Allowed: []string{`"a"`, other}})
		assert.Equal(t, `{"s":""}`, out, other)
		assert.Empty(t, fixes, other)
	}
	out, _ = fix(t, `{"s":"a"}`, diag{Path: "/s", Code: "enum", Allowed: []string{`null`, `"A"`}})
	assert.Equal(t, `{"s":"A"}`, out)
}

func TestCoerceExactReadings(t *testing.T) {
	cases := []struct {
		doc, want string
		allowed   []string
	}{
		{`{"n":"42"}`, `{"n":42}`, []string{"integer"}},
		{`{"n":"-1.5e3"}`, `{"n":-1.5e3}`, []string{"number"}},
		{`{"n":"true"}`, `{"n":true}`, []string{"boolean"}},
		{`{"n":42}`, `{"n":"42"}`, []string{"string"}},
		{`{"n":"042"}`, `{"n":"042"}`, []string{"integer"}},
		{`{"n":" 42"}`, `{"n":" 42"}`, []string{"integer"}},
		{`{"n":"1.5"}`, `{"n":"1.5"}`, []string{"integer"}},
		{`{"n":"yes"}`, `{"n":"yes"}`, []string{"boolean"}},
	}
	for _, c := range cases {
		out, _ := fix(t, c.doc, diag{Path: "/n", Code: "type", Allowed: c.allowed})
		assert.Equal(t, c.want, out, c.doc)
	}
}

func TestWrapLoneValueInArray(t *testing.T) {
	out, fixes := fix(t, `{"tags":"a"}`, diag{Path: "/tags", Code: "type", Allowed: []string{"array"}})
	assert.Equal(t, `{"tags":["a"]}`, out)
	assert.Equal(t, WrapArray, fixes[0].Rule)
	// Coercion first when it reads exactly.
	out, _ = fix(t, `{"n":"7"}`, diag{Path: "/n", Code: "type", Allowed: []string{"array", "integer"}})
	assert.Equal(t, `{"n":7}`, out)
}

func TestFillDefaults(t *testing.T) {
	out, fixes := fix(t, `{}`,
		diag{Code: "required", Property: "a", Default: []byte(`1`)},
		diag{Code: "required", Property: "b", Default: []byte(`"x"`)})
	assert.Equal(t, `{"a":1,"b":"x"}`, out)
	require.Len(t, fixes, 1)
	assert.Equal(t, `"a":1,"b":"x"`, fixes[0].To)
	out, _ = fix(t, `{"c":true}`, diag{Code: "required", Property: "a", Default: []byte(`[]`)})
	assert.Equal(t, `{"a":[],"c":true}`, out)
	out, _ = fix(t, `{"c":true}`, diag{Code: "required", Property: "a"})
	assert.Equal(t, `{"c":true}`, out, "no default, no fix")
}

func TestRulesAreSwitchableAndFloorRefusesGuesses(t *testing.T) {
	doc := []byte(`{"userId":1,"n":"4"}`)
	diags := []diag{
		{Code: "additional_properties", Property: "userId", Allowed: []string{"id", "n"}},
		{Path: "/n", Code: "type", Allowed: []string{"integer"}},
	}
	edits := proposeFixes(doc, diags, All&^Coerce, 0)
	require.Len(t, edits, 1)
	assert.Equal(t, Rename, edits[0].fix.Rule)
	edits = proposeFixes(doc, diags, All, sanitize.Likely)
	require.Len(t, edits, 1, "the Guess rename is refused")
	assert.Equal(t, Coerce, edits[0].fix.Rule)
}

func TestNameCloseness(t *testing.T) {
	assert.Equal(t, sanitize.Certain, Closeness("User-ID", "userId"))
	assert.Equal(t, sanitize.Likely, Closeness("adress", "address"))
	assert.Equal(t, sanitize.Guess, Closeness("userId", "id"))
	assert.Equal(t, sanitize.Confidence(0), Closeness("paid", "d"))
	assert.Equal(t, sanitize.Confidence(0), Closeness("ab", "xy"))
	assert.Equal(t, 3, editDistance("kitten", "sitting", 10))
	assert.Equal(t, 3, editDistance("kitten", "sitting", 2), "past the limit: limit+1")
	assert.Equal(t, 2, editDistance("kitten", "sitting", 1))
	assert.Equal(t, 0, editDistance("same", "same", 0))
	long := strings.Repeat("field", 14) // 70 bytes: rows on the heap
	assert.Equal(t, 1, editDistance(long, long[:69]+"x", 2))
	assert.Equal(t, 2, editDistance(long, long[2:], 2))
	assert.Equal(t, sanitize.Likely, Closeness(long, long[:68]))
	assert.Equal(t, sanitize.Guess, Closeness(long, long[:60]), "a prefix far apart in length")
}

// normalizeNameByLower is the former normalization, kept as the oracle:
// strings.ToLower, then the separators dropped.
func normalizeNameByLower(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r != '_' && r != '-' && r != ' ' && r != '.' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestNormalizedNamesMatchToLower: folding on the stack gives what
// strings.ToLower and dropping the separators give, for ASCII, accented
// and Greek capitals, long names and invalid UTF-8.
func TestNormalizedNamesMatchToLower(t *testing.T) {
	for _, name := range []string{"", "id", "User_ID", "user-id", "a.b c", "ÉTÉ_Ñandú", "ΣΊΣΥΦΟΣ", "İstanbul",
		"bad\xffname", "\xe5\xb1", strings.Repeat("Long_Name-", 12), "K" /* Kelvin sign */} {
		assert.Equal(t, normalizeNameByLower(name), string(appendNormalized(nil, name)), "%q", name)
	}
}

// TestEditDistanceLimit: with a limit, the distance is the full one, or
// limit+1 when that is larger, and bytesOutside never exceeds it, over
// random names of a small alphabet.
func TestEditDistanceLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 4))
	name := func() string {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = "abcxyz_"[rng.IntN(7)]
		}
		return string(b)
	}
	for range 3000 {
		a, b := name(), name()
		full := editDistance(a, b, 100)
		require.LessOrEqual(t, max(bytesOutside([]byte(a), []byte(b)), bytesOutside([]byte(b), []byte(a))), full,
			"a lower bound: %q %q", a, b)
		for limit := range 4 {
			require.Equal(t, min(full, limit+1), editDistance(a, b, limit), "%q %q limit %d", a, b, limit)
		}
	}
}
