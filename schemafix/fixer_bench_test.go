package schemafix

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/validate"
)

// intArray returns a JSON array of n integers.
func intArray(n int) []byte {
	doc := []byte{'['}
	for i := range n {
		if i > 0 {
			doc = append(doc, ',')
		}
		doc = strconv.AppendInt(doc, int64(i%10), 10)
	}
	return append(doc, ']')
}

// BenchmarkFixCoerceItems fixes an array of n integers against
// items: {type: string}: one coercion per item, all in one round. Its
// time and allocations per item stay flat as n grows (linear time).
func BenchmarkFixCoerceItems(b *testing.B) {
	s, err := validate.Compile([]byte(`{"type":"array","items":{"type":"string"}}`), validate.Options{})
	require.NoError(b, err)
	f := &Fixer{Schema: s}
	for _, n := range []int{1000, 32000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			doc := intArray(n)
			ds, err := s.Validate(doc)
			require.NoError(b, err)
			require.Len(b, ds, n)
			b.ReportAllocs()
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				if _, _, ok := f.Fix(doc, ds); !ok {
					b.Fatal("not fixed")
				}
			}
		})
	}
}
