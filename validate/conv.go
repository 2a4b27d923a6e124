package validate

import (
	"strconv"
	"unsafe"
)

// b2s views b as a string without copying; b must not change while the
// string is in use.
func b2s(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// itoa formats i in decimal.
func itoa(i int) string { return strconv.Itoa(i) }
