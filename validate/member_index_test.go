package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/valyala/fastjson"
)

// The index answers as Object.Get does, duplicates (first wins) and
// missing names included, on both sides of indexFrom.
func TestMemberIndexMatchesObjectGet(t *testing.T) {
	for _, n := range []int{0, 1, indexFrom - 1, indexFrom, 3 * indexFrom} {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			fmt.Fprintf(&b, `"k%d":%d,`, i%(n/2+1), i)
		}
		b.WriteString(`"last":true}`)
		v, err := fastjson.Parse(b.String())
		require.NoError(t, err)
		o := v.GetObject()
		var m memberIndex
		for i := range n + 2 {
			name := fmt.Sprintf("k%d", i)
			assert.Same(t, o.Get(name), m.get(o, name), "n=%d %s", n, name)
		}
		assert.Same(t, o.Get("last"), m.get(o, "last"))
		assert.Nil(t, m.get(o, "absent"))
	}
}

// References into a wide $defs resolve to the entry they name.
func TestWideDefsResolve(t *testing.T) {
	const n = 500
	var defs, props strings.Builder
	for i := range n {
		fmt.Fprintf(&defs, `"d%d":{"const":%d},`, i, i)
		fmt.Fprintf(&props, `"p%d":{"$ref":"#/$defs/d%d"},`, i, i)
	}
	schema := `{"properties":{` + strings.TrimSuffix(props.String(), ",") +
		`},"$defs":{` + strings.TrimSuffix(defs.String(), ",") + `}}`
	s, err := Compile([]byte(schema), Options{})
	require.NoError(t, err)
	for _, i := range []int{0, 1, 31, 32, 250, n - 1} {
		d, err := s.Validate(fmt.Appendf(nil, `{"p%d":%d}`, i, i))
		require.NoError(t, err)
		assert.Empty(t, d, i)
		d, err = s.Validate(fmt.Appendf(nil, `{"p%d":%d}`, i, i+1))
		require.NoError(t, err)
		assert.NotEmpty(t, d, i)
	}
}
