package jsonnum

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEnd(t *testing.T) {
	for in, want := range map[string]int{
		"0": 1, "-0": 2, "12,": 2, "1.5]": 3, "-1.25e+10 ": 9, "1E5": 3, "0.0e-0": 6,
		"01": 1, "-": -1, "1.": -1, ".5": -1, "1e": -1, "1e+": -1, "-a": -1, "": -1, "+1": -1,
	} {
		require.Equal(t, want, End([]byte(in), 0), in)
	}
}

func TestScanSaysIntegral(t *testing.T) {
	for in, want := range map[string]bool{
		"0": true, "-0": true, "12,": true, "123456789012345678901234567890": true,
		"1.0": false, "1.5]": false, "1E5": false, "-1.25e+10 ": false, "0e0": false,
	} {
		end, integral := Scan([]byte(in), 0)
		require.Equal(t, End([]byte(in), 0), end, in)
		require.Equal(t, want, integral, in)
	}
}

// FuzzEnd: End reads b followed by a space as one whole number exactly
// when encoding/json reads b as a number, and what End reads is always a
// number encoding/json reads.
func FuzzEnd(f *testing.F) {
	for _, s := range []string{"0", "-12.5e+3", "01", "1.e3", "-", "1e5x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		valid := isNumber(b)
		spaced := append(append([]byte(nil), b...), ' ')
		require.Equal(t, valid, End(spaced, 0) == len(b), "%q", b)
		if e := End(b, 0); e >= 0 {
			require.True(t, isNumber(b[:e]), "%q", b[:e])
			_, integral := Scan(b, 0)
			require.Equal(t, !bytes.ContainsAny(b[:e], ".eE"), integral, "%q", b[:e])
		}
	})
}

// isNumber reports whether b is one JSON number, with nothing around it.
func isNumber(b []byte) bool {
	return len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9') &&
		len(bytes.TrimSpace(b)) == len(b) && json.Valid(b)
}
