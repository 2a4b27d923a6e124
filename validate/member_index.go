package validate

import "github.com/valyala/fastjson"

// indexFrom is the member count from which a pointer step into an object
// goes through a map: fastjson's Object.Get compares names one by one, so
// resolving one reference into each of n $defs entries cost n²/2
// comparisons (40,000 entries: 10 s of compiling).
const indexFrom = 32

// memberIndex answers "the member named t" for the objects that JSON
// Pointer fragments step through, each large object indexed once.
type memberIndex map[*fastjson.Object]map[string]*fastjson.Value

// get returns the value of the first member of o named t (as Object.Get
// does for duplicate names), or nil.
func (m *memberIndex) get(o *fastjson.Object, t string) *fastjson.Value {
	if o.Len() < indexFrom {
		return o.Get(t)
	}
	idx, ok := (*m)[o]
	if !ok {
		idx = make(map[string]*fastjson.Value, o.Len())
		o.Visit(func(k []byte, v *fastjson.Value) {
			if _, dup := idx[string(k)]; !dup {
				idx[string(k)] = v
			}
		})
		if *m == nil {
			*m = memberIndex{}
		}
		(*m)[o] = idx
	}
	return idx[t]
}
