package validate

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jsonheal/jsonheal/internal/tape"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// uniqueVerdict validates the array doc against uniqueItems and returns
// the message ("" when valid) and the number of equality tests made. The
// array is a member of the document (a root array may be evaluated item by
// item as it streams; a member is evaluated whole, by duplicate).
func uniqueVerdict(t testing.TB, doc string) (string, int) {
	t.Helper()
	v := mustCompile(t, `{"properties":{"a":{"uniqueItems":true}}}`).NewValidator()
	d, err := v.Validate([]byte(`{"a":` + doc + `}`))
	require.NoError(t, err)
	if d == nil {
		return "", v.st.uniq.compares
	}
	require.Len(t, d, 1)
	return d[0].Message, v.st.uniq.compares
}

// bruteDuplicate is the reference: the pair i < j of equal items with the
// smallest j, then the smallest i (the smallest i, then j, for an array of
// at most 32 scalars).
func bruteDuplicate(t testing.TB, doc string) string {
	var tp tape.Tape
	v, err := tp.Read([]byte(doc))
	require.NoError(t, err)
	require.Equal(t, tape.Array, v.Type())
	a := v.Array()
	st := &evaluator{}
	if len(a) <= 32 && allScalars(a) {
		// Short arrays of scalars: the smallest i, then j.
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if equalValues(a[i], a[j], st) {
					return "items " + strconv.Itoa(i) + " and " + strconv.Itoa(j) + " are equal"
				}
			}
		}
		return ""
	}
	for j := range a {
		for i := range j {
			if equalValues(a[i], a[j], st) {
				return "items " + strconv.Itoa(i) + " and " + strconv.Itoa(j) + " are equal"
			}
		}
	}
	return ""
}

func TestUniqueItemsEquality(t *testing.T) {
	pad := strings.Repeat(`{"pad":0},`, 40) // past the short-scalar path
	cases := []struct {
		items string
		dup   string // "i j" or "" when unique
	}{
		{`1, 1.0`, "0 1"},
		{`1, 1e0, 10e-1, 0.1e1`, "0 1"},
		{`100, 1e2, 1E+2`, "0 1"},
		{`0, -0, 0.0, 0e5`, "0 1"},
		{`-1, 1`, ""},
		{`-0, 0`, "0 1"},
		{`-0, -0`, "0 1"},
		{`10, 1, -10, 100`, ""},
		{`12345678901234567890123, 12345678901234567890123`, "0 1"},
		{`1, true`, ""},
		{`0, false, null, "", [], {}`, ""},
		{`"A", "\u0041"`, "0 1"},
		{`"é", "\u00e9"`, "0 1"},
		{`"a", "b", "a"`, "0 2"},
		{`[1,2], [2,1]`, ""},
		{`[1,2], [1,2.0]`, "0 1"},
		{`[[]], [{}]`, ""},
		{`{"a":1,"b":2}, {"b":2,"a":1}`, "0 1"},
		{`{"a":1,"b":2}, {"a":2,"b":1}`, ""},
		{`{"a":{"x":[1,{"y":1e0}]}}, {"a":{"x":[1.0,{"y":1}]}}`, "0 1"},
		{`{"a":1}, {"a":1,"b":1}`, ""},
		{`{"ab":1}, {"a":1,"b":1}`, ""},
		{`{"a":1,"a":1}, {"a":1,"a":2}`, ""},
		{`{"a":1,"a":2}, {"a":1,"a":1}`, ""},
		{`{"a":1,"a":1,"b":2}, {"a":1,"b":2,"b":2}`, ""},
		{`{"a":1,"a":2}, {"a":1,"a":2.0}`, "0 1"},
		{`"x", "y", "z", "y", "x", ["pad"]`, "1 3"}, // long path: smallest j

		{`1e4611686018427387904, 10e4611686018427387903`, "0 1"},
		{`1e4611686018427387904, 1e4611686018427387905`, ""},
		{`12345678901234567890123456789012345678901, 12345678901234567890123456789012345678902`, ""},
	}
	for _, c := range cases {
		for _, padded := range []bool{false, true} {
			doc := "[" + c.items + "]"
			want := ""
			if c.dup != "" {
				var i, j int
				_, err := fmt.Sscanf(c.dup, "%d %d", &i, &j)
				require.NoError(t, err)
				want = fmt.Sprintf("items %d and %d are equal", i, j)
			}
			if padded {
				doc = "[" + pad + c.items + "]"
				if c.dup != "" {
					var i, j int
					_, _ = fmt.Sscanf(c.dup, "%d %d", &i, &j)
					want = fmt.Sprintf("items %d and %d are equal", i+40, j+40)
				}
				want0 := "items 0 and 1 are equal" // the pads repeat
				got, _ := uniqueVerdict(t, doc)
				assert.Equal(t, want0, got, doc)
				doc = strings.Replace(doc, pad, padDistinct(40), 1)
			}
			got, _ := uniqueVerdict(t, doc)
			assert.Equal(t, want, got, doc)
		}
	}
}

// padDistinct returns n distinct objects, each followed by a comma.
func padDistinct(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"pad":%d},`, i+1000)
	}
	return b.String()
}

// randomItem returns a small JSON value drawn so that equal values of
// different spellings are frequent.
func randomItem(r *rand.Rand, depth int) string {
	switch k := r.IntN(7); {
	case k == 0:
		return []string{"1", "1.0", "1e0", "10e-1", "2", "-0", "0", "2.50", "25e-1"}[r.IntN(9)]
	case k == 1:
		return []string{`"a"`, `"\u0061"`, `"b"`, `""`}[r.IntN(4)]
	case k == 2:
		return []string{"true", "false", "null"}[r.IntN(3)]
	case k <= 4 && depth < 3:
		n := r.IntN(3)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = randomItem(r, depth+1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case depth < 3:
		keys := []string{"a", "b", "c"}
		r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		n := r.IntN(3)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = `"` + keys[i] + `":` + randomItem(r, depth+1)
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return strconv.Itoa(r.IntN(5))
}

// TestUniqueItemsMatchesPairwise compares the hashed search with the
// pairwise reference on random arrays, with the real hash and with every
// hash forced equal (the collision path).
func TestUniqueItemsMatchesPairwise(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, force := range []bool{false, true} {
		testForceCollisions = force
		for range 400 {
			n := 1 + r.IntN(60)
			items := make([]string, n)
			for i := range items {
				items[i] = randomItem(r, 0)
			}
			doc := "[" + strings.Join(items, ",") + "]"
			got, _ := uniqueVerdict(t, doc)
			require.Equal(t, bruteDuplicate(t, doc), got, "force=%v %s", force, doc)
		}
	}
	testForceCollisions = false
}

func repeatItems(n int, item func(i int) string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item(i))
	}
	b.WriteByte(']')
	return b.String()
}

// TestUniqueItemsWork bounds the equality tests: linear for all-equal and
// all-distinct arrays, n log n when every hash collides.
func TestUniqueItemsWork(t *testing.T) {
	const n = 50000
	got, compares := uniqueVerdict(t, repeatItems(n, func(int) string { return "1" }))
	assert.Equal(t, "items 0 and 1 are equal", got)
	assert.LessOrEqual(t, compares, 2, "one test in each of the two passes (fast, then collecting)")

	got, compares = uniqueVerdict(t, repeatItems(n, func(i int) string { return strconv.Itoa(i) }))
	assert.Empty(t, got)
	assert.Zero(t, compares, "distinct hashes: nothing to compare")

	// Equal only at the end, after n distinct values.
	got, _ = uniqueVerdict(t, repeatItems(n, func(i int) string {
		if i == n-1 {
			return "7e0"
		}
		return strconv.Itoa(i)
	}))
	assert.Equal(t, "items 7 and 49999 are equal", got)

	testForceCollisions = true
	defer func() { testForceCollisions = false }()
	got, compares = uniqueVerdict(t, repeatItems(n, func(i int) string { return strconv.Itoa(i) }))
	assert.Empty(t, got)
	assert.LessOrEqual(t, compares, 3*n*17, "n log n comparisons when all hashes collide")
	got, compares = uniqueVerdict(t, repeatItems(n, func(i int) string { return `{"a":[1,{"b":"x"}]}` }))
	assert.Equal(t, "items 0 and 1 are equal", got)
	assert.LessOrEqual(t, compares, 2)
}

// TestUniqueItemsLargeObjects: two equal objects of 50k members (in
// different orders) compare in O(m log m), not by m lookups of O(m) each.
func TestUniqueItemsLargeObjects(t *testing.T) {
	const m = 50000
	var fwd, rev strings.Builder
	for i := range m {
		if i > 0 {
			fwd.WriteByte(',')
			rev.WriteByte(',')
		}
		fmt.Fprintf(&fwd, `"k%d":%d`, i, i)
		fmt.Fprintf(&rev, `"k%d":%d.0`, m-1-i, m-1-i)
	}
	doc := "[{" + fwd.String() + "},{" + rev.String() + "}]"
	start := time.Now()
	got, _ := uniqueVerdict(t, doc)
	assert.Equal(t, "items 0 and 1 are equal", got)
	assert.Less(t, time.Since(start), 5*time.Second, "quadratic member lookups take minutes")
	got, _ = uniqueVerdict(t, strings.Replace(doc, `"k77":77.0`, `"k77":78`, 1))
	assert.Empty(t, got)
}

// TestConstLargeObject: const and enum objects of many members compare by
// index, whatever the member order; a duplicate name cannot stand in for
// a missing one.
func TestConstLargeObject(t *testing.T) {
	const m = 20000
	var fwd, rev strings.Builder
	for i := range m {
		if i > 0 {
			fwd.WriteByte(',')
			rev.WriteByte(',')
		}
		fmt.Fprintf(&fwd, `"k%d":%d`, i, i)
		fmt.Fprintf(&rev, `"k%d":%de0`, m-1-i, m-1-i)
	}
	c := mustCompile(t, `{"const":{`+fwd.String()+`}}`)
	e := mustCompile(t, `{"enum":[1,{`+fwd.String()+`}]}`)
	for _, s := range []*Schema{c, e} {
		start := time.Now()
		d, err := s.Validate([]byte("{" + rev.String() + "}"))
		require.NoError(t, err)
		assert.Nil(t, d)
		assert.Less(t, time.Since(start), 5*time.Second)
		d, err = s.Validate([]byte("{" + strings.Replace(rev.String(), `"k5":5e0`, `"k5":6`, 1) + "}"))
		require.NoError(t, err)
		assert.Len(t, d, 1)
		d, err = s.Validate([]byte("{" + strings.Replace(rev.String(), `"k5":5e0`, `"k6":6`, 1) + "}"))
		require.NoError(t, err)
		assert.Len(t, d, 1, "k6 twice, k5 missing")
	}
}

// TestUniqueItemsShortScalarOrder: an array of at most 32 scalars reports
// the smallest i, then j (the order the streamed evaluation reproduces).
func TestUniqueItemsShortScalarOrder(t *testing.T) {
	got, _ := uniqueVerdict(t, `["x","y","z","y","x"]`)
	assert.Equal(t, "items 0 and 4 are equal", got)
}
