package canonhash

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/internal/decimal"
)

// num is a JSON number's text.
type num string

// member is an object member.
type member struct {
	k string
	v any
}

// feed hands v to h: nil, bool, num, string, []any (an array) or
// []member (an object, members in order).
func feed(t *testing.T, h *Hasher, v any) {
	switch v := v.(type) {
	case nil:
		h.Null()
	case bool:
		h.Bool(v)
	case num:
		d, ok := decimal.Parse(string(v))
		require.True(t, ok, v)
		h.Number(&d)
	case string:
		h.Str([]byte(v))
	case []any:
		h.BeginArray()
		for _, e := range v {
			feed(t, h, e)
		}
		h.End()
	case []member:
		h.BeginObject()
		for _, m := range v {
			h.Key([]byte(m.k))
			feed(t, h, m.v)
		}
		h.End()
	default:
		t.Fatalf("unexpected %T", v)
	}
}

func sum(t *testing.T, v any) uint64 {
	var h Hasher
	h.Reset()
	feed(t, &h, v)
	return h.Sum()
}

func TestEqualValuesHashAlike(t *testing.T) {
	for _, c := range [][2]any{
		{num("1"), num("1.0")},
		{num("1"), num("1e0")},
		{num("1"), num("10e-1")},
		{num("0"), num("-0")},
		{num("-2.50"), num("-25e-1")},
		{[]member{{"a", num("1")}, {"b", "x"}}, []member{{"b", "x"}, {"a", num("1.00")}}},
		{[]any{nil, true, []any{}}, []any{nil, true, []any{}}},
	} {
		assert.Equal(t, sum(t, c[0]), sum(t, c[1]), "%v = %v", c[0], c[1])
	}
}

func TestDifferentValuesHashApart(t *testing.T) {
	vals := []any{
		nil, true, false, num("0"), num("1"), num("-1"), num("1.5"), num("1e400"), num("1e401"),
		"", "1", "a", []any{}, []any{nil}, []any{[]any{}}, []any{num("1"), num("2")}, []any{num("2"), num("1")},
		[]member{}, []member{{"a", nil}}, []member{{"b", nil}}, []member{{"a", num("1")}},
		[]member{{"a", nil}, {"b", nil}}, []any{"a"}, []member{{"", ""}},
	}
	seen := map[uint64]any{}
	for _, v := range vals {
		h := sum(t, v)
		if prev, dup := seen[h]; dup {
			t.Errorf("%#v and %#v hash alike", prev, v)
		}
		seen[h] = v
	}
}

// TestPiecesHashAsWhole: a string or a key split anywhere hashes as the
// whole.
func TestPiecesHashAsWhole(t *testing.T) {
	want := sum(t, []member{{"name", "hello, world"}})
	var h Hasher
	h.BeginObject()
	h.BeginString(true)
	h.StringPart([]byte("na"))
	h.StringPart([]byte("me"))
	h.EndString()
	h.BeginString(false)
	for _, p := range []string{"hel", "", "lo, w", "orld"} {
		h.StringPart([]byte(p))
	}
	h.EndString()
	h.End()
	assert.Equal(t, want, h.Sum())
}

// TestResetForgetsOpenFrames: Reset after an unfinished value starts
// afresh.
func TestResetForgetsOpenFrames(t *testing.T) {
	var h Hasher
	h.BeginArray()
	h.BeginObject()
	h.Key([]byte("k"))
	h.Reset()
	h.Str([]byte("x"))
	assert.Equal(t, sum(t, "x"), h.Sum())
}

func TestHashAllocatesNothing(t *testing.T) {
	d, ok := decimal.Parse("123.456e7")
	require.True(t, ok)
	var h Hasher
	run := func() {
		h.Reset()
		h.BeginArray()
		h.BeginObject()
		h.Key([]byte("a"))
		h.Number(&d)
		h.Key([]byte("b"))
		h.BeginArray()
		h.Null()
		h.Bool(true)
		h.Str([]byte("s"))
		h.End()
		h.End()
		h.End()
	}
	run() // grows the stack and the number buffer once
	assert.Zero(t, testing.AllocsPerRun(100, run))
}
