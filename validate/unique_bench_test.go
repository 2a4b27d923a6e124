package validate

import (
	"strconv"
	"testing"
)

// benchUnique validates one array (a member of the document, evaluated
// whole) against uniqueItems.
func benchUnique(b *testing.B, array string, valid bool) {
	v := mustCompile(b, `{"properties":{"a":{"uniqueItems":true}}}`).NewValidator()
	doc := []byte(`{"a":` + array + `}`)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		d, err := v.Validate(doc)
		if err != nil || (d == nil) != valid {
			b.Fatal(d, err)
		}
	}
}

const benchUniqueItems = 50000

// BenchmarkUniqueAllEqual is issue 30's [1,1,1,...]: 50k items.
func BenchmarkUniqueAllEqual(b *testing.B) {
	benchUnique(b, repeatItems(benchUniqueItems, func(int) string { return "1" }), false)
}

// BenchmarkUniqueAllDistinct: 50k distinct numbers.
func BenchmarkUniqueAllDistinct(b *testing.B) {
	benchUnique(b, repeatItems(benchUniqueItems, func(i int) string { return strconv.Itoa(i) }), true)
}

// BenchmarkUniqueDistinctObjects: 50k distinct small objects.
func BenchmarkUniqueDistinctObjects(b *testing.B) {
	benchUnique(b, repeatItems(benchUniqueItems, func(i int) string {
		return `{"id":` + strconv.Itoa(i) + `,"tags":["a","b"]}`
	}), true)
}

// BenchmarkUniqueOldCollisions: items that all collided under the previous
// hash (objects whose members swap values, whose sum of member hashes was
// equal; numbers that differ after the 32nd significant digit).
func BenchmarkUniqueOldCollisions(b *testing.B) {
	benchUnique(b, repeatItems(benchUniqueItems, func(i int) string {
		if i%2 == 0 {
			return `{"a":` + strconv.Itoa(i) + `,"b":` + strconv.Itoa(i+1) + `,"c":"12345678901234567890123456789012` + strconv.Itoa(i) + `"}`
		}
		return "12345678901234567890123456789012" + strconv.Itoa(i)
	}), true)
}

// BenchmarkUniqueForcedCollisions: every hash forced equal, all items
// distinct: the sorted fallback (n log n comparisons).
func BenchmarkUniqueForcedCollisions(b *testing.B) {
	testForceCollisions = true
	defer func() { testForceCollisions = false }()
	benchUnique(b, repeatItems(benchUniqueItems, func(i int) string { return strconv.Itoa(i) }), true)
}
