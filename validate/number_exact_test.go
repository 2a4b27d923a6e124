package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNumericKeywordsHugeExponents runs the numeric keywords through
// Validate with limits and values whose exponents do not fit an int64.
func TestNumericKeywordsHugeExponents(t *testing.T) {
	cases := []struct {
		schema, doc string
		valid       bool
	}{
		{`{"maximum":1e4611686018427387904}`, `1e4611686018427387905`, false},
		{`{"maximum":1e4611686018427387904}`, `1e4611686018427387904`, true},
		{`{"maximum":1e4611686018427387904}`, `1e4611686018427387903`, true},
		{`{"minimum":1e4611686018427387904}`, `1e4611686018427387903`, false},
		{`{"minimum":1e4611686018427387904}`, `10e4611686018427387903`, true},
		{`{"exclusiveMaximum":1e4611686018427387904}`, `1e4611686018427387904`, false},
		{`{"exclusiveMaximum":1e4611686018427387904}`, `0.99e4611686018427387904`, true},
		{`{"exclusiveMinimum":-1e-4611686018427387904}`, `-1e-4611686018427387904`, false},
		{`{"exclusiveMinimum":-1e-4611686018427387904}`, `-1e-4611686018427387905`, true},
		{`{"maximum":1e99999999999999999999999999}`, `1e99999999999999999999999998`, true},
		{`{"maximum":1e99999999999999999999999999}`, `1e100000000000000000000000000`, false},
		{`{"const":1e4611686018427387904}`, `10e4611686018427387903`, true},
		{`{"const":1e4611686018427387904}`, `1e4611686018427387905`, false},
		{`{"enum":[1e4611686018427387905, 2]}`, `1e4611686018427387904`, false},
		{`{"enum":[1e4611686018427387905, 2]}`, `0.1e4611686018427387906`, true},
		{`{"type":"integer"}`, `1e4611686018427387904`, true},
		{`{"type":"integer"}`, `1e-4611686018427387904`, false},
		{`{"multipleOf":3}`, `3e4611686018427387904`, true},
		{`{"multipleOf":7}`, `3e4611686018427387904`, false},
		{`{"multipleOf":1e4611686018427387904}`, `3e4611686018427387904`, true},
		{`{"multipleOf":1e4611686018427387904}`, `3e4611686018427387903`, false},
		{`{"multipleOf":1e-4611686018427387904}`, `7e-4611686018427387903`, true},
		{`{"multipleOf":1e-4611686018427387904}`, `7e-4611686018427387905`, false},
		{`{"multipleOf":0.3}`, `0.9`, true},
		{`{"multipleOf":0.3}`, `0.91`, false},
		{`{"multipleOf":0.0001}`, `0.0075`, true},
		{`{"multipleOf":0.123456789}`, `1e308`, false},
		{`{"multipleOf":0.5}`, `1e308`, true},
		{`{"multipleOf":7}`, `1e1000000`, false},
		{`{"multipleOf":16}`, `1e1000000`, true},
		{`{"multipleOf":12345678901234567891}`, `12345678901234567891e25`, true},
		{`{"multipleOf":12345678901234567891}`, `12345678901234567892e25`, false},
		{`{"multipleOf":123456789012345678912345}`, `246913578024691357824690e4611686018427387904`, true},
		{`{"multipleOf":123456789012345678912345}`, `246913578024691357824691e4611686018427387904`, false},
		{`{"multipleOf":2.5}`, `12.5`, true},
		{`{"multipleOf":2.5}`, `-12.5`, true},
		{`{"multipleOf":2.5}`, `12.6`, false},
	}
	for _, c := range cases {
		s := mustCompile(t, c.schema)
		d, err := s.Validate([]byte(c.doc))
		require.NoError(t, err)
		assert.Equal(t, c.valid, d == nil, "%s against %s: %v", c.doc, c.schema, d)
	}
}

// TestMultipleOfLongDigits: multipleOf is linear in the digits of the
// value (a long mantissa is reduced modulo the divisor 18 digits at a time).
func TestMultipleOfLongDigits(t *testing.T) {
	long := "1" + strings.Repeat("0", 200000) + "5" // 10^200001 + 5
	s := mustCompile(t, `{"multipleOf":5}`)
	d, err := s.Validate([]byte(long))
	require.NoError(t, err)
	assert.Nil(t, d, "10^200001+5 is a multiple of 5")
	s = mustCompile(t, `{"multipleOf":3}`)
	d, err = s.Validate([]byte(long))
	require.NoError(t, err)
	assert.Nil(t, d, "digits sum to 6: a multiple of 3")
	s = mustCompile(t, `{"multipleOf":7}`)
	d, err = s.Validate([]byte(long))
	require.NoError(t, err)
	// 10^200001 mod 7: 10 has order 6 mod 7, 200001 mod 6 = 3, 10^3 mod 7 = 6; 6+5 = 11 = 4 mod 7.
	assert.NotNil(t, d)
}
