package validate

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// usersObjectDoc builds a root object of about size bytes as
// scripts/gen-big.py object writes it: "kind", then user records named
// u0, u1, ..., valid against testdata/schemas/users-object.schema.json.
func usersObjectDoc(size int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"kind":"user"`)
	for i := 0; b.Len() < size; i++ {
		n := strconv.Itoa(i)
		b.WriteString(`,"u` + n + `":{"id":` + n + `,"name":"Ada Lovelace","note":"` + strings.Repeat("x", i%40) + `"}`)
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// BenchmarkStreamUsersObject streams a 4 MiB root object member by member
// through the lanes of users-object.schema.json (a root anyOf, not and
// dependentSchemas): the shape of the 256 MiB runs in docs/benchmarks.md.
func BenchmarkStreamUsersObject(b *testing.B) {
	schema, err := os.ReadFile("../testdata/schemas/users-object.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	s, err := Compile(schema, Options{})
	if err != nil {
		b.Fatal(err)
	}
	doc := usersObjectDoc(4 << 20)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := s.ValidateReader(bytes.NewReader(doc))
		if d != nil || err != nil {
			b.Fatal(d, err)
		}
	}
}
