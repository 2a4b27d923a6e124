package uriref

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestResolveRelativeBase(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		{"b.json", "a.json", "a.json"},
		{"sub/b.json", "c.json#/x", "sub/c.json#/x"},
		{"sub/b.json", "../c.json", "c.json"},
		{"sub/b.json", "/abs.json", "/abs.json"},
		{"sub/b.json", "#/x", "sub/b.json#/x"},
		{"http://h/s/b.json", "c.json", "http://h/s/c.json"},
		{"/root/b.json", "c.json", "/root/c.json"},
	} {
		got, err := Resolve(c.base, c.ref)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "%s + %s", c.base, c.ref)
	}
}

func TestResolve(t *testing.T) {
	for _, c := range []struct{ base, ref, want string }{
		{"https://example.com/s.json", "", "https://example.com/s.json"},
		{"https://example.com/s.json#/a", "#/b", "https://example.com/s.json#/b"},
		{"", "defs/a.json", "defs/a.json"},
		{"https://example.com/s.json", "urn:x:y", "urn:x:y"},
		{"urn:example:root", "other.json", "other.json"},
		{"urn:example:root", "#frag", "urn:example:root#frag"},
		{"https://example.com/a/b.json", "../c.json#/$defs/x", "https://example.com/c.json#/$defs/x"},
	} {
		got, err := Resolve(c.base, c.ref)
		require.NoError(t, err)
		assert.Equal(t, c.want, got, "%s + %s", c.base, c.ref)
	}
	_, err := Resolve("https://example.com/", "%zz")
	assert.Error(t, err)
	_, err = Resolve("%zz", "a.json")
	assert.Error(t, err)
}

func TestSplitFragment(t *testing.T) {
	base, frag := SplitFragment("https://example.com/s.json#/a#b")
	assert.Equal(t, "https://example.com/s.json", base)
	assert.Equal(t, "/a#b", frag)
	base, frag = SplitFragment("s.json")
	assert.Equal(t, "s.json", base)
	assert.Equal(t, "", frag)
}

func TestNormalize(t *testing.T) {
	assert.Equal(t, "https://example.com/s.json", Normalize("https://example.com/s.json#"))
	assert.Equal(t, "s.json#a", Normalize("s.json#a"))
	assert.Equal(t, "s.json", Normalize("s.json"))
}
