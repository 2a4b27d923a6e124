package format

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLookup checks a valid and an invalid string for each format, and
// that an unknown format has no checker.
func TestLookup(t *testing.T) {
	cases := []struct{ name, valid, invalid string }{
		{"date-time", "2024-02-29T23:59:60Z", "2023-02-29T12:00:00Z"},
		{"date", "2000-02-29", "1900-02-29"},
		{"time", "23:59:60+00:00", "22:59:60+00:00"},
		{"duration", "P1Y2M3DT4H5M6S", "P1YD"},
		{"email", "ana@example.com", "ana..b@example.com"},
		{"idn-email", "josé@exämple.org", "@example.org"},
		{"hostname", "api.example.com", "-bad.example.com"},
		{"idn-hostname", "例え.jp", "a..b"},
		{"ipv4", "192.168.0.1", "192.168.00.1"},
		{"ipv6", "::1", "::1%eth0"},
		{"uri", "https://example.com/a?b#c", "/relative"},
		{"uri-reference", "../a/b", "a b"},
		{"iri", "https://例え.jp/パス", "例え"},
		{"iri-reference", "パス/a", "\\a"},
		{"uri-template", "/users/{id}{?q,lang}", "/users/{id"},
		{"json-pointer", "/a~1b/0", "/a~2"},
		{"relative-json-pointer", "1/a", "01/a"},
		{"regex", `^[a-z]+$`, `(?P<n>a)`},
		{"uuid", "123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400g"},
	}
	for _, c := range cases {
		f := Lookup(c.name)
		require.NotNil(t, f, c.name)
		assert.True(t, f([]byte(c.valid)), "%s: %q", c.name, c.valid)
		assert.False(t, f([]byte(c.invalid)), "%s: %q", c.name, c.invalid)
	}
	assert.Nil(t, Lookup("color"))
}
