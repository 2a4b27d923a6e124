package validate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// oneOfSchema is a root array whose items are a oneOf of k object
// branches, told apart by a "kind" const and each with its own required
// members and additionalProperties: false: the worst case of the
// side-by-side keywords, every item evaluated against every branch.
func oneOfSchema(k int) string {
	var b strings.Builder
	b.WriteString(`{"type":"array","items":{"oneOf":[`)
	for i := range k {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"object","additionalProperties":false,"required":["kind","id","v%d"],`+
			`"properties":{"kind":{"const":"k%d"},"id":{"type":"integer","minimum":0},"v%d":{"type":"string","pattern":"^[a-z]+$"},"note":{"type":"string"}}}`, i, i, i)
	}
	b.WriteString(`]}}`)
	return b.String()
}

// oneOfDoc is n items that all match the last of k branches (every
// branch is tried), one in every bad+1 wrong in its pattern when bad > 0.
func oneOfDoc(k, n, bad int) []byte {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		v := "abc"
		if bad > 0 && i%(bad+1) == bad {
			v = "ABC"
		}
		fmt.Fprintf(&b, `{"kind":"k%d","id":%d,"v%d":"%s","note":"item %d"}`, k-1, i, k-1, v, i)
	}
	b.WriteByte(']')
	return []byte(b.String())
}

// BenchmarkOneOfBranches: cost per item as the branches grow (5, 10, 20)
// and as the array grows (100 to 10000 items: per-item cost stays flat,
// memory stays one item).
func BenchmarkOneOfBranches(b *testing.B) {
	for _, k := range []int{5, 10, 20} {
		for _, n := range []int{100, 1000, 10000} {
			b.Run(fmt.Sprintf("branches=%d/items=%d", k, n), func(b *testing.B) {
				s, err := Compile([]byte(oneOfSchema(k)), Options{})
				if err != nil {
					b.Fatal(err)
				}
				doc := oneOfDoc(k, n, 0)
				b.SetBytes(int64(len(doc)))
				b.ReportAllocs()
				for b.Loop() {
					if d, err := s.Validate(doc); d != nil || err != nil {
						b.Fatal(d, err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/item")
			})
		}
	}
	b.Run("branches=20/items=1000/invalid-1-in-10", func(b *testing.B) {
		s, err := Compile([]byte(oneOfSchema(20)), Options{})
		if err != nil {
			b.Fatal(err)
		}
		doc := oneOfDoc(20, 1000, 9)
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			if d, err := s.Validate(doc); len(d) != 100 || err != nil {
				b.Fatal(len(d), err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/item")
	})
}

// rootOneOfSchema is the streamed root form of the worst case: a root
// oneOf of k array branches, branch i an array of the objects of kind
// "k<i>" (the item schema of oneOfSchema's branch i). Every branch is a
// lane that sees every item.
func rootOneOfSchema(k int) string {
	var b strings.Builder
	b.WriteString(`{"oneOf":[`)
	for i := range k {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"array","items":{"type":"object","additionalProperties":false,"required":["kind","id","v%d"],`+
			`"properties":{"kind":{"const":"k%d"},"id":{"type":"integer","minimum":0},"v%d":{"type":"string","pattern":"^[a-z]+$"},"note":{"type":"string"}}}}`, i, i, i)
	}
	b.WriteString(`]}`)
	return b.String()
}

// BenchmarkRootOneOfLanes: a root oneOf of 1, 5 and 20 array branches
// over 1000 and 10000 items that all match the last branch. "lanes" is
// ValidateReader with the array streamed from its first byte (each item
// is read once and handed to every lane; a failing lane keeps its
// diagnostics, in case every branch fails, until it has MaxDiagnostics,
// then stops); "stream" is ValidateReader as it is (these arrays, under
// lanesAfter, are held and evaluated whole); "whole" is Validate (the
// array held as one tape; a failing branch stops at its first failure).
func BenchmarkRootOneOfLanes(b *testing.B) {
	for _, k := range []int{1, 5, 20} {
		for _, n := range []int{1000, 10000} {
			s, err := Compile([]byte(rootOneOfSchema(k)), Options{})
			if err != nil {
				b.Fatal(err)
			}
			doc := oneOfDoc(k, n, 0)
			for _, way := range []string{"lanes", "stream", "whole"} {
				b.Run(fmt.Sprintf("branches=%d/items=%d/%s", k, n, way), func(b *testing.B) {
					benchWay(b, s, doc, way)
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/item")
				})
			}
		}
	}
}

// rootObjectOneOfSchema is the worst case for a streamed root object: a
// root oneOf of k object branches told apart by a "kind" const, branch i
// applying to every other member the object schema of kind "k<i>" (as
// oneOfSchema's branch i). Every branch is a lane that sees every member.
func rootObjectOneOfSchema(k int) string {
	var b strings.Builder
	b.WriteString(`{"oneOf":[`)
	for i := range k {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"object","required":["kind"],"properties":{"kind":{"const":"k%d"}},`+
			`"additionalProperties":{"type":"object","additionalProperties":false,"required":["id","v%d"],`+
			`"properties":{"id":{"type":"integer","minimum":0},"v%d":{"type":"string","pattern":"^[a-z]+$"},"note":{"type":"string"}}}}`, i, i, i)
	}
	b.WriteString(`]}`)
	return b.String()
}

// rootObjectDoc is an object of kind "k<k-1>" with n more members that
// all match the last of k branches.
func rootObjectDoc(k, n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"kind":"k%d"`, k-1)
	for i := range n {
		fmt.Fprintf(&b, `,"m%d":{"id":%d,"v%d":"abc","note":"member %d"}`, i, i, k-1, i)
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// BenchmarkRootObjectOneOfLanes: BenchmarkRootOneOfLanes for a root
// object: a oneOf of 1, 5 and 20 object branches over 1000 and 10000
// members. "lanes" reads the object member by member, each member handed
// to every lane; "stream" is ValidateReader as it is; "whole" holds the
// object as one tape.
func BenchmarkRootObjectOneOfLanes(b *testing.B) {
	for _, k := range []int{1, 5, 20} {
		for _, n := range []int{1000, 10000} {
			s, err := Compile([]byte(rootObjectOneOfSchema(k)), Options{})
			if err != nil {
				b.Fatal(err)
			}
			doc := rootObjectDoc(k, n)
			for _, way := range []string{"lanes", "stream", "whole"} {
				b.Run(fmt.Sprintf("branches=%d/members=%d/%s", k, n, way), func(b *testing.B) {
					benchWay(b, s, doc, way)
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/member")
				})
			}
		}
	}
}

// benchWay validates doc, which is valid, one way: "lanes" (a Stream
// taking it through lanes from its first byte), "stream" (ValidateReader
// as it is) or "whole" (Validate).
func benchWay(b *testing.B, s *Schema, doc []byte, way string) {
	if way == "lanes" {
		lanesFrom(b, 0)
	}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		var d Diagnostics
		var err error
		if way == "whole" {
			d, err = s.Validate(doc)
		} else {
			d, err = s.ValidateReader(bytes.NewReader(doc))
		}
		if d != nil || err != nil {
			b.Fatal(d, err)
		}
	}
}

// BenchmarkModelSizedRootOneOf: a model-sized answer (8 records, 357
// bytes) under a root oneOf of 5 object branches, the case that decides
// lanesAfter: "lanes" takes it through lanes from its first byte (each
// failing branch keeps its diagnostics), "stream" is ValidateReader as it
// is (held, then evaluated whole), "whole" is Validate.
func BenchmarkModelSizedRootOneOf(b *testing.B) {
	s, err := Compile([]byte(rootObjectOneOfSchema(5)), Options{})
	if err != nil {
		b.Fatal(err)
	}
	doc := rootObjectDoc(5, 8)
	for _, way := range []string{"lanes", "stream", "whole"} {
		b.Run(way, func(b *testing.B) { benchWay(b, s, doc, way) })
	}
}
