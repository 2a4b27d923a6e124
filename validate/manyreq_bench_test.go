package validate

import (
	"strconv"
	"strings"
	"testing"
)

// manyRequiredSchema is an object schema that requires n properties
// ("p0" ... "pN-1") and forbids others.
func manyRequiredSchema(n int) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","additionalProperties":false,"required":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote("p" + strconv.Itoa(i)))
	}
	b.WriteString(`],"properties":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote("p"+strconv.Itoa(i)) + `:{"type":"string"}`)
	}
	b.WriteString(`}}`)
	return b.String()
}

func BenchmarkValidateManyRequiredMissing(b *testing.B) {
	s, err := Compile([]byte(manyRequiredSchema(1000)), Options{})
	if err != nil {
		b.Fatal(err)
	}
	doc := []byte(`{"x":1}`)
	b.ReportAllocs()
	for b.Loop() {
		if d, err := s.Validate(doc); err != nil || len(d) != 1001 {
			b.Fatal(len(d), err)
		}
	}
}
