package validate

import (
	"testing"

	"github.com/jsonheal/jsonheal/internal/tape"
)

// FuzzUniqueItems: for any array, the hashed search (with the real hash
// and with every hash forced equal) reports what the pairwise reference
// reports.
func FuzzUniqueItems(f *testing.F) {
	for _, s := range []string{
		`[1,1.0]`, `[{"a":1,"b":2},{"b":2,"a":1}]`, `["\u0041","A"]`, `[0,-0,0e5]`,
		`[[1,2],[2,1],[1,2.0]]`, `[1e4611686018427387904,10e4611686018427387903]`,
		`[{"a":[{"b":null}]},{"a":[{"b":null}]},true,false,null]`,
		`[{"a":1,"a":1},{"a":1,"a":2}]`, `[{"a":1,"a":1,"b":2},{"a":1,"b":2,"b":2}]`,
	} {
		f.Add([]byte(s))
	}
	s := mustCompile(f, `{"properties":{"a":{"uniqueItems":true}}}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		if checkJSON(data) != nil {
			return
		}
		var tp tape.Tape
		v, err := tp.Read(data)
		if err != nil || v.Type() != tape.Array {
			return
		}
		want := bruteDuplicate(t, string(data))
		for _, force := range []bool{false, true} {
			testForceCollisions = force
			d, err := s.Validate([]byte(`{"a":` + string(data) + `}`))
			testForceCollisions = false
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			got := ""
			if len(d) > 0 {
				got = d[0].Message
			}
			if got != want {
				t.Fatalf("force=%v %s: got %q, want %q", force, data, got, want)
			}
		}
	})
}
