package scanner

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The fast paths (stringRun, numberEnd, the key and value shortcuts in Next)
// skip only what needs no event and stop short at the end of a chunk. Cutting
// the input into two chunks at every position makes each of them meet the
// chunk end at every byte; the events must not change.
func TestFastPathsAtEveryCut(t *testing.T) {
	inputs := []string{
		`{"a":[1,-0.5e+10,0,-0,12.25E-3,1e5,"x"],"b":{"k\"ey":"v\\\/\b\f\n\r\t\u00e9"},"c":true}`,
		"[\"caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x98\x80\", \"a\xffb\", \"x\ty\", \"\\q\", \"\\u12x4\"]",
		`[1.5, 2e, 3]`,
		`[01, 2]`,
		`{"n": -, "m": 1}`,
		`[1.e3]`,
		"{\"long\":\"" + "0123456789abcdef0123456789abcdef\xc3\xa9\xe2\x82\xac0123456789abcdef" + "\"}",
		`[123456789012345678901234567890, 0.000000000000000000001, 1E+308]`,
		`{"a":1,"b":[1,2`,
		`{"a":"tex`,
		`[true,false,null,[true],{"t":false},nul,tru]`,
		`[fals]`,
		`{"a":nulx}`,
	}
	for _, in := range inputs {
		want := scanAll([]byte(in), []int{1})
		if got := scanAll([]byte(in), nil); !assert.Equal(t, want, got, "%q whole", in) {
			continue
		}
		for k := 1; k < len(in); k++ {
			if got := scanAll([]byte(in), []int{k, len(in)}); !assert.Equal(t, want, got, "%q cut at %d", in, k) {
				break
			}
		}
	}
}
