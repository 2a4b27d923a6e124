package validate

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIntegerLimitsFastPath checks the machine-integer comparison of small
// integers against integer limits: the same limits spelled as decimals
// (which take the exact decimal path) give the same verdicts, and so does
// the "integer" type check on integer-valued texts of every spelling.
func TestIntegerLimitsFastPath(t *testing.T) {
	fast := mustCompile(t, `{"type":"integer","minimum":-3,"maximum":5,"exclusiveMinimum":-5,"exclusiveMaximum":6}`)
	slow := mustCompile(t, `{"type":"integer","minimum":-3.0,"maximum":5e0,"exclusiveMinimum":-50e-1,"exclusiveMaximum":6.00}`)
	require.NotNil(t, fast.root.intLimits)
	require.Nil(t, slow.root.intLimits)
	docs := []string{"-0", "1.0", "5.0", "5.5", "-3.0", "-3.5", "1e0", "4E0", "5e1", "-2e-0", "999999999999999999",
		"-999999999999999999", "9999999999999999999", "-9999999999999999999", "\"3\"", "null"}
	for i := -10; i <= 10; i++ {
		docs = append(docs, strconv.Itoa(i))
	}
	valid := 0
	for _, doc := range docs {
		df, err := fast.Validate([]byte(doc))
		require.NoError(t, err)
		ds, err := slow.Validate([]byte(doc))
		require.NoError(t, err)
		assert.Equal(t, ds == nil, df == nil, doc)
		if df == nil {
			valid++
		}
		if df != nil && ds != nil {
			assert.Equal(t, ds[0].Code, df[0].Code, doc)
		}
	}
	assert.Equal(t, 9+7, valid, "-3..5 and -0, 1.0, 5.0, -3.0, 1e0, 4E0, -2e-0 (integers by value)")
}
