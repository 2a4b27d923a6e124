package validate

import (
	"github.com/jsonheal/jsonheal/internal/nearname"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// enumHint suggests the enum string closest to a string value.
func enumHint(v *tape.Value, cands, folded []string) string {
	if v.Type() != tape.String || len(cands) == 0 {
		return ""
	}
	b := v.StringBytes()
	if m := nearname.NearestFolded(b2s(b), cands, folded); m != "" {
		return "did you mean " + quote(m) + "?"
	}
	return ""
}
